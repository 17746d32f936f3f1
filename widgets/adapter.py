"""What a game gives the widget shell: its drawing, click targets, panels and charts.

The shell (board, decision panel host, log, lesson panel, charts, presentation mode) knows
no game. Each game has a subpackage ``mp_tutor.widgets.<game name>`` (the folder
``widgets/<game name>/``) exposing ``ADAPTER``, a :class:`GameAdapter`; :func:`adapter_for`
finds it by that convention, so a new game adds its folder and touches nothing here.

>>> from mp_tutor import Game
>>> adapter_for(Game.new(players=2, seed=1)).name
'princes'
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Generic, TypeAlias, TypeVar

from mp_tutor.core.actions import Action
from mp_tutor.core.describe import Description
from mp_tutor.core.events import Event
from mp_tutor.core.game import BaseGame
from mp_tutor.core.i18n import Msg, Term, after_colon, render, t
from mp_tutor.core.lessons.model import Chapter
from mp_tutor.core.marks import initials
from mp_tutor.core.views import Target

from .chartdata import ChartSpec, Sample

if TYPE_CHECKING:  # a game's panels are declared by their classes (they import the board)
    from .panels import SubPanel


@dataclass(frozen=True)
class Static:
    """What never changes during a game: each player's colour, ink and initial."""

    palette: tuple[str, ...]
    ink: tuple[str, ...]
    initials: tuple[str, ...]

    def to_json(self) -> dict[str, list[str]]:
        return {"palette": list(self.palette), "ink": list(self.ink),
                "initials": list(self.initials)}


@dataclass(frozen=True)
class Count:
    """A number a position shows that a presentation compares from step to step: whose it
    is (a player, or None: the board's), what it counts (in words) and how many."""

    player: int | None
    what: str
    n: int


@dataclass(frozen=True)
class Act:
    """A click means this action (played through the board, so the engine judges it)."""

    action: Action


@dataclass(frozen=True)
class Choice:
    """An answer to a question: its button's ``label`` and the ``action`` it plays."""

    label: str
    action: Action


@dataclass(frozen=True)
class Ask:
    """A click needs an answer first: ``text`` and a button per choice."""

    kind: str
    text: str
    rule: str
    choices: tuple[Choice, ...] = ()
    target: str = ""


@dataclass(frozen=True)
class Select:
    """A click that picks ``target`` for the next click (a card, then where it goes).

    The board remembers it until something is played, undone or cancelled, and marks it
    ``"selected": True`` in the targets it draws and hands to the next click; ``""``
    clears the selection.
    """

    target: str


@dataclass(frozen=True)
class Refuse:
    """A click that means nothing now: why, in words, with the rule of the pending decision."""

    rule: str
    message: str


#: a game's click target type
T = TypeVar("T", bound=Target)
#: a game's view type (what its ``view(viewer)`` returns: a JSON object)
V = TypeVar("V", bound=Mapping[str, object])


