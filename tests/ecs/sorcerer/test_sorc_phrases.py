from __future__ import annotations

from arena.ecs.sorcerer.phrases import said
from arena.rules.phrase import Phrase
from arena.words.core import render


def test_said_is_the_phrase_a_new_one_would_be() -> None:
    got = said("damage_stands", ("Rook", 2, 1, "active", False))
    assert got == Phrase("damage_stands", ("Rook", 2, 1, "active", False))
    assert type(got) is Phrase


def test_said_gives_one_kept_value_for_the_same_template_and_arguments() -> None:
    first = said("sorc_intention_declared", ("Mara",))
    assert said("sorc_intention_declared", ("Mara",)) is first
    assert said("sorc_intention_declared", ("Rook",)) is not first
    assert said("sorc_intention_prompt", ("Mara",)) is not first


def test_a_kept_phrase_draws_the_same_words_as_a_new_one() -> None:
    kept = said("dice", (3,))
    assert render(kept) == render(Phrase("dice", (3,)))
    assert render(kept) == "3 dice"
