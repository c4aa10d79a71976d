"""The demo's lessons: one per rule of the seeds, in order, each showing its rule every time."""

from __future__ import annotations

import pytest

from arena.content.loader import Catalog
from arena.engine import Controllers, Event, Fight
from arena.engine.setup import scenario_fight
from arena.ui.playlist import Playlist
from arena.ui.rule_cards import card_for, revealed_intent

# Each lesson of the default playlist, in order, and the event that shows its rule.
LESSONS = [
    ("lesson-1-initiative", "initiative_rolled"),  # 4 successes, actions on 4, 2 and 0
    ("lesson-2-rage", "rage_spent"),  # Vilna's 9, 7, 5, 3, 1
    ("lesson-2a-tom-split", "action_declared"),  # difficulties 6 and 8 in one segment
    ("lesson-2b-tom-split-segments", "action_declared"),  # across segments, no penalty
    ("lesson-2c-vilna-split", "action_declared"),  # ten split actions
    ("lesson-3-sorcerer-round", "sucked_up_damage"),  # the six steps
    ("lesson-3a-abort", "action_aborted"),  # abort against suck it up
    ("lesson-3b-clobbered", "clobbered"),  # -3 gives both sides 4 dice
    ("lesson-3c-pushing-through", "pushed_through"),
    ("lesson-3d-demon-judgment", "demon_judgment"),
    ("lesson-3e-snapshot-ritual", "ritual_performed"),
    ("lesson-3f-finishing-up", "aftermath"),
]


def played(catalog: Catalog, name: str) -> tuple[Event, ...]:
    fight = scenario_fight(catalog, name)
    Controllers(fight, watch=True, reasons=False).run()
    return tuple(fight.events)


def test_the_default_playlist_is_the_lessons_in_order(catalog: Catalog) -> None:
    playlist = Playlist(catalog, opener=lambda name, watch: None)  # type: ignore[arg-type,return-value]
    assert list(playlist.names) == [name for name, _ in LESSONS]


@pytest.mark.parametrize(("name", "kind"), LESSONS)
def test_each_lesson_shows_its_rule(catalog: Catalog, name: str, kind: str) -> None:
    assert any(e.kind == kind for e in played(catalog, name))


def test_the_snapshot_ritual_lesson_cards(catalog: Catalog) -> None:
    events = played(catalog, "lesson-3e-snapshot-ritual")
    names = {"ada": "Ada Moss", "hunger": "The Hungering"}
    tally = next(e for e in events if e.kind == "pool_tallied" and e.actor == "ada")
    card = card_for(tally, "rule", names, revealed_intent(tally, events))
    assert card.step == "Step 2: Modifiers"
    assert card.rule[0] == (
        "In a fight a ritual is a snapshot ritual: 1 die, never the sorcerer's Lore."
    )
    assert card.numbers == ("Base: 1", "Bonus: 0", "Penalty: 0", "Pool: 1")
    assert card.key == ("BASE 1 DIE", "BONUS 0", "PENALTY 0", "POOL 1")
    ritual = card_for(next(e for e in events if e.kind == "ritual_performed"), "rule", names)
    assert ritual.step == "Step 4: Reactions"
    assert ritual.rule[0].startswith("Sorcery uses the table of rituals")
    assert ritual.what == (
        "Ada Moss performs Banish on The Hungering: it is banished from the fight."
    )
    assert ritual.numbers[:3] == ("Ada Moss: 10", "against: 8 5 2", "first side wins, 1 victory")
    assert ritual.key == ("1 VS 3 DICE", "1 VICTORY", "BANISH")
    check = card_for(next(e for e in events if e.kind == "humanity_checked"), "rule", names)
    assert check.rule[0].startswith("Every ritual costs a Humanity check")
    assert check.key == ("5 VS 3 DICE", "1 VICTORY", "HUMANITY 4")
    order = card_for(next(e for e in events if e.kind == "order_rolled"), "rule", names)
    assert order.numbers[0] == "Ada Moss: 10"  # a roll for order has no opponent to name
    assert order.key == ("1 DIE",)


def test_the_playlist_opens_each_scenario_once_and_plays_it_afresh(catalog: Catalog) -> None:
    from arena.cli.scenarios import open_scenario

    opened: list[str] = []

    def opener(name: str, watch: bool) -> Fight:
        opened.append(name)
        return open_scenario(catalog, name, watch=watch)

    playlist = Playlist(catalog, ("lesson-1-initiative", "lesson-3b-clobbered"), opener=opener)
    fights = [playlist.next() for _ in range(4)]
    assert opened == ["lesson-1-initiative", "lesson-3b-clobbered"]  # read once each
    assert fights[0].scenario is fights[2].scenario
    for fight in fights:
        Controllers(fight, watch=True, reasons=False).run()
        fight.close()
    assert fights[0].events == fights[2].events  # the same lesson, the same way, each time
