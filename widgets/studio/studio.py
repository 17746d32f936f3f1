"""The lesson studio: the board and an editing panel, for a teacher who builds, annotates,
checks and shares scenarios and lessons by clicking (:class:`Studio`).

The studio works on a :class:`~mp_tutor.studio.draft.Draft` (the position, the script with
its sentences and marks, the checks, the lesson) through four parts, one at a time:
**Position** (start from a new game, a scenario, a chapter or a file, then set up the
position by clicks on the board and a form), **Script** (play moves on the board: each is a
step, with a sentence and marks), **Lesson** (steps as tasks, quick checks, the proof) and
**Save** (the files, a download, presenting, trying the lesson as a learner). The board is
the tutor's own (:class:`~mp_tutor.widgets.tutor.Tutor`): in Position mode its clicks set up
the position (a session overlay); otherwise they play, and every move played is recorded.

>>> studio = Studio(game="princes", players=3)
>>> studio
Studio(princes, 3 players, 0 steps, position)
>>> studio.edit({"players.Blue.goods.coca": 4}), studio.board.game.state.goods[0][2]
(True, 4)
>>> studio.set_mode("script"); studio.board.click("coca_plantation")
True
>>> studio.draft.steps[0].action
'move coca_plantation'
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

import ipywidgets as w

from mp_tutor.core.actions import Action
from mp_tutor.core.editing import EditSpec, Refused
from mp_tutor.core.game import BaseGame
from mp_tutor.core.i18n import get_language, render, set_language, t
from mp_tutor.core.markup import el
from mp_tutor.core.scenarios import Scenario
from mp_tutor.studio.draft import Draft

from ..board import Board
from ..panels import button, row
from ..snapshot import Refusal
from ..tutor import Tutor
from ..views import MimeBundle, text_bundle
from .forms import MODES, mode_label
from .lesson import LessonPane
from .overlay import EditOverlay, MarkOverlay
from .position import PositionPane
from .save import SavePane
from .script import ScriptPane

#: a part of the studio
Pane = PositionPane | ScriptPane | LessonPane | SavePane


def _mode_labels() -> list[tuple[str, str]]:
    return [(mode_label(mode), mode) for mode in MODES]


class Studio:
    """The studio (see the module docstring); ``studio.widget`` is what a notebook shows. ``start``: a draft, a scenario (read, or a
    name of ``game``'s library), a file (scenario or lesson), a live game, or None for a new
    game of ``game`` (``options``: ``players`` and the game's options). ``folder``: where it
    saves (the notebook's folder by default); ``language``: the studio's words."""

    def __init__(self, start: Draft | Scenario | BaseGame | str | Path | None = None, *,
                 game: str = "", folder: str | Path = ".", language: str | None = None,
                 **options: object) -> None:
        if language is not None:
            set_language(language)
        self.draft = _draft(start, game, options)
        spec = self.draft.info.editing
        if spec is None:
            raise ValueError(f"the game {self.draft.info.name!r} has no editor")
        self.spec: EditSpec = spec
        self.folder = Path(folder)
        self.mode = "position"
        self._busy = True  # the board is being drawn again by the studio itself
        self.tutor = Tutor(self.draft.game(0), viewer=None, charts=False, coach=False,
                           judge=self._judge, language=language)
        self.board: Board = self.tutor.board
        self.editor = EditOverlay(self, spec)
        self.marker = MarkOverlay(self, spec)
        self.modes = w.ToggleButtons(options=_mode_labels(), value="position",
                                     style={"button_width": "auto"})
        self.modes.add_class("mp-studio-modes")
        self.modes.observe(lambda c: self.set_mode(str(c["new"])), "value")
        self.title = w.HTML()
        self.undo_button = button(t("Undo change"), "mp-studio-undo")
        self.redo_button = button(t("Redo change"), "mp-studio-redo")
        self.undo_button.on_click(lambda _b: self.history(False))
        self.redo_button.on_click(lambda _b: self.history(True))
        self.message = w.HTML()
        self.message.add_class("mp-studio-message")
        self.panes: dict[str, Pane] = {"position": PositionPane(self),
                                       "script": ScriptPane(self), "lesson": LessonPane(self),
                                       "save": SavePane(self)}
        self.pane_box = w.Box([self.panes["position"]])
        self.pane_box.add_class("mp-studio-pane")
        panel = w.VBox([self.title, self.modes, row([self.undo_button, self.redo_button]),
                        self.message, self.pane_box])
        panel.add_class("mp-studio-panel")
        self.tutor.side_col.children = (panel, *self.tutor.side_col.children)
        self.widget = w.VBox([self.tutor])
        self.widget.add_class("mp-studio")
        self.board.session.changed.connect(lambda _snap: self._followed())
        self.board.session.language.connect(lambda _code: self.relabel())
        self.set_mode("position")

    # -- opening ----------------------------------------------------------------------------
    @classmethod
    def open(cls, path: str | Path, *, folder: str | Path | None = None,
             language: str | None = None) -> Studio:
        """A studio on a scenario or lesson file (it saves next to it unless ``folder``)."""
        path = Path(path)
        return cls(Draft.open(path), folder=path.parent if folder is None else folder,
                   language=language)

    @classmethod
    def from_game(cls, game: BaseGame, *, folder: str | Path = ".",
                  language: str | None = None) -> Studio:
        """A studio on a live game's position (at the start of a turn or round)."""
        return cls(Draft.from_game(game), folder=folder, language=language)

    # -- what the teacher does -------------------------------------------------------------
    def set_mode(self, mode: str) -> None:
        """Show one part of the studio: ``position``, ``script``, ``lesson`` or ``save``."""
        if mode not in MODES:
            raise ValueError(f"mode must be one of {', '.join(MODES)}")
        self.mode = mode
        if self.modes.value != mode:
            self.modes.value = mode
            return
        session = self.board.session
        session.overlay = self.editor if mode == "position" else None
        self.marker.picked = ""
        self.tell("")  # what was said of another part is stale here
        # setting up a position decides nothing: the decision panel waits for the script
        self.tutor.panel.layout.display = "none" if mode == "position" else ""
        self.pane_box.children = [self.panes[mode]]
        self._rebuild()

    def edit(self, change: Mapping[str, object]) -> bool:
        """Change the start position (checked by the engine): False, and the reason shown,
        if it is refused."""
        return self.took(self.draft.edit(dict(change)))

    def took(self, refused: Refused | None) -> bool:
        """Show the outcome of a change of the draft: its refusal, or the new draft."""
        if refused is not None:
            self.board.session.fail(refused.rule, refused.message)
            self.tell(render(t("Not possible: {why}", why=refused.message)), "error")
            return False
        self.tell("")
        self.changed()
        return True

    def history(self, forward: bool) -> bool:
        """Undo (or redo) the last change of the draft, whatever it was."""
        draft = self.draft
        if not (draft.redo() if forward else draft.undo()):
            self.tell(render(t("There is nothing to redo.") if forward
                            else t("There is nothing to undo.")), "error")
            return False
        self.tell("")
        self.changed()
        return True

    def draw(self, step: int | None) -> None:
        """Draw marks on step ``step`` with clicks on the board (None: stop drawing)."""
        session = self.board.session
        if step is None:
            session.overlay = self.editor if self.mode == "position" else None
        else:
            self.marker.step, self.marker.picked = step, ""
            session.overlay = self.marker
            self.draft.cursor = step + 1
        self._rebuild()

    def tell(self, text: str, kind: str = "") -> None:
        """A line under the studio's parts (what was done, or why not)."""
        self.message.value = el("div", text, cls=f"mp-studio-say {kind}".strip(),
                                role="status") if text else ""

    def changed(self) -> None:
        """The draft changed: draw the board and the parts again."""
        self._rebuild()

    def save(self, path: str | Path | None = None) -> list[Path]:
        """Write what the Save button writes (the scenario, and for a lesson the chapter and
        a notebook that opens it); ``path`` names the file (NAME.toml or NAME.lesson.toml)."""
        pane = self.panes["save"]
        assert isinstance(pane, SavePane)
        return pane.save(path)

    def relabel(self) -> None:
        """Write every word again in the language of the moment."""
        self.modes.options = _mode_labels()
        for pane in self.panes.values():
            pane.update(full=True)
        self._rebuild()

    # -- the board ---------------------------------------------------------------------------
    def _board_game(self) -> BaseGame:
        draft = self.draft
        if self.mode == "position" and self.board.session.overlay is self.editor:
            game = draft.game(0)
        else:
            game = draft.game(len(draft.steps))
            for _ in range(len(draft.steps) - draft.cursor):
                game.undo()
        game.scenario = draft.scenario()
        return game

    def _rebuild(self) -> None:
        self._busy = True
        try:
            self.board.set_game(self._board_game())
        finally:
            self._busy = False
        self.title.value = el("div", render(t("Lesson studio · {game}",
                                              game=self.draft.info.title)),
                              cls="mp-studio-title")
        for pane in self.panes.values():
            pane.update()
        self.undo_button.disabled = not self.draft.can_undo
        self.redo_button.disabled = not self.draft.can_redo
        self.undo_button.description = render(t("Undo change"))
        self.redo_button.description = render(t("Redo change"))

    def _followed(self) -> None:
        """The board changed (a move, undo, redo): the script follows it."""
        if self._busy or self.board.session.overlay is not None:
            return
        game = self.board.game
        changed = self.draft.follow([a.notation() for a in game.history],
                                    [a.notation() for a in reversed(game.undone)])
        if changed:
            game.scenario = self.draft.scenario()
        pane = self.panes[self.mode]
        pane.update()

    def _judge(self, action: Action, player: int | None) -> Refusal | None:
        if self.board.session.overlay is not None:
            return Refusal("", render(t(
                "You are setting up the position: choose {mode} to record moves.",
                mode=mode_label("script"))), kind="studio")
        return None

    def __repr__(self) -> str:
        d = self.draft
        return (f"Studio({d.info.name}, {d.position.state.n} players, {len(d.steps)} steps, "
                f"{self.mode})")

    def _repr_mimebundle_(self, **kwargs: object) -> MimeBundle:
        return text_bundle(self.widget._repr_mimebundle_(**kwargs), repr(self))


def _draft(start: Draft | Scenario | BaseGame | str | Path | None, game: str,
           options: Mapping[str, object]) -> Draft:
    if isinstance(start, Draft):
        return start
    if isinstance(start, Scenario):
        return Draft.from_scenario(start)
    if isinstance(start, BaseGame):
        return Draft.from_game(start)
    if start is not None:
        path = Path(str(start))
        if path.suffix == ".toml" and path.is_file():
            return Draft.open(path)
        if not game:
            raise TypeError("a scenario by name needs its game (game=...)")
        return Draft.from_scenario(str(start), game)
    if not game:
        raise TypeError("Studio() needs a game (game=...) or something to start from")
    return Draft.new(game, lang=get_language(), **options)


__all__ = ["MODES", "Studio"]
