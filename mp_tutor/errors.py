"""Kept for the public API: see :mod:`mp_tutor.core.errors`."""

from .core.errors import FileFieldError

__all__ = ["FileFieldError"]
