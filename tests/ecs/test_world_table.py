"""The project's own table of each fight world's components, and copies made through it."""

from __future__ import annotations

import esper
import pytest

from arena.content.loader import default_content_root, load_catalog
from arena.ecs.components import Position, Status
from arena.ecs.snapshot import copy_world
from arena.ecs.world import TABLES, FightWorld, attach, spawn
from arena.engine.fight import Fight


def _components(world: FightWorld) -> dict[int, set[type]]:
    with world.entered():
        return {
            ent: {type(c) for c in esper.components_for_entity(ent)} for ent in esper.get_entities()
        }


def test_spawn_and_attach_record_what_esper_holds() -> None:
    world = FightWorld()
    try:
        with world.entered():
            ent = spawn(Position(1, 2))
            attach(ent, Status())
            assert esper.component_for_entity(ent, Status) is TABLES[world.name][ent][Status]
        assert TABLES[world.name] == {ent: {Position: Position(1, 2), Status: Status()}}
        assert _components(world) == {ent: {Position, Status}}
    finally:
        world.close()
    assert world.name not in TABLES


def test_spawn_outside_a_fight_world_is_refused() -> None:
    # A fight leaves its world active after a call (until another is entered): go back out.
    esper.switch_world("default")
    with pytest.raises(KeyError):
        spawn(Position(0, 0))  # the default world is no fight's: nothing to record it in


@pytest.mark.parametrize("scenario", ["werewolf-duel", "sorcerer-duel", "sorcerer-summoning"])
def test_a_copied_world_has_the_same_entities_and_its_own_components(scenario: str) -> None:
    catalog = load_catalog(default_content_root())
    fight = Fight(catalog.scenarios[scenario], catalog, seed=3, hashes=False)
    fight.start()
    world = fight._world
    twin = copy_world(world, {})
    try:
        assert _components(twin) == _components(world)
        mine, theirs = TABLES[world.name], TABLES[twin.name]
        assert list(theirs) == list(mine)
        for ent, parts in mine.items():
            with twin.entered():
                for kind, part in parts.items():
                    assert esper.component_for_entity(ent, kind) is theirs[ent][kind]
                    assert theirs[ent][kind] == part
        combatant = next(ent for ent, parts in mine.items() if Status in parts)
        theirs[combatant][Status].state = "fled"
        assert mine[combatant][Status].state != "fled"
        # The next entity gets the same id in both worlds.
        with world.entered():
            first = esper.create_entity()
        with twin.entered():
            second = esper.create_entity()
        assert first == second
    finally:
        twin.close()
        fight.close()


def test_a_world_is_copied_between_calls_but_not_during_one() -> None:
    catalog = load_catalog(default_content_root())
    fight = Fight(catalog.scenarios["werewolf-duel"], catalog, seed=3, hashes=False)
    other = Fight(catalog.scenarios["sorcerer-duel"], catalog, seed=3, hashes=False)
    try:
        fight.start()
        world = fight._world
        assert esper.current_world == world.name  # left active after the call
        other.start()  # another fight's call enters its own world
        assert esper.current_world == other._world.name
        assert fight.view().ruleset == "werewolf"  # and this one's, back
        world.busy = True  # as while a command runs
        with pytest.raises(RuntimeError, match="cannot be copied mid-call"):
            copy_world(world, {})
        world.busy = False
        twin = copy_world(world, {})
        assert list(TABLES[twin.name]) == list(TABLES[world.name])
        twin.close()
    finally:
        fight.close()
        other.close()
    assert esper.current_world == "default"
