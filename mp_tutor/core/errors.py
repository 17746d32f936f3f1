"""The error of a malformed file: names the file and the field.

>>> str(FileFieldError("x.toml", "players.Blue.goods", "must be a table"))
'x.toml: players.Blue.goods: must be a table'
"""

from __future__ import annotations


class FileFieldError(ValueError):
    """A file (game data, scenario, chapter, save) is malformed; ``path`` and ``field`` say where."""

    def __init__(self, path: str, field_name: str, message: str) -> None:
        self.path = str(path)
        self.field = field_name
        self.message = message
        super().__init__(f"{self.path}: {field_name}: {message}")


__all__ = ["FileFieldError"]
