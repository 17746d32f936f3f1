"""Decision panels (ipywidgets): one per kind of pending decision of the engine.

:class:`DecisionPanel` watches a :class:`~widgets.board.Board` and shows the panel of
the pending decision (``game.pending.kind``): a chooser for the first Inca, the turn
(click the board or pick a move / a moon tile), production counts, llama sacrifices,
the Main Temple offering, new Incas, the Priest or Virgin to acquire, a trade builder
with live prices, the Inca for the Sun Clock, the summit cards to return, the night's
moon tiles and Sun Clock goods, and the final scores. A decision that belongs to a
bot, or to another seat, says whose decision it is.

Panels only collect the learner's intent; every action goes to ``board.act(...)``,
where the engine decides whether it is legal.

>>> from mp_tutor import Game
>>> from mp_tutor.widgets.board import Board
>>> board = Board(Game.new(players=3, seed=1))
>>> panel = DecisionPanel(board)
>>> panel.kind
'place_inca'
>>> panel.current.choose("potter")
True
>>> board.game.state.incas[0][3]
1
"""

from __future__ import annotations

import html
from typing import Any

import ipywidgets as w

from mp_tutor.actions import (
    Acquire,
    ChooseGoods,
    Move,
    Offer,
    PlaceInca,
    RedeemMoonTiles,
    ReturnCards,
    SendToSunClock,
    SetUpIncas,
    Stay,
)
from mp_tutor.data import CARDS, COLOURS, DISTRICTS, GOODS, MOON_TILES, PRIESTS, PROFESSIONS

from .board import Board
from .layout import INK, PALETTE
from .subpanel import _button, _Sub
from .trade import TradePanel

__all__ = ["DecisionPanel"]

TILE_LABEL = {"steps2": "2 steps", "steps3": "3 steps", "corn3": "3 corn"}


def _chip(player: int | None) -> str:
    if player is None:
        return ""
    c = COLOURS[player]
    return (f'<span class="mp-chip" style="background:{PALETTE[c]};color:{INK[c]};padding:1px 7px;'
            f'border-radius:9px;border:1px solid #333;font-weight:700">{html.escape(c)}</span>')


def _cost(cost: Any) -> str:
    items = cost.items() if isinstance(cost, dict) else cost
    return ", ".join(f"{n} {g}" for g, n in items)


def _pname(prof: str) -> str:
    return prof.replace("_", " ")


def _card_label(cid: int) -> str:
    card = CARDS[cid]
    icons = " + ".join(PRIESTS[i].name if i in PRIESTS else _pname(i) for i in card.icons)
    return f"#{cid}: {icons} ({card.gold} gold)"


class PlaceIncaPanel(_Sub):
    """The first Inca: one button per profession (or click its district on the board)."""

    kind = "place_inca"

    def __init__(self, board: Board) -> None:
        super().__init__(board)
        self.buttons: dict[str, w.Button] = {}
        for prof, spec in PROFESSIONS.items():
            b = _button(f"{_pname(prof).capitalize()} ({DISTRICTS[spec.district].name})", f"mp-place-{prof}")
            b.on_click(lambda _b, prof=prof: self.choose(prof))
            self.buttons[prof] = b
        self.box.children = [w.HTML("Place your first Inca: choose a profession (or click its "
                                    "production district on the board)."),
                             w.HBox(list(self.buttons.values()), layout=w.Layout(flex_flow="row wrap"))]

    def choose(self, profession: str) -> bool:
        return self.board.act(PlaceInca(profession))

    def update(self) -> None:
        legal = {a.profession for a in self.game.legal_actions() if isinstance(a, PlaceInca)}
        for prof, b in self.buttons.items():
            b.disabled = prof not in legal


