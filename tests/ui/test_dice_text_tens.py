"""The dice tray marks a 10 as rolled again only when it added a die."""

from __future__ import annotations

from arena.rules.dice import RiggedDice, roll_open, roll_tens
from arena.ui.dice_text import storyteller_text


def test_a_plain_damage_roll_marks_no_ten_as_rolled_again() -> None:
    # damage_tens: plain: the 10 is one success and adds no die.
    roll = roll_open(RiggedDice([10, 3]), 2, reroll_tens=False)
    assert storyteller_text(roll).plain == "2d@6: [10] 3 → 1 success"


def test_a_rerolled_ten_is_marked_and_its_die_is_extra() -> None:
    # The seed: the 10 adds a die, which shows 7.
    roll = roll_open(RiggedDice([10, 3, 7]), 2)
    assert storyteller_text(roll).plain == "2d@6: [10]^ 3 +[7] → 2 successes (1 rerolled)"


def test_a_specialty_reroll_marks_its_ten_too() -> None:
    roll = roll_tens(RiggedDice([10, 1, 4]), 2, 6, tens="reroll")
    assert (
        storyteller_text(roll).plain
        == "2d@6: [10]^ (1) +4 → 0 successes (1 cancelled by 1s, 1 rerolled)"
    )


def test_a_doubled_ten_is_not_marked_as_rolled_again() -> None:
    roll = roll_tens(RiggedDice([10, 5]), 2, 6, tens="double")
    assert storyteller_text(roll).plain == "2d@6: [10] 5 → 2 successes"
