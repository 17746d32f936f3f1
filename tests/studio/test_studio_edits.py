"""Editing positions in the studio: random edit sequences (form fields and clicks on the
board, good values and bad) never leave a position play cannot reach and never crash: the
engine refuses, with the field and the reason, and the draft is exactly as it was; undo and
redo walk back and forth through what was accepted."""

from __future__ import annotations

import random

import pytest

from mp_tutor.core.editing import EditSpec, FieldKind, Position, Refused
from mp_tutor.core.registry import get_game, known_games
from mp_tutor.studio.draft import Draft, scenario_tables

EDITABLE = [g for g in known_games() if get_game(g).editing is not None]
#: random edit sequences in all (shared between the games), and edits in each
SEQUENCES = 1000
EDITS = 4


def _value(rng: random.Random, kind: FieldKind, lo: int, hi: int, choices: list[object]
           ) -> object:
    """A value for a field: mostly one it may take, sometimes one it may not."""
    bad = rng.random() < 0.15
    if kind is FieldKind.NUMBER:
        return rng.choice([lo - 1, hi + 1, "3", 2.5, None]) if bad else rng.randint(lo, hi)
    if kind is FieldKind.FLAG:
        return rng.choice([1, "yes", None]) if bad else rng.random() < 0.5
    if kind is FieldKind.CHOICE:
        return rng.choice(["nowhere", 7, None]) if bad else rng.choice(choices)
    size = rng.randint(0, min(len(choices), 5))
    picked = rng.sample(choices, size)
    return [*picked, picked[0]] if bad and picked else picked


def _random_change(rng: random.Random, spec: EditSpec, position: Position
                   ) -> dict[str, object] | None:
    """A random edit a teacher could make (or try): a form field, a click, a button."""
    roll = rng.random()
    if roll < 0.5:
        group = rng.choice(spec.groups)
        item, _ = rng.choice(list(group.items(position)))
        if group.fields and (not group.buttons or rng.random() < 0.7):
            fld = rng.choice(group.fields)
            value = _value(rng, fld.kind, fld.lo, fld.hi, [c.value for c in fld.offered(position)])
            return {fld.at(item): value}
        button = rng.choice(group.buttons)
        made = button.change(position, item)
        return dict(made) if isinstance(made, dict) else None
    tool = rng.choice(spec.tools)
    who = rng.choice([c for c, _ in tool.each(position)]) if tool.each else ""
    places = list(tool.places(position, who))
    place = rng.choice([*places, "nowhere"] if rng.random() < 0.1 else places)
    made = tool.change(position, place, who, tool.counts and rng.random() < 0.3)
    return dict(made) if isinstance(made, dict) else None


@pytest.mark.parametrize("game", EDITABLE)
def test_random_edits_never_leave_an_impossible_position(game: str) -> None:
    info = get_game(game)
    spec = info.editing
    assert spec is not None
    refused = accepted = 0
    for seq in range(SEQUENCES // len(EDITABLE)):
        rng = random.Random(f"{game}-{seq}")
        draft = Draft.new(game, players=rng.choice(info.players), seed=seq)
        for _ in range(EDITS):
            change = _random_change(rng, spec, draft.position)
            if change is None:
                continue
            before = scenario_tables(draft.sheet), draft.can_undo
            result = draft.edit(change)
            if isinstance(result, Refused):
                refused += 1
                assert result.message and result.field, change
                assert (scenario_tables(draft.sheet), draft.can_undo) == before, change
                continue
            accepted += 1
            state = draft.position.state
            assert info.game.invariants(state) == [], change
            # what the draft holds reads back as the same position (the file is the truth)
            again = Position.read(info.game, draft.position.raw)
            assert again.values == draft.position.values
        # undo all the way back, then redo: the same positions again
        seen = []
        while draft.can_undo:
            seen.append(draft.position.values)
            draft.undo()
        for values in reversed(seen):
            assert draft.redo() and draft.position.values == values
    assert refused > 50 and accepted > 500, (refused, accepted)


def test_a_refused_edit_names_the_rule() -> None:
    draft = Draft.new("princes", players=3)
    refused = draft.edit({"players.Blue.incas.coca_plantation": 11})
    assert isinstance(refused, Refused)
    assert refused.rule == "setup.incas" and "10" in refused.message
    refused = draft.edit({"players.Blue.cards": [5], "players.Red.cards": [5]})
    assert isinstance(refused, Refused) and refused.rule == "setup.cards"


def test_an_edit_that_breaks_the_script_is_refused() -> None:
    draft = Draft.from_scenario("coca-plantation-production", "princes")
    assert len(draft.steps) == 4
    refused = draft.edit({"players.Red.incas.coca_plantation": 1})  # Red's "produce 2" fails
    assert isinstance(refused, Refused)
    assert refused.field == "script[3].action" and refused.rule == "produce.limit"
    assert draft.position.get("players.Red.incas.coca_plantation") == 2
    # a change the script survives rewrites the checks' values from the engine
    assert draft.edit({"players.Red.goods.coca": 2}) is None
    last = [c for c in draft.sheet.checks if c.after == 4][0]
    assert last.facts["Red.goods.coca"] == 4