class TurnPanel(_Sub):
    """The turn: click the board, or pick a move from the list, or stay on a moon tile."""

    kind = "turn"

    def __init__(self, board: Board) -> None:
        super().__init__(board)
        self.info = w.HTML()
        self.moves = w.Dropdown(description="Move to", layout=w.Layout(width="420px"))
        self.move_button = _button("Move", "mp-move", "primary")
        self.move_button.on_click(lambda _b: self.move())
        self.stays = w.HBox(layout=w.Layout(flex_flow="row wrap"))
        self.box.children = [self.info, w.HBox([self.moves, self.move_button]), self.stays]

    def move(self, district: str | None = None) -> bool:
        return self.board.act(Move(district or self.moves.value))

    def stay(self, tile: str) -> bool:
        return self.board.act(Stay(tile))

    def update(self) -> None:
        t = self.board.targets
        options = []
        for d, target in sorted(t["districts"].items(), key=lambda kv: DISTRICTS[kv[0]].name):
            cost = " (1 llama)" if target["cost"] else ""
            options.append((f"{DISTRICTS[d].name}{cost}", d))
        self.moves.options = options
        self.moves.value = options[0][1] if options else None
        self.move_button.disabled = not options
        here = t.get("from")
        if here is None:
            text = "First turn: place your Prince on <b>any</b> district, for free (click it on the board)."
        else:
            text = (f"Your Prince is in the <b>{html.escape(DISTRICTS[here].name)}</b>. Click a district: "
                    "green ones border it (free), orange dashed ones cost 1 llama. Or stay and take a moon tile:")
        self.info.value = text
        buttons = []
        for tile in t.get("stay", []):
            b = _button(f"Stay: take {TILE_LABEL.get(tile, tile)}", f"mp-stay-{tile}")
            b.on_click(lambda _b, tile=tile: self.stay(tile))
            buttons.append(b)
        self.stays.children = buttons


class CountPanel(_Sub):
    """Produce / Sacrifice: how many (0 declines)."""

    def __init__(self, board: Board, kind: str) -> None:
        self.kind = kind
        super().__init__(board)
        self.info = w.HTML()
        self.count = w.BoundedIntText(value=0, min=0, max=0, description="How many",
                                      layout=w.Layout(width="180px"))
        self.count.add_class(f"mp-{kind}-count")
        verb = "Produce" if kind == "produce" else "Sacrifice"
        self.ok = _button(verb, f"mp-{kind}-confirm", "primary")
        self.ok.on_click(lambda _b: self.choose(int(self.count.value)))
        self.none = _button("None", f"mp-{kind}-none")
        self.none.on_click(lambda _b: self.choose(0))
        self.box.children = [self.info, w.HBox([self.count, self.ok, self.none])]

    def choose(self, n: int) -> bool:
        return self.board.act(f"{self.kind} {int(n)}")

    def update(self) -> None:
        o = self.game.pending.options
        top = int(o.get("max", 0))
        if self.kind == "produce":
            good = o.get("good")
            each = "3 corn for free" if good == "corn" else f"1 {good} for 1 corn"
            n = int(o.get("incas", 0))
            text = (f"You have {n} Inca{'s' if n != 1 else ''} in the {html.escape(DISTRICTS[o['district']].name)}; "
                    f"each that produces gives {each}. Up to <b>{top}</b> can produce now.")
        else:
            name = PRIESTS[o["kind"]].name
            plural = name.replace("Priest of", "Priests of").replace("Virgin of", "Virgins of")
            text = (f"Your {html.escape(plural)}: {o.get('priests')}. Each may sacrifice 1 llama for "
                    f"<b>{o.get('value')}</b> steps on the Incatrail (up to {top} now).")
        self.info.value = text
        with self.count.hold_trait_notifications():
            self.count.max = max(top, 0)
            self.count.value = top


class OfferPanel(_Sub):
    """Main Temple: which different goods to offer (3 corn count as one good)."""

    kind = "offer"

    def __init__(self, board: Board) -> None:
        super().__init__(board)
        self.checks = {g: w.Checkbox(description="3 corn" if g == "corn" else g, indent=False,
                                     layout=w.Layout(width="110px")) for g in GOODS}
        for g, c in self.checks.items():
            c.add_class(f"mp-offer-{g}")
        self.ok = _button("Offer", "mp-offer-confirm", "primary")
        self.ok.on_click(lambda _b: self.choose([g for g, c in self.checks.items() if c.value]))
        self.none = _button("Offer nothing", "mp-offer-none")
        self.none.on_click(lambda _b: self.choose([]))
        self.box.children = [w.HTML("Choose different goods to offer at the Main Temple (2 steps each):"),
                             w.HBox(list(self.checks.values())), w.HBox([self.ok, self.none])]

    def choose(self, goods: list[str]) -> bool:
        return self.board.act(Offer(tuple(goods)))

    def update(self) -> None:
        p = self.game.pending.player
        have = self.game.view(p)["player"][p]["goods"] if p is not None else {}
        for g, c in self.checks.items():
            c.value = False
            c.description = f"{'3 corn' if g == 'corn' else g} (have {have.get(g, 0)})"


