"""The script of a sheet: played, recorded, annotated, reordered, and its checks written
from the engine (pure functions: a sheet in, a new sheet or the reason out).

A step's check (``[[check]]`` with ``after`` and ``facts``) says what the step changed, as
the engine's facts (:mod:`mp_tutor.core.facts`) after it: it is written when the step is
recorded, the teacher may drop or add facts, and its values are written again from the
engine whenever the position or the script changes, so a saved scenario keeps itself honest
when the engine changes.

>>> from mp_tutor.core.editing import Position
>>> from mp_tutor.core.registry import get_game
>>> sheet = Sheet(Position.read(get_game("princes").game, {"scenario": {"players": 3}}))
>>> sheet = record(sheet, ["move coca_plantation"])
>>> sheet.steps[0].action, sheet.checks[0].facts["Yellow.prince"]
('move coca_plantation', 'coca_plantation')
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace

from ..core.editing import Change, Position, Refused
from ..core.facts import FactError, Wanted, resolve
from ..core.game import BaseGame
from ..core.i18n import render, t
from ..core.rules import IllegalAction
from ..core.scenarios import Mark
from ..core.views import Facts
from .model import Check, ScriptStep, Sheet

#: parts of the facts a step's check never names: texts of the moment, what is computed for
#: a decision's panel, the legal actions, the hidden order of a deck
SKIPPED = frozenset({"prompt", "options", "legal", "deck_order", "public", "viewer", "name",
                     "instruction", "hidden_rule"})
#: parts a step's check does not name by itself (derived from the rest: the teacher may add
#: them): the scores, who would win now, the rule of the pending decision
NOT_CHANGES = frozenset({"score", "winners", "rule"})
#: at most this many facts in a step's check (the first by path)
MOST_FACTS = 24


class StepRefused(Refused):
    """A step of the script the engine refuses (or would refuse after a change)."""


class ScriptBreaks(Exception):
    """The engine refuses step ``step`` of a script (``illegal``: its reason)."""

    def __init__(self, step: int, illegal: IllegalAction) -> None:
        super().__init__(f"step {step + 1}: {illegal}")
        self.step = step
        self.illegal = illegal


def _play(sheet: Sheet, upto: int | None, facts: list[Facts] | None = None) -> BaseGame:
    game = sheet.position.game()
    if facts is not None:
        facts.append(game.facts())
    for i, step in enumerate(sheet.steps[:upto]):
        try:
            game.apply(step.action)
        except IllegalAction as exc:
            raise ScriptBreaks(i, exc) from None
        if facts is not None:
            facts.append(game.facts())
    return game


def replay(sheet: Sheet, upto: int | None = None) -> BaseGame:
    """A game at the sheet's position with the first ``upto`` steps played (all by default);
    a step the engine refuses raises :class:`ScriptBreaks`."""
    return _play(sheet, upto)


def facts_along(sheet: Sheet) -> list[Facts]:
    """The engine's facts at the start and after each step (a step refused raises
    :class:`ScriptBreaks`)."""
    out: list[Facts] = []
    _play(sheet, None, out)
    return out


def _refusal(sheet: Sheet, exc: ScriptBreaks, why: str) -> StepRefused:
    i, illegal = exc.step, exc.illegal
    return StepRefused(f"script[{i}].action", render(t(
        "{why} step {n} ({action}) is not allowed: {reason}", why=why, n=i + 1,
        action=sheet.steps[i].action, reason=illegal.message)), illegal.rule)


def flat(facts: Facts, names: Sequence[str]) -> dict[str, Wanted]:
    """Every fact a check may name, by path: numbers, texts, true/false and short lists;
    a player's under their colour (``Blue.goods.coca``), a list of one number per player
    as one path per player (``districts.coca_plantation.incas.Red``).

    >>> flat({"day": 3, "player": [{"goods": {"coca": 1}}], "d": {"incas": [2]}}, ["Blue"])
    {'day': 3, 'Blue.goods.coca': 1, 'd.incas.Blue': 2}
    """
    out: dict[str, Wanted] = {}

    def walk(node: object, path: str) -> None:
        if isinstance(node, Mapping):
            for k, v in node.items():
                if str(k) not in SKIPPED:
                    walk(v, f"{path}.{k}" if path else str(k))
        elif isinstance(node, list):
            if path == "player":
                for name, entry in zip(names, node, strict=False):
                    walk(entry, name)
            elif len(node) == len(names) and all(type(v) is int for v in node):
                for name, v in zip(names, node, strict=True):
                    out[f"{path}.{name}"] = v
            elif len(node) <= 8 and all(isinstance(v, (str, int, float, bool)) for v in node):
                out[path] = list(node)
        elif isinstance(node, (str, int, float, bool)):
            out[path] = node
        elif node is None:
            out[path] = "none"

    walk(facts, "")
    return out


def changed(before: Facts, after: Facts, names: Sequence[str]) -> dict[str, Wanted]:
    """What a step changed: the facts (by :func:`flat`) whose value differs after it, at most
    :data:`MOST_FACTS`; the pending decision's kind and player always."""
    old, new = flat(before, names), flat(after, names)
    diff = {p: v for p, v in new.items()
            if old.get(p) != v and not NOT_CHANGES.intersection(p.split("."))}
    keep: dict[str, Wanted] = {p: new[p] for p in ("pending.kind", "pending.player") if p in new}
    for p in sorted(diff):
        if len(keep) >= MOST_FACTS:
            break
        keep.setdefault(p, diff[p])
    return dict(sorted(keep.items()))


