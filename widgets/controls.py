"""The board's buttons: which are on, and their tooltips (from the board's game and seat).

>>> from mp_tutor import Game
>>> from mp_tutor.widgets import Board
>>> c = controls(Board(Game.new(players=3, seed=1)))
>>> c["undo"], c["next"], c["undo_tip"]
(False, False, 'There is nothing to undo.')
"""

from __future__ import annotations

from typing import Any

from mp_tutor.core.i18n import after_colon, get_language, render, t

from .adapter import nothing_to
from .language import language_menu


def next_tip(board: Any) -> str:
    """What Next would play now (or why it plays nothing)."""
    g = board.game
    p = g.decider
    names = board.adapter.player_names(g)
    if g.over:
        return render(t("The game is over."))
    if p is None:
        return render(t("Play the next automatic step: {what}", what=after_colon(g.pending.prompt)))
    if p in board.bots:
        return render(t("Let {who} (a bot) decide: {what}", who=names[p], what=after_colon(g.pending.prompt)))
    return render(t("Nothing to play automatically: {who} decides.", who=names[p]))


def controls(board: Any) -> dict[str, Any]:
    """The ``controls`` trait: Undo, Redo, Next, the viewer and language menus, Present."""
    g = board.game
    redo = getattr(g, "_redo", [])
    can_next = not g.over and (g.decider is None or g.decider in board.bots)
    undo_ok = g.can_undo and board._undo_target()
    names = board.adapter.player_names(g)
    by = getattr(g, "history_players", [None])[-1] if g.history else None
    # an action is named only to a viewer who may see it (it may name a hidden card)
    last = (g.history[-1].notation() if by is None or board.sees(by)
            else render(t("{who}'s last move", who=names[by]))) if g.history else ""
    nxt = g.decider
    again = (redo[-1].notation() if nxt is None or board.sees(nxt)
             else render(t("{who}'s move", who=names[nxt]))) if redo else ""
    viewers: list[list[str]] = []
    if board.seat is None and (board._viewer_spec is None or board._teacher_allowed):
        viewers = [["pending", render(t("the player who decides"))],
                   ["teacher", render(t("the teacher (every hand)"))]]
    return {
        "undo": undo_ok, "redo": g.can_redo, "next": can_next,
        "undo_tip": render(t("Take back: {action}", action=last)) if undo_ok else nothing_to("undo"),
        "redo_tip": render(t("Play again: {action}", action=again)) if redo else nothing_to("redo"),
        "next_tip": next_tip(board), "over": g.over, "seat": board.seat,
        "viewer": "teacher" if board._viewer_spec is None else "pending",
        "viewers": viewers, "present": True,
        "language": get_language(), "languages": language_menu(),
    }


__all__ = ["controls", "next_tip"]