class SetUpPanel(_Sub):
    """Watchman's Hut / Royal Palace: which new Incas to set up (one of each at most)."""

    kind = "set_up_incas"

    def __init__(self, board: Board) -> None:
        super().__init__(board)
        self.info = w.HTML()
        self.checks: dict[str, w.Checkbox] = {}
        self.row = w.VBox()
        self.ok = _button("Set up", "mp-setup-confirm", "primary")
        self.ok.on_click(lambda _b: self.choose([p for p, c in self.checks.items() if c.value]))
        self.none = _button("None", "mp-setup-none")
        self.none.on_click(lambda _b: self.choose([]))
        self.box.children = [self.info, self.row, w.HBox([self.ok, self.none])]

    def choose(self, professions: list[str]) -> bool:
        return self.board.act(SetUpIncas(tuple(professions)))

    def update(self) -> None:
        district = self.game.pending.options["district"]
        self.info.value = f"New Incas at the <b>{html.escape(DISTRICTS[district].name)}</b> (pay the cost of each):"
        self.checks = {}
        for prof, spec in PROFESSIONS.items():
            if spec.set_up_at == district:
                c = w.Checkbox(description=f"{_pname(prof)}: {_cost(spec.cost)}", indent=False,
                               layout=w.Layout(width="360px"))
                c.add_class(f"mp-setup-{prof}")
                self.checks[prof] = c
        self.row.children = list(self.checks.values())


class AcquirePanel(_Sub):
    """House of Priests / House of Virgins: the leftmost card of one kind, or none."""

    kind = "acquire"

    def __init__(self, board: Board) -> None:
        super().__init__(board)
        self.info = w.HTML()
        self.row = w.HBox(layout=w.Layout(flex_flow="row wrap"))
        self.box.children = [self.info, self.row]

    def choose(self, kind: str | None) -> bool:
        return self.board.act(Acquire(kind))

    def update(self) -> None:
        district = self.game.pending.options["district"]
        rows = self.game.view(None)["rows"]
        self.info.value = f"Acquire one Priest or Virgin at the <b>{html.escape(DISTRICTS[district].name)}</b>:"
        legal = {a.kind for a in self.game.legal_actions() if isinstance(a, Acquire)}
        buttons = []
        for kind, spec in PRIESTS.items():
            if spec.house != district:
                continue
            row = rows[kind]
            b = _button(f"{spec.name}: {_cost(spec.cost)} ({row['left']} left)", f"mp-acquire-{kind}", "primary")
            b.disabled = kind not in legal
            b.on_click(lambda _b, kind=kind: self.choose(kind))
            buttons.append(b)
        none = _button("None", "mp-acquire-none")
        none.on_click(lambda _b: self.choose(None))
        self.row.children = [*buttons, none]


class SunClockPanel(_Sub):
    """Sun Clock: which Inca (from which production district) serves there."""

    kind = "sun_clock"

    def __init__(self, board: Board) -> None:
        super().__init__(board)
        self.row = w.HBox(layout=w.Layout(flex_flow="row wrap"))
        self.box.children = [w.HTML("Send one of your Incas to the Sun Clock until the night "
                                    "(or click its district on the board):"), self.row]

    def choose(self, source: str | None) -> bool:
        return self.board.act(SendToSunClock(source))

    def update(self) -> None:
        buttons = []
        for a in self.game.legal_actions():
            if isinstance(a, SendToSunClock) and a.source:
                b = _button(f"From the {DISTRICTS[a.source].name}", f"mp-sunclock-{a.source}", "primary")
                b.on_click(lambda _b, src=a.source: self.choose(src))
                buttons.append(b)
        none = _button("None", "mp-sunclock-none")
        none.on_click(lambda _b: self.choose(None))
        self.row.children = [*buttons, none]


