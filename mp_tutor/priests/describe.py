"""A priests-game position in words, from ``Game.view(viewer)`` only (what the picture shows).

The board's Describe control, its reading keys and a screen reader use it: the round and its
sun/moon card, who decides what, where the sun squares and the centre are, each stair with its
card, each priest on its square with its tokens and value, the tokens left, each player's
cards and priest card as the viewer may see them, and the points as far as the viewer can
know them.

>>> from mp_tutor.priests import Game
>>> game = Game.new(players=3, seed=1)
>>> d = describe(game.view(0))
>>> d.summary.startswith("Round 1 of 9. Blue: lay a direction card")
True
>>> d.sections[1][1][1]
'Sun squares: r0c1, r0c3, r1c0, r1c4, r3c0, r3c4, r4c1 and r4c3; the centre: r2c2.'
>>> d.sections[2][1][0]
'North stair: free.'
>>> d.goods
'Blue: 4 cards in hand: 3, 10, 16 and 48; priest card E: priest 4 and priest 1.'
>>> describe(game.view(1)).goods.startswith("Yellow: 4 cards in hand")
True
"""

from __future__ import annotations

from ..core.describe import Description, pending_text
from ..core.i18n import Msg, capitalized, listed, render, t, tn
from .tables import CENTRE, SIZE, SQUARE_INDEX, SQUARE_NAMES, STAIRS, SUN_SQUARES
from .text import INSTRUCTION_MEANING, colour, priest, stair, tokens_list
from .views import PriestsView, PriestView, StairView

__all__ = ["describe", "player_line", "priest_line", "stair_line"]


def stair_line(name: str, st: StairView) -> str:
    """A stair in words: free, or its card and who laid it."""
    if not st["laid"]:
        return render(t("{stair} stair: free.", stair=stair(name)))
    if st["card"] is None:
        what: Msg = t("a card face down")
    elif not st["open"]:
        what = t("card {card}, face down (only you see its number)", card=st["card"])
    else:
        what = t("card {card}, face up", card=st["card"])
    who = t("laid by {who}", who=colour(st["by"])) if st["by"] is not None else t("from the draw pile")
    return render(t("{stair} stair: {what}, {who}.", stair=stair(name), what=what, who=who))


def _square_kind(square: str) -> Msg | None:
    q = SQUARE_INDEX[square]
    if q == CENTRE:
        return t("the centre")
    return t("a sun square") if q in SUN_SQUARES else None


def _temple_lines() -> tuple[str, ...]:
    """Where the squares are that the picture marks with a sun: the rows and columns by their
    names and sides, the sun squares, the centre."""
    last = SIZE - 1
    suns = listed(SQUARE_NAMES[q] for q in sorted(SUN_SQUARES))
    return (render(t("{n} rows, r0 (north) to r{last} (south), and {n} columns, c0 (west) to "
                     "c{last} (east).", n=SIZE, last=last)),
            render(t("Sun squares: {list}; the centre: {centre}.", list=suns,
                     centre=SQUARE_NAMES[CENTRE])))


def priest_line(h: int, pr: PriestView, mine: set[int]) -> str:
    if pr["square"] is None:
        where: Msg = t("outside the temple (it returns at the end of the round)")
    else:
        kind = _square_kind(pr["square"])
        where = (t("on square {square}, {kind}", square=pr["square"], kind=kind) if kind
                 else t("on square {square}", square=pr["square"]))
    tokens = [v for slot in pr["slots"] for v in slot]
    took = (t("tokens {list}", list=tokens_list(f"{v:+d}" for v in tokens)) if tokens
            else t("no token yet"))
    own = render(t(" (one of your priests)")) if h in mine else ""
    return capitalized(render(t("{priest}{own}: {where}; {tokens}; worth {value}.", priest=priest(h),
                                own=own, where=where, tokens=took, value=pr["value"])))


