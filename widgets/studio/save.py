"""The studio's Save part: the scenario's title and text, the files written (the scenario;
for a lesson, the chapter and a notebook that opens it), links to download them, presenting
the script and trying the lesson as a learner."""

from __future__ import annotations

import re
from pathlib import Path
from typing import TYPE_CHECKING

import ipywidgets as w

from mp_tutor.core.i18n import render, t
from mp_tutor.core.lessons import load_lesson
from mp_tutor.core.lessons.notebooks import lesson_notebook
from mp_tutor.core.markup import data_url, el, join
from mp_tutor.studio.draft import LESSON_SUFFIX

from ..layout import STUDIO_HEIGHT
from ..lesson_panel import LessonPanel
from ..panels import button, row
from .forms import full

if TYPE_CHECKING:  # the studio drives its parts
    from .studio import Studio

_WIDE = {"description_width": "initial"}


def file_name(title: str) -> str:
    """A file name for a title: lower case words joined by hyphens ("" for none).

    >>> file_name("Red's two coca planters!"), file_name("Été à Cuzco")
    ('reds-two-coca-planters', 'été-à-cuzco')
    """
    words = re.findall(r"\w+", title.lower().replace("'", "").replace("’", ""))
    return "-".join(words)[:60]


def download_link(path: Path) -> str:
    """A link that downloads a file the studio wrote (its text inside the link: it works
    where the files live in the browser, as in the classroom site)."""
    kind = "application/x-ipynb+json" if path.suffix == ".ipynb" else "application/toml"
    return el("a", render(t("Download {file}", file=path.name)),
              href=data_url(path.read_bytes(), kind), download=path.name,
              cls="mp-studio-download")


class SavePane(w.VBox):
    """Title the work, save it, download it, present it, try it as a learner."""

    def __init__(self, studio: Studio) -> None:
        super().__init__()
        self.add_class("mp-studio-save")
        self.studio = studio
        self.title = w.Text(continuous_update=False, style=_WIDE, layout=full())
        self.description = w.Textarea(continuous_update=False, style=_WIDE,
                                      layout=full(STUDIO_HEIGHT["say"]))
        self.rulebook = w.Text(continuous_update=False, style=_WIDE, layout=full())
        for box, key in ((self.title, "title"), (self.description, "description"),
                         (self.rulebook, "rulebook")):
            box.add_class(f"mp-studio-meta-{key}")
            box.observe(lambda c, k=key: self._meta(k, str(c["new"])), "value")
        self.name = w.Text(continuous_update=False, style=_WIDE)
        self.name.add_class("mp-studio-name")
        self.save_button = button(t("Save"), "mp-studio-save-button", "success")
        self.save_button.on_click(lambda _b: self.save())
        self.present = button(t("Present the script"), "mp-studio-present")
        self.present.on_click(lambda _b: self._present())
        self.learner = button(t("Try the lesson as a learner"), "mp-studio-learner")
        self.learner.on_click(lambda _b: self._learner())
        self.result = w.HTML()
        self.result.add_class("mp-studio-result")
        self.trial = w.VBox()
        self.trial.add_class("mp-studio-trial")
        self.lesson_file: Path | None = None
        self._quiet = False
        self.update(full=True)

    def _meta(self, key: str, value: str) -> None:
        if self._quiet:
            return
        self.studio.edit({f"scenario.{key}": value.strip() or None})

    def save(self, path: str | Path | None = None) -> list[Path]:
        """Save under the name in the box (or ``path``); returns the files written."""
        studio = self.studio
        if path is None:
            name = file_name(self.name.value) or file_name(str(studio.draft.sheet.meta.get(
                "title", ""))) or "my-scenario"
            path = studio.folder / f"{name}.toml"
        path = Path(path)
        try:
            written = studio.draft.save(path)
        except OSError as exc:
            studio.tell(render(t("Could not save: {why}", why=str(exc))), "error")
            return []
        lesson = next((p for p in written if p.name.endswith(LESSON_SUFFIX)), None)
        if lesson is not None:
            notebook = lesson.with_name(lesson.name[: -len(LESSON_SUFFIX)] + ".ipynb")
            notebook.write_bytes(lesson_notebook(load_lesson(lesson), lesson.name).encode())
            written.append(notebook)
            self.lesson_file = lesson
        where = (t("Saved next to this notebook:") if path.parent == Path(".") else
                 t("Saved in {folder}:", folder=str(path.parent)))
        proof = str(studio.draft.prove()) if lesson is not None else ""
        self.result.value = el("div", el("p", render(where)), el("ul", join(
            el("li", download_link(p)) for p in written)),
            join(el("p", line) for line in proof.splitlines()), role="status")
        studio.tell(render(t("Saved: {files}.", files=", ".join(p.name for p in written))))
        self.update()
        return written

    def _present(self) -> None:
        self.studio.set_mode("script")
        self.studio.board.present()

    def _learner(self) -> None:
        if self.lesson_file is None:
            self.studio.tell(render(t("Save the lesson first.")), "error")
            return
        self.trial.children = [LessonPanel(str(self.lesson_file))]

    def update(self, full: bool = False) -> None:
        """Show the work's title and name as they are now."""
        draft = self.studio.draft
        meta = draft.sheet.meta
        self._quiet = True
        try:
            if full:
                for box, label in ((self.title, t("Title")), (self.description, t("Description")),
                                   (self.rulebook, t("Rulebook section")),
                                   (self.name, t("File name"))):
                    box.description = render(label)
                for b, label in ((self.save_button, t("Save")),
                                 (self.present, t("Present the script")),
                                 (self.learner, t("Try the lesson as a learner"))):
                    b.description = render(label)
            self.title.value = str(meta.get("title", ""))
            self.description.value = str(meta.get("description", ""))
            self.rulebook.value = str(meta.get("rulebook", ""))
            if not self.name.value:
                self.name.value = draft.name or file_name(str(meta.get("title", "")))
        finally:
            self._quiet = False
        lesson = draft.sheet.lesson
        has_lesson = lesson is not None and bool(lesson.tasks or lesson.quizzes)
        self.learner.layout.display = "" if has_lesson else "none"
        self.children = [self.title, self.description, self.rulebook,
                         row([self.name, self.save_button]), self.result,
                         row([self.present, self.learner]), self.trial]


__all__ = ["SavePane", "download_link", "file_name"]