class ReturnCardsPanel(_Sub):
    """Summit: which cards go back to the bottom of the deck."""

    kind = "return_cards"

    def __init__(self, board: Board) -> None:
        super().__init__(board)
        self.info = w.HTML()
        self.list = w.VBox()
        self.checks: dict[int, w.Checkbox] = {}
        self.ok = _button("Return these cards", "mp-return-confirm", "primary")
        self.ok.on_click(lambda _b: self.choose([c for c, b in self.checks.items() if b.value]))
        self.box.children = [self.info, self.list, w.HBox([self.ok])]

    def choose(self, cards: list[int]) -> bool:
        return self.board.act(ReturnCards(tuple(cards)))

    def update(self) -> None:
        p = self.game.pending.player
        need = self.game.pending.options.get("return", 0)
        me = self.game.view(p)["player"][p]
        self.info.value = f"Your Scout reached the summit: tick <b>{need}</b> card(s) to return to the deck."
        drawn = set(me.get("drawn") or [])
        self.checks = {}
        for cid in sorted(set(me["hand"] or []) | drawn):
            c = w.Checkbox(description=_card_label(cid) + (" - just drawn" if cid in drawn else ""),
                           indent=False, layout=w.Layout(width="460px"))
            c.add_class(f"mp-return-{cid}")
            self.checks[cid] = c
        self.list.children = list(self.checks.values())


class RedeemPanel(_Sub):
    """Night (or day 9): which goods moon tiles to pay 1 corn for."""

    kind = "redeem_moon"

    def __init__(self, board: Board) -> None:
        super().__init__(board)
        self.row = w.HBox()
        self.checks: dict[str, w.Checkbox] = {}
        self.ok = _button("Redeem", "mp-redeem-confirm", "primary")
        self.ok.on_click(lambda _b: self.choose([t for t, c in self.checks.items() if c.value]))
        self.box.children = [w.HTML("Pay 1 corn for each goods moon tile you redeem:"), self.row,
                             w.HBox([self.ok])]

    def choose(self, tiles: list[str]) -> bool:
        return self.board.act(RedeemMoonTiles(tuple(tiles)))

    def update(self) -> None:
        self.checks = {}
        for tile in self.game.pending.options.get("tiles", []):
            c = w.Checkbox(value=True, description=f"{MOON_TILES[tile].good or tile} tile", indent=False,
                           layout=w.Layout(width="140px"))
            c.add_class(f"mp-redeem-{tile}")
            self.checks[tile] = c
        self.row.children = list(self.checks.values())


class SunGoodsPanel(_Sub):
    """Sun Clock payment: three different goods (3 corn count as one)."""

    kind = "sun_clock_goods"

    def __init__(self, board: Board) -> None:
        super().__init__(board)
        self.checks = {g: w.Checkbox(description="3 corn" if g == "corn" else g, indent=False,
                                     layout=w.Layout(width="100px")) for g in GOODS}
        for g, c in self.checks.items():
            c.add_class(f"mp-goods-{g}")
        self.ok = _button("Take these goods", "mp-goods-confirm", "primary")
        self.ok.on_click(lambda _b: self.choose([g for g, c in self.checks.items() if c.value]))
        self.box.children = [w.HTML("Your Inca returns from the Sun Clock: choose 3 different goods."),
                             w.HBox(list(self.checks.values())), w.HBox([self.ok])]

    def choose(self, goods: list[str]) -> bool:
        return self.board.act(ChooseGoods(tuple(goods)))

    def update(self) -> None:
        for c in self.checks.values():
            c.value = False


class NightPanel(_Sub):
    """The night runs by itself, one step per Next."""

    kind = "night"

    def __init__(self, board: Board) -> None:
        super().__init__(board)
        self.info = w.HTML()
        self.next_button = _button("Next", "mp-night-next", "primary")
        self.next_button.on_click(lambda _b: self.board.next())
        self.box.children = [self.info, w.HBox([self.next_button])]

    def update(self) -> None:
        self.info.value = html.escape(self.game.pending.prompt)


