"""The decision panel host: shows the panel of the pending decision, whatever the game.

:class:`DecisionPanel` watches a :class:`~mp_tutor.widgets.board.Board` and shows the panel
its game's adapter declares for the pending decision kind (``adapter.panels[kind]``); a
decision that belongs to a bot or to another seat, and the automatic steps, have panels of
their own here. Panels only collect the learner's intent; every action goes to
``board.act(...)``, where the engine (and a lesson's judge) decide. A panel reads what it
shows from the board's snapshot (``board.snapshot``: the viewer's view, the pending
decision and its typed options) only.

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

from typing import Any, TypeVar

import ipywidgets as w

from mp_tutor.core.game import BaseGame
from mp_tutor.core.i18n import Msg, capitalized, get_language, render, t
from mp_tutor.core.markup import Markup, el
from mp_tutor.core.views import Options

from .board import Board
from .layout import PX
from .snapshot import section
from .views import MimeBundle, text_bundle

__all__ = ["DecisionPanel", "GameOverPanel", "SubPanel", "button", "chip", "html"]

OptionsT = TypeVar("OptionsT", bound=Options)


def button(label: object, cls: str, style: str = "", tip: object = "") -> w.Button:
    """A button sized to its label (``tip``: its tooltip)."""
    b = w.Button(description=render(label), button_style=style, tooltip=render(tip) if tip else "",
                 layout=w.Layout(width="auto"))
    b.add_class(cls)
    return b


def html(*parts: Any, cls: str = "") -> w.HTML:
    """An HTML widget whose value is built with the escaping helper (text is escaped)."""
    box = w.HTML(el("div", *parts))
    if cls:
        box.add_class(cls)
    return box


def chip(board: Board, player: int | None) -> Markup:
    """A player's name on their colour."""
    if player is None:
        return Markup("")
    snap = board.snapshot
    return el("span", snap.names[player], cls="mp-chip",
              style=f"background:{snap.static.palette[player]};color:{snap.static.ink[player]}")


def row(children: list[w.Widget]) -> w.Box:
    """Widgets in a row that wraps."""
    box = w.Box(children)
    box.add_class("mp-row")
    return box


class SubPanel:
    """A panel for one kind of decision: ``box`` is shown, ``update()`` refreshes it."""

    kind = ""

    def __init__(self, board: Board) -> None:
        self.board = board
        self.box = w.VBox()
        self.box.add_class(f"mp-panel-{self.kind or 'any'}")

    @property
    def game(self) -> BaseGame:
        return self.board.game

    def options_of(self, kind: type[OptionsT]) -> OptionsT:
        """The pending decision's options, of the type its decision declares (``kind``)."""
        pend = self.board.snapshot.pending
        if not isinstance(pend.options, kind):
            raise TypeError(f"the pending decision ({pend.kind}) has no {kind.__name__}")
        return pend.options

    @property
    def me(self) -> dict[str, Any]:
        """The deciding player's part of the view (their own, seen by this board's viewer;
        its shape is the game's)."""
        snap = self.board.snapshot
        p = snap.decider
        players = snap.view.get("player")
        mine = players[p] if isinstance(players, list) and p is not None and p < len(players) else {}
        return mine if isinstance(mine, dict) else {}

    def update(self) -> None:
        """Show the current decision (called when it changes)."""


class GameOverPanel(SubPanel):
    """The ending and the score table, a header with a tooltip for every column; a game's
    panel says the columns (``heads``), a player's cells (``cells``) and the headline."""

    kind = "game_over"

    def __init__(self, board: Board) -> None:
        super().__init__(board)
        self.table = w.HTML()
        self.box.children = [self.table]

    def heads(self) -> list[tuple[Msg, Msg]]:
        """(heading, tooltip) of each column after the player's name."""
        return []

    def cells(self, score: dict[str, Any]) -> list[Markup | str | int]:
        """A player's cells after their name (one per column of ``heads``)."""
        return []

    def headline(self, outcome: dict[str, Any]) -> str:
        """The sentence above the table: how the game ended."""
        return capitalized(str(outcome["text"]))

    def update(self) -> None:
        out = self.board.snapshot.view.get("outcome")
        if not out or not isinstance(out, dict):
            self.table.value = el("div", render(t("The game is over.")))
            return
        heads = [(t("player"), t("player")), *self.heads()]
        rows = [el("tr", el("td", chip(self.board, sc["player"])),
                   *[el("td", c) for c in self.cells(sc)]) for sc in out["scores"]]
        self.table.value = el("div", el("p", el("b", self.headline(out))), el("div", el(
            "table", el("tr", *[el("th", render(h), title=render(tip)) for h, tip in heads]), *rows,
            cls="mp-scores"), cls="mp-scroll-x"))


class WaitingPanel(SubPanel):
    """Somebody else decides: a bot (Next lets it play) or another seat."""

    kind = "waiting"

    def __init__(self, board: Board) -> None:
        super().__init__(board)
        self.info = w.HTML()
        self.next_button = button(t("Next: let the bot decide"), "mp-bot-next", "primary")
        self.next_button.on_click(lambda _b: self.board.next())
        self.box.children = [self.info, row([self.next_button])]

    def update(self) -> None:
        snap = self.board.snapshot
        p, bot = snap.decider, snap.bot
        who = snap.names[p] if p is not None else ""
        if bot:
            text = t("{who} is played by a bot.", who=who)
        elif self.board.session.seats.may_act(p):
            text = t("Pass the board to {who}: it is {who}'s decision.", who=who)
        else:
            text = t("Waiting for {who}.", who=who)
        self.info.value = el("div", render(text))
        self.next_button.layout.display = "" if bot else "none"


