"""Fights played without the cyclic garbage collector's pauses: it runs between them instead."""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def between_fights() -> Iterator[None]:
    """Hold the cyclic collector off while a fight is played; it may run once the fight is over.

    A fight leaves few reference cycles, if any (its objects go by their counts), but it makes
    many objects: the collector, run while they live, walks them and moves them to older
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


@contextmanager
def set_aside_while() -> Iterator[None]:
    """Leave everything alive now out of the collector's walks for a block, then give it back.

    For fights played one after another in a caller's process (a batch with one job): what
    was alive before the first (the content, the modules, the caller's own) outlives them
    all, yet each full collection walked it again, a few hundredths of a second every couple
    of hundred fights. The process is as it was after the block. A process that keeps objects
    aside already (a front end's own), or runs without the collector, is left alone.
    """
    if gc.get_freeze_count() or not gc.isenabled():
        yield
        return
    gc.freeze()
    try:
        yield
    finally:
        gc.unfreeze()


def kept_for_good() -> None:
    """Leave everything alive now out of the cyclic collector's walks from here on.

    For a process that has just loaded what it keeps until it ends (the content, the rulesets'
    modules): a full collection then walks only what came after, about half as much in a gang
    fight's batch. Only for processes of its own (a worker, a command), never a caller's.
    """
    gc.freeze()
