"""A fight makes its last view as it ends; a batch's fight leaves it unmade and reads its ending."""

from __future__ import annotations

import pytest

from arena.content.loader import Catalog
from arena.ecs.world import world_count
from arena.engine import Controllers, Fight
from arena.rules.phrase import Phrase
from arena.sim.summary import summarize, summarize_ending

SCENARIOS = ("sorcerer-duel", "werewolf-duel", "sorcerer-vs-thugs", "werewolf-thugs")


def _played(catalog: Catalog, name: str, seed: int, last_view: bool = False) -> Fight:
    """A fight played to its end; by default as a batch plays it (no last view made)."""
    fight = Fight(catalog.scenarios[name], catalog, seed=seed, hashes=False, last_view=last_view)
    Controllers(fight, watch=True, reasons=False).run()
    assert fight.over
    return fight


@pytest.mark.parametrize("name", SCENARIOS)
def test_the_ending_summarizes_as_the_last_view_does(catalog: Catalog, name: str) -> None:
    for seed in range(8):
        fight = _played(catalog, name, seed)
        ending = fight.ending()  # read from the world, the last view not yet made
        view = fight.view()
        assert summarize_ending(seed, ending, fight.events) == summarize(seed, view, fight.events)
        # Once the last view is made, the ending is read from it: the same.
        assert fight.ending() == ending
        assert [c[0] for c in ending.combatants] == [c.id for c in view.combatants]
        assert (ending.winner, ending.outcome, ending.round) == (
            view.winner,
            view.outcome_text,
            view.round,
        )


def test_the_last_view_is_made_when_asked_and_the_world_goes_with_it(catalog: Catalog) -> None:
    worlds = world_count()
    fight = _played(catalog, "sorcerer-duel", 3)
    assert world_count() == worlds + 1  # kept until the last view is made
    last = fight.view()
    assert world_count() == worlds
    assert fight.view() is last
    assert last.over
    fight.close()
    assert fight.view() is last


def test_closing_a_fight_over_keeps_its_last_view(catalog: Catalog) -> None:
    worlds = world_count()
    fight, twin = _played(catalog, "werewolf-duel", 5), _played(catalog, "werewolf-duel", 5)
    fight.close()
    assert world_count() == worlds + 1  # the twin's, still open
    assert fight.view() == twin.view()
    assert world_count() == worlds


def test_closing_without_the_last_view_leaves_only_the_ending(catalog: Catalog) -> None:
    worlds = world_count()
    fight = _played(catalog, "sorcerer-duel", 7)
    ending = fight.ending()
    fight.close(last_view=False)
    assert world_count() == worlds
    with pytest.raises(RuntimeError):
        fight.view()
    assert ending.winner in {"north", "south", None}


@pytest.mark.parametrize("name", SCENARIOS)
def test_a_fight_lets_its_world_go_as_it_ends_with_its_last_view(
    catalog: Catalog, name: str
) -> None:
    worlds = world_count()
    fight = _played(catalog, name, 2, last_view=True)
    assert world_count() == worlds  # gone as the fight ended: nobody needs to close it
    last = fight.view()
    assert last.over
    batch = _played(catalog, name, 2)
    assert summarize_ending(2, fight.ending(), fight.events) == summarize(2, last, fight.events)
    assert fight.ending() == batch.ending()
    assert batch.view() == last  # the same last view, made when asked for
    assert world_count() == worlds


def test_a_fight_not_over_has_no_ending(catalog: Catalog) -> None:
    fight = Fight(catalog.scenarios["sorcerer-duel"], catalog, seed=1)
    fight.start()
    with pytest.raises(ValueError, match="not over"):
        fight.ending()
    fight.close()


@pytest.mark.parametrize("name", ["werewolf-duel", "werewolf-thugs"])
def test_a_werewolf_fights_last_event_says_how_each_stands_as_its_last_view_shows(
    catalog: Catalog, name: str
) -> None:
    # The end's words are made from each one's standing, not from a view of the last moment:
    # they say what the last view shows, name for name.
    for seed in range(6):
        fight = _played(catalog, name, seed, last_view=True)
        ended = fight.events[-1]
        people = fight.view().combatants
        assert ended.kind == "fight_ended"
        assert ended.explanation == Phrase(
            "standings", (tuple([(c.name, c.status, c.health_text) for c in people]),)
        )
        assert ended.data["status"] == {c.id: c.status for c in people}
        assert all(f"{c.name}" in ended.why for c in people)
