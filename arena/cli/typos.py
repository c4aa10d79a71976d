"""What a mistyped option may have meant: the options it begins, then those spelt nearly so."""

from __future__ import annotations

import difflib
from collections.abc import Iterable, Mapping, Sequence
from typing import Final

NEAREST: Final = 3
"""Options offered for one spelt nearly so, at most: more would bury the right one."""
CUTOFF: Final = 0.6
"""How alike (difflib's ratio, 0 to 1) an option's name must be to be offered: ``sed`` and
``seed`` are 0.86, ``ai`` and ``as`` 0.5."""


def near_options(typed: str, known: Sequence[str]) -> tuple[str, ...]:
    """The options `typed` may have meant, in the order the parser lists them.

    Prefixes are not taken as options (``--ai`` is not ``--ai-budget``), so those an option
    begins come first; then the nearest by spelling (``--sed``: ``--seed``).

    Args:
        typed: an unrecognized argument as given, ``--ai`` or ``--ai=zz``.
        known: the parser's option strings.

    Returns:
        The options, none when `typed` is no option or near none; the nearest first.
    """
    if not typed.startswith("-") or typed == "-":
        return ()
    name = typed.split("=", 1)[0]
    begun = [o for o in known if o.startswith(name) and o != name and len(name) > 2]
    # Spelling is compared without the dashes, which every option shares.
    bare = {o.lstrip("-"): o for o in reversed(known)}
    near = difflib.get_close_matches(name.lstrip("-"), list(bare), n=NEAREST, cutoff=CUTOFF)
    return (*begun, *(bare[n] for n in near if bare[n] not in (*begun, name)))


def near_names(typed: str, known: Iterable[str]) -> tuple[str, ...]:
    """The names `typed` may have meant (a scenario's, say), the nearest first."""
    return tuple(difflib.get_close_matches(typed, list(known), n=NEAREST, cutoff=CUTOFF))


def either(names: Sequence[str]) -> str:
    """``a``, ``a or b``, ``a, b or c``: the names offered for one mistyped."""
    return " or ".join((", ".join(names[:-1]), names[-1]) if names[1:] else names)


def hints(extra: Iterable[str], meant: Mapping[str, Sequence[str]]) -> str:
    """``--ai: did you mean --ai-budget or --as?``, for each mistyped option that has one."""
    said = []
    for typed in dict.fromkeys(extra):
        options = meant.get(typed, ())
        if options:
            said.append(f"{typed.split('=', 1)[0]}: did you mean {either(options)}?")
    return "; ".join(said)
