"""The nearest enemy, found in one pass, is the first of the enemies nearest first."""

from __future__ import annotations

from arena.ecs.werewolf import lookup
from arena.ecs.werewolf.moves import enemies, nearest_enemy


def test_the_nearest_enemy_is_the_first_of_the_enemies_and_none_without_any(make_fight):
    fight = make_fight(
        ("tom", "tom", "north", 1),
        ("thug", "thug", "south", 4),  # three cells east of Tom
        ("dummy", "dummy", "south", 2),  # beside Tom
        ("gun", "gunman", "south", 3),  # beside the dummy, two cells from Tom
        max_rounds=1,
        strict=False,
    )
    with fight._world.entered():
        tom, dummy = lookup.fighter_of("tom"), lookup.fighter_of("dummy")
        assert nearest_enemy(tom.ent) == enemies(tom.ent)[0] == dummy.ent
        dummy.status.state = "incapacitated"  # out of the fight: the next nearest
        assert nearest_enemy(tom.ent) == enemies(tom.ent)[0] == lookup.fighter_of("gun").ent
        for cid in ("thug", "gun"):
            lookup.fighter_of(cid).status.state = "fled"
        assert enemies(tom.ent) == []
        assert nearest_enemy(tom.ent) is None