class AutomaticPanel(SubPanel):
    """A step nobody decides (a night phase): Next plays it."""

    kind = "automatic"

    def __init__(self, board: Board) -> None:
        super().__init__(board)
        self.next_button = button(t("Next"), "mp-night-next", "primary")
        self.next_button.on_click(lambda _b: self.board.next())
        self.box.children = [row([self.next_button])]

    def update(self) -> None:
        self.next_button.tooltip = self.board.snapshot.controls.next_tip


class ChoicePanel(SubPanel):
    """Any decision of any game: one button per legal action (the game names them)."""

    kind = "choice"

    def update(self) -> None:
        buttons = []
        for a in list(self.game.legal_actions())[:40]:
            b = button(str(a), "mp-choice")
            b.on_click(lambda _b, a=a: self.board.act(a))
            buttons.append(b)
        self.box.children = [row(buttons)]


class OverPanel(SubPanel):
    """The game is over (a game adds its own score table)."""

    kind = "game_over"

    def update(self) -> None:
        self.box.children = [html(render(t("The game is over.")))]


class DecisionPanel(w.VBox):
    """The panel of the pending decision of ``board`` (kept up to date by itself).

    ``current`` is the shown sub-panel; each has a ``choose(...)`` (or ``move``/``stay``,
    ``set``/``confirm`` for trades) that plays through ``board.act``. The typed-action box
    is the one place to type a move.
    """

    def __init__(self, board: Board, **kwargs: object) -> None:
        super().__init__(**kwargs)
        self.add_class("mp-decision-panel")
        self.board = board
        self.header = w.HTML()
        self.header.add_class("mp-panel-header")
        self.text = w.Text(placeholder=render(t("or type a move, e.g. {example}",
                                                example=self._example())),
                           layout=w.Layout(width=PX["text_box"]))
        self.text.add_class("mp-action-text")
        self.play = button(t("Play"), "mp-action-play")
        self.play.on_click(lambda _b: self._play_text())
        self.text.on_submit(lambda _x: self._play_text())
        self.typed = row([self.text, self.play])
        self.typed.add_class("mp-typed")
        self._subs: dict[str, SubPanel] = {}
        self.current: SubPanel | None = None
        self.kind = ""
        self._key: Any = None
        board.on_sync(self.update)
        self.update()

    def _example(self) -> str:
        """A move to show as an example: one of the player's own, if this board shows them."""
        board = self.board
        legal = list(board.game.legal_actions()) if board.snapshot.may_act else []
        return f"'{legal[0].notation()}'" if legal else "..."

    def _sub(self, kind: str, automatic: bool) -> SubPanel:
        if kind not in self._subs:
            cls = self.board.session.adapter.panels.get(kind) or {
                "waiting": WaitingPanel, "game_over": OverPanel}.get(kind) or (
                AutomaticPanel if automatic else ChoicePanel)
            self._subs[kind] = cls(self.board)
        return self._subs[kind]

    def _play_text(self) -> None:
        if self.text.value.strip() and self.board.act(self.text.value.strip()):
            self.text.value = ""

    def update(self) -> None:
        """Show the panel of the pending decision."""
        board = self.board
        g = board.game
        snap = board.snapshot
        pend = snap.pending
        p = pend.player
        if g.over:
            kind = "game_over"
        elif p is None or snap.may_act:
            kind = str(pend.kind)
        else:
            kind = "waiting"
        decision = (id(g), kind, p, len(g.log), len(g.history), g.can_redo)
        key = (*decision, get_language(), board.revision if kind == "choice" else 0)
        if key == self._key:
            return
        if self._key is not None and decision != self._key[:len(decision)]:
            self.text.value = ""  # a move typed for another decision: not this one's
        self._key = key
        adapter = board.session.adapter
        if (adapter, get_language()) != getattr(self, "_made_for", None):
            # another game, or another language: the panels are made again in its words
            self._made_for, self._subs, self.current = (adapter, get_language()), {}, None
            self.text.placeholder = render(t("or type a move, e.g. {example}",
                                             example=self._example()))
            self.play.description = render(t("Play"))
        sub = self._sub(kind, p is None and not g.over)
        sub.update()
        rule = el("span", f" [{pend.rule}]", cls="mp-rule", title=section(g, pend.rule))
        self.header.value = el("div", el("b", pend.prompt), rule)
        self.kind = kind
        self.text.placeholder = render(t("or type a move, e.g. {example}", example=self._example()))
        self.typed.layout.display = "" if p is not None and kind != "waiting" else "none"
        if sub is not self.current:
            self.current = sub
            self.children = [self.header, sub.box, self.typed]

    def __repr__(self) -> str:
        return f"DecisionPanel({self.kind})"

    def _repr_mimebundle_(self, **kwargs: object) -> MimeBundle:
        return text_bundle(super()._repr_mimebundle_(**kwargs), repr(self))
