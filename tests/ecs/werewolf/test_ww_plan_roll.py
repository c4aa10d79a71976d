"""A roll's plan is worked out once for all it reads, and made again when any of it changes."""

from __future__ import annotations

from arena.ecs.werewolf import lookup
from arena.ecs.werewolf.components import Act
from arena.ecs.werewolf.rolls import plan_roll, planned_roll, roll_why
from arena.ecs.werewolf.spawn import step_toward
from arena.rules.phrase import Text


def test_a_kept_plan_follows_the_targets_facing_and_gives_its_notes_again(make_fight):
    fight = make_fight(
        ("tom", "tom", "north", 1),
        ("dummy", "dummy", "south", 2),  # faces Tom, the first of its nearest enemies
        ("gun", "gunman", "north", 5),  # at the dummy's flank
        rigged=[8] * 4 + [2, 2] + [8] * 6,
        max_rounds=1,
    )
    ctx = fight._ctx
    shot = Act("attack", means="light_pistol", target="dummy")
    with fight._world.entered():
        gun, dummy = lookup.fighter_of("gun"), lookup.fighter_of("dummy")
        first: list[Text] = []
        flank = plan_roll(ctx, gun.ent, shot, notes=first)
        assert flank is not None
        assert flank.difficulty == 5  # in range 6, from the flank -1
        again: list[Text] = []
        assert plan_roll(ctx, gun.ent, shot, notes=again) is flank  # kept, not made again
        assert first
        assert again == first  # how it was made, told again
        # Its words, kept with it: those the roll's numbers and notes give.
        assert planned_roll(ctx, gun.ent, shot) == (
            flank,
            roll_why(ctx, gun.ent, shot, flank, first),
        )
        side = dummy.body.facing
        dummy.body.facing = step_toward((dummy.pos.x, dummy.pos.y), (gun.pos.x, gun.pos.y))
        front = plan_roll(ctx, gun.ent, shot)
        assert front is not None
        assert front.difficulty == 6  # the dummy turned to face the gun: no flank
        dummy.body.facing = side
        assert plan_roll(ctx, gun.ent, shot) is flank
        gun.vit.penalty = 2  # wounded: its pool loses the dice
        hurt = plan_roll(ctx, gun.ent, shot)
        assert hurt is not None
        assert (hurt.pool, hurt.difficulty) == (flank.pool - 2, 5)
