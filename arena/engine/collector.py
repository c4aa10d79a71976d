"""Fights played without the cyclic garbage collector's pauses: it runs between them instead."""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def between_fights() -> Iterator[None]:
    """Hold the cyclic collector off while a fight is played; it may run once the fight is over.

    A fight makes no reference cycles that outlive it (its objects go by their counts), but it
    makes many objects: the collector, run while they live, walks them and moves them to older
    generations, whose collections then walk the whole content. Run after the fight, it finds
    them gone. Nothing a fight does depends on when the collector runs.
    """
    if not gc.isenabled():
        yield
        return
    gc.disable()
    try:
        yield
    finally:
        gc.enable()
