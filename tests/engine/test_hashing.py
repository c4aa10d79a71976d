"""State hashes cover numbers and ids only; views are kept until the next command."""

from __future__ import annotations

import dataclasses

import pytest

from arena.content.loader import Catalog
from arena.engine import Fight, FightView, state_hash
from arena.engine.controllers import decide, play_until_human
from arena.engine.hashing import numbers_of
from arena.rules.views import WerewolfHealth


@pytest.fixture(scope="module")
def view(catalog: Catalog) -> FightView:
    with Fight(catalog.scenarios["werewolf-duel"], catalog) as fight:
        play_until_human(fight, humans_too=True)
        return fight.view()


def reworded(view: FightView) -> FightView:
    """Every word of the view changed, every number kept."""
    combatants = tuple(
        dataclasses.replace(
            c,
            name=c.name.upper(),
            glyph="?",
            health_text=f"{c.health} (reworded)",
            intention_text="something else",
            notes_text=(*c.notes, "a note"),
        )
        for c in view.combatants
    )
    return dataclasses.replace(
        view,
        combatants=combatants,
        step="another step",
        outcome_text="told otherwise",
        order_text=("in other words",),
    )


def more_bashing(wounds: object) -> WerewolfHealth:
    health = wounds if isinstance(wounds, WerewolfHealth) else WerewolfHealth()
    return dataclasses.replace(health, bashing=health.bashing + 1)


def test_words_do_not_change_the_hash(view: FightView) -> None:
    assert state_hash(reworded(view)) == state_hash(view)


@pytest.mark.parametrize(
    "change",
    [
        lambda c: dataclasses.replace(c, pos=(c.pos[0] + 1, c.pos[1])),  # a step aside
        lambda c: dataclasses.replace(c, penalty=c.penalty + 1),  # one more die lost
        lambda c: dataclasses.replace(c, status="fled"),  # another status
        lambda c: dataclasses.replace(c, wounds=more_bashing(c.wounds)),  # one more level
    ],
    ids=["position", "penalty", "status", "wounds"],
)
def test_numbers_change_the_hash(view: FightView, change: object) -> None:
    first, *rest = view.combatants
    changed = dataclasses.replace(view, combatants=(change(first), *rest))  # type: ignore[operator]
    assert state_hash(changed) != state_hash(view)


def test_the_hash_covers_round_winner_and_rolls(view: FightView) -> None:
    assert state_hash(dataclasses.replace(view, round=view.round + 1)) != state_hash(view)
    assert state_hash(dataclasses.replace(view, winner=None)) != state_hash(view)
    assert state_hash(dataclasses.replace(view, rolls=view.rolls[1:])) != state_hash(view)


def test_the_numbers_hold_no_names(view: FightView) -> None:
    text = repr(numbers_of(view))
    for c in view.combatants:
        assert repr(c.name) not in text
        assert repr(c.health) not in text


def test_a_view_is_kept_until_the_next_command(catalog: Catalog) -> None:
    fight = Fight(catalog.scenarios["werewolf-duel"], catalog)
    fight.start()
    first = fight.view()
    assert fight.view() is first
    fight.apply(decide(fight, fight.pending()[0]))
    assert fight.view() is not first


def test_a_rolls_tens_rule_is_not_hashed_so_older_saves_still_play_back(view: FightView) -> None:
    # The 10s rule is fixed by the content and options a save carries; rolls began recording
    # it after saves of this format were written.
    assert view.rolls
    specialty = dataclasses.replace(
        view,
        rolls=tuple(
            dataclasses.replace(r, tens="double") if hasattr(r, "tens") else r for r in view.rolls
        ),
    )
    assert any(getattr(r, "tens", "") == "double" for r in specialty.rolls)
    assert state_hash(specialty) == state_hash(view)
    assert all("tens" not in roll for roll in numbers_of(view)["rolls"])
