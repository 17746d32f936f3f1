"""How a game shows itself in a notebook (Jupyter's display hooks), for every game: its
picture (the teacher's view, by the game's ``picture``), the same as an image with the
picture's title for its alt text (JupyterLab shows an SVG output as an ``<img>`` without
one), and a text form that is the situation in the current language.

>>> from mp_tutor import Game
>>> Game.new(players=2, seed=1)._repr_html_()[:4]
'<img'
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .markup import svg_image


class Shown:
    """The display hooks of :class:`~mp_tutor.core.game.BaseGame` (a mixin: it reads the
    game's ``picture``, ``view`` and ``summary``)."""

    picture: Callable[[Any], str] | None = None

    def view(self, player: int | None = None) -> Any:  # pragma: no cover - the game's own
        raise NotImplementedError

    def summary(self) -> str:  # pragma: no cover - the game's own
        raise NotImplementedError

    def _repr_svg_(self) -> str | None:
        """The board as a picture (Jupyter shows it): the teacher's view, by ``picture``."""
        return picture(self.view(None)) if (picture := type(self).picture) is not None else None

    def _repr_html_(self) -> str | None:
        """The picture as an image with its title for alt (JupyterLab's SVG ``<img>`` has none)."""
        return (svg := self._repr_svg_()) and str(svg_image(svg))

    def _repr_pretty_(self, printer: Any, cycle: bool) -> None:
        """A notebook's text form: the situation, in the current language (not ``repr``)."""
        printer.text(self.summary().splitlines()[0])


__all__ = ["Shown"]
