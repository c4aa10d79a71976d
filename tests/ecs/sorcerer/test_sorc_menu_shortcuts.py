"""Shortcuts the intention menus take give what the long way gives.

A foe farther than closing in could bring anyone is out of reach without walking the map; a
demon's pool against a ritual is kept by the numbers it reads; a board's menus are kept from
its second sighting, in two generations, a board met again outliving those seen once.
"""

from __future__ import annotations

from typing import Any, cast

from arena.ecs.sorcerer import choices, queries
from arena.ecs.sorcerer.geometry import attack_cell, closing_cells, in_the_way, reach
from arena.ecs.sorcerer.memo import board_key, family
from arena.ecs.sorcerer.pools import ritual_defence, rules_demon
from arena.ecs.sorcerer.wounds import roll_modifiers
from arena.engine import Fight
from arena.rules.grid import distance
from arena.rules.sorcerer import RITUAL_AGAINST, Modifier, Ritual, ritual_pools
from tests.ecs.sorcerer.conftest import TEST_MAP, MakeFight


def _keys(fight: Fight, actor: str) -> list[str]:
    """The keys of this combatant's pending choices."""
    return [c.key for d in fight.pending() if d.actor == actor for c in d.choices]


def test_a_foe_farther_than_closing_in_can_bring_is_offered_no_attack(
    make_fight: MakeFight,
) -> None:
    # A at (1, 1) with fists (reach 1, closing in 2): B at (4, 1) is 3 cells off, just within;
    # C at (5, 2) is 4 off, beyond.
    fight = make_fight(
        ("a", "brawler", "north", 1), ("b", "brawler", "south", 4), ("c", "brawler", "south", 9)
    )
    keys = _keys(fight, "a")
    assert "attack:b:fists" in keys
    assert "attack:c:fists" not in keys
    with fight._world.entered():
        ctx, a = fight._ctx, queries.fighter_of("a")
        fists = a.arms["fists"]
        assert attack_cell(ctx, a, queries.fighter_of("b"), fists) == (3, 1)
        assert attack_cell(ctx, a, queries.fighter_of("c"), fists) is None
        # The long way agrees: no cell A could close in to is within reach of C.
        near = closing_cells(ctx, a)
        assert near
        assert all(distance(spot, (5, 2)) > fists.reach for spot in near)


def test_a_shot_at_a_foe_beyond_closing_in_is_still_offered(make_fight: MakeFight) -> None:
    # The shortcut is for melee: a pistol reaches C at (5, 2), four cells off; fists do not.
    fight = make_fight(("s", "shooter", "north", 1), ("c", "brawler", "south", 9))
    keys = _keys(fight, "s")
    assert "attack:c:pistol" in keys
    assert "attack:c:fists" not in keys


def test_a_target_farther_than_closing_in_is_out_of_reach_when_the_attack_comes(
    make_fight: MakeFight, sorc: Any
) -> None:
    # B [9 9 9] moves off four cells first; A's attack then finds B beyond closing in.
    fight = make_fight(
        ("a", "brawler", "north", 1), ("b", "brawler", "south", 3), rigged=[1, 1, 1, 9, 9, 9]
    )
    events = sorc.play(fight, ("a", "attack:b:fists"), ("b", "move:9,1"))
    assert [e.kind for e in events if e.kind in ("out_of_reach", "closed_in")] == ["out_of_reach"]


def _direct(f: Any, rid: str) -> int:
    """The demon's pool against a ritual the long way: the rules' two pools, the second."""
    rite = cast(Ritual, rid)
    mods = roll_modifiers(f, RITUAL_AGAINST[rite])
    return ritual_pools(rite, rules_demon(f), demon_modifiers=mods)[1].size


def test_a_demons_pool_against_a_ritual_is_kept_and_follows_its_damage(
    make_fight: MakeFight,
) -> None:
    # The imp: Stamina 2, Will 2, Power 2. Hurt (lasting 1), its Stamina and Will rolls lose
    # a die; Power never does.
    sizes = {}
    for hurt in (False, True):
        fight = make_fight(
            ("m", "mage", "north", 1),
            ("i", "imp", "south", 2),
            damage={"i": {"lasting": 1}} if hurt else None,
            strict=False,
        )
        with fight._world.entered():
            ctx, imp = fight._ctx, queries.fighter_of("i")
            for rid in ("bind", "punish", "banish"):
                kept = ritual_defence(ctx, imp, rid)
                assert ritual_defence(ctx, imp, rid) is kept  # the same numbers: kept
                assert kept.size == _direct(imp, rid)
                sizes[hurt, rid] = kept.size
            # Extra modifiers (a rollover, a bonus) are never kept with the rest.
            bonus = ritual_defence(ctx, imp, "bind", [Modifier("bonus", 1)])
            assert bonus.size == _direct(imp, "bind") + 1
    assert sizes == {
        (False, "bind"): 2,
        (False, "punish"): 2,
        (False, "banish"): 2,
        (True, "bind"): 1,
        (True, "punish"): 1,
        (True, "banish"): 2,
    }


