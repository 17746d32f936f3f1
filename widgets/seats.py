"""Who sits at a board: the learner's seat, the bots, and whose view is shown.

Hidden information depends on these rules alone. A seated board (``seat=p``) shows its
seat's view and never changes it on a browser request; pass-and-play (``seat=None``) shows
the view of the person who decides (the last one, while a bot or an automatic step
decides); the teacher's view of every hand (``viewer=None``) is an explicit choice made in
Python, after which the browser's menu may switch a pass-and-play board between the two.

>>> from mp_tutor import Game
>>> game = Game.new(players=3, seed=1)
>>> seats = Seats(game, seat=0, bots=None)
>>> sorted(seats.bots), seats.viewer(game), seats.may_act(1), seats.may_act(0)
([1, 2], 0, False, True)
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from mp_tutor.core.events import Event
from mp_tutor.core.game import BaseGame
from mp_tutor.core.registry import get_game
from mp_tutor.core.table import Bot, play_one, play_until_person
from mp_tutor.core.table import make_bots as _make_bots

from .adapter import game_name

#: bots: none, a bot name of the game (every player but the seat) or ``{player: bot}``
BotsSpec = Mapping[int, Bot] | str | None
#: who is shown: ``"seat"``, ``"pending"``, a player, or None (the teacher's view)
ViewerSpec = int | str | None
#: called after each action a bot or an automatic step played: ``(game, events, by_bot)``
OnApply = Callable[[BaseGame, list[Event], bool], None]


def make_bots(spec: BotsSpec, players: int, seat: int | None, game: BaseGame) -> dict[int, Bot]:
    """Bots per player of ``game`` (a game, or its class): ``None`` (none), a bot name of the
    game (every player but ``seat``) or a mapping.

    >>> from mp_tutor import Game
    >>> sorted(make_bots("random", 3, seat=0, game=Game))
    [1, 2]
    >>> make_bots(None, 3, seat=0, game=Game)
    {}
    """
    return _make_bots(get_game(game_name(game)).bots, spec, players, seat)


def check_viewer(viewer: object, players: int) -> None:
    """Refuse a viewer that is not None, a player, ``"seat"`` or ``"pending"``."""
    ok = viewer is None or viewer in ("seat", "pending") or (
        type(viewer) is int and 0 <= viewer < players)
    if not ok:
        raise ValueError(f"viewer must be None, a player, 'seat' or 'pending', not {viewer!r}")


class Seats:
    """The seat, the bots, the viewer and how bots and automatic steps play (see the module).

    ``auto_bots``: bots play at once (else one decision per Next); ``auto_night``: the
    steps nobody decides too.
    """

    def __init__(self, game: BaseGame, *, seat: int | None = None, bots: BotsSpec = None,
                 viewer: ViewerSpec = "seat", auto_bots: bool = True,
                 auto_night: bool = False) -> None:
        n = game.players
        if seat is not None and not (type(seat) is int and 0 <= seat < n):
            raise ValueError(f"seat must be None or a player 0..{n - 1}, not {seat!r}")
        check_viewer(viewer, n)
        self.seat = seat
        if seat is not None and bots is None:
            bots = "random"  # somebody must play the other colours
        self.bots: dict[int, Bot] = make_bots(bots, n, seat, game)
        self.spec: ViewerSpec = viewer
        self.auto_bots, self.auto_night = auto_bots, auto_night
        self._last: int | None = None
        #: the teacher's view was chosen in Python once: the browser may switch to it
        self.teacher_allowed = viewer is None

    # -- whose view ------------------------------------------------------------------------
    def viewer(self, game: BaseGame) -> int | None:
        """The player whose view is drawn (None: the teacher's view of everything)."""
        spec = self.spec
        if spec == "seat" and self.seat is not None:
            return self.seat
        if spec in ("seat", "pending"):
            p = game.decider
            if p is not None and p not in self.bots:
                self._last = p
            if self._last is None:  # nobody has decided yet: the first person to
                self._last = next((q for q in range(game.players) if q not in self.bots), 0)
            return self._last
        return spec if isinstance(spec, int) else None

    @property
    def teacher(self) -> bool:
        """Whether the teacher's view (every hand) is shown: an explicit choice."""
        return self.spec is None

    def set_viewer(self, viewer: ViewerSpec, players: int) -> None:
        """Show another view (a choice made in Python; checked)."""
        check_viewer(viewer, players)
        self.spec = viewer
        self.teacher_allowed = self.teacher_allowed or viewer is None

    def switch(self, value: object) -> bool:
        """The browser's viewer menu: a pass-and-play board switches between the player who
        decides and the teacher, once the teacher's view was chosen in Python; a seated
        board refuses (False)."""
        if self.seat is not None or not self.teacher_allowed or value not in ("pending",
                                                                              "teacher"):
            return False
        self.spec = None if value == "teacher" else "pending"
        return True

    def may_act(self, player: int | None) -> bool:
        """Whether the person at this board decides for ``player`` (hot-seat: every non-bot)."""
        if player is None or player in self.bots:
            return False
        return self.seat is None or player == self.seat

    def sees(self, game: BaseGame, player: int | None) -> bool:
        """Whether this board's viewer may see ``player``'s own decision (their hand)."""
        viewer = self.viewer(game)
        return viewer is None or viewer == player

    def acts_now(self, game: BaseGame) -> bool:
        """Whether the person here decides now, seeing their decision."""
        p = game.decider
        return self.may_act(p) and self.sees(game, p)

    # -- bots and automatic steps ----------------------------------------------------------
    def automatic(self, game: BaseGame) -> bool:
        """Whether the decision now is played without the person (a bot's, a night step's)."""
        p = game.decider
        if p is None:
            return self.auto_night and not game.over
        return p in self.bots and self.auto_bots

    def undo_target(self, game: BaseGame) -> bool:
        """Whether undo takes back something of the person's (not only bots' replies)."""
        players = game.history_players
        return any(p is None or p not in self.bots for p in players) if players else game.can_undo

    def run(self, game: BaseGame, on_apply: OnApply) -> None:
        """Let the bots and automatic steps play until the person decides (as set up)."""
        play_until_person(game, self.bots if self.auto_bots else {}, auto_steps=self.auto_night,
                          on_apply=on_apply)

    def play_next(self, game: BaseGame, on_apply: OnApply) -> bool:
        """Play one automatic part (a night step, a bot's decision): False if there is none."""
        return play_one(game, self.bots, on_apply=on_apply) is not None

    def fit(self, game: BaseGame) -> None:
        """Sit at another game: the seat must exist there; bots beyond its players go."""
        if self.seat is not None and self.seat >= game.players:
            raise ValueError(f"seat {self.seat} does not exist in a {game.players}-player game")
        self.bots = {p: b for p, b in self.bots.items() if p < game.players}
        self._last = None


__all__ = ["BotsSpec", "OnApply", "Seats", "ViewerSpec", "check_viewer", "make_bots"]
