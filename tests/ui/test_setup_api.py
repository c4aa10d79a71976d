"""What the setup screen builds fights with: fighters, maps, spawn points, options."""

from __future__ import annotations

import pytest

from arena.content.loader import Catalog
from arena.engine.controllers import play_until_human
from arena.engine.setup import (
    FightSpec,
    SetupError,
    build_scenario,
    list_maps,
    list_policies,
    new_fight,
    parse_option_text,
    rematch,
    spawn_order,
)


def test_a_fight_from_setup_answers(catalog: Catalog) -> None:
    spec = FightSpec("sorcerer", "rook", (("bruiser", 2), ("rook", 1)), "pit", seed=9)
    scenario = build_scenario(catalog, spec)
    rows = [(c.id, c.name, c.side, c.spawn, c.controller) for c in scenario.combatants]
    assert rows == [
        ("rook", "", "player", 1, "human"),
        ("bruiser-1", "Bruiser 1", "opponents", 5, "ai:nearest"),
        ("bruiser-2", "Bruiser 2", "opponents", 6, "ai:nearest"),
        # a second Rook is numbered from 2: the player is the first
        ("rook-2", "Rook 2", "opponents", 7, "ai:nearest"),
    ]
    assert (scenario.seed, scenario.map, scenario.ruleset) == (9, "pit", "sorcerer")


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        # the ring has two spawn points
        (
            FightSpec("sorcerer", "rook", (("mara", 2),), "duel"),
            "has 2 spawn points; this fight needs 3",
        ),
        # nobody to fight
        (FightSpec("sorcerer", "rook", (), "duel"), "choose at least one opponent"),
        # a fighter of the other ruleset
        (FightSpec("sorcerer", "tom", (("mara", 1),), "duel"), "no sorcerer fighter named 'tom'"),
        # no such map
        (FightSpec("sorcerer", "rook", (("mara", 1),), "moon"), "no map named 'moon'"),
        # an option the ruleset does not have
        (FightSpec("sorcerer", "rook", (("mara", 1),), "duel", options=(("nope", 1),)), "nope"),
    ],
)
def test_setups_that_cannot_fight(catalog: Catalog, spec: FightSpec, message: str) -> None:
    with pytest.raises(SetupError, match=message):
        new_fight(catalog, spec)


@pytest.mark.parametrize(
    ("spawns", "order"),
    [
        ((1, 2), (1, 2)),  # a duel ring
        ((1, 2, 3, 4, 5, 6, 7, 8), (1, 5, 6, 7, 8, 2, 3, 4)),  # the pit: foes from the far side
        ((1, 2, 3, 4, 5, 6), (1, 4, 5, 6, 2, 3)),  # the alley
        ((1,), (1,)),
    ],
)
def testspawn_order_puts_the_opponents_across_the_map(
    spawns: tuple[int, ...], order: tuple[int, ...]
) -> None:
    assert spawn_order(spawns) == order


@pytest.mark.parametrize(
    ("text", "pairs"),
    [
        ("", ()),
        ("stun=on", (("stun", "on"),)),
        ("moon_difficulty = 5, tie=reroll", (("moon_difficulty", 5), ("tie", "reroll"))),
        ("flank_modifier=-2;", (("flank_modifier", -2),)),  # negative whole numbers too
    ],
)
def test_option_text(text: str, pairs: tuple[tuple[str, object], ...]) -> None:
    assert parse_option_text(text) == pairs


def test_option_text_that_is_not_name_value() -> None:
    with pytest.raises(SetupError, match="'stun' is not name=value"):
        parse_option_text("stun")


def test_maps_list_their_spawn_points(catalog: Catalog) -> None:
    spawns = {m.id: m.spawns for m in list_maps(catalog)}
    assert (spawns["duel"], spawns["pit"], spawns["alley"]) == (2, 8, 6)


def test_a_rematch_replays_the_same_dice(catalog: Catalog) -> None:
    fight = new_fight(catalog, FightSpec("sorcerer", "rook", (("mara", 1),), "duel", seed=4))
    play_until_human(fight, humans_too=True)
    again = rematch(fight)
    play_until_human(again, humans_too=True)
    assert (again.seed, again.round_hashes) == (4, fight.round_hashes)
    other = rematch(fight, seed=5)
    assert other.seed == 5


def test_policies_start_with_the_plainest_and_a_normal_level_names_the_policy_alone(
    catalog: Catalog,
) -> None:
    assert list_policies("werewolf")[0].id == "nearest"
    spec = FightSpec("sorcerer", "rook", (("mara", 1),), "duel", policy="random", level="normal")
    assert [c.controller for c in build_scenario(catalog, spec).combatants] == [
        "human",
        "ai:random",
    ]
