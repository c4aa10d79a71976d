"""Phrases of plain numbers and names, made once and carried from fight to fight."""

from __future__ import annotations

from functools import lru_cache

from arena.rules.phrase import Phrase


@lru_cache(maxsize=4096)
def said(template: str, args: tuple[object, ...] = ()) -> Phrase:
    """``Phrase(template, args)``, one value for the same template and plain arguments.

    The same names and numbers come back round after round and fight after fight (a
    combatant's prompt, a damage line, a die count); a kept phrase is found in one lookup,
    where a new one costs a frozen value's making. Only names, numbers and flags go in: a
    phrase among the arguments would be hashed through a call of its own.
    """
    return Phrase(template, args)
