"""The grid in a running fight: reach, sight, range bands, cover, facing, movement, exits."""

from __future__ import annotations

import pytest

from arena.rules.actions import Move
from arena.rules.commands import IllegalCommand


def _labels(decision, prefix=""):
    return {c.key: c.label for c in decision.choices if c.key.startswith(prefix)}


@pytest.mark.parametrize(
    ("spawn", "light", "heavy"),
    [
        (2, "(6 dice at 4)", "(6 dice at 4)"),  # adjacent: point blank
        (5, "(6 dice at 6)", "(6 dice at 6)"),  # 2 cells, 4 yards: in range
        (4, "(6 dice at 7)", "(6 dice at 7)"),  # 3 cells, in range, by the wall: cover +1
        (9, "(6 dice at 9)", "(6 dice at 9)"),  # 19 cells, 38 yards: beyond both ranges, cover
        (6, None, None),  # 31 cells, 62 yards: out of range of both
        (7, None, None),  # behind a wall: no line of sight
    ],
)
def test_gun_range_bands(make_fight, helpers, spawn, light, heavy):
    fight = make_fight(
        ("gun", "gunman", "north", 1),
        ("dummy", "dummy", "south", spawn),
        rigged=[8] * 6 + [2, 2],
        max_rounds=1,
    )
    labels = _labels(helpers.decision(fight, "gun", "action"))
    assert labels.get("light_pistol:dummy", " None").endswith(str(light))
    assert labels.get("heavy_pistol:dummy", " None").endswith(str(heavy))
    # The knife needs the target next to the gunman.
    assert ("knife:dummy" in labels) == (spawn == 2)


def test_cover_makes_a_shot_harder(make_fight, helpers):
    # From 9 to 6 is 12 cells (24 yards), and a wall by the target is nearer the shooter.
    fight = make_fight(
        ("gun", "gunman", "north", 9),
        ("dummy", "dummy", "south", 6),
        rigged=[8] * 6 + [2, 2],
        max_rounds=1,
    )
    action = helpers.decision(fight, "gun", "action")
    assert action.choice("light_pistol:dummy").label == "Light pistol Dummy (6 dice at 9)"
    assert action.choice("heavy_pistol:dummy").label == "Heavy pistol Dummy (6 dice at 7)"


def test_flank_and_behind(make_fight, helpers):
    fight = make_fight(
        ("tom", "tom", "north", 1),
        ("dummy", "dummy", "south", 2),  # faces Tom, the first of its nearest enemies
        ("thug", "thug", "north", 3),  # right behind the dummy
        ("gun", "gunman", "north", 5),  # at the dummy's flank
        rigged=[8] * 4 + [2, 2] + [8] * 3 + [8] * 6,
        max_rounds=1,
    )
    helpers.answer(fight, "tom", "rage:0")
    gun = helpers.decision(fight, "gun", "action").choice("light_pistol:dummy")
    assert gun.label == "Light pistol Dummy (6 dice at 5)"  # in range 6, from the flank -1
    helpers.answer(fight, "gun", "wait")
    tom = helpers.decision(fight, "tom", "action").choice("punch:dummy")
    assert tom.label == "Punch Dummy (6 dice at 5)"  # from the front
    helpers.answer(fight, "tom", "wait")
    thug = helpers.decision(fight, "thug", "action").choice("punch:dummy")
    assert thug.label == "Punch Dummy (4 dice at 3)"  # from behind: -2


def test_brawl_needs_reach(make_fight, helpers):
    fight = make_fight(
        ("tom", "tom", "north", 1),
        ("dummy", "dummy", "south", 5),
        rigged=[8] * 4 + [2, 2],
        max_rounds=1,
    )
    helpers.answer(fight, "tom", "rage:0")
    action = helpers.decision(fight, "tom", "action")
    assert not [c for c in action.choices if "attack" in c.tags]
    moves = [c.label for c in action.choices if "move" in c.tags]
    assert moves == [
        "Move to (2, 2) (toward Dummy)",
        "Move to (5, 3) (toward the exit)",
        "Move to (5, 1) (away)",
    ]


@pytest.mark.parametrize(
    ("template", "speed"),
    [
        ("tom", 4),  # Homid
        ("ahroun_crinos", 5),  # Crinos
        ("ahroun_hispo", 7),  # Hispo
        ("ahroun_lupus", 8),  # Lupus: twice a man
    ],
)
def test_movement_by_form(make_fight, helpers, template, speed):
    fight = make_fight(
        (template, template, "north", 1),
        ("dummy", "dummy", "south", 8),
        rigged=[8] * 4 + [2, 2],
        max_rounds=1,
        strict=False,
    )
    if any(d.kind == "rage" for d in fight.pending()):
        helpers.answer(fight, template, "rage:0")
    moves = [
        c.cell for c in helpers.decision(fight, template, "action").choices if "move" in c.tags
    ]
    assert max(x for x, _ in moves) == 1 + speed


def test_fleeing_through_an_exit(make_fight, helpers):
    fight = make_fight(
        ("tom", "tom", "north", 6),
        ("dummy", "dummy", "south", 1),
        rigged=[8] * 4 + [2, 2],
        max_rounds=2,
        strict=False,
    )
    helpers.answer(fight, "tom", "rage:0")
    action = helpers.decision(fight, "tom", "action")
    assert "flee" not in [c.key for c in action.choices]
    helpers.answer(fight, "tom", "move:33,3")  # onto the exit
    helpers.answer(fight, "dummy", "wait")
    while "flee" not in [c.key for c in helpers.decision(fight, "tom").choices]:
        fight.apply(helpers.decision(fight, fight.pending()[0].actor).choices[0].command)
    events = helpers.answer(fight, "tom", "flee")
    assert "fled" in helpers.kinds(events)
    while not fight.over:
        fight.apply(fight.pending()[0].choices[0].command)
    view = fight.view()
    assert view.combatant("tom").status == "fled"
    assert view.winner == "south"


def test_any_reachable_cell_is_a_legal_move(make_fight, helpers):
    # arena.md, movement: a move goes to any cell within the form's speed (Homid 4), not only
    # the few the menu tags for the AI.
    fight = make_fight(
        ("tom", "tom", "north", 1),
        ("dummy", "dummy", "south", 8),
        rigged=[8, 8, 2, 2, 2, 2],  # Tom: segment 2; the dummy: 0
        max_rounds=1,
    )
    helpers.answer(fight, "tom", "rage:0")
    action = helpers.decision(fight, "tom")
    listed = [c.key for c in action.choices if "move" in c.tags]
    assert "move:3,2" not in listed
    assert len(listed) <= 3
    choice = action.choice("move:3,2")
    assert choice is not None
    assert choice.cell == (3, 2)
    assert "move" in choice.tags
    assert action.choice("move:0,0") is None  # a wall
    assert action.choice("move:9,1") is None  # 8 cells: beyond Homid's 4
    assert action.choice("move:x,1") is None
    # Only ASCII digits name a cell: int() would read these as 3,2 too.
    for odd in ("move:\u0663,2", "move: 3,2", "move:+3,2", "move:3,0_2", "move:3,2 "):
        assert action.choice(odd) is None, odd
    with pytest.raises(IllegalCommand):
        fight.apply(Move("tom", (9, 1)))
    fight.apply(Move("tom", (3, 2)))  # a command not taken from the menu, as a save replays it
    assert fight.view().combatant("tom").pos == (3, 2)
