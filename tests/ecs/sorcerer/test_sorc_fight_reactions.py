"""Step 4 in a running fight: abort, suck it up, the clobbered rule, defence rollover."""

from __future__ import annotations

from typing import Any

from tests.ecs.sorcerer.conftest import MakeFight

THREE = (("a", "brawler", "thugs", 1), ("b", "brawler", "thugs", 3), ("hero", "brawler", "hero", 2))


def test_a_score_of_minus_3_gives_both_sides_4_bonus_dice(make_fight: MakeFight, sorc: Any) -> None:
    # Order: A [9 8 7], B [6 5 4], Hero [3 2 1]. Hero sucks up A's attack with 1 die [2]:
    # 3 victories, fists: 3 temporary, 1 lasting. Against B, Hero sucks it up again:
    # 1 die −1 lasting −3 temporary = −3, so Hero rolls 1 die [5] and B adds 4 dice [1 1 1 1].
    # Hero then hits A; its 3 sucked-up damage become 3 bonus dice for A's defence.
    fight = make_fight(
        *THREE, rigged=[9, 8, 7, 6, 5, 4, 3, 2, 1, 2, 5, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1]
    )
    events = sorc.play(
        fight,
        ("a", "attack:hero:fists"),
        ("b", "attack:hero:fists"),
        ("hero", "attack:a:fists"),
        ("hero", "suck_it_up"),
    )
    assert fight.view().order == ("1. A: 9 8 7", "2. B: 6 5 4", "3. Hero: 3 2 1")
    events += sorc.play(fight, ("hero", "suck_it_up"))
    # The clobber dice changed B's performance, not its place.
    assert fight.view().order == (
        "1. A: 9 8 7",
        "2. B: 6 5 4, performance 6 5 4 1 1 1 1",
        "3. Hero: 3 2 1",
    )
    assert sorc.texts(events, "clobbered") == [
        "Hero is clobbered: it defends with 1 die, and B adds 4 dice [1 1 1 1] to its performance."
    ]
    clobbered = next(e for e in events if e.kind == "clobbered")
    assert clobbered.why.startswith("a defence pool of -3 gets 4 bonus dice to roll 1 die")
    hits = [e for e in events if e.kind == "attack_hit"]
    assert [e.text for e in hits] == [
        "A hits Hero with fists: 3 victories.",
        "B hits Hero with fists: 1 victory.",
        "Hero hits A with fists: 2 victories.",
    ]
    assert hits[1].why == (
        "performance [6 5 4 1 1 1 1] against suck it up 1 −1 lasting damage −3 temporary "
        "damage +4 clobbered = 1 [5]; B wins with 1 victory"
    )
    assert sorc.texts(events, "sucked_up_damage") == [
        "Hero sucked up 3 damage after rolling: A gets 3 dice more instead."
    ]
    assert hits[2].why == (
        "performance [3 2 1] against Stamina 3 +3 sucked-up damage = 6 [1 1 1 1 1 1]; "
        "Hero wins with 2 victories"
    )


def test_abort_gives_up_the_action_and_a_won_defence_rolls_over(
    make_fight: MakeFight, sorc: Any
) -> None:
    # Order: A [9 8 7] before Hero [3 2 1]. Hero aborts and defends with Stamina 3 [10 10 4]:
    # it wins with 2 victories (10 and 10 beat 9), which roll over to its next action against A.
    fight = make_fight(
        ("a", "brawler", "thugs", 1),
        ("hero", "brawler", "hero", 2),
        rigged=[9, 8, 7, 3, 2, 1, 10, 10, 4],
        strict=False,
    )
    events = sorc.play(
        fight, ("a", "attack:hero:fists"), ("hero", "attack:a:fists"), ("hero", "abort")
    )
    assert sorc.texts(events, "reaction_chosen", "action_aborted", "attack_missed") == [
        "Hero aborts its action against A's attack.",
        "Hero aborts its action (attack A with fists) to defend against A.",
        "Hero fends off A's fists: 2 victories.",
    ]
    assert not [e for e in events if e.kind == "attack_hit"]  # the aborted attack never comes
    events = sorc.play(fight, ("a", "total_defense"), ("hero", "attack:a:fists"))
    (tally,) = [e for e in events if e.kind == "pool_tallied" and e.actor == "hero"]
    assert tally.why == "Stamina 3 +2 rollover from defense (a) = 5"


def test_sucking_it_up_into_helplessness_loses_the_action(make_fight: MakeFight, sorc: Any) -> None:
    # A (Stamina 6) [9 9 9 9 9 9] against Hero's 1 die [1]: 6 victories, fists: 6 temporary
    # and 1 lasting; P = 7 > 2 × Stamina 3: helpless before its turn comes.
    fight = make_fight(
        ("a", "brawler", "thugs", 1, {"stamina": 6}),
        ("hero", "brawler", "hero", 2),
        rigged=[9, 9, 9, 9, 9, 9, 3, 2, 1, 1],
    )
    events = sorc.play(
        fight, ("a", "attack:hero:fists"), ("hero", "attack:a:fists"), ("hero", "suck_it_up")
    )
    assert sorc.texts(events, "helpless", "action_lost", "fight_over") == [
        "Hero is helpless: out of the fight.",
        "Hero is helpless: its action (attack A with fists) is lost.",
        "The fight is over: thugs wins.",
    ]
    assert fight.over
    assert fight.view().combatant("hero").status == "helpless"


def test_complete_ties_act_simultaneously(make_fight: MakeFight, sorc: Any) -> None:
    # A and B both roll [5 5 5]: one place, simultaneous. A hits B (who sucks it up, 1 die [1])
    # and B hits A (who has acted, Stamina [1 1 1]); both hits land when the place ends.
    fight = make_fight(
        ("a", "brawler", "north", 1),
        ("b", "brawler", "south", 2),
        rigged=[5, 5, 5, 5, 5, 5, 1, 1, 1, 1],
        strict=False,
    )
    events = sorc.play(fight, ("a", "attack:b:fists"), ("b", "attack:a:fists"), ("b", "suck_it_up"))
    assert sorc.texts(events, "order_fixed") == ["The order is fixed: A = B."]
    landed = ("attack_hit", "damage_pending", "damage_taken")
    assert [(e.kind, e.target) for e in events if e.kind in landed] == [
        ("attack_hit", "b"),
        ("damage_pending", "b"),
        ("attack_hit", "a"),
        ("damage_pending", "a"),
        ("damage_taken", "b"),
        ("damage_taken", "a"),
    ]
    assert fight.view().combatant("a").health == "lasting 1, temporary 3 (penalty 4)"
