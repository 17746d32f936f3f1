"""The base of the decision panels: a box shown for one kind of decision, and a button maker."""

from __future__ import annotations

import ipywidgets as w

from mp_tutor import Game
from mp_tutor.data import GOODS

from .board import Board

MARKET_GOODS = tuple(g for g in GOODS if g != "corn")


def _button(label: str, cls: str, style: str = "") -> w.Button:
    b = w.Button(description=label, button_style=style, layout=w.Layout(width="auto"))
    b.add_class(cls)
    return b


class _Sub:
    """A panel for one kind of decision: ``box`` is shown, ``update`` refreshes it."""

    kind = ""

    def __init__(self, board: Board) -> None:
        self.board = board
        self.box = w.VBox()
        self.box.add_class(f"mp-panel-{self.kind}")

    @property
    def game(self) -> Game:
        return self.board.game

    def update(self) -> None:  # pragma: no cover - overridden
        raise NotImplementedError
