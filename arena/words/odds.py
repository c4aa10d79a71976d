"""Words of dice and odds drawn from numbers: a choice's label, its rolls, their odds lines.

Bare words: `render` lays the wording in force over the whole once it has drawn them.
"""

from __future__ import annotations

from arena.rules.dice import Tens
from arena.rules.odds import ContestOdds, StorytellerOdds
from arena.rules.views import Choice, RollSpec, StorytellerSpec
from arena.words.core import WORDING, Phrase, Text, bare, dice, words_of


def storyteller_words(pool: int, difficulty: int) -> str:
    """A Storyteller roll in a few words, for a label: ``4 dice at 6``."""
    return bare(Phrase("{} at {}", (dice(pool), difficulty)))


def contest_words(own: int, opposing: int) -> str:
    """A Sorcerer contest in a few words, for a label: ``4 dice against 3``."""
    return bare(Phrase("{} against {}", (dice(own), opposing)))


def storyteller_odds_words(
    pool: int, difficulty: int, tens: Tens, open_ended: bool, odds: StorytellerOdds
) -> str:
    """The exact odds of one Storyteller roll in words."""
    note = tens_note(tens, open_ended=open_ended)
    described = describe_storyteller(odds)
    words = storyteller_words(pool, difficulty)
    return bare(Phrase("{}{}: {}", (words, f", {note}" if note else "", described)))


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
        return bare(Phrase("{} 0.0%: no dice to roll", (Phrase(win),)))
    won, lost, tied = chances
    against: Text = str(opposing)
    if known is not None:
        rolled = " ".join(map(str, sorted(known, reverse=True)))
        more = bare(Phrase(" + {} to roll", (dice(extra),))) if extra else ""
        against = f"[{rolled}]{more}"
    return bare(
        Phrase(
            "{} {:.1%}, lose {:.1%}, tie {:.1%} ({} against {})",
            (Phrase(win), won, lost, tied, dice(own), against),
        )
    )


def roll_words(spec: RollSpec) -> str:
    """A roll a choice would make in a few words: ``4 dice at 6``, ``4 dice against 3``."""
    if isinstance(spec, StorytellerSpec):
        return storyteller_words(spec.pool, spec.difficulty)
    return contest_words(spec.own, spec.opposing)


def roll_odds(spec: RollSpec) -> str:
    """The exact odds of a roll a choice would make, in words."""
    if isinstance(spec, StorytellerSpec):
        odds = spec.odds()
        return storyteller_odds_words(spec.pool, spec.difficulty, spec.tens, spec.open_ended, odds)
    chances = spec.chances() if spec.own > 0 else None
    return contest_odds_words(spec.win, spec.own, spec.opposing, chances, spec.known, spec.extra)


def label(choice: Choice) -> str:
    """What a person reads for a choice: its words, then the dice it rolls (in words)."""
    # Drawn in place, each roll's words too, in few calls: an AI may read every label it weighs.
    # The wording in force applies to the whole, once.
    text = choice.text
    words = text if type(text) is str else words_of(text)  # type: ignore[arg-type]
    if choice.show_rolls and choice.rolls:
        rolls = []
        for r in choice.rolls:
            n = r.pool if type(r) is StorytellerSpec else r.own  # type: ignore[union-attr]
            count = "1 die" if n == 1 else f"{n} dice"
            if type(r) is StorytellerSpec:
                rolls.append(f"{count} at {r.difficulty}")
            else:
                rolls.append(f"{count} against {r.opposing}")  # type: ignore[union-attr]
        words = f"{words} ({', '.join(rolls)})"
    return WORDING[-1](words) if WORDING else words


def choice_odds(choice: Choice) -> str:
    """The exact odds of the rolls a choice makes, in words, e.g. ``hit 84.4%``."""
    return "; ".join([roll_odds(r) for r in choice.rolls])


def storyteller_parts(odds: StorytellerOdds) -> list[str]:
    """The odds of a Storyteller roll as the parts of a line: success, botch, expected."""
    parts = [f"success {odds.p_success:.1%}"]
    if not odds.open_ended:
        parts.append(f"botch {odds.p_botch:.1%}")
    parts.append(f"expected {odds.expected:.2f}")
    return parts


def describe_storyteller(odds: StorytellerOdds) -> str:
    """One line in words, e.g. "success 74.0%, botch 6.1%, expected 1.2"."""
    return ", ".join(storyteller_parts(odds))


def describe_contest(odds: ContestOdds) -> str:
    """One line in words, e.g. "first wins 45.2%, second wins 45.2%, complete tie 9.6%"."""
    return (
        f"first wins {odds.p_first:.1%}, second wins {odds.p_second:.1%}, "
        f"complete tie {odds.p_tie:.1%}"
    )