def player_line(view: PriestsView, p: int) -> str:
    """A player in words: the hand (as the view shows it) and the priest card."""
    pl = view["player"][p]
    if pl["hand"] is None:
        cards: Msg = tn("{n} card in hand (hidden)", "{n} cards in hand (hidden)", pl["cards"])
    elif not pl["hand"]:
        cards = t("no card in hand")
    else:
        cards = tn("{n} card in hand: {list}", "{n} cards in hand: {list}", len(pl["hand"]),
                   list=listed(str(c) for c in pl["hand"]))
    parts: list[Msg | str] = [cards]
    drawn = pl.get("drawn")
    if drawn is not None:
        parts.append(t("card {card} drawn from the pile", card=drawn))
    if pl["priests"] is not None:
        a, b = pl["priests"]
        parts.append(t("priest card {card}: {a} and {b}", card=pl["priest_card"], a=priest(a),
                       b=priest(b)))
    else:
        parts.append(t("priest card hidden"))
    return render(t("{who}: {what}.", who=colour(p), what="; ".join(render(x) for x in parts)))


def _mine(view: PriestsView) -> set[int]:
    viewer = view.get("viewer")
    if viewer is None:
        return set()
    return set(view["player"][viewer]["priests"] or ())


def _scores(view: PriestsView) -> str:
    out = view.get("outcome")
    if out:
        return render(listed(tn("{who}: {score} point (rank {rank})", "{who}: {score} points (rank {rank})",
                                sc["score"], who=colour(sc["player"]), score=sc["score"],
                                rank=sc["rank"]) for sc in out["scores"]))
    values = {int(h): pr["value"] for h, pr in view["priests"].items()}
    known = []
    for p, pl in enumerate(view["player"]):
        if pl["priests"] is None:
            known.append(t("{who}: priest card hidden", who=colour(p)))
        else:
            a, b = pl["priests"]
            score = values[a] + values[b]
            known.append(tn("{who}: {score} point ({a} worth {va}, {b} worth {vb})",
                            "{who}: {score} points ({a} worth {va}, {b} worth {vb})", score,
                            who=colour(p), score=score, a=priest(a), va=values[a], b=priest(b),
                            vb=values[b]))
    return render(t("If the game ended now: {list}.", list="; ".join(render(x) for x in known)))


def describe(view: PriestsView) -> Description:
    """The position of ``view`` (``Game.view(viewer)``) in words, in the current language."""
    names = [render(colour(p)) for p in range(view["players"])]
    viewer = view.get("viewer")
    seen = range(view["players"]) if viewer is None else [viewer]
    sm = view["sun_moon"]
    kind = t("Sun card") if sm["kind"] == "sun" else t("Moon card")
    mine = _mine(view)
    heights = sorted((int(h) for h in view["priests"]), reverse=True)
    starts = {h: pr["start"] for h, pr in ((int(h), pr) for h, pr in view["priests"].items())}
    round_lines = (
        render(t("{kind} “{name}”: {meaning}; {n} left in the sun/moon pile.", kind=kind,
                 name=sm["name"], meaning=INSTRUCTION_MEANING[sm["instruction"]], n=sm["left"])),
        render(t("{who} holds the High Priest: the first player of the round.",
                 who=colour(view["first"]))),
        render(tn("Draw pile: {n} card.", "Draw pile: {n} cards.", view["deck"])),
    )
    tokens = view["tokens"]
    token_lines = (
        render(t("Sun tokens left, lowest first: {list}.", list=tokens_list(tokens["sun"]))),
        render(t("Fire tokens left, smallest first: {list}.", list=tokens_list(tokens["fire"]))),
    )
    # TRANSLATORS: a priest and its start square ("priest 4 r1c1")
    at_start = [t("{priest} {square}", priest=priest(h), square=starts[h]) for h in heights]
    start_line = render(t("Start squares: {list}.", list=listed(at_start)))
    sections = (
        (render(t("The round")), round_lines),
        (render(t("The temple")), _temple_lines()),
        (render(t("Stairs")), tuple(stair_line(name, view["stairs"][name]) for name in STAIRS)),
        (render(t("Priests")), (*(priest_line(h, view["priests"][str(h)], mine) for h in heights),
                                start_line)),
        (render(t("Tokens")), token_lines),
        (render(t("Players")), tuple(player_line(view, p) for p in range(view["players"]))),
    )
    return Description(
        when=render(t("Round {round} of {rounds}", round=view["round"], rounds=view["rounds"])),
        pending=pending_text(view, names), sections=sections,
        goods=" ".join(player_line(view, p) for p in seen), scores=_scores(view))
