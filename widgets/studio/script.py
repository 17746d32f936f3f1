"""The studio's Script part: the moves played on the board, step by step, each with the
teacher's sentence, the marks drawn on the board for it and the facts its check keeps."""

from __future__ import annotations

from typing import TYPE_CHECKING

import ipywidgets as w

from mp_tutor.core.i18n import Term, render, t
from mp_tutor.core.markup import el, join
from mp_tutor.core.scenarios import MARK_COLOURS, Mark
from mp_tutor.studio import script as scripts

from ..layout import STUDIO_HEIGHT, STUDIO_ROWS, STUDIO_SAID
from ..panels import button, row
from .forms import fact_words, first_option, full

if TYPE_CHECKING:  # the studio drives its parts
    from .studio import Studio

_WIDE = {"description_width": "initial"}
#: the marks' colours in words
COLOUR_WORDS = {"green": t("green"), "red": t("red"), "blue": t("blue"), "yellow": t("yellow")}


def step_names(studio: Studio) -> list[str]:
    """Each step of the script in words, numbered: who plays it and the move as the game's
    adapter says it ('1. Red: Lay card 49 on the North stair'), in the language of the
    moment (a step the engine refuses keeps its notation)."""
    draft = studio.draft
    adapter = studio.board.session.adapter
    game = draft.game(0)
    out = []
    for i, step in enumerate(draft.steps):
        who = game.decider
        try:
            action = game.parse_action(step.action)
            move: object = adapter.describe(game, action)
            game.apply(action)
        except ValueError:  # an action the engine refuses (IllegalAction) or cannot read
            move = step.action
        out.append(render(t("{n}. {move}", n=i + 1, move=move) if who is None else t(
            "{n}. {who}: {move}", n=i + 1, who=Term("colour", draft.position.colours[who]),
            move=move)))
    return out


def mark_words(studio: Studio, mark: Mark) -> str:
    """A mark in words: 'arrow from Central Plaza to Coca Plantation (green)'."""
    name = studio.spec.place_name
    colour = render(COLOUR_WORDS.get(mark.colour, mark.colour))
    if mark.to:
        return render(t("arrow from {a} to {b} ({colour})", a=name(mark.at), b=name(mark.to),
                        colour=colour))
    return render(t("{place} marked ({colour})", place=name(mark.at), colour=colour))