class GameOverPanel(_Sub):
    """The ending and the score table."""

    kind = "game_over"

    def __init__(self, board: Board) -> None:
        super().__init__(board)
        self.table = w.HTML()
        self.box.children = [self.table]

    def update(self) -> None:
        out = self.game.outcome()
        if out is None:
            self.table.value = "The game is over."
            return
        rows = "".join(
            f"<tr><td>{_chip(sc.player)}</td><td>{sc.vp}</td><td>{sc.gold}</td><td>x{sc.multiplier}</td>"
            f"<td><b>{sc.final}</b></td><td>{sc.goods_units}</td><td>{sc.rank}</td></tr>" for sc in out.scores)
        self.table.value = (f"<b>{html.escape(out.text)}</b><table class='mp-scores'><tr><th>player</th>"
                            f"<th>VP</th><th>gold</th><th></th><th>final</th><th>goods</th><th>rank</th></tr>"
                            f"{rows}</table>")


class WaitingPanel(_Sub):
    """Somebody else decides (a bot, or another seat)."""

    kind = "waiting"

    def __init__(self, board: Board) -> None:
        super().__init__(board)
        self.info = w.HTML()
        self.next_button = _button("Next (let the bot play)", "mp-bot-next", "primary")
        self.next_button.on_click(lambda _b: self.board.next())
        self.box.children = [self.info, w.HBox([self.next_button])]

    def update(self) -> None:
        pend = self.game.pending
        bot = pend.player in self.board.bots
        who = COLOURS[pend.player] if pend.player is not None else "Nobody"
        self.info.value = (f"{_chip(pend.player)} It is <b>{who}</b>'s decision"
                           f"{' (a bot)' if bot else ''}: {html.escape(pend.prompt)}")
        self.next_button.layout.display = "" if bot else "none"


PANELS: dict[str, type[_Sub]] = {
    cls.kind: cls for cls in (PlaceIncaPanel, TurnPanel, OfferPanel, SetUpPanel, AcquirePanel, TradePanel,
                              SunClockPanel, ReturnCardsPanel, RedeemPanel, SunGoodsPanel, NightPanel,
                              GameOverPanel, WaitingPanel)
}


class DecisionPanel(w.VBox):
    """The panel of the pending decision of ``board`` (kept up to date by itself).

    ``current`` is the shown sub-panel; each has a ``choose(...)`` (or ``move``/``stay``,
    ``set``/``confirm`` for trades) that plays through ``board.act``.
    """

    def __init__(self, board: Board, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.add_class("mp-decision-panel")
        self.board = board
        self.header = w.HTML()
        self.header.add_class("mp-panel-header")
        self.text = w.Text(placeholder="or type an action, e.g. 'produce 2', 'move coca_plantation'",
                           layout=w.Layout(width="420px"))
        self.text.add_class("mp-action-text")
        self.play = _button("Play", "mp-action-play")
        self.play.on_click(lambda _b: self._play_text())
        self.typed = w.HBox([self.text, self.play])
        self._subs: dict[str, _Sub] = {}
        self.current: _Sub | None = None
        self.kind = ""
        self.layout.border = "1px solid #d8ccb0"
        self.layout.padding = "6px 10px"
        board.observe(lambda _c: self.update(), "revision")
        self.update()

    def _sub(self, kind: str) -> _Sub:
        if kind not in self._subs:
            if kind in ("produce", "sacrifice"):
                self._subs[kind] = CountPanel(self.board, kind)
            else:
                self._subs[kind] = PANELS[kind](self.board)
        return self._subs[kind]

    def _play_text(self) -> None:
        if self.board.act(self.text.value):
            self.text.value = ""

    def update(self) -> None:
        """Show the panel of the pending decision."""
        board = self.board
        pend = board.game.pending
        mine = board.may_act(pend.player)
        kind = pend.kind if (mine or pend.kind in ("night", "game_over")) else "waiting"
        key = (id(board.game), kind, pend.player, len(board.game.log), len(board.game.history))
        if key == getattr(self, "_key", None):
            return
        self._key = key
        sub = self._sub(kind)
        sub.update()
        who = f"{_chip(pend.player)} " if pend.player is not None else ""
        self.header.value = (f"<div style='font-size:14px'>{who}<b>{html.escape(pend.prompt)}</b> "
                             f"<code style='color:#555'>[{html.escape(pend.rule)}]</code></div>")
        self.kind = kind
        if sub is not self.current:
            self.current = sub
            self.children = [self.header, sub.box, self.typed]

    def __repr__(self) -> str:
        return f"DecisionPanel({self.kind})"

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        bundle = super()._repr_mimebundle_(**kwargs)
        if isinstance(bundle, dict):
            bundle["text/plain"] = repr(self)
        return bundle

