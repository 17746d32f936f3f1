"""The decision queue every game runs on, and the declarative spec of a decision.

A game state keeps a queue of :class:`Step` items ``(kind, player, payload)``; the first
one is the pending decision. Each kind of decision is declared once, as a
:class:`Decision`: which actions answer it, the rule it applies, its candidates, the
check (why an action is illegal), the effect, the prompt, the options shown to panels,
what counts as declining and whether it resolves itself when only one answer is legal.
Legal actions are the candidates that pass the check, so ``legal_actions()`` and
``explain()`` can never disagree.

:class:`Machine` runs the queue: it checks an action against the pending decision,
applies it, and then settles automatic steps (internal steps, decisions with a single
answer) until a person must decide or the game ends.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any, Generic, NamedTuple, Protocol, TypeAlias, TypeVar, cast

from .actions import Action, ActionError
from .events import Event
from .i18n import Msg, after_colon, clause, render, t
from .rules import Illegal, RuleBook
from .views import NO_OPTIONS, Options, PendingView

#: a game's state, as the machine reads it (:class:`Queued`)
S = TypeVar("S", bound="Queued")
#: who a decision's callables take: ``int`` for a player's decision, ``None`` for an
#: internal step (or ``int | None``)
Pl = TypeVar("Pl")
#: what the step carries to its decision (a district, drawn cards...; ``None`` if nothing)
P = TypeVar("P")
#: the actions answering a decision (``None`` for an internal step, played without one)
A = TypeVar("A")


class Step(NamedTuple):
    """One item of the decision queue: a decision ``kind`` for ``player`` (None: nobody),
    with the ``payload`` its decision's callables take (its type is the decision's)."""

    kind: str
    player: int | None
    payload: object = None


class Queued(Protocol):
    """What the machine reads and changes in a game's state: its decision queue (every
    :class:`~mp_tutor.core.state.GameState` has one)."""

    queue: list[Step]


class Out:
    """Where an effect writes: events (unless ``record`` is off) and the steps that follow."""

    __slots__ = ("events", "new", "event_type", "record")

    def __init__(self, event_type: type[Event] = Event, record: bool = True) -> None:
        self.events: list[Event] = []
        self.new: list[Step] = []
        self.event_type = event_type
        self.record = record

    def event(self, kind: str, player: int | None, rule: str | None, /, **data: object) -> None:
        if self.record:
            self.events.append(self.event_type(kind, player, rule, data))

    def then(self, kind: str, player: int | None, payload: object = None, /) -> None:
        """Queue a decision to be taken right after the current one (in call order)."""
        self.new.append(Step(kind, player, payload))


# the defaults of a decision's callables take anything (any state, player, payload, action)
def _no_options(_s: object, _p: object, _payload: object, _legal: object) -> Options:
    return NO_OPTIONS


def _never(_a: object) -> bool:
    return False


def _nothing(_s: object, _p: object, _payload: object) -> tuple[()]:
    return ()


def _ok(_s: object, _p: object, _payload: object, _a: object) -> Illegal | None:
    return None


def _no_effect(_s: object, _p: object, _payload: object, _a: object, _out: Out) -> None:
    return None


def _no_prompt(_s: object, _p: object, _payload: object) -> str:
    return ""


@dataclass(frozen=True)
class Decision(Generic[S, Pl, P, A]):
    """Everything about one kind of decision, in one place.

    Its callables take the game's state ``S``, the player ``Pl`` deciding (``None`` for an
    internal step), the step's payload ``P`` and an action ``A``: a decision declared with
    the game's own functions is typed by them (``Decision[State, int, int, Acquire]``).
    ``internal`` steps are played by the engine at once, without an action (the effect
    gets ``None``); ``auto_single`` decisions are played for the player when exactly one
    answer is legal (the log says why).
    """

    kind: str
    rule: str
    actions: tuple[type[Action], ...] = ()
    candidates: Callable[[S, Pl, P], Iterable[A]] = _nothing
    check: Callable[[S, Pl, P, A], Illegal | None] = _ok
    effect: Callable[[S, Pl, P, A, Out], None] = _no_effect
    prompt: Callable[[S, Pl, P], Msg | str] = _no_prompt
    #: what panels show (an :class:`~mp_tutor.core.views.Options` declared beside it), from
    #: the legal actions
    options: Callable[[S, Pl, P, list[A]], Options] = _no_options
    declines: Callable[[A], bool] = _never
    decline_rule: str | None = None
    auto_single: bool = False
    internal: bool = False
    #: the rule of a pending step when it depends on the position: ``rule_for(state,
    #: player, payload)`` (else ``rule``)
    rule_for: Callable[[S, Pl, P], str] | None = None
    #: the answers are secret (a hidden card): a decision resolved for the player does not
    #: name the action in its public event
    secret: bool = False
    #: a faster way to list the legal actions, equal to the candidates that pass ``check``
    #: (``tests/test_decisions.py`` proves they agree on thousands of positions)
    fast_legal: Callable[[S, Pl, P], Sequence[A]] | None = None
    #: what the decision is about, for the log (``(s, player, payload) -> data``, e.g. the
    #: district): added to its "declined" and "no_choice" events, so their sentence can name it
    about: Callable[[S, Pl, P], dict[str, object]] | None = None


#: a decision as the machine holds it, among the others of its game: the player, payload
#: and action types of each kind differ, and the queue links a step to its decision by the
#: kind, at run time (the step's player and payload were queued by the game's own effects,
#: the action passed the decision's ``actions`` isinstance check)
Declared: TypeAlias = "Decision[S, Any, Any, Any]"


def _about(s: S, d: Declared[S], step: Step) -> dict[str, object]:
    return d.about(s, step.player, step.payload) if d.about is not None else {}


class Pending:
    """Who must decide what now. ``player`` is None for an automatic step or at the end;
    ``options`` is what the decision shows its panels (typed, declared beside it)."""

    __slots__ = ("player", "kind", "rule", "_prompt", "options")

    def __init__(self, player: int | None, kind: str, rule: str, prompt: Msg | str,
                 options: Options = NO_OPTIONS) -> None:
        self.player = player
        self.kind = kind
        self.rule = rule
        self._prompt = prompt
        self.options = options

    @property
    def prompt(self) -> str:
        """The question, in the current language."""
        return render(self._prompt)

    def to_json(self) -> PendingView:
        return {"player": self.player, "kind": str(self.kind), "rule": self.rule,
                "prompt": self.prompt, "options": self.options.to_json()}

    def __repr__(self) -> str:
        return (f"Pending(player={self.player!r}, kind={str(self.kind)!r}, rule={self.rule!r}, "
                f"prompt={self.prompt!r})")

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Pending) and self.to_json() == other.to_json()

    __hash__ = None  # type: ignore[assignment]


class LegalActions:
    """The legal actions of the pending decision.

    Iterating gives canonical forms (a game may list only canonical forms of a large
    space); ``in`` accepts any legal action, also the non-canonical ones.
    """

    def __init__(self, explain: Callable[[Action], Illegal | None], actions: list[Action],
                 parse: Callable[[str], Action]) -> None:
        self._explain = explain
        self._actions = actions
        self._parse = parse

    def __iter__(self) -> Iterator[Action]:
        return iter(self._actions)

    def __len__(self) -> int:
        return len(self._actions)

    def __getitem__(self, i: int) -> Action:
        return self._actions[i]

    def __contains__(self, action: object) -> bool:
        if isinstance(action, str):
            try:
                action = self._parse(action)
            except ValueError:
                return False
        return isinstance(action, Action) and self._explain(action) is None

    def count(self) -> int:
        return len(self._actions)

    def notations(self) -> list[str]:
        return [a.notation() for a in self._actions]

    def __repr__(self) -> str:
        shown = ", ".join(self.notations()[:12])
        more = f", ... ({len(self._actions)} in all)" if len(self._actions) > 12 else ""
        return f"<LegalActions [{shown}{more}]>"


class Machine(Generic[S]):
    """Runs a game's decision queue with its declared :class:`Decision` specs.

    ``end_of_step(state, out)`` is called when the queue is empty (the end of a turn, a
    phase...), ``is_over(state)`` tells when the game has ended, ``player_name(p)``
    names a player in messages.
    """

    def __init__(self, decisions: Iterable[Declared[S]], rules: RuleBook,
                 end_of_step: Callable[[S, Out], None], is_over: Callable[[S], bool],
                 player_name: Callable[[int], str], event_type: type[Event] = Event,
                 seating_rule: str | None = None) -> None:
        self.decisions: dict[str, Declared[S]] = {}
        for d in decisions:
            if d.kind in self.decisions:
                raise ValueError(f"decision {d.kind!r} is declared twice")
            self.decisions[str(d.kind)] = d
        self.rules = rules
        self.end_of_step = end_of_step
        self.is_over = is_over
        self.player_name = player_name
        self.event_type = event_type
        self.seating_rule = seating_rule

    # -- reading ---------------------------------------------------------------------
    def front(self, s: S) -> Step | None:
        """The pending step (None once the game is over)."""
        if self.is_over(s) or not s.queue:
            return None
        return s.queue[0]

    def pending(self, s: S, legal: list[Action] | None = None) -> Pending:
        """The pending decision (``legal``: its legal actions, if already known)."""
        step = self.front(s)
        if step is None:
            return Pending(None, "game_over", "engine.over", t("The game is over."))
        d = self.decisions[step.kind]
        if legal is None:
            legal = self.legal(s)
        rule = d.rule_for(s, step.player, step.payload) if d.rule_for is not None else d.rule
        return Pending(step.player, str(step.kind), rule, d.prompt(s, step.player, step.payload),
                       d.options(s, step.player, step.payload, legal))

    def check(self, s: S, action: Action, player: int | None = None) -> Illegal | None:
        """Why ``action`` is illegal now (or None)."""
        step = self.front(s)
        if step is None:
            return self.rules.illegal("engine.over", t("The game is over."))
        d = self.decisions[step.kind]
        if player is not None and player != step.player:
            return self.rules.illegal("engine.turn", t(
                "It is not {player}'s decision: {prompt}", player=self.player_name(player),
                prompt=after_colon(d.prompt(s, step.player, step.payload))))
        if not isinstance(action, d.actions):
            return self.rules.illegal("engine.turn", t(
                "That move answers another decision. Now: {prompt}",
                prompt=after_colon(d.prompt(s, step.player, step.payload))))
        return d.check(s, step.player, step.payload, action)

    def legal(self, s: S) -> list[Action]:
        """All legal actions of the pending decision (canonical forms)."""
        step = self.front(s)
        if step is None:
            return []
        d = self.decisions[step.kind]
        if d.fast_legal is not None:
            return cast("list[Action]", d.fast_legal(s, step.player, step.payload))
        return self.checked_candidates(s, d, step)

    def checked_candidates(self, s: S, d: Declared[S], step: Step) -> list[Action]:
        """The candidates of ``d`` that pass its check (the definition of legal)."""
        p, payload, chk = step.player, step.payload, d.check
        return [a for a in d.candidates(s, p, payload) if chk(s, p, payload, a) is None]

    # -- acting ----------------------------------------------------------------------
    def apply(self, s: S, action: Action, out: Out) -> None:
        """Apply a checked action, then settle the automatic steps."""
        step = s.queue.pop(0)
        d = self.decisions[step.kind]
        if out.record and d.declines(action):
            out.event("declined", step.player, d.decline_rule or self.seating_rule,
                      kind=str(step.kind), action=action.notation(), **_about(s, d, step))
        d.effect(s, step.player, step.payload, action, out)
        if out.new:
            s.queue[0:0] = out.new
            out.new = []
        self.settle(s, out)

    def settle(self, s: S, out: Out) -> None:
        """Run automatic steps until a real decision is pending or the game is over."""
        while True:
            if not s.queue:
                if self.is_over(s):
                    return
                self.end_of_step(s, out)
                continue
            step = s.queue[0]
            d = self.decisions[step.kind]
            if d.internal:
                s.queue.pop(0)
                d.effect(s, step.player, step.payload, None, out)
            elif d.auto_single:
                options = self.legal(s)
                if len(options) != 1:
                    return
                only = options[0]
                if out.record:
                    why = self._why_single(s, d, step, only)
                    out.event("no_choice", step.player, why.rule if why else self.seating_rule,
                              kind=str(step.kind), declines=d.declines(only),
                              action=None if d.secret else only.notation(),
                              why=clause(why.msg if why else t("Only one answer is possible.")),
                              **_about(s, d, step))
                s.queue.pop(0)
                d.effect(s, step.player, step.payload, only, out)
            else:
                return
            if out.new:
                s.queue[0:0] = out.new
                out.new = []

    def _why_single(self, s: S, d: Declared[S], step: Step, only: Action) -> Illegal | None:
        """Why the other answers of a decision are refused (the first refused candidate)."""
        for cand in d.candidates(s, step.player, step.payload):
            if cand != only:
                why = d.check(s, step.player, step.payload, cand)
                if why is not None:
                    return why
        return None


__all__ = ["ActionError", "Decision", "Declared", "LegalActions", "Machine", "Out", "Pending",
           "Queued", "Step"]
