"""The widgets' browser modules: each is ``common.js`` (shared helpers) and its own file."""

from __future__ import annotations

from pathlib import Path

HERE = Path(__file__).parent


def module(*names: str) -> str:
    """The ESM text of a widget: the shared helpers, then ``names`` (e.g. ``"board.js"``)."""
    return "\n".join((HERE / name).read_bytes().decode() for name in ("common.js", *names))


#: the stylesheet every widget of the tutor shares
CSS = HERE / "board.css"

__all__ = ["CSS", "HERE", "module"]
