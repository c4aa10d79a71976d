"""Words drawn from numbers: the one place labels, odds lines and prompts are rendered."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from typing import TYPE_CHECKING

from arena.rules.dice import Tens
from arena.rules.fast import quick_init
from arena.rules.odds import contest_odds, describe_storyteller

if TYPE_CHECKING:
    from arena.rules.views import Choice, ContestSpec, RollSpec

CONTEST_CAP = 30
"""Contest odds are exact up to this many dice a side; larger pools are shown at the cap."""


@quick_init
@dataclass(frozen=True, slots=True)
class Phrase:
    """Words with their numbers kept apart, formatted only when someone reads them."""

    template: str
    """A ``str.format`` template, e.g. ``"Punch {}"``."""
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

_wording: list[Callable[[str], str]] = []
"""A different wording laid over every rendered text (tests prove nothing reads the words)."""


def render(text: Text) -> str:
    """The words of a text, in the wording in force."""
    words = text if isinstance(text, str) else _words(text)
    return _wording[-1](words) if _wording else words


def _words(text: Phrase | Drawn) -> str:
    # A text within a text gives its bare words: the wording in force applies once, to the whole.
    args = [_words(a) if isinstance(a, Phrase | Drawn) else a for a in text.args]
    if isinstance(text, Phrase):
        return text.template.format(*args)
    return text.words(*args)


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


def roll_words(spec: RollSpec) -> str:
    """A roll in a few words, for a label: ``4 dice at 6`` or ``4 dice against 3``."""
    from arena.rules.views import ContestSpec

    if isinstance(spec, ContestSpec):
        return render(Phrase("{} against {}", (dice(spec.own), spec.opposing)))
    return render(Phrase("{} at {}", (dice(spec.pool), spec.difficulty)))


def roll_odds(spec: RollSpec) -> str:
    """The exact odds of one roll in words."""
    from arena.rules.views import ContestSpec

    if isinstance(spec, ContestSpec):
        return _contest_odds(spec)
    note = tens_note(spec.tens, open_ended=spec.open_ended)
    odds = describe_storyteller(spec.odds())
    return render(Phrase("{}{}: {}", (roll_words(spec), f", {note}" if note else "", odds)))


def tens_note(tens: Tens, *, open_ended: bool) -> str:
    """What the 10s do, when it is not the roll's usual rule; empty when it is.

    A damage or soak roll usually rerolls its 10s (the seed), an action roll does not.
    """
    if tens == "double":
        return "10s count twice"
    if tens == "reroll":
        return "" if open_ended else "10s roll again"
    return "10s not rerolled" if open_ended else ""


def _contest_odds(spec: ContestSpec) -> str:
    if spec.own <= 0:
        return render(Phrase("{} 0.0%: no dice to roll", (spec.win,)))
    win, lose, tie = spec.chances()
    return render(
        Phrase(
            "{} {:.1%}, lose {:.1%}, tie {:.1%} ({} against {})",
            (spec.win, win, lose, tie, dice(spec.own), spec.opposing),
        )
    )


def choice_label(choice: Choice) -> str:
    """What a person reads for a choice: its words, then the dice it rolls."""
    words = render(choice.text)
    if not choice.rolls or not choice.show_rolls:
        return words
    return f"{words} ({', '.join(roll_words(r) for r in choice.rolls)})"


def choice_odds(choice: Choice) -> str:
    """The exact odds of the rolls a choice makes, in words ("" when it rolls nothing)."""
    return "; ".join(roll_odds(r) for r in choice.rolls)


def contest_chances(own: int, opposing: int) -> tuple[float, float, float]:
    """(win, lose, complete tie) of a fresh contest, capped at `CONTEST_CAP` dice a side."""
    odds = contest_odds(min(own, CONTEST_CAP), min(max(opposing, 0), CONTEST_CAP))
    return odds.p_first, odds.p_second, odds.p_tie
