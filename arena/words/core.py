"""Words drawn from phrases (ids and numbers) when a front end reads them."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Final

from arena.rules.fast import quick_init
from arena.rules.phrase import Lines, Phrase, Said, Text
from arena.words.catalogue import TEMPLATES

__all__ = [
    "DRAWINGS",
    "LINES",
    "Drawn",
    "Lines",
    "Phrase",
    "Said",
    "Text",
    "render",
    "render_lines",
]


@quick_init
@dataclass(frozen=True, slots=True)
class Drawn:
    """Words a function draws from its numbers, only when someone reads them.

    For the layers above the rules (the AI, the engine), which may name a drawing function
    directly; below them a drawing is named by its id (`DRAWINGS`). `words` is a pure,
    module-level function and `args` are values that never change, so a text drawn late reads
    as it would have read when made, and it pickles.
    """

    words: Callable[..., str]
    """The function that draws the words."""
    args: tuple[object, ...] = ()
    """The values it takes, in order (a text among them is drawn first)."""

    def __str__(self) -> str:
        return render(self)


DRAWINGS: dict[str, Callable[..., str]] = {}
"""Phrase id -> the pure function that draws its words from its values, for words a template
cannot say (plurals, lists, optional parts); filled by `arena.words.drawings`."""

LINES: dict[str, Callable[..., tuple[Text, ...]]] = {}
"""`Lines` id -> the pure function that gives its lines as texts; filled likewise."""


def render_lines(lines: Said) -> tuple[str, ...]:
    """The words of each line, in the wording in force."""
    if type(lines) is Lines:
        lines = LINES[lines.words](*lines.args)
    return tuple([render(line) for line in lines])  # type: ignore[union-attr]


WORDING: list[Callable[[str], str]] = []
"""A different wording laid over every rendered text (tests prove nothing reads the words)."""


def render(text: Text | Drawn) -> str:
    """The words of a text, in the wording in force."""
    # Types compared in place of isinstance, and a phrase's own words drawn here rather than
    # through `words_of` (no call): views draw words for every combatant they show.
    if type(text) is Phrase:
        args = text.args
        for arg in args:
            if type(arg) in _TEXTS:
                args = tuple(words_of(a) if type(a) in _TEXTS else a for a in args)  # type: ignore[arg-type]
                break
        template = text.template
        if template in TEMPLATES:
            words = TEMPLATES[template].format(*args)
        elif template in DRAWINGS:
            words = DRAWINGS[template](*args)
        else:
            words = template.format(*args)
    elif type(text) is Drawn:
        words = words_of(text)
    else:
        words = text  # type: ignore[assignment]
    return WORDING[-1](words) if WORDING else words


def bare(text: Text | Drawn) -> str:
    """The words of a text within a text being drawn: the wording in force applies to the whole."""
    return words_of(text) if type(text) in _TEXTS else text  # type: ignore[arg-type,return-value]


def words_of(text: Phrase | Drawn) -> str:
    """A phrase's bare words, without the wording in force (the caller lays it over the whole)."""
    # A text within a text gives its bare words: the wording in force applies once, to the whole.
    # The args are copied only when one of them is a text.
    args = text.args
    for arg in args:
        if type(arg) in _TEXTS:
            args = tuple(words_of(a) if type(a) in _TEXTS else a for a in args)  # type: ignore[arg-type]
            break
    if type(text) is Drawn:
        return text.words(*args)
    template = text.template  # type: ignore[union-attr]
    if template in TEMPLATES:
        return TEMPLATES[template].format(*args)
    if template in DRAWINGS:
        return DRAWINGS[template](*args)
    return template.format(*args)


_TEXTS: Final = frozenset({Phrase, Drawn})
"""The texts drawn late (anything else is a ``str``, words already drawn)."""


@contextmanager
def reworded(transform: Callable[[str], str]) -> Iterator[None]:
    """Render every text through `transform` while inside the block."""
    WORDING.append(transform)
    try:
        yield
    finally:
        WORDING.pop()


def and_list(names: Sequence[str]) -> str:
    """``Tom``, ``Tom and Vilna``, ``Tom, Vilna and Mara``."""
    if len(names) <= 1:
        return "".join(names)
    return f"{', '.join(names[:-1])} and {names[-1]}"


def won_by(names: Sequence[str], side: str) -> str:
    """Who won, by name: ``Vilna wins``, ``Bruiser and Cutter win`` (the side's id if none)."""
    if not names:
        return f"{side} wins"
    return f"{and_list(names)} {'wins' if len(names) == 1 else 'win'}"


def dice(count: int) -> str:
    """``1 die``, ``3 dice``: words for a sentence that is rendered as a whole."""
    return "1 die" if count == 1 else f"{count} dice"
