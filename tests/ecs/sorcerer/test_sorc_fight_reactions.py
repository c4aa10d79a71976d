"""Step 4 in a running fight: abort, suck it up, the clobbered rule, defence rollover."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from arena.ai.sorcerer.values import outcomes
from arena.ecs.sorcerer import attacks, queries
from arena.ecs.sorcerer.abort import DEFAULT_ABORT_AT, reaction
from arena.ecs.sorcerer.pools import action_pool, defences
from arena.engine import Fight
from arena.rules.actions import Attack
from arena.rules.odds import contest_odds, known_contest_odds
from arena.rules.phrase import Phrase
from arena.rules.sorcerer import (
    Damage,
    Modifier,
    Rollover,
    Wounds,
    assemble_pool,
    suck_it_up_bonus,
)
from arena.rules.sorcerer.commands import React
from arena.rules.views import ContestSpec
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
        "The fight is over: A wins.",
    ]
    assert fight.over
    assert fight.view().combatant("hero").status == "helpless"


def test_complete_ties_act_simultaneously(make_fight: MakeFight, sorc: Any) -> None:
    # A and B both roll [5 5 5]: one place, simultaneous. Neither has acted when the other's
    # attack resolves, so both are asked at once; both suck it up and defend with 1 die [1].
    # Both hits land when the place ends.
    fight = make_fight(
        ("a", "brawler", "north", 1),
        ("b", "brawler", "south", 2),
        rigged=[5, 5, 5, 5, 5, 5, 1, 1],
    )
    events = sorc.play(fight, ("a", "attack:b:fists"), ("b", "attack:a:fists"))
    assert sorc.texts(events, "order_fixed") == ["The order is fixed: A = B."]
    assert sorted((d.actor, d.kind, d.attacker) for d in fight.pending()) == [
        ("a", "reaction", "b"),
        ("b", "reaction", "a"),
    ]
    events = sorc.play(fight, ("b", "suck_it_up"), ("a", "suck_it_up"))
    landed = ("attack_hit", "damage_pending", "damage_taken")
    assert [(e.kind, e.target) for e in events if e.kind in landed] == [
        ("attack_hit", "b"),
        ("damage_pending", "b"),
        ("attack_hit", "a"),
        ("damage_pending", "a"),
        ("damage_taken", "b"),
        ("damage_taken", "a"),
    ]
    after = {e.target: e.data["after"] for e in events if e.kind == "damage_taken"}
    hurt = {"lasting": 1, "temporary": 3, "penalty": 4}
    assert after == {"a": hurt, "b": hurt}


def _attack_each_other(
    make_fight: MakeFight,
    sorc: Any,
    order: list[int],
    defence: tuple[int, ...] = (1, 1, 1, 1),
    other: tuple[str, str] = ("b", "south"),
    side: str = "north",
) -> Any:
    """Brawler A (on `side`) and the `other` brawler (id, side) attack each other, rolling
    `order` for order; the defence dice come next (every one a 1 unless given)."""
    them, theirs = other
    fight = make_fight(
        ("a", "brawler", side, 1),
        (them, "brawler", theirs, 2),
        rigged=[*order, *defence],
        strict=False,
    )
    sorc.play(fight, ("a", f"attack:{them}:fists"), (them, "attack:a:fists"))
    return fight


def test_simultaneous_reactions_stay_hidden_until_both_have_chosen(
    make_fight: MakeFight, sorc: Any
) -> None:
    # A and B tie on [5 5 5] and attack each other. Simultaneous means symmetric: B must not
    # learn A's answer before giving its own, so A's abort is told only once B has chosen.
    fight = _attack_each_other(make_fight, sorc, [5, 5, 5, 5, 5, 5])
    assert all(d.secret for d in fight.pending())
    first = sorc.play(fight, ("a", "abort"))
    assert [(e.kind, e.actor, e.data) for e in first] == [
        ("reaction_hidden", "a", {"attacker": "b"})
    ]
    assert "abort" not in first[0].text
    assert [(d.actor, d.kind) for d in fight.pending()] == [("b", "reaction")]
    second = sorc.play(fight, ("b", "suck_it_up"))
    told = [(e.actor, e.data["reaction"]) for e in second if e.kind == "reaction_chosen"]
    assert told == [("a", "abort"), ("b", "suck_it_up")]
    kinds = [e.kind for e in second]
    assert kinds.index("reaction_hidden") < kinds.index("reaction_chosen")
    assert kinds.index("reaction_chosen") < kinds.index("action_aborted")


def test_a_reaction_out_of_the_tie_is_told_at_once(make_fight: MakeFight, sorc: Any) -> None:
    # Order: A [9 9 9] before B [2 2 2]: B, attacked before acting, answers alone and openly.
    fight = _attack_each_other(make_fight, sorc, [9, 9, 9, 2, 2, 2])
    assert [d.secret for d in fight.pending()] == [False]
    events = sorc.play(fight, ("b", "suck_it_up"))
    assert events[0].kind == "reaction_chosen"
    assert events[0].data == {"reaction": "suck_it_up", "attacker": "a"}


_A = ("a", "brawler", "north", 1)
_B = ("b", "brawler", "south", 2)


def _tied_round(
    make_fight: MakeFight, sorc: Any, roster: tuple[Any, ...], says: dict[str, str]
) -> tuple[Any, ...]:
    """A and B tie completely on [5 5 5] and attack each other; every defence die shows 1."""
    fight = make_fight(*roster, rigged=[5] * 6 + [1] * 6, strict=False)
    sorc.play(fight, *((cid, f"attack:{other}:fists") for cid, other in (("a", "b"), ("b", "a"))))
    asked = {d.actor: d for d in fight.pending()}
    shown = {cid: [(c.key, c.rolls) for c in d.choices] for cid, d in asked.items()}
    events = sorc.play(fight, *((s[0], says[s[0]]) for s in roster))
    # What each carries once the round's hits have landed (hurt past Stamina, neither can act
    # again, so the fight then runs out its rounds at once).
    hurt = {cid: ("unhurt", "active") for cid in "ab"}
    for e in events:
        if e.kind == "damage_taken" and e.round == 1:
            after = e.data["after"]
            assert isinstance(after, dict)
            hurt[e.target] = (
                f"lasting {after['lasting']}, temporary {after['temporary']} "
                f"(penalty {after['penalty']})",
                "cannot_act",
            )
    kinds = sorted((e.kind, e.actor, e.target) for e in events)
    return shown, hurt, kinds


@pytest.mark.parametrize(
    ("a_says", "b_says"),
    [
        ("suck_it_up", "suck_it_up"),  # both hit, both hurt alike
        ("suck_it_up", "abort"),  # B gives up its attack and defends with Stamina
        ("abort", "suck_it_up"),  # the mirror image
        ("abort", "abort"),  # both give up their attacks: nobody is hurt
    ],
)
def test_complete_tie_is_symmetric_whoever_is_listed_first(
    make_fight: MakeFight, sorc: Any, a_says: str, b_says: str
) -> None:
    # Roster order never decides who suffers in a complete tie [sorcerer.md 2]: the same
    # fight with the two lines swapped asks the same questions with the same numbers and ends
    # the round with the same damage on the same fighter.
    says = {"a": a_says, "b": b_says}
    first = _tied_round(make_fight, sorc, (_A, _B), says)
    second = _tied_round(make_fight, sorc, (_B, _A), says)
    assert first == second
    shown, hurt, _ = first
    assert shown["a"] == shown["b"]  # each is offered abort (3 dice) or suck it up (1 die)
    assert [key for key, _ in shown["a"]] == ["abort", "suck_it_up"]
    hit = "lasting 1, temporary 3 (penalty 4)"
    expected = {
        ("suck_it_up", "suck_it_up"): (hit, hit),
        ("suck_it_up", "abort"): ("unhurt", hit),
        ("abort", "suck_it_up"): (hit, "unhurt"),
        ("abort", "abort"): ("unhurt", "unhurt"),
    }[(a_says, b_says)]
    assert (hurt["a"][0], hurt["b"][0]) == expected


def test_a_fighter_that_cannot_act_is_not_asked_and_does_not_act(
    make_fight: MakeFight, sorc: Any
) -> None:
    # Order: Mage [10], X [9 9 9], Imp (Stamina 1) [2]. Mage's Punish [10] against [1] puts
    # lasting 1 on the Imp: P = 1 ≥ Stamina 1, past its Stamina without sucking anything up,
    # so it cannot act this round. X attacks it before its turn: it has no action to abort or
    # keep, so it is not asked, and defends with Stamina (0 after its damage: clobbered, 1 die
    # [10]); it fends X off. At its turn its action is lost.
    fight = make_fight(
        ("mage", "mage", "m", 1),
        ("x", "brawler", "m", 2),
        ("imp", "imp", "d", 3, {"stamina": 1}),
        rigged=[10, 9, 9, 9, 2, 1, 1, 1, 1, 1, 9, 9, 10, 1],
    )
    events = sorc.play(
        fight, ("mage", "ritual:punish:imp"), ("x", "attack:imp:fists"), ("imp", "attack:x:claws")
    )
    assert not [d for d in fight.pending() if d.kind == "reaction"]
    assert not [e for e in events if e.kind == "reaction_chosen"]
    assert sorc.texts(events, "cannot_act", "attack_missed", "action_lost") == [
        "Imp is hurt too badly to act: it can only defend.",
        "Imp fends off X's fists: 1 victory.",
        "Imp is hurt too badly to act: its action (attack X with claws) is lost.",
    ]
    missed = next(e for e in events if e.kind == "attack_missed")
    assert missed.data["reaction"] is None  # defended as one with no action to come
    assert not [e for e in events if e.kind == "attack_hit" and e.actor == "imp"]


def test_hurt_too_badly_to_act_is_never_followed_by_acting(
    make_fight: MakeFight, sorc: Any
) -> None:
    # Round 1 of sorcerer-duel, rigged: Mara [10 10 8 6 2] before Rook [10 9 4 3]. Rook
    # sucks it up with 1 die [10]: Mara wins with 4 victories, 4 temporary and 1 lasting, P = 5
    # past Rook's Stamina 4. The sucked-up action goes ahead at the appointed time [seed], and
    # the log says so: never "too hurt to act" and then an attack.
    fight = make_fight(
        ("rook", "rook", "north", 1),
        ("mara", "mara", "south", 2),
        rigged=[10, 9, 4, 3, 10, 10, 8, 6, 2, 10, 9, 9, 9, 8, 8, 8, 5, 4, 4, 1],
    )
    events = sorc.play(
        fight, ("rook", "attack:mara:fists"), ("mara", "attack:rook:fists"), ("rook", "suck_it_up")
    )
    rook = [e for e in events if "rook" in (e.actor, e.target)]
    assert [e.text for e in rook if e.kind in ("cannot_act", "attack_hit")] == [
        "Mara hits Rook with fists: 4 victories.",
        "Rook is hurt past its Stamina, but it sucked the blow up: its action still goes ahead "
        "at the appointed time.",
        "Rook hits Mara with fists: 1 victory.",
    ]
    acted = next(i for i, e in enumerate(events) if e.kind == "attack_hit" and e.actor == "rook")
    assert not [e for e in events[:acted] if "too badly to act" in e.text]


def test_a_sucked_up_penalty_is_bonus_dice_once_and_its_temporary_part_is_spent(
    make_fight: MakeFight, sorc: Any
) -> None:
    # Round 1 of sorcerer-duel again: Rook sucks up Mara's 4 temporary and 1 lasting damage.
    # The penalty of 5 goes to Mara as 5 bonus dice on her defence, once. That transfer spends
    # the temporary 4 (it was the penalty on Rook's roll, its "next roll"), so it does not
    # land again on Rook's next roll: in round 2 only the lasting 1 comes off its pool.
    fight = make_fight(
        ("rook", "rook", "north", 1),
        ("mara", "mara", "south", 2),
        rigged=[10, 9, 4, 3, 10, 10, 8, 6, 2, 10, 9, 9, 9, 8, 8, 8, 5, 4, 4, 1],
        strict=False,
    )
    events = sorc.play(
        fight, ("rook", "attack:mara:fists"), ("mara", "attack:rook:fists"), ("rook", "suck_it_up")
    )
    (sucked,) = [e for e in events if e.kind == "sucked_up_damage"]
    assert sucked.text == "Rook sucked up 5 damage after rolling: Mara gets 5 dice more instead."
    assert sucked.data["dice"] == 5
    (defended,) = [e for e in events if e.kind == "attack_hit" and e.actor == "rook"]
    assert defended.why.startswith("performance [10 9 4 3] against Stamina 5 +5 sucked-up damage")
    assert fight.view().combatant("rook").health == "lasting 1 (penalty 1)"
    events = sorc.play(fight, ("rook", "attack:mara:fists"), ("mara", "attack:rook:fists"))
    (tally,) = [e for e in events if e.kind == "pool_tallied" and e.actor == "rook"]
    # Its won attack rolls 1 victory over; no temporary damage comes off.
    assert tally.why == "Stamina 4 +1 rollover from attack (mara) −1 lasting damage = 4"


def test_abort_or_suck_it_up_odds_are_on_the_attackers_known_faces(
    make_fight: MakeFight, sorc: Any
) -> None:
    # Mara attacks Rook with [10 10 8 6 2] before Rook has acted. Against those faces, abort
    # (Stamina 4) defends about 1.6% of the time and suck it up (1 die) never: not the 42.3%
    # and 12.1% of a fresh 4-against-5 and 1-against-5 contest. The default follows the same
    # conditional figure (suck it up: aborting would almost never stop the blow), and so do the
    # AI's expected-harm figures.
    fight = make_fight(
        ("rook", "rook", "north", 1),
        ("mara", "mara", "south", 2),
        rigged=[10, 9, 4, 3, 10, 10, 8, 6, 2],
        strict=False,
    )
    sorc.play(fight, ("rook", "attack:mara:fists"), ("mara", "attack:rook:fists"))
    asked = sorc.decision(fight, "rook", "reaction")
    assert asked.incoming == (10, 10, 8, 6, 2)
    abort, suck = asked.choice("abort"), asked.choice("suck_it_up")
    assert abort is not None
    assert suck is not None
    (full,), (one,) = abort.rolls, suck.rolls
    assert isinstance(full, ContestSpec)
    assert isinstance(one, ContestSpec)
    assert (full.own, full.known, one.own, one.known) == (4, asked.incoming, 1, asked.incoming)
    assert (full.extra, full.reroll_ties, full.win) == (0, False, "defend")
    assert (abort.command, suck.command) == (
        React("rook", "mara", "abort"),
        React("rook", "mara", "suck_it_up"),
    )
    assert (abort.target, suck.target, abort.show_rolls, abort.cell) == (
        "mara",
        "mara",
        False,
        None,
    )
    assert full.chances()[0] == pytest.approx(0.0157, abs=5e-5)
    assert one.chances()[0] == 0.0
    assert contest_odds(4, 5).p_first == pytest.approx(0.423, abs=5e-4)  # the fresh figure
    assert "default" in suck.tags
    assert "default" not in abort.tags
    for spec in (full, one):
        mine, theirs = outcomes(spec)
        odds = known_contest_odds(spec.own, asked.incoming)
        assert (mine, theirs) == (odds.first_victories, odds.second_victories)


def test_a_reaction_command_is_one_value_for_the_same_pair() -> None:
    # Asked again at each attack of the same pair, the same command comes back.
    kept = reaction("rook", "mara", "abort")
    assert kept == React("rook", "mara", "abort")
    assert reaction("rook", "mara", "abort") is kept
    assert reaction("rook", "mara", "suck_it_up") == React("rook", "mara", "suck_it_up")
    assert reaction("mara", "rook", "abort") == React("mara", "rook", "abort")


def test_abort_is_the_default_against_a_poor_known_roll(make_fight: MakeFight, sorc: Any) -> None:
    # A attacks with [3 2 1] before Hero has acted: Stamina 3 defends most of the time against
    # those faces, so aborting is the default.
    fight = make_fight(
        ("a", "brawler", "thugs", 1),
        ("hero", "brawler", "hero", 2),
        rigged=[3, 2, 1, 1, 1, 1],
        strict=False,
    )
    sorc.play(fight, ("a", "attack:hero:fists"), ("hero", "attack:a:fists"))
    asked = sorc.decision(fight, "hero", "reaction")
    abort = asked.choice("abort")
    assert abort is not None
    assert "default" in abort.tags
    assert abort.rolls[0].chances()[0] > DEFAULT_ABORT_AT


def test_clobbered_defence_odds_leave_only_the_attackers_bonus_dice_to_chance(
    make_fight: MakeFight, sorc: Any
) -> None:
    # Order: A [9 8 7], B [6 5 4], Hero [3 2 1]. Hero sucks up A's blow (3 temporary, 1
    # lasting: penalty 4). B attacks before Hero acts: abort is Stamina 3 − 4 = −1 (1 die, B
    # gets 2 bonus dice), suck it up 1 − 4 = −3 (1 die, B gets 4). B's [6 5 4] are on the
    # table; only the bonus dice are still to roll. Hero's die must beat 6 and every bonus die:
    # Σ over 7..10 of 0.1 × ((d−1)/10)^b = 23.0% (abort) and 14.4% (suck it up), not the fresh
    # 1-against-5 and 1-against-7 contests.
    fight = make_fight(*THREE, rigged=[9, 8, 7, 6, 5, 4, 3, 2, 1, 2, 5, 1, 1, 1, 1], strict=False)
    sorc.play(
        fight,
        ("a", "attack:hero:fists"),
        ("b", "attack:hero:fists"),
        ("hero", "attack:a:fists"),
        ("hero", "suck_it_up"),
    )
    asked = sorc.decision(fight, "hero", "reaction")
    assert asked.incoming == (6, 5, 4)
    abort, suck = asked.choice("abort"), asked.choice("suck_it_up")
    assert abort is not None
    assert suck is not None
    (full,), (one,) = abort.rolls, suck.rolls
    assert isinstance(full, ContestSpec)
    assert isinstance(one, ContestSpec)
    assert (full.own, full.known, full.extra, full.opposing) == (1, (6, 5, 4), 2, 5)
    assert (one.own, one.known, one.extra, one.opposing) == (1, (6, 5, 4), 4, 7)
    assert full.chances()[0] == pytest.approx(0.1 * (0.6**2 + 0.7**2 + 0.8**2 + 0.9**2))
    assert one.chances()[0] == pytest.approx(0.1 * (0.6**4 + 0.7**4 + 0.8**4 + 0.9**4))
    assert contest_odds(1, 7).p_first != pytest.approx(one.chances()[0], abs=1e-3)
    # The odds line the UI's detail and the plain mode print.
    assert abort.odds == (
        "defend 23.0%, lose 77.0%, tie 0.0% (1 die against [6 5 4] + 2 dice to roll)"
    )
    assert suck.odds == (
        "defend 14.4%, lose 85.6%, tie 0.0% (1 die against [6 5 4] + 4 dice to roll)"
    )
    # The default and the AI weigh the same count.
    assert "default" in suck.tags
    for spec in (full, one):
        odds = known_contest_odds(spec.own, (6, 5, 4), spec.extra)
        assert outcomes(spec) == (odds.first_victories, odds.second_victories)


def test_under_tie_reroll_the_defence_odds_count_no_tie(make_fight: MakeFight, sorc: Any) -> None:
    # A [3 2 1] attacks Hero before it acts. With tie: reroll a complete tie is rerolled, so
    # the odds shown and weighed settle it: no tie left, and the win is the settled one.
    fight = make_fight(
        ("a", "brawler", "north", 1),
        ("hero", "brawler", "south", 2),
        rigged=[3, 2, 1, 1, 1, 1],
        options={"tie": "reroll"},
        strict=False,
    )
    sorc.play(fight, ("a", "attack:hero:fists"), ("hero", "attack:a:fists"))
    asked = sorc.decision(fight, "hero", "reaction")
    for choice in asked.choices:
        (spec,) = choice.rolls
        assert isinstance(spec, ContestSpec)
        assert spec.reroll_ties
        win, lose, tie = spec.chances()
        settled = known_contest_odds(spec.own, (3, 2, 1), reroll_ties=True)
        assert (win, lose, tie) == (settled.p_first, settled.p_second, 0.0)
        assert "tie 0.0%" in choice.odds
    # Stamina 3 against [3 2 1] ties completely only on 3, 2 and 1: 6 rolls in 1000, settled.
    assert known_contest_odds(3, (3, 2, 1)).p_tie == pytest.approx(6 / 1000)


def _hero_asked(make_fight: MakeFight, sorc: Any) -> Fight:
    """A attacks Hero with [9 8 7] before Hero has acted: Hero is asked to abort or suck it up
    (the abort's defence will roll [10 10 4])."""
    order = [9, 8, 7, 3, 2, 1]
    fight: Fight = _attack_each_other(
        make_fight, sorc, order, (10, 10, 4), ("hero", "hero"), "thugs"
    )
    return fight


def test_an_answered_attack_resolves_with_the_defence_its_question_showed(
    make_fight: MakeFight, sorc: Any
) -> None:
    # A attacks Hero with [9 8 7] before Hero has acted. The question keeps the attack's cell
    # and both defences; the answer (abort: Stamina 3, [10 10 4]) resolves with the abort one,
    # and the kept question is taken.
    fight = _hero_asked(make_fight, sorc)
    with fight._world.entered():
        kept = queries.round_state().reacting
        assert kept is not None
        command, _, spot, full, one = kept
        a = queries.fighter_of("a")
        assert command is a.plan.command
        assert spot == (a.pos.x, a.pos.y)
        assert (full.pool.size, one.pool.size) == (3, 1)
    events = sorc.play(fight, ("hero", "abort"))
    (missed,) = [e for e in events if e.kind == "attack_missed"]
    assert missed.data["defence_dice"] == 3
    assert missed.why == (
        "performance [9 8 7] against Stamina 3 = 3 [10 10 4]; Hero wins with 2 victories"
    )
    with fight._world.entered():
        assert queries.round_state().reacting is None


def test_a_kept_question_no_longer_true_is_worked_out_again(
    make_fight: MakeFight, sorc: Any
) -> None:
    # Kept for another cell than the attacker's now, the question's defence is not used: the
    # attack reads its defence afresh (a kept pool of 9 dice would have rolled 9 faces).
    fight = _hero_asked(make_fight, sorc)
    with fight._world.entered():
        rs = queries.round_state()
        assert rs.reacting is not None
        command, read, spot, full, _ = rs.reacting
        swollen = dataclasses.replace(full, pool=assemble_pool("Stamina", 9))
        moved = (read[0] + 1, *read[1:])
        rs.reacting = (command, moved, spot, swollen, swollen)
    events = sorc.play(fight, ("hero", "abort"))
    (missed,) = [e for e in events if e.kind == "attack_missed"]
    assert missed.data["defence_dice"] == 3


def test_a_pool_spends_only_its_own_rollovers_and_keeps_the_others_as_they_were(
    make_fight: MakeFight, sorc: Any
) -> None:
    # Rook holds 2 dice won defending against Mara, Mara 1 won attacking Rook. Mara's attack
    # on Rook spends Mara's one only; with only Mara's held, Rook's attack spends nothing and
    # leaves the rollovers held as they were (the very tuple).
    fight = make_fight(
        ("rook", "rook", "north", 1), ("mara", "mara", "south", 2), rigged=[], strict=False
    )
    with fight._world.entered():
        mine = Rollover("rook", "defense", "mara", 2, 1)
        theirs = Rollover("mara", "attack", "rook", 1, 1)
        held = (mine, theirs)
        mara, rook = queries.fighter_of("mara"), queries.fighter_of("rook")
        found = action_pool(fight._ctx, mara, Attack("mara", "rook", "fists"), 0, held)
        assert found is not None
        pool, kept = found
        assert pool.modifiers[0] == Modifier("rollover from attack (rook)", 1)
        assert kept == (mine,)
        only_theirs = (theirs,)
        found = action_pool(fight._ctx, rook, Attack("rook", "mara", "fists"), 0, only_theirs)
        assert found is not None
        pool, kept = found
        assert kept is only_theirs
        assert all(not m.source.startswith("rollover") for m in pool.modifiers)


def test_a_pool_made_of_the_same_numbers_is_the_one_kept_and_a_cloak_or_damage_changes_it(
    make_fight: MakeFight,
) -> None:
    # The brawler (Stamina 3) attacks the Hulk (Power 2) twice with nothing else on it: the
    # second pool is the very pool of the first. Cloaked, the Hulk costs it ⌈2 ÷ 2⌉ = 1 die
    # though a plain pool of the same numbers is kept; 1 lasting damage costs it 1 die more.
    fight = make_fight(("b", "brawler", "heroes", 1), ("hulk", "hulk", "demons", 2), rigged=[])
    with fight._world.entered():
        ctx, b, hulk = fight._ctx, queries.fighter_of("b"), queries.fighter_of("hulk")
        cmd = Attack("b", "hulk", "fists")
        first = action_pool(ctx, b, cmd, 0, ())
        again = action_pool(ctx, b, Attack("b", "hulk", "fists"), 0, ())
        assert first is not None
        assert again is not None
        assert first == (assemble_pool("Stamina", 3), ())
        assert again[0] is first[0]
        assert hulk.demon is not None
        hulk.demon.cloaked = True
        cloaked = action_pool(ctx, b, cmd, 0, ())
        assert cloaked == (assemble_pool("Stamina", 3, (Modifier("Cloak", -1),)), ())
        hulk.demon.cloaked = False
        b.health.wounds = Wounds(1, 0)
        hurt = action_pool(ctx, b, cmd, 0, ())
        assert hurt is not None
        assert hurt[0].dice_to_roll == 2
        assert [m.dice for m in hurt[0].modifiers] == [-1]
        b.health.wounds = Wounds(0, 0)
        assert action_pool(ctx, b, cmd, 0, ()) == first


def test_a_defence_of_the_same_numbers_is_the_one_kept_and_protection_or_damage_changes_it(
    make_fight: MakeFight,
) -> None:
    # The Imp's claws (special damage) on the Mage (Stamina 3): asked twice with nothing else
    # on it, the second defences are the very ones of the first. Covered by the Amulet's
    # Protection (Power 2), the Mage defends with 2 dice more though plain ones are kept; 1
    # lasting damage costs it 1 die; the sucked-up bonus of 2 dice adds 2.
    fight = make_fight(
        ("mage", "mage", "m", 1),
        ("amulet", "amulet", "m", 5),
        ("imp", "imp", "i", 2),
        rigged=[],
    )
    with fight._world.entered():
        ctx = fight._ctx
        mage, imp, amulet = (queries.fighter_of(c) for c in ("mage", "imp", "amulet"))
        claws = queries.weapon(ctx, "claws")
        first = defences(ctx, mage, imp, claws, ("abort", "suck_it_up"))
        assert [d.pool.size for d in first] == [3, 1]
        assert defences(ctx, mage, imp, claws, ("abort", "suck_it_up")) is first
        assert amulet.demon is not None
        amulet.demon.protecting = "mage"
        (covered,) = defences(ctx, mage, imp, claws, (None,))
        assert covered.pool.size == 5
        assert [(m.source, m.dice) for m in covered.pool.modifiers] == [("Protection", 2)]
        amulet.demon.protecting = ""
        mage.health.wounds = Wounds(1, 0)
        assert defences(ctx, mage, imp, claws, (None,))[0].pool.size == 2
        (helped,) = defences(ctx, mage, imp, claws, (None,), [suck_it_up_bonus(0, 2)])
        assert helped.pool.size == 4
        mage.health.wounds = Wounds(0, 0)
        assert defences(ctx, mage, imp, claws, ("abort", "suck_it_up")) == first


def test_a_hit_of_the_same_numbers_deals_the_kept_damage_and_armor_changes_it(
    make_fight: MakeFight,
) -> None:
    # A pistol (firearm row: 1 temporary, X+1 lasting) hits with 3 victories: 1 and 4, the
    # same damage and words the second time. Against Armor of Power 2 the lasting damage
    # drops to 2, no lower than fists' 1; the words name the same row either way.
    fight = make_fight(("s", "shooter", "a", 1), ("b", "brawler", "b", 2), rigged=[])
    with fight._world.entered():
        ctx = fight._ctx
        pistol = queries.weapon(ctx, "pistol")
        first = attacks._hit(ctx, "S", pistol, 3, 0, 0)
        assert first[0] == Damage(1, 4)
        assert attacks._hit(ctx, "S", pistol, 3, 0, 0) is first
        row = queries.damage_row(ctx, "firearm")
        words = ("S", "pistol", row.name, row.temporary, row.lasting)
        assert first[1] == Phrase("sorc_damage_source", words)
        armored = attacks._hit(ctx, "S", pistol, 3, 0, 2)
        assert armored == (Damage(1, 2, 2), first[1])
        assert attacks._hit(ctx, "S", pistol, 1, 0, 0)[0] == Damage(1, 2)
