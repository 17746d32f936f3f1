"""The studio's Position part: where the position comes from (a new game, a shipped scenario
or chapter, a file), the tool a click on the board uses, and the form of every other value,
with undo and redo of the changes."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import ipywidgets as w

from mp_tutor.core.editing import Button, Group
from mp_tutor.core.i18n import render, t
from mp_tutor.core.lessons import chapters_of
from mp_tutor.core.markup import el
from mp_tutor.core.scenarios import ScenarioError
from mp_tutor.studio.draft import Draft, StudioError

from ..panels import button, row
from .forms import FieldBox, field_boxes, first_option, full

if TYPE_CHECKING:  # the studio drives its parts
    from .studio import Studio

_WIDE = {"description_width": "initial"}


class PositionPane(w.VBox):
    """Start from somewhere, then set the position up by clicks and the form."""

    def __init__(self, studio: Studio) -> None:
        super().__init__()
        self.add_class("mp-studio-position")
        self.studio = studio
        spec = studio.spec
        self.start_from = w.Dropdown(style=_WIDE, layout=full())
        self.start_from.add_class("mp-studio-start-from")
        self.start_fields = field_boxes(spec.start, "", lambda _path, _value: None)
        self.start_button = button(t("Start"), "mp-studio-start")
        self.start_button.on_click(lambda _b: self.start())
        self.path = w.Text(placeholder="my-lesson.toml", style=_WIDE, layout=full())
        self.path.add_class("mp-studio-path")
        self.open_button = button(t("Open"), "mp-studio-open")
        self.open_button.on_click(lambda _b: self.open_file())
        self.tools = w.ToggleButtons(style={"button_width": "auto"})
        self.tools.add_class("mp-studio-tools")
        self.who = w.Dropdown(style=_WIDE, layout=full())
        self.who.add_class("mp-studio-who")
        self.remove = w.ToggleButtons(style={"button_width": "auto"})
        self.remove.add_class("mp-studio-remove")
        for control in (self.tools, self.who, self.remove):
            control.observe(lambda _c: self._tool_changed(), "value")
        self.group = w.Dropdown(style=_WIDE, layout=full())
        self.item = w.Dropdown(style=_WIDE, layout=full())
        self.group.add_class("mp-studio-group")
        self.item.add_class("mp-studio-item")
        self.group.observe(lambda _c: self._show_group(), "value")
        self.item.observe(lambda _c: self._show_group(), "value")
        self.form = w.VBox()
        self.form.add_class("mp-studio-form")
        self.boxes: list[FieldBox] = []
        self.heads = [w.HTML(), w.HTML(), w.HTML()]
        self._quiet = False
        self.update(full=True)

    # -- starting points ---------------------------------------------------------------------
    def _start_options(self) -> list[tuple[str, str]]:
        info = self.studio.draft.info
        out = [(render(t("A new game")), "new")]
        for name in info.scenario_names():
            out.append((render(t("Scenario: {title}", title=info.read_scenario(name).title)),
                        f"scenario:{name}"))
        for ch in chapters_of(info.name, self.studio.draft.lang).values():
            if ch.start.scenario:
                out.append((render(t("Chapter {id}: {title}", id=ch.id, title=ch.title)),
                            f"chapter:{ch.id}"))
        return out

    def start(self) -> None:
        """Start again from what is chosen (the script and lesson go; undo brings them back
        for a new game)."""
        studio, choice = self.studio, str(self.start_from.value)
        info = studio.draft.info
        try:
            if choice == "new":
                options = {b.field.path.split(".", 1)[1]: b.control.value
                           for b in self.start_fields}
                draft = Draft.new(info.name, lang=studio.draft.lang, **options)
            elif choice.startswith("scenario:"):
                draft = Draft.from_scenario(choice.split(":", 1)[1], info.name)
            else:
                draft = Draft.from_chapter(choice.split(":", 1)[1], info.name,
                                           studio.draft.lang)
        except (ScenarioError, StudioError, KeyError, ValueError, TypeError) as exc:
            studio.tell(render(t("Not possible: {why}", why=str(exc))), "error")
            return
        self._replace(draft, render(t("Started again: {what}", what=self.start_from.label)))

    def open_file(self) -> None:
        """Open the file named in the box (in the studio's folder unless a full path)."""
        studio = self.studio
        name = self.path.value.strip()
        if not name:
            studio.tell(render(t("Type the name of a file to open.")), "error")
            return
        path = Path(name) if Path(name).is_absolute() else studio.folder / name
        try:
            draft = Draft.open(path)
        except StudioError as exc:
            studio.tell(render(t("Could not open {file}: {why}", file=name, why=str(exc))), "error")
            return
        self._replace(draft, render(t("Opened {file}.", file=name)))

    def _replace(self, draft: Draft, said: str) -> None:
        studio = self.studio
        studio.draft = draft
        studio.changed()
        self.update(full=True)
        studio.tell(said)

    # -- the tools and the form ---------------------------------------------------------------
    def _tool_changed(self) -> None:
        if self._quiet:
            return
        tool = self.studio.editor.tool
        tool.id = str(self.tools.value or "")
        spec_tool = self.studio.spec.tool(tool.id) if tool.id else None
        items = list(spec_tool.each(self.studio.draft.position)) if spec_tool and spec_tool.each else []
        self._quiet = True
        try:
            self.who.options = [(render(label), value) for value, label in items]
            first_option(self.who)
            self.who.layout.display = "" if items else "none"
            self.remove.layout.display = "" if spec_tool is not None and spec_tool.counts else "none"
        finally:
            self._quiet = False
        tool.who = str(self.who.value or "")
        tool.remove = bool(self.remove.value)
        self.studio.board.session.refresh()

    def _follow_items(self) -> None:
        """The items of the tool chosen as the position has them now (a card laid leaves the
        hand and the next player lays): the one chosen (in the menu or by a click on the
        board) stays chosen while the position has it, else the first is chosen."""
        tool = self.studio.editor.tool
        spec_tool = self.studio.spec.tool(tool.id) if tool.id else None
        if spec_tool is None or spec_tool.each is None:
            return
        options = [(render(label), value) for value, label in spec_tool.each(self.studio.draft.position)]
        if list(self.who.options) == options and self.who.value == tool.who:
            return
        values = [value for _, value in options]
        self._quiet = True
        try:
            if list(self.who.options) != options:
                self.who.options = options
            if values:
                self.who.value = tool.who if tool.who in values else values[0]
        finally:
            self._quiet = False
        if str(self.who.value or "") != tool.who:
            tool.who = str(self.who.value or "")
            self.studio.board.session.refresh()  # the targets say what the click does now

    def _groups(self) -> list[Group]:
        return list(self.studio.spec.groups)

    def _show_group(self) -> None:
        if self._quiet:
            return
        group = next((g for g in self._groups() if g.id == self.group.value), None)
        if group is None:
            return
        position = self.studio.draft.position
        items = list(group.items(position))
        self._quiet = True
        try:
            labels = [(render(label), value) for value, label in items]
            if group.each is not None and list(self.item.options) != labels:
                self.item.options = labels
                first_option(self.item)
            self.item.layout.display = "" if group.each is not None else "none"
        finally:
            self._quiet = False
        item = str(self.item.value or "") if group.each is not None else ""
        self.boxes = field_boxes(group.fields, item, self._give, position)
        buttons = []
        for spec_button in group.buttons:
            b = button(spec_button.label, f"mp-studio-button-{spec_button.id}")
            b.on_click(lambda _b, sb=spec_button, it=item: self._press(sb, it))
            buttons.append(b)
        self.form.children = [*(b.control for b in self.boxes), *([row(buttons)] if buttons else [])]
        self._values()

    def _press(self, spec_button: Button, item: str) -> None:
        made = spec_button.change(self.studio.draft.position, item)
        if isinstance(made, dict):
            self.studio.edit(made)
        else:
            self.studio.tell(render(t("Not possible: {why}", why=render(made))), "error")

    def _give(self, path: str, value: object) -> None:
        if not self.studio.edit({path: value}):
            self._values()  # the value refused goes back to the position's

    def _values(self) -> None:
        position = self.studio.draft.position
        for box in self.boxes:
            box.show(position.get(box.path))

    # -- drawing ------------------------------------------------------------------------
    def update(self, full: bool = False) -> None:
        """Show the draft as it is now (``full``: every word again, another language)."""
        studio, spec = self.studio, self.studio.spec
        if full:
            self._quiet = True
            try:
                self.start_from.description = render(t("Start from"))
                self.start_from.options = self._start_options()
                first_option(self.start_from)
                self.path.description = render(t("Or open a file"))
                for box, field in zip(self.start_fields, spec.start, strict=True):
                    box.control.description = render(field.label)
                self.tools.description = render(t("A click on the board"))
                tool = studio.editor.tool.id
                self.tools.options = [*((render(x.label), x.id) for x in spec.tools),
                                      (render(t("nothing (form only)")), "")]
                self.tools.value = tool
                self.who.description = render(t("for"))
                self.remove.options = [(render(t("adds")), False), (render(t("takes away")), True)]
                self.remove.value = studio.editor.tool.remove
                self.group.description = render(t("Edit"))
                self.group.options = [(render(g.title), g.id) for g in self._groups()]
                first_option(self.group)
                self.item.description = render(t("of"))
                for head, text in zip(self.heads, (t("Where the position comes from"),
                                                   t("Set it up by clicks on the board"),
                                                   t("Everything else")), strict=True):
                    head.value = el("b", render(text))
            finally:
                self._quiet = False
            for box in self.start_fields:
                box.show(studio.draft.position.get(box.field.path))
            source, clicks, others = self.heads
            self.children = [
                source, self.start_from, *(b.control for b in self.start_fields),
                row([self.start_button]), self.path, row([self.open_button]),
                clicks, self.tools, self.who, self.remove, others, self.group, self.item, self.form]
            self._tool_changed()
            self._show_group()
        self._values()
        self._follow_items()
        locked = studio.draft.locked
        for box in self.boxes:
            box.control.disabled = bool(locked)
        self.start_button.description = render(t("Start"))
        self.open_button.description = render(t("Open"))


__all__ = ["PositionPane"]
