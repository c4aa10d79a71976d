"""Words of dice and odds drawn from numbers: labels, odds lines; the rest is `arena.words`."""

from __future__ import annotations

from collections.abc import Sequence

from arena.rules.dice import Tens
from arena.rules.odds import StorytellerOdds, contest_odds, describe_storyteller
from arena.words.core import Drawn as Drawn
from arena.words.core import Phrase as Phrase
from arena.words.core import Text as Text
from arena.words.core import and_list as and_list
from arena.words.core import dice as dice
from arena.words.core import render as render
from arena.words.core import reworded as reworded
from arena.words.core import won_by as won_by

CONTEST_CAP = 30
"""Contest odds are exact up to this many dice a side; larger pools are shown at the cap."""


def storyteller_words(pool: int, difficulty: int) -> str:
    """A Storyteller roll in a few words, for a label: ``4 dice at 6``."""
    return render(Phrase("{} at {}", (dice(pool), difficulty)))


def contest_words(own: int, opposing: int) -> str:
    """A Sorcerer contest in a few words, for a label: ``4 dice against 3``."""
    return render(Phrase("{} against {}", (dice(own), opposing)))


def storyteller_odds_words(
    pool: int, difficulty: int, tens: Tens, open_ended: bool, odds: StorytellerOdds
) -> str:
    """The exact odds of one Storyteller roll in words."""
    note = tens_note(tens, open_ended=open_ended)
    described = describe_storyteller(odds)
    words = storyteller_words(pool, difficulty)
    return render(Phrase("{}{}: {}", (words, f", {note}" if note else "", described)))


def tens_note(tens: Tens, *, open_ended: bool) -> str:
    """What the 10s do, when it is not the roll's usual rule; empty when it is.

    A damage or soak roll usually rerolls its 10s (the seed), an action roll does not.
    """
    if tens == "double":
        return "10s count twice"
    if tens == "reroll":
        return "" if open_ended else "10s roll again"
    return "10s not rerolled" if open_ended else ""


def contest_odds_words(
    win: str,
    own: int,
    opposing: int,
    chances: tuple[float, float, float] | None,
    known: tuple[int, ...] | None = None,
    extra: int = 0,
) -> str:
    """The exact odds of one Sorcerer contest in words.

    ``chances`` is the chooser's (win, lose, tie), None when it has no dice to roll; a
    defence names the attacker's ``known`` faces and the ``extra`` dice it has still to roll.
    """
    # `win` is a template id (``sorc_win_push``) or a word of its own (``hit``).
    if own <= 0 or chances is None:
        return render(Phrase("{} 0.0%: no dice to roll", (Phrase(win),)))
    won, lost, tied = chances
    against: Text = str(opposing)
    if known is not None:
        rolled = " ".join(map(str, sorted(known, reverse=True)))
        more = render(Phrase(" + {} to roll", (dice(extra),))) if extra else ""
        against = f"[{rolled}]{more}"
    return render(
        Phrase(
            "{} {:.1%}, lose {:.1%}, tie {:.1%} ({} against {})",
            (Phrase(win), won, lost, tied, dice(own), against),
        )
    )


def choice_label(text: Text, rolls: Sequence[str]) -> str:
    """What a person reads for a choice: its words, then the dice it rolls (in words)."""
    words = render(text)
    if not rolls:
        return words
    return f"{words} ({', '.join(rolls)})"


def contest_chances(own: int, opposing: int) -> tuple[float, float, float]:
    """(win, lose, complete tie) of a fresh contest, capped at `CONTEST_CAP` dice a side."""
    odds = contest_odds(min(own, CONTEST_CAP), min(max(opposing, 0), CONTEST_CAP))
    return odds.p_first, odds.p_second, odds.p_tie
