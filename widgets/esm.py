"""The widgets' browser modules: each is ``common.js`` (shared helpers) and its own file."""

from __future__ import annotations

from pathlib import Path

HERE = Path(__file__).parent


def module(name: str) -> str:
    """The ESM text of a widget: the shared helpers, then ``name`` (e.g. ``"board.js"``)."""
    return (HERE / "common.js").read_bytes().decode() + "\n" + (HERE / name).read_bytes().decode()


#: the stylesheet every widget of the tutor shares
CSS = HERE / "board.css"

__all__ = ["CSS", "HERE", "module"]
