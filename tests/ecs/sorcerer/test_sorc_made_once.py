from __future__ import annotations

import dataclasses

import pytest

from arena.content.loader import default_content_root, load_catalog
from arena.ecs.sorcerer.phrases import said
from arena.engine import Controllers, Fight
from arena.rules.events import Event
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


def test_a_fights_events_are_frozen_events_equal_to_ones_made_field_by_field() -> None:
    catalog = load_catalog(default_content_root())
    fight = Fight(catalog.scenarios["sorcerer-duel"], catalog, seed=3)
    Controllers(fight, watch=True, reasons=False).run()
    fight.close()
    events = [e for e in fight.events if e.step != "sorc_setup"]
    assert len(events) > 20
    for e in events:
        assert type(e) is Event
        again = Event(**{f.name: getattr(e, f.name) for f in dataclasses.fields(Event)})
        assert again == e
        with pytest.raises(dataclasses.FrozenInstanceError):
            e.kind = "fight_over"  # type: ignore[misc]
