"""Machu Picchu (the priests game)."""
from .game import Game

__all__ = ["Game"]