def _value(facts: Facts, path: str, names: Sequence[str]) -> tuple[bool, Wanted]:
    try:
        got = resolve(facts, path, names)
    except FactError:
        return False, ""
    if got is None:
        return True, "none"
    if isinstance(got, (str, int, float, bool)) or (
            isinstance(got, list) and all(isinstance(v, (str, int, float, bool)) for v in got)):
        return True, got if not isinstance(got, list) else list(got)
    return False, ""


def refresh(sheet: Sheet, why: str = "") -> Sheet | StepRefused:
    """The sheet with every step's check written again from the engine (the same paths;
    a path that names nothing any more is dropped), or the first step the engine refuses."""
    try:
        along = facts_along(sheet)
    except ScriptBreaks as exc:
        return _refusal(sheet, exc, why or render(t("The script no longer plays:")))
    names = sheet.position.colours
    checks = []
    for chk in sheet.checks:
        if chk.step and chk.after <= len(sheet.steps):
            facts = {}
            for path in chk.facts:
                ok, value = _value(along[chk.after], path, names)
                if ok:
                    facts[path] = value
            chk = Check({**chk.table, "facts": facts}, step=True)
        checks.append(chk)
    return replace(sheet, checks=tuple(checks))


def edit(sheet: Sheet, change: Change) -> Sheet | Refused:
    """The sheet with its position changed (checked by the game's position reader), if the
    script still plays from the new position; else why not."""
    position = sheet.position.edit(change)
    if isinstance(position, Refused):
        return position
    return refresh(replace(sheet, position=position),
                   render(t("After this change the script no longer plays:")))


def restart(sheet: Sheet, position: Position) -> Sheet:
    """A sheet at another start position, without a script (a new game, another scenario)."""
    return Sheet(position, lesson=sheet.lesson)


def record(sheet: Sheet, actions: Sequence[str]) -> Sheet:
    """The sheet whose script is ``actions`` (the moves played on the board from its
    position): the steps they share with the script keep their sentences, marks and checks;
    each new step gets a check of what it changed; checks after the end are dropped.

    ``actions`` must play (they come from the board, where the engine judged each)."""
    keep = 0
    while (keep < len(actions) and keep < len(sheet.steps)
           and sheet.steps[keep].action == actions[keep]):
        keep += 1
    if keep == len(actions) == len(sheet.steps):
        return sheet
    steps = sheet.steps[:keep] + tuple(ScriptStep(a) for a in actions[keep:])
    checks = [c for c in sheet.checks if c.after <= keep]
    new = replace(sheet, steps=steps)
    along = facts_along(new)
    names = sheet.position.colours
    for i in range(keep, len(steps)):
        checks.append(Check({"after": i + 1, "facts": changed(along[i], along[i + 1], names)},
                            step=True))
    return replace(new, checks=_ordered(checks))


