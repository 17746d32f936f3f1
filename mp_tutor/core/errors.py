"""The error of a malformed file: names the file and the field.

>>> str(FileFieldError("x.toml", "players.Blue.goods", "must be a table"))
'x.toml: players.Blue.goods: must be a table'
>>> shown("x" * 100, 12), shown(10**5000)
("'xxxxxxxx...", 'a number of 5001 digits')
"""

from __future__ import annotations

import math


def shown(value: object, limit: int = 40) -> str:
    """``repr(value)`` cut to ``limit`` characters, for error messages about any input.

    Never raises: a huge integer (whose ``repr`` Python refuses beyond 4,300 digits) is
    described by its size, and an object whose ``repr`` fails by its type.
    """
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 256:
        digits = int(value.bit_length() * math.log10(2)) + 1
        if abs(value) < 10 ** (digits - 1):
            digits -= 1
        return f"a number of {digits} digits"
    try:
        text = repr(value)
    except Exception:  # noqa: BLE001 - a hostile object's repr
        text = f"<{type(value).__name__}>"
    return text if len(text) <= limit else text[: max(1, limit - 3)] + "..."


class FileFieldError(ValueError):
    """A file (game data, scenario, chapter, save) is malformed; ``path`` and ``field`` say where."""

    def __init__(self, path: str, field_name: str, message: str) -> None:
        self.path = str(path)
        self.field = field_name
        self.message = message
        super().__init__(f"{self.path}: {field_name}: {message}")


class StateError(ValueError):
    """A stored state is malformed (``field`` names the part)."""

    def __init__(self, path: str, field_name: str, message: str) -> None:
        self.field = field_name
        self.message = message
        super().__init__(f"{field_name}: {message}" if path in ("", "state") else
                         f"{path}.{field_name}: {message}")


class DataError(FileFieldError):
    """A value in a game's data file is missing or wrong; ``key`` (= ``field``) names it."""

    @property
    def key(self) -> str:
        return self.field


__all__ = ["DataError", "FileFieldError", "StateError", "shown"]
