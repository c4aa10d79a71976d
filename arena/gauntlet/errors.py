"""The one error a gauntlet raises for bad input: a bad choice, an unknown name, a bad save."""

from __future__ import annotations


class GauntletError(Exception):
    """A run cannot do what was asked; the message says why, in one line."""
