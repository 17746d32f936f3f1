"""What the board shows of the coach: its answers turned into plain data for the browser.

Every text is rendered here, in the current language (the board draws it again after a
language change); the browser puts it in with ``textContent``. A move is told in words by
the game's adapter (``adapter.describe``), a value as a percentage with what it means, and
each reason with its rule ids and their rulebook sections (the log's tooltips).

>>> percent(0.625), percent(1.2), percent(-1)
('62%', '100%', '0%')
"""

from __future__ import annotations

from collections.abc import Iterable
from concurrent.futures import Future
from dataclasses import dataclass
from typing import TYPE_CHECKING, Generic, TypeVar

from mp_tutor.coach import Choice, Hint, Reason, Review
from mp_tutor.coach.advisor import LEAST_GAMES
from mp_tutor.coach.reasons import for_and_against
from mp_tutor.core.actions import Action
from mp_tutor.core.i18n import Msg, render, t

from .layout import COACH_MOVES
from .snapshot import ChoiceJSON, CoachBox, Note, ReasonJSON, section

if TYPE_CHECKING:  # the coach's part of a snapshot is built with these
    from .session import Session

#: what a question to the coach gets: a hint, a review ("cost") or a move's reasons ("why")
R = TypeVar("R", Hint, Review, Choice)


@dataclass(frozen=True)
class Played:
    """A move the board saw played: its place in the history and its first log entry."""

    index: int
    action: Action
    player: int
    entry: int
    bot: bool


@dataclass
class Asked(Generic[R]):
    """A question to the coach: waiting (``future``), answered (``result``) or not possible
    (``error``: what went wrong, or why not). ``key``: the position it is about (the game,
    a place in its history, the move)."""

    kind: str  # "hint", "why" or "cost"
    key: tuple[int, int, int | None]
    future: Future[R] | None = None
    move: Played | None = None
    result: R | None = None
    error: BaseException | str = ""
    state: str = "thinking"  # "thinking", "ready", "error", "old"


def percent(value: float) -> str:
    """A value 0..1 as a whole percentage in the current language."""
    return render(t("{n}%", n=round(100 * max(0.0, min(1.0, float(value))))))


def rules_json(session: Session, rules: Iterable[str]) -> list[list[str]]:
    """``[[rule id, its rulebook section], ...]`` (the section is the tooltip)."""
    return [[str(r), section(session.game, str(r))] for r in rules]


def reasons_json(session: Session, reasons: Iterable[Reason]) -> list[ReasonJSON]:
    """The reasons for a move first, then its drawbacks (``against``: shown apart)."""
    good, bad = for_and_against(reasons)
    return [ReasonJSON(text=r.text, kind=r.kind, against=r.against,
                       rules=rules_json(session, r.rules)) for r in (*good, *bad)]


def choice_json(session: Session, choice: Choice, label: Msg | str = "",
                figure: bool = True) -> ChoiceJSON:
    """One choice: who it is (``label``), the move in words, its value (``figure``: told;
    else "": the coach played it out too few times), its reasons."""
    return ChoiceJSON(label=render(label) if label else "",
                      move=render(session.adapter.describe(session.game, choice.action)),
                      value=percent(choice.value) if figure else "",
                      reasons=reasons_json(session, choice.reasons))


def hint_json(session: Session, hint: Hint) -> CoachBox:
    """The hint box: the suggestion in words, its value explained, reasons, alternatives."""
    names = session.adapter.player_names(session.game)
    told = hint.best.visits >= LEAST_GAMES  # else no figure: too few games to tell one
    return CoachBox(
        state="ready",
        title=render(t("The coach suggests:")),
        move=render(session.adapter.describe(session.game, hint.action)),
        action=hint.action.notation(),
        value=percent(hint.value) if told else "",
        value_text=render(t("chance to win, as the coach estimates it") if told else t(
            "the coach had too little time to estimate a chance (the computer was busy)")),
        value_tip=render(t(
            "From {n} games the coach played out from what {who} knows: 100% would be a sure "
            "win, 0% a sure loss; a shared win counts in part.", n=hint.iterations,
            who=names[hint.player])),
        reasons=reasons_json(session, hint.reasons),
        alt_title=render(t("Other choices:")) if hint.alternatives else "",
        alternatives=[choice_json(session, c, figure=c.visits >= LEAST_GAMES)
                      for c in sorted(hint.alternatives, key=lambda c: -c.value)],
    )


def thinking() -> str:
    return render(t("The coach is thinking…"))


def problem(error: BaseException | str) -> str:
    """What went wrong, for the learner: a move the coach cannot judge from the viewer's
    knowledge (a ``ValueError``), or the error itself."""
    if isinstance(error, ValueError):
        return render(t("The coach cannot judge this move from what you know (it may depend on "
                        "cards you cannot see)."))
    return f"{type(error).__name__}: {error}" if isinstance(error, Exception) else str(error)


def note_json(session: Session, asked: Asked[Review] | Asked[Choice]) -> Note:
    """The answer under a log entry: thinking, too old, a problem, or the coach's answer."""
    base = Note(kind=asked.kind, state=asked.state, text="", choices=[], reasons=[], value="")
    if asked.state == "thinking":
        return {**base, "text": thinking()}
    if asked.state == "old":
        return {**base, "text": render(t("The coach looks back at most {n} moves: this one is too "
                                         "old to ask about.", n=COACH_MOVES))}
    if asked.state == "error":
        return {**base, "text": problem(asked.error)}
    res = asked.result
    if res is None:  # not answered yet: nothing more than its state
        return base
    if isinstance(res, Review):  # "What did that cost?" (no figure from too few games)
        told = res.judged
        choices = [choice_json(session, res.played, t("Your move"), told)]
        if res.best.action != res.played.action:
            choices.append(choice_json(session, res.best, t("The coach's choice"), told))
        return {**base, "text": res.message.text, "choices": choices,
                "value": percent(res.played.value) if told else ""}
    return {**base, "text": render(t("What this move did, and how it compared:")),
            "reasons": reasons_json(session, res.reasons),
            "value": percent(res.value) if res.visits >= LEAST_GAMES else ""}


__all__ = ["COACH_MOVES", "Asked", "Played", "choice_json", "hint_json", "note_json",
           "percent", "problem", "reasons_json", "rules_json", "thinking"]
