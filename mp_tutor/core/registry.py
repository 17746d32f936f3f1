"""The games of the tutor: each is a package ``mp_tutor.<name>`` that exposes ``GAME``.

The core names no game: it finds them by looking for packages with a ``GAME`` attribute.

>>> info = get_game("princes")
>>> str(info.title), info.game.__name__
('The Princes of Machu Picchu', 'Game')
>>> "princes" in known_games()
True
"""

from __future__ import annotations

import importlib
import inspect
import pkgutil
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from . import scenarios as core_scenarios
from . import tomlfile

if TYPE_CHECKING:  # the game protocol, for annotations only
    from .coaching import GameSupport
    from .editing import EditSpec
    from .game import BaseGame
    from .i18n import Msg
    from .rules import RuleBook
    from .scenarios import Scenario
    from .table import Bot

PACKAGE_DIR = Path(__file__).resolve().parents[1]
#: packages of ``mp_tutor`` that are not games
NOT_GAMES = frozenset({"core", "widgets", "coach", "studio"})


@dataclass(frozen=True)
class GameInfo:
    """What the tutor needs to know about one game."""

    name: str
    title: Msg | str  # a message: rendered in the current language
    game: type[BaseGame]  # the BaseGame subclass
    #: the bots by name: ``bots[name](seed=...)`` seats one (each bot class says what more)
    bots: dict[str, Callable[..., Bot]]
    chapter_dir: Path
    scenarios: core_scenarios.ScenarioLibrary
    #: how to make a new game: ``new(players=, seed=, **options)``
    new: Callable[..., BaseGame]
    #: the default and allowed player counts
    players: tuple[int, ...] = (2, 3, 4)
    #: the players' names (colours), in seat order
    colours: tuple[str, ...] = ()
    #: where the chapter notebooks go, relative to the repository
    notebook_dir: str = ""
    #: how to play on the game's board, in a sentence (a message, for the notebooks)
    board_help: Msg | str = ""
    #: the board's static picture of a position (``svg(view, **options) -> str``), if any
    svg: Callable[..., str] | None = None
    #: what the game gives the coach (``mp_tutor.coach.search.Support``), if anything
    coach: GameSupport | None = None
    #: what a teacher may set up by hand in a position (the studio's editor), if anything
    editing: EditSpec | None = None

    @property
    def new_options(self) -> frozenset[str]:
        """The keyword arguments ``new`` takes (``players``, ``seed``, ``first``...)."""
        return frozenset(inspect.signature(self.new).parameters)

    @classmethod
    def of(cls, game: type[BaseGame], *, title: Msg | str, bots: dict[str, Callable[..., Bot]],
           scenarios: core_scenarios.ScenarioLibrary, notebook_dir: str = "",
           board_help: Msg | str = "", coach: GameSupport | None = None,
           editing: EditSpec | None = None) -> GameInfo:
        """The info of a game package, with what its ``Game`` class says: the name,
        ``new``, the colours, the chapters beside the game's module, the player counts of
        its data file and its picture.

        >>> from mp_tutor.priests import GAME, Game
        >>> info = GameInfo.of(Game, title=GAME.title, bots={}, scenarios=GAME.scenarios)
        >>> info.name, info.players, info.chapter_dir == GAME.chapter_dir
        ('priests', (2, 3, 4), True)
        """
        return cls(game.name, title, game, bots, Path(inspect.getfile(game)).with_name("chapters"),
                   scenarios, game.new, tuple(range(game.data.min_players, game.data.max_players + 1)),
                   tuple(game.colours), notebook_dir, board_help, game.picture, coach, editing)

    @property
    def rules(self) -> RuleBook:
        return self.game.rules

    @property
    def variants(self) -> dict[str, tuple[str, ...]]:
        """The game's variants: ``{name: (the default reading, the other readings...)}``."""
        return dict(self.game.variants)

    @property
    def scenario_dirs(self) -> tuple[Path, ...]:
        return self.scenarios.dirs

    def read_scenario(self, name_or_path: str | Path, text: str | None = None) -> Scenario:
        return self.scenarios.read(name_or_path, text)

    def load_scenario(self, name_or_path: str | Path) -> BaseGame:
        return self.scenarios.load(name_or_path)

    def scenario_names(self) -> list[str]:
        """The scenarios shipped with the game (the first folder: the rulebook's examples)."""
        return self.scenarios.names()


