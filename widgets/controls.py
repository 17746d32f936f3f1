"""The board's buttons: which are on, and their tooltips (from the session's game and seats).

>>> from mp_tutor import Game
>>> from mp_tutor.widgets.session import Session
>>> c = controls(Session(Game.new(players=3, seed=1)))
>>> c.undo, c.next, c.undo_tip
(False, False, 'There is nothing to undo.')
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from mp_tutor.core.i18n import after_colon, get_language, render, t

from .adapter import nothing_to
from .language import language_menu
from .snapshot import Controls

if TYPE_CHECKING:  # the session builds its snapshot with these
    from .session import Session


def next_tip(session: Session) -> str:
    """What Next would play now (or why it plays nothing)."""
    g = session.game
    p = g.decider
    names = session.adapter.player_names(g)
    if g.over:
        return render(t("The game is over."))
    if p is None:
        return render(t("Play the next automatic step: {what}", what=after_colon(g.pending.prompt)))
    if p in session.seats.bots:
        return render(t("Let {who} (a bot) decide: {what}", who=names[p], what=after_colon(g.pending.prompt)))
    return render(t("Nothing to play automatically: {who} decides.", who=names[p]))


def controls(session: Session) -> Controls:
    """The buttons and menus: Undo, Redo, Next, the viewer and language menus, Present."""
    g, seats = session.game, session.seats
    undone = g.undone
    can_next = not g.over and (g.decider is None or g.decider in seats.bots)
    undo_ok = g.can_undo and seats.undo_target(g)
    names = session.adapter.player_names(g)
    by = g.history_players[-1] if g.history else None
    # an action is named only to a viewer who may see it (it may name a hidden card)
    last = (g.history[-1].notation() if by is None or seats.sees(g, by)
            else render(t("{who}'s last move", who=names[by]))) if g.history else ""
    nxt = g.decider
    again = (undone[-1].notation() if nxt is None or seats.sees(g, nxt)
             else render(t("{who}'s move", who=names[nxt]))) if undone else ""
    viewers: tuple[tuple[str, str], ...] = ()
    if seats.seat is None and seats.teacher_allowed:
        viewers = (("pending", render(t("the player who decides"))),
                   ("teacher", render(t("the teacher (every hand)"))))
    return Controls(
        undo=undo_ok, redo=g.can_redo, next=can_next,
        undo_tip=render(t("Take back: {action}", action=last)) if undo_ok else nothing_to("undo"),
        redo_tip=render(t("Play again: {action}", action=again)) if undone else nothing_to("redo"),
        next_tip=next_tip(session), over=g.over, seat=seats.seat,
        viewer="teacher" if seats.teacher else "pending", viewers=viewers, present=True,
        language=get_language(), languages=tuple((c, n) for c, n in language_menu()))


__all__ = ["controls", "next_tip"]