class ScriptPane(w.VBox):
    """The steps of the script: choose one to annotate it, reorder it or drop it."""

    def __init__(self, studio: Studio) -> None:
        super().__init__()
        self.add_class("mp-studio-script")
        self.studio = studio
        self.intro = w.HTML()
        self.steps = w.Select(rows=STUDIO_ROWS[1], style=_WIDE, layout=full())
        self.steps.add_class("mp-studio-steps")
        self.steps.observe(lambda _c: self._chosen(), "value")
        self.say = w.Textarea(continuous_update=False, style=_WIDE,
                              layout=full(STUDIO_HEIGHT["say"]))
        self.say.add_class("mp-studio-say-text")
        self.say.observe(lambda c: self._said(str(c["new"])), "value")
        self.drawing = w.ToggleButton(value=False)
        self.drawing.add_class("mp-studio-draw")
        self.drawing.observe(lambda _c: self._draw(), "value")
        self.shape = w.ToggleButtons(style={"button_width": "auto"})
        self.shape.add_class("mp-studio-shape")
        self.colour = w.Dropdown(style=_WIDE)
        self.colour.add_class("mp-studio-colour")
        for control in (self.shape, self.colour):
            control.observe(lambda _c: self._pen(), "value")
        self.clear = button(t("Clear marks"), "mp-studio-clear")
        self.clear.on_click(lambda _b: self._clear())
        self.marks = w.HTML()
        self.earlier = button(t("Move earlier"), "mp-studio-earlier")
        self.later = button(t("Move later"), "mp-studio-later")
        self.cut = button(t("Delete from here"), "mp-studio-cut", "warning")
        self.earlier.on_click(lambda _b: self._move(-1))
        self.later.on_click(lambda _b: self._move(1))
        self.cut.on_click(lambda _b: self._cut())
        self.facts = w.VBox()
        self.facts.add_class("mp-studio-facts")
        self.fact_choice = w.Dropdown(style=_WIDE)
        self.fact_choice.add_class("mp-studio-fact-choice")
        self.add_fact = button(t("Add this fact"), "mp-studio-add-fact")
        self.add_fact.on_click(lambda _b: self._fact(str(self.fact_choice.value or ""), True))
        self.step_box = w.VBox()
        self._quiet = False
        self.update(full=True)

    @property
    def chosen(self) -> int | None:
        """The step chosen (0 for the first), None if none."""
        value = self.steps.value
        return value if isinstance(value, int) and value < len(self.studio.draft.steps) else None

    def _chosen(self) -> None:
        if self._quiet:
            return
        i = self.chosen
        if i is not None:
            self.studio.draft.cursor = i + 1
            if self.drawing.value:
                self.studio.draw(i)
            else:
                self.studio.changed()

    def _said(self, text: str) -> None:
        i = self.chosen
        if self._quiet or i is None:
            return
        self.studio.draft.say(i, text)
        self.studio.tell(render(t("Step {n}: sentence kept.", n=i + 1)))
        self.update()

    def _draw(self) -> None:
        if self._quiet:
            return
        i = self.chosen
        self.studio.draw(i if self.drawing.value and i is not None else None)

    def _pen(self) -> None:
        marker = self.studio.marker
        marker.arrow = self.shape.value == "arrow"
        marker.colour = str(self.colour.value or MARK_COLOURS[0])
        marker.picked = ""
        if self.studio.board.session.overlay is marker:
            self.studio.board.session.refresh()

    def _clear(self) -> None:
        i = self.chosen
        if i is None:
            return
        self.studio.draft.take(scripts.clear_marks(self.studio.draft.sheet, i))
        self.studio.changed()

    def _move(self, delta: int) -> None:
        i = self.chosen
        if i is None:
            return
        if self.studio.took(self.studio.draft.move(i, delta)):
            self._quiet = True
            try:
                self.steps.value = i + delta
            finally:
                self._quiet = False
            self.update()

    def _cut(self) -> None:
        i = self.chosen
        if i is None:
            return
        self.studio.draft.cut(i)
        self.studio.changed()
        self.studio.tell(render(t("Steps {n} and after deleted (Undo change brings them back).",
                                 n=i + 1)))

    def _fact(self, path: str, keep: bool) -> None:
        i = self.chosen
        if i is None or not path:
            return
        self.studio.draft.set_fact(i, path, keep)
        self.update()

    # -- drawing ------------------------------------------------------------------------
    def _step_labels(self) -> list[tuple[str, int]]:
        out = []
        for i, (step, name) in enumerate(zip(self.studio.draft.steps, step_names(self.studio),
                                             strict=True)):
            cut = step.say[:STUDIO_SAID]
            said = f" — {cut}{'…' if cut != step.say else ''}" if step.say else ""
            marks = " ✎" if step.marks else ""
            out.append((f"{name}{marks}{said}", i))
        return out

    def _fact_rows(self, i: int) -> list[w.Widget]:
        check = scripts.step_check(self.studio.draft.sheet, i)
        rows: list[w.Widget] = []
        for path, value in (check.facts.items() if check is not None else ()):
            box = w.Checkbox(value=True, description=fact_words(path, value), indent=False)
            box.observe(lambda c, p=path: self._fact(p, bool(c["new"])), "value")
            rows.append(box)
        return rows

    def update(self, full: bool = False) -> None:
        """Show the script as it is now (``full``: every word again, another language)."""
        draft = self.studio.draft
        self._quiet = True
        try:
            if full:
                self.intro.value = el("div", render(t(
                    "Play the moves on the board, as a learner would (the engine refuses what "
                    "the rules do not allow): each move is a step of the script. Choose a step "
                    "to write what you say about it and to draw arrows and marks on the "
                    "board.")), cls="mp-studio-intro")
                self.steps.description = render(t("Steps"))
                self.say.description = render(t("What you say"))
                self.drawing.description = render(t("Draw on the board"))
                self.shape.options = [(render(t("arrow")), "arrow"), (render(t("place")), "place")]
                self.shape.value = "arrow" if self.studio.marker.arrow else "place"
                self.colour.description = render(t("colour"))
                self.colour.options = [(render(COLOUR_WORDS[c]), c) for c in MARK_COLOURS]
                self.colour.value = self.studio.marker.colour
                self.fact_choice.description = render(t("Add a fact"))
                for b, label in ((self.clear, t("Clear marks")), (self.earlier, t("Move earlier")),
                                 (self.later, t("Move later")), (self.cut, t("Delete from here")),
                                 (self.add_fact, t("Add this fact"))):
                    b.description = render(label)
            labels = self._step_labels()
            if list(self.steps.options) != labels:
                self.steps.options = labels
            # the step chosen is the one the board shows played last
            self.steps.value = draft.cursor - 1 if 0 < draft.cursor <= len(labels) else None
            i = self.chosen
            if i is None:
                self.step_box.children = [w.HTML(el("div", render(t(
                    "No step yet: play a move on the board."))))]
            else:
                step = draft.steps[i]
                self.say.value = step.say
                self.marks.value = el("ul", join(el("li", mark_words(self.studio, m))
                                                 for m in step.marks), cls="mp-studio-marks") \
                    if step.marks else ""
                choices = scripts.fact_choices(draft.sheet, i)
                self.fact_choice.options = [(fact_words(p, v), p) for p, v in choices.items()]
                first_option(self.fact_choice)
                self.step_box.children = [
                    self.say, row([self.drawing, self.shape, self.colour, self.clear]), self.marks,
                    row([self.earlier, self.later, self.cut]),
                    w.HTML(el("b", render(t("What the check after this step says")))),
                    self.facts, row([self.fact_choice, self.add_fact])]
                self.facts.children = self._fact_rows(i)
            self.children = [self.intro, self.steps, self.step_box]
        finally:
            self._quiet = False


__all__ = ["COLOUR_WORDS", "ScriptPane", "mark_words", "step_names"]
