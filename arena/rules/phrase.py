"""Words as values: a phrase id and its numbers, drawn into words only by `arena.words`."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from arena.rules.fast import quick_init


@quick_init
@dataclass(frozen=True, slots=True)
class Phrase:
    """Words with their numbers kept apart, put into words only when someone reads them."""

    template: str
    """A phrase id of `arena.words` (a template ``ww_lands`` or a drawing ``band_words``), or
    a ``str.format`` template itself."""
    args: tuple[object, ...] = ()
    """The values it takes, in order (a text among them is drawn first)."""

    def __str__(self) -> str:
        return draw(self)


Text = Phrase | str
"""What the rules hand the presentation: words ready-made or a phrase still to draw."""


@quick_init
@dataclass(frozen=True, slots=True)
class Lines:
    """Several lines whose number the values decide (a combatant's notes, the order track)."""

    words: str
    """The id of the drawing that gives the lines, e.g. ``werewolf_order_lines``."""
    args: tuple[object, ...] = ()
    """The values it takes, in order."""


Said = Lines | tuple[Text, ...]
"""Lines of words: each a text, or all drawn from values when read."""


def _unset(text: object) -> str:
    raise RuntimeError("no words to draw with: arena.words is not imported")


draw: Callable[[Text], str] = _unset
"""The words of a text, as `arena.words` draws them (it sets this when imported)."""
draw_lines: Callable[[Said], tuple[str, ...]] = _unset  # type: ignore[assignment]
"""The words of each line, as `arena.words` draws them (it sets this when imported)."""
draw_label: Callable[[Any], str] = _unset
"""A choice's label (its words, then its rolls' dice), as `arena.words` draws it: a drawing of
its own, in few calls, because an AI may read every label it weighs."""


def use_words(
    text: Callable[[Text], str],
    lines: Callable[[Said], tuple[str, ...]],
    label: Callable[[Any], str],
) -> None:
    """Draw every text with these (the presentation package calls this once, when imported)."""
    global draw, draw_lines, draw_label
    draw, draw_lines, draw_label = text, lines, label