def test_a_boards_menus_are_kept_from_its_second_sighting(make_fight: MakeFight) -> None:
    fight = make_fight(("a", "brawler", "north", 1), ("b", "brawler", "south", 9))
    with fight._world.entered():
        ctx, a = fight._ctx, queries.fighter_of("a")
        boards = family(ctx)[choices._BOARDS]
        a.pos.x = 3  # a board never seen: its menus serve this pass only
        once = choices._on_board(ctx)
        assert boards.young[board_key()] is None  # seen once, nothing kept
        again = choices._on_board(ctx)  # seen again: kept from now on
        assert again is not once
        assert boards.young[board_key()] is again
        assert choices._on_board(ctx) is again


def test_where_most_boards_are_met_again_a_boards_menus_are_kept_at_once(
    make_fight: MakeFight,
) -> None:
    fight = make_fight(("a", "brawler", "north", 1), ("b", "brawler", "south", 9))
    with fight._world.entered():
        ctx, a = fight._ctx, queries.fighter_of("a")
        boards = family(ctx)[choices._BOARDS]
        boards.met, boards.new = 9, 3  # a duel's way: most boards come back
        a.pos.x = 3
        once = choices._on_board(ctx)
        assert boards.young[board_key()] is once  # kept the first time it is seen
        assert choices._on_board(ctx) is once
        assert (boards.met, boards.new) == (10, 4)


def test_a_board_met_again_outlives_the_older_generation_of_kept_menus(
    make_fight: MakeFight,
) -> None:
    fight = make_fight(("a", "brawler", "north", 1), ("b", "brawler", "south", 9))
    with fight._world.entered():
        ctx, a = fight._ctx, queries.fighter_of("a")
        first = choices._on_board(ctx)  # the board the fight started on, met again: kept
        assert choices._on_board(ctx) is first
        boards = family(ctx)[choices._BOARDS]
        # Fill the young generation with boards seen once, up to the limit.
        for i in range(choices.BOARDS_KEPT - len(boards.young)):
            boards.young[("seen once", i)] = None
        a.pos.x = 2  # a new board: the young generation grows old, the new one starts
        choices._on_board(ctx)
        moved = choices._on_board(ctx)  # and is met again: kept
        assert len(boards.young) == 1
        assert ("seen once", 0) in boards.old
        a.pos.x = 1  # the first board, met again, moves back to the young generation
        assert choices._on_board(ctx) is first
        assert len(boards.young) == 2
        for i in range(choices.BOARDS_KEPT - 2):
            boards.young[("filler", i)] = None
        a.pos.x = 3  # the generation holding the boards seen once is dropped
        choices._on_board(ctx)
        assert ("seen once", 0) not in boards.old
        assert ("seen once", 0) not in boards.young
        a.pos.x = 1
        assert choices._on_board(ctx) is first  # kept on: it was met again
        a.pos.x = 2
        assert choices._on_board(ctx) is moved


def test_kept_menus_are_the_menus_built_afresh(make_fight: MakeFight) -> None:
    fight = make_fight(("s", "shooter", "north", 1), ("b", "brawler", "south", 4))
    with fight._world.entered():
        ctx, s = fight._ctx, queries.fighter_of("s")
        kept = choices.intention_menu(ctx, s)
        assert choices.intention_menu(ctx, s) is kept
        assert kept == choices._build(ctx, s, False, choices.Shared())


def test_a_walk_is_kept_by_the_blocked_cells_it_could_meet_and_reaches_the_same() -> None:
    # On the test map, from every floor cell, with others standing anywhere: leaving out the
    # cells farther than the walk's steps changes nothing it reaches.
    rows = TEST_MAP.rows
    floor = [(x, y) for y, row in enumerate(rows) for x, ch in enumerate(row) if ch != "#"]
    others = frozenset({(2, 1), (9, 3), (4, 4), (8, 5), (5, 2)})
    for steps in (2, 6):
        for start in floor:
            blocked = others - {start}
            kept = in_the_way(blocked, start, steps)
            assert all(distance(c, start) <= steps for c in kept)
            assert all(c in kept for c in blocked if distance(c, start) <= steps)
            assert reach(rows, start, steps, kept) == reach(rows, start, steps, blocked)
    # Nobody near: the walk from (1, 1) is kept with nobody in the way, wherever others stand.
    assert in_the_way(frozenset({(9, 3), (8, 5)}), (1, 1), 2) == frozenset()


def test_a_new_board_that_gives_the_same_choices_gives_the_very_same_menu(
    make_fight: MakeFight,
) -> None:
    """A's menu is made again on a board not seen before (B's Humanity changed, which A's
    choices do not read): its choices are the very ones made before, handed out as the same
    tuple. A step of A's gives another menu."""
    fight = make_fight(("a", "brawler", "north", 1), ("b", "brawler", "south", 9))
    with fight._world.entered():
        ctx, a, b = fight._ctx, queries.fighter_of("a"), queries.fighter_of("b")
        menu = choices.intention_menu(ctx, a)
        assert menu
        seen = board_key()
        b.scores.humanity -= 1
        assert board_key() != seen
        assert choices.intention_menu(ctx, a) is menu
        assert choices._same(ctx, (*menu,)) is menu
        assert choices._same(ctx, menu[:-1]) is not menu
        a.pos.x += 1
        moved = choices.intention_menu(ctx, a)
        assert moved is not menu
        assert moved != menu