def _ordered(checks: Sequence[Check]) -> tuple[Check, ...]:
    """Checks by the step they follow (stable: the file's order within a step)."""
    return tuple(sorted(checks, key=lambda c: c.after))


def say(sheet: Sheet, i: int, text: str) -> Sheet:
    """Step ``i`` (0 for the first) with the teacher's sentence ``text``."""
    steps = list(sheet.steps)
    steps[i] = replace(steps[i], say=text.strip())
    return replace(sheet, steps=tuple(steps))


def toggle_mark(sheet: Sheet, i: int, mark: Mark) -> Sheet:
    """Step ``i`` with ``mark`` drawn, or taken away when it was drawn (whatever its colour)."""
    steps = list(sheet.steps)
    marks = steps[i].marks
    same = [m for m in marks if (m.at, m.to) == (mark.at, mark.to)]
    marks = tuple(m for m in marks if m not in same) if same else (*marks, mark)
    steps[i] = replace(steps[i], marks=marks)
    return replace(sheet, steps=tuple(steps))


def clear_marks(sheet: Sheet, i: int) -> Sheet:
    steps = list(sheet.steps)
    steps[i] = replace(steps[i], marks=())
    return replace(sheet, steps=tuple(steps))


def move(sheet: Sheet, i: int, delta: int) -> Sheet | Refused:
    """Step ``i`` moved ``delta`` places (-1: earlier), where the rules allow the script in
    that order; the steps' checks are written again for their new places."""
    j = i + delta
    if not (0 <= i < len(sheet.steps) and 0 <= j < len(sheet.steps)):
        return Refused("script", render(t("There is no step there to swap with.")))
    steps = list(sheet.steps)
    steps[i], steps[j] = steps[j], steps[i]
    return refresh(replace(sheet, steps=tuple(steps)),
                   render(t("In this order the script does not play:")))


def cut(sheet: Sheet, i: int) -> Sheet:
    """The sheet without step ``i`` and the steps after it (and their checks)."""
    return replace(sheet, steps=sheet.steps[:i],
                   checks=tuple(c for c in sheet.checks if c.after <= i))


def step_check(sheet: Sheet, i: int) -> Check | None:
    """The studio's check after step ``i`` (None if it has none)."""
    for chk in sheet.checks:
        if chk.step and chk.after == i + 1:
            return chk
    return None


def fact_choices(sheet: Sheet, i: int) -> dict[str, Wanted]:
    """Every fact a check after step ``i`` may name, with the engine's value (``i = -1``:
    the start position)."""
    game = replay(sheet, i + 1)
    return flat(game.facts(), sheet.position.colours)


def set_fact(sheet: Sheet, i: int, path: str, keep: bool) -> Sheet:
    """Step ``i``'s check with the fact ``path`` added (its value from the engine) or dropped
    (``keep`` False)."""
    checks = list(sheet.checks)
    found = step_check(sheet, i)
    facts = dict(found.facts) if found is not None else {}
    if keep:
        choices = fact_choices(sheet, i)
        if path not in choices:
            return sheet
        facts[path] = choices[path]
    else:
        facts.pop(path, None)
    new = Check({"after": i + 1, "facts": dict(sorted(facts.items()))}, step=True)
    if found is not None:
        checks[checks.index(found)] = new
    else:
        checks.append(new)
    return replace(sheet, checks=_ordered(checks))


__all__ = ["MOST_FACTS", "NOT_CHANGES", "SKIPPED", "ScriptBreaks", "StepRefused", "changed", "clear_marks", "cut", "edit",
           "fact_choices", "facts_along", "flat", "move", "record", "refresh", "replay",
           "restart", "say", "set_fact", "step_check", "toggle_mark"]
