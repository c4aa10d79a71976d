"""The one error a batch raises for bad input: a bad argument, change or scenario."""

from __future__ import annotations


class SimError(Exception):
    """A batch cannot run as asked; the message says why, naming the argument or file."""