class GameAdapter(Generic[T, V]):
    """The game-specific part of the widgets (override what the game needs): ``T`` is the
    game's click target, ``V`` its view.

    Everything returned must be computed from ``game.view(viewer)`` and, for the player who
    may act, the legal actions of their own decision: the shell syncs it to the browser.
    """

    name = ""
    #: decision kind -> panel class (a :class:`mp_tutor.widgets.panels.SubPanel`)
    panels: dict[str, type[SubPanel]] = {}

    def player_names(self, game: BaseGame) -> list[str]:
        """Every player's name (their colour) in the current language."""
        return [render(Term("colour", name)) for name in game.player_names()]

    def static(self, game: BaseGame) -> Static:
        """What never changes during a game: each player's colour, ink and initial."""
        n = game.players
        return Static(("#888888",) * n, ("#ffffff",) * n,
                      tuple(initials(game.player_names())))

    def targets(self, game: BaseGame, player: int | None) -> Mapping[str, T]:
        """What ``player`` (who decides now, at this board) may click on the picture."""
        return {}

    def click(self, game: BaseGame, target: str, targets: Mapping[str, T]
              ) -> Act | Ask | Select | Refuse | None:
        """What a click on ``target`` means (None: nothing there)."""
        spec = targets.get(target)
        return Act(spec.action) if spec is not None and spec.action is not None else None

    def draw(self, view: V, targets: Mapping[str, T], large: bool = False
             ) -> tuple[str, list[tuple[str, str]]]:
        """The picture (one SVG) and the side boards ``[(name, svg)]`` of ``view``; ``large``:
        the picture in the large print of a presentation (a room reads it from afar)."""
        return "", []

    def when(self, view: V) -> str:
        """Where the game stands in time, for the status line ("Day 4", "Round 1 of 8")."""
        return ""

    def automatic_status(self, view: V, prompt: str) -> str:
        """The status line while a step nobody decides waits for Next."""
        return render(t("{when}: {what} (press Next)", when=self.when(view), what=after_colon(prompt)))

    def status(self, game: BaseGame, view: V, may_act: bool, bot: bool) -> str:
        """One line: what is going on now (the pending decision, public in every view)."""
        names = self.player_names(game)
        out = game.outcome()  # None while the game goes on (as the view's "outcome")
        if out is not None:
            return render(t("Game over: {how}. Winner: {who}.", how=out.text,
                            who=render([names[w] for w in out.winners])))
        pend = game.pending
        prompt = str(pend.prompt)
        when = self.when(view)
        who = pend.player
        if who is None:
            return self.automatic_status(view, prompt)
        if bot:
            return render(t("{when}: {who} (a bot) decides. {what}", when=when, who=names[who],
                            what=prompt))
        if not may_act:
            return render(t("{when}: waiting for {who}. {what}", when=when, who=names[who],
                            what=prompt))
        return f"{when} · {prompt}" if when else prompt

    def counts(self, view: V) -> list[Count]:
        """What a presentation shows changing from step to step (a player's goods, cards...),
        read from ``view`` only: none by default (the picture shows it all)."""
        return []

    def description(self, view: V) -> Description | None:
        """The position of ``view`` in words (a :class:`mp_tutor.core.describe.Description`),
        or None when the game has none."""
        return None

    def sample(self, view: V) -> Sample:
        """The charted numbers of a position (from the view only)."""
        return {}

    def charts(self, game: BaseGame, viewer: int | None) -> list[ChartSpec]:
        """The charts this game offers (``mp_tutor.widgets.charts.ChartSpec``)."""
        return []

    def lesson_charts(self, chapter: Chapter) -> bool:
        """Whether a chapter's board shows charts."""
        return False

    def describe(self, game: BaseGame, action: Action) -> Msg | str:
        """``action`` in words for a learner (the coach's suggestion): a message rendered when
        shown, so in the language of the moment (default: the notation)."""
        return str(action.notation())

    def coach_target(self, game: BaseGame, action: Action, target: str | None) -> str:
        """What the picture highlights for the coach's suggestion ``action`` (``target``: what
        the game's coach support proposes): ``data-target`` values of the picture, separated
        by spaces, or ``""``."""
        return target or ""

    def presentation_text(self, game: BaseGame, events: list[Event]) -> str:
        """Narration of ``events`` for presentation mode."""
        return " ".join(e.text for e in events if getattr(e, "kind", "") != "turn_began")


def game_name(game: BaseGame) -> str:
    """A game's package name (``princes``): ``game.name``, else its module's package."""
    name = getattr(game, "name", None)
    if isinstance(name, str) and name:
        return name
    parts = type(game).__module__.split(".")
    return parts[1] if len(parts) > 1 else parts[0]


#: the adapter of a game not known here (the shell's: its game may be any)
SomeAdapter: TypeAlias = "GameAdapter[Any, Any]"

_CACHE: dict[str, SomeAdapter] = {}


def adapter_for(game: BaseGame) -> SomeAdapter:
    """The adapter of ``game``'s widgets, ``mp_tutor.widgets.<name>.ADAPTER`` (or a plain one)."""
    name = game_name(game)
    if name not in _CACHE:
        try:
            module = importlib.import_module(f"mp_tutor.widgets.{name}")
            adapter = getattr(module, "ADAPTER", None)
        except ModuleNotFoundError as exc:  # no widgets for this game: the plain shell
            if exc.name != f"mp_tutor.widgets.{name}":
                raise
            adapter = None
        _CACHE[name] = (adapter if isinstance(adapter, GameAdapter)
                        else GameAdapter[Target, Mapping[str, object]]())
    return _CACHE[name]


def nothing_to(what: str) -> str:
    """'There is nothing to undo.' and friends, in the language."""
    return render({"undo": t("There is nothing to undo."), "redo": t("There is nothing to redo."),
                   "confirm": t("There is nothing to confirm.")}[what])


__all__ = ["Act", "Ask", "Choice", "Count", "Refuse", "Select", "GameAdapter", "SomeAdapter", "Static",
           "adapter_for",
           "game_name", "nothing_to"]
