"""A policy's pick: its reason kept as a template id and values, made a phrase when read."""

from __future__ import annotations

import pytest

from arena.ai.pick import Pick, picked
from arena.rules.actions import Attack
from arena.rules.views import Choice
from arena.words.core import Phrase

PUNCH = Choice("punch:tom", "punch", Attack("me", "tom", "punch"), ("attack",), "tom")


def test_a_pick_keeps_its_reasons_template_and_values_and_makes_the_phrase_when_read() -> None:
    pick = picked(PUNCH, "ai_attacks_nearest", "Tom", 2)
    assert pick.command is PUNCH.command
    assert (pick.why, pick.args) == ("ai_attacks_nearest", ("Tom", 2))
    assert pick.reason == Phrase("ai_attacks_nearest", ("Tom", 2))


def test_a_pick_given_a_phrase_gives_that_very_phrase() -> None:
    why = Phrase("ai_default", ("punch",))
    assert picked(PUNCH, why).reason is why
    assert Pick(PUNCH.command, why).reason is why


def test_picks_of_the_same_choice_and_reason_are_equal_and_never_change() -> None:
    first = picked(PUNCH, "ai_attacks_nearest", "Tom")
    assert first == picked(PUNCH, "ai_attacks_nearest", "Tom")
    assert first != picked(PUNCH, "ai_attacks_nearest", "Ann")
    assert first == Pick(PUNCH.command, "ai_attacks_nearest", ("Tom",))
    with pytest.raises(AttributeError):
        first.why = "other"  # type: ignore[misc]
    assert first.why == "ai_attacks_nearest"
