"""Step 2 modifiers: role-playing, rollover, total defense, unaimed firearms."""

from __future__ import annotations

import pytest

from arena.rules.commands import IllegalCommand
from arena.rules.sorcerer import (
    ActionKind,
    Modifier,
    RangeBand,
    Rollover,
    RolloverLink,
    SorcererOptions,
    assemble_pool,
    expire_rollovers,
    is_connected,
    role_playing_bonus,
    spend_rollover,
    total_defense_bonus,
    unaimed_firearm_penalty,
)


def test_total_defense_gives_plus_2_dice() -> None:
    pool = assemble_pool("Stamina", 3, (total_defense_bonus(),))
    assert pool.modifiers == (Modifier("total defense", 2),)
    assert pool.size == 5


@pytest.mark.parametrize(
    ("band", "dice"),
    [
        ("point_blank", -1),  # adjacent: -1
        ("in_range", -2),  # within the weapon's range: -2
        ("beyond", -3),  # beyond it: -3
    ],
)
def test_unaimed_firearms_lose_1_to_3_dice(band: RangeBand, dice: int) -> None:
    penalty = unaimed_firearm_penalty(band, aimed=False)
    assert penalty.dice == dice
    assert assemble_pool("Will", 4, (penalty,)).size == 4 + dice
    # Having aimed, the same shot takes no penalty.
    assert unaimed_firearm_penalty(band, aimed=True).dice == 0


def test_unaimed_penalties_follow_options() -> None:
    options = SorcererOptions(unaimed_point_blank=0, unaimed_beyond=4)
    assert unaimed_firearm_penalty("point_blank", aimed=False, options=options).dice == 0
    assert unaimed_firearm_penalty("beyond", aimed=False, options=options).dice == -4


def test_a_target_out_of_range_cannot_be_shot() -> None:
    with pytest.raises(IllegalCommand, match="out of range"):
        unaimed_firearm_penalty("out_of_range", aimed=True)


@pytest.mark.parametrize("dice", [0, 1, 2, 3])  # every legal bonus, none to three
def test_role_playing_bonus_legal(dice: int) -> None:
    assert role_playing_bonus(dice) == Modifier("role-playing", dice)


@pytest.mark.parametrize("dice", [-1, 4])  # below none, above the rulebook's +3
def test_role_playing_bonus_illegal(dice: int) -> None:
    with pytest.raises(IllegalCommand, match="0 to 3"):
        role_playing_bonus(dice)


def test_the_same_bonus_is_one_shared_modifier() -> None:
    # Made once for the same dice (frozen, so shared); a different amount is its own.
    assert role_playing_bonus(2) is role_playing_bonus(2)
    assert role_playing_bonus(3) == Modifier("role-playing", 3)
    held = (Rollover("vilna", "attack", "tom", 2, 1),)
    first = spend_rollover(held, "vilna", "attack", "tom", firearm=False)[0]
    assert first[0] is spend_rollover(held, "vilna", "attack", "tom", firearm=False)[0][0]
    assert first == (Modifier("rollover from attack (tom)", 2),)


def test_role_playing_maximum_is_an_option() -> None:
    assert role_playing_bonus(4, SorcererOptions(role_play_max=4)).dice == 4


@pytest.mark.parametrize(
    ("link", "action", "target", "firearm", "connected"),
    [
        ("aim", "attack", "tom", True, True),  # aim → the shot at the same target
        ("aim", "attack", "tom", False, False),  # aim → not a punch
        ("aim", "attack", "ann", True, False),  # aim → not a shot at someone else
        ("attack", "attack", "tom", False, True),  # a won attack → next attack on him
        ("attack", "ritual", "tom", False, False),  # a won attack → not a ritual
        ("defense", "attack", "tom", False, True),  # a won defense → next action against him
        ("defense", "ritual", "tom", False, True),  # ... of any kind
        ("defense", "attack", "ann", False, False),  # ... but only against that attacker
    ],
)
def test_rollover_connects(
    link: RolloverLink, action: ActionKind, target: str, firearm: bool, connected: bool
) -> None:
    rollover = Rollover("vilna", link, "tom", dice=2, won_in_round=1)
    assert is_connected(rollover, action, target, firearm=firearm) is connected


def test_spend_rollover_uses_every_connected_one_on_one_roll() -> None:
    held = (
        Rollover("vilna", "aim", "tom", 1, 1),
        Rollover("vilna", "attack", "ann", 2, 1),
        Rollover("tom", "defense", "vilna", 3, 1),
        Rollover("vilna", "attack", "tom", 2, 1),
    )
    used, kept = spend_rollover(held, "vilna", "attack", "tom", firearm=True)
    assert used == (
        Modifier("rollover from aim (tom)", 1),
        Modifier("rollover from attack (tom)", 2),
    )
    assert kept == (held[1], held[2])


@pytest.mark.parametrize(
    ("expiry", "ended_round", "lost"),
    [
        (1, 2, False),  # won in round 2, round 2 ends: still held
        (1, 3, True),  # the next round ends unused: lost
        (2, 3, False),  # with a longer expiry it survives round 3
        (2, 4, True),  # and is lost after round 4
        (0, 2, True),  # expiry 0: lost at the end of its own round
    ],
)
def test_rollover_lapses_after_a_round(expiry: int, ended_round: int, lost: bool) -> None:
    rollover = Rollover("vilna", "attack", "tom", 2, won_in_round=2)
    kept, gone = expire_rollovers((rollover,), ended_round, SorcererOptions(rollover_expiry=expiry))
    assert (kept, gone) == (((), (rollover,)) if lost else ((rollover,), ()))
