"""Words kept apart from their numbers until a front end reads them: phrases, drawn texts."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Final

from arena.rules.fast import quick_init
from arena.words.catalogue import TEMPLATES


@quick_init
@dataclass(frozen=True, slots=True)
class Phrase:
    """Words with their numbers kept apart, formatted only when someone reads them."""

    template: str
    """A template id of the catalogue (``ww_lands``), or a ``str.format`` template itself."""
    args: tuple[object, ...] = ()
    """The values the template takes, in order (a text among them is formatted in place)."""

    def __str__(self) -> str:
        return render(self)


@quick_init
@dataclass(frozen=True, slots=True)
class Drawn:
    """Words a function draws from its numbers, only when someone reads them.

    For words a template cannot say (plurals, lists, optional parts). `words` is a pure,
    module-level function and `args` are values that never change, so a text drawn late
    reads as it would have read when made, and it pickles.
    """

    words: Callable[..., str]
    """The function that draws the words, e.g. ``faces``'s ``[8, 6, 1] at 6: 1 success``."""
    args: tuple[object, ...] = ()
    """The values it takes, in order (a text among them is drawn first)."""

    def __str__(self) -> str:
        return render(self)


Text = Phrase | Drawn | str
"""What the engine hands the presentation: words ready-made or words still to draw."""


@quick_init
@dataclass(frozen=True, slots=True)
class Lines:
    """Several lines of words a function draws from its numbers, only when someone reads them.

    As `Drawn`, for a list whose length the numbers decide (a combatant's notes, the order
    track): `words` is a pure, module-level function of `args` giving the lines as texts.
    """

    words: Callable[..., tuple[Text, ...]]
    """The function that gives the lines, e.g. the order track's ``9: Vilna``, ``5: Tom``."""
    args: tuple[object, ...] = ()
    """The values it takes, in order."""


Said = Lines | tuple[Text, ...]
"""Lines of words: each a text, or all drawn from numbers when read."""


def render_lines(lines: Said) -> tuple[str, ...]:
    """The words of each line, in the wording in force."""
    if type(lines) is Lines:
        lines = lines.words(*lines.args)
    return tuple([render(line) for line in lines])  # type: ignore[union-attr]


_wording: list[Callable[[str], str]] = []
"""A different wording laid over every rendered text (tests prove nothing reads the words)."""


def render(text: Text) -> str:
    """The words of a text, in the wording in force."""
    # Types compared in place of isinstance, and a phrase's own words drawn here rather than
    # through `_words` (no call): views draw words for every combatant they show.
    if type(text) is Phrase:
        args = text.args
        for arg in args:
            if type(arg) in _TEXTS:
                args = tuple(_words(a) if type(a) in _TEXTS else a for a in args)  # type: ignore[arg-type]
                break
        template = text.template
        if template in TEMPLATES:
            template = TEMPLATES[template]
        words = template.format(*args)
    elif type(text) is Drawn:
        words = _words(text)
    else:
        words = text  # type: ignore[assignment]
    return _wording[-1](words) if _wording else words


def bare(text: Text) -> str:
    """The words of a text within a text being drawn: the wording in force applies to the whole."""
    words: str = _words(text) if type(text) in _TEXTS else text  # type: ignore[arg-type,assignment]
    return words


def _words(text: Phrase | Drawn) -> str:
    # A text within a text gives its bare words: the wording in force applies once, to the whole.
    # The args are copied only when one of them is a text.
    args = text.args
    for arg in args:
        if type(arg) in _TEXTS:
            args = tuple(_words(a) if type(a) in _TEXTS else a for a in args)  # type: ignore[arg-type]
            break
    if type(text) is Phrase:
        template = text.template
        if template in TEMPLATES:
            template = TEMPLATES[template]
        return template.format(*args)
    return text.words(*args)  # type: ignore[union-attr]


_TEXTS: Final = frozenset({Phrase, Drawn})
"""The texts drawn late (anything else is a ``str``, words already drawn)."""


@contextmanager
def reworded(transform: Callable[[str], str]) -> Iterator[None]:
    """Render every text through `transform` while inside the block."""
    _wording.append(transform)
    try:
        yield
    finally:
        _wording.pop()


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