def get_game(name: str) -> GameInfo:
    """The game called ``name`` (``princes``, ``priests``, ...)."""
    if not isinstance(name, str) or not name.isidentifier() or name in NOT_GAMES:
        raise KeyError(f"no game {name!r} (games: {', '.join(known_games())})")
    try:
        module = importlib.import_module(f"mp_tutor.{name}")
    except ImportError:
        raise KeyError(f"no game {name!r} (games: {', '.join(known_games())})") from None
    info = getattr(module, "GAME", None)
    if not isinstance(info, GameInfo):
        raise KeyError(f"no game {name!r} (games: {', '.join(known_games())})")
    return info


def info_for(game: BaseGame | type[BaseGame]) -> GameInfo:
    """The :class:`GameInfo` of a game object or class (``KeyError`` if none is installed)."""
    cls = game if isinstance(game, type) else type(game)
    # the game's own package first: the others are not imported for it (the first cell of a
    # chapter asks, and importing every game costs it a tenth of a second in the browser)
    package, _, rest = cls.__module__.partition(".")
    own = rest.partition(".")[0]
    if package == __package__.partition(".")[0] and own and own not in NOT_GAMES:
        try:
            info = get_game(own)
        except KeyError:
            pass
        else:
            if isinstance(info.game, type) and issubclass(cls, info.game):
                return info
    for name in known_games():
        info = get_game(name)
        if isinstance(info.game, type) and issubclass(cls, info.game):
            return info
    raise KeyError(f"{cls.__name__} is not a game of the tutor")


def read_scenario_file(path: str | Path, text: str | None = None) -> Scenario:
    """A scenario file read by its game: the one its ``[scenario] game`` names, else the one
    whose library folder holds it, else the first whose tables and position reader take it
    (a file no game reads gets the error of the game it fits best, rather than "unknown
    table"). Every problem is a ``ScenarioError`` naming the file and the field.

    >>> read_scenario_file(get_game("priests").scenario_dirs[0] / "pushed-out.toml").game_type.name
    'priests'
    """
    path = Path(path)
    if text is None:
        text = tomlfile.read_bytes(path, core_scenarios.ScenarioError)
    raw = tomlfile.parse(str(path), text, core_scenarios.ScenarioError)
    meta = raw.get("scenario")
    named = meta.get("game") if isinstance(meta, dict) else None
    games = [get_game(name) for name in known_games()]
    if named is not None:
        if named not in known_games():
            raise core_scenarios.ScenarioError(str(path), "scenario.game", f"no game {named!r} "
                                               f"(games: {', '.join(known_games())})")
        games = [get_game(str(named))]
    else:
        home = [i for i in games if path.resolve().parent in [d.resolve() for d in i.scenario_dirs]]
        tables = set(raw) - {"scenario", "script", "check"}
        games = home or [i for i in games if tables <= set(i.game.position.tables)] or games
    errors: list[core_scenarios.ScenarioError] = []
    for info in games:
        try:
            return core_scenarios.read_scenario(info.game, path, text)
        except core_scenarios.ScenarioError as exc:
            errors.append(exc)
    raise min(errors, key=lambda e: e.message.startswith("unknown"))


def known_games() -> list[str]:
    """Names of every game package installed."""
    names = []
    for mod in pkgutil.iter_modules([str(PACKAGE_DIR)]):
        if mod.ispkg and mod.name not in NOT_GAMES:
            try:
                module = importlib.import_module(f"mp_tutor.{mod.name}")
            except ImportError:
                continue
            if isinstance(getattr(module, "GAME", None), GameInfo):
                names.append(mod.name)
    return sorted(names)


__all__ = ["GameInfo", "get_game", "info_for", "known_games", "read_scenario_file"]
