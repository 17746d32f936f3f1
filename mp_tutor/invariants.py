"""Kept for the public API: the Princes' invariants (:mod:`mp_tutor.princes.invariants`)."""

from .princes.invariants import check_invariants

__all__ = ["check_invariants"]
