"""Those who cannot act do not act: no intention, no total defense, statuses told first."""

from __future__ import annotations

from typing import Any

import pytest

from arena.engine import play_until_human
from arena.rules.events import Event
from tests.ecs.sorcerer.conftest import MakeFight

STATUS_KINDS = ("cannot_act", "helpless", "dead")
ACTING = (
    "intention_declared",
    "intention_revealed",
    "total_defense_held",
    "reaction_chosen",
    "role_play_granted",
    "ai_reasoned",
)
"""What only one able to act (or a sorcerer pushing through) says or does."""


@pytest.mark.parametrize(
    ("template", "damage", "state", "asked"),
    [
        ("brawler", {"lasting": 3}, "cannot_act", False),  # P = S = 3: cannot act
        ("brawler", {"temporary": 5}, "cannot_act", False),  # pending temporary counts too
        ("brawler", {"lasting": 7}, "helpless", False),  # P > 2S
        ("brawler", {"lasting": 13}, "dead", False),  # lasting > 4S
        ("imp", {"lasting": 2}, "cannot_act", False),  # a demon (Stamina 2) never pushes
        ("mage", {"lasting": 3}, "cannot_act", True),  # a sorcerer may push through: asked
    ],
)
def test_a_combatant_starting_too_hurt_is_told_first_and_asked_only_if_it_may_push(
    make_fight: MakeFight, template: str, damage: dict[str, int], state: str, asked: bool
) -> None:
    # Damage carried into the fight sets the status at once, told at Step 1 of round 1 before
    # anyone states an intention; only a sorcerer free to push through is asked one.
    fight = make_fight(
        ("a", "brawler", "north", 1),
        ("hero", template, "south", 2),
        damage={"hero": damage},
        strict=False,
    )
    events = list(fight.events)
    told = [e for e in events if e.kind in STATUS_KINDS]
    assert [(e.kind, e.target, e.round, e.step) for e in told] == [
        (state, "hero", 1, "sorc_intentions")
    ]
    assert fight.view().combatant("hero").status == state
    expected = [("a", "intention"), ("hero", "intention")] if asked else [("a", "intention")]
    assert [(d.actor, d.kind) for d in fight.pending()] == expected
    if asked:
        # Every intention of a sorcerer too hurt to act needs a push: total defense included.
        (menu,) = [d for d in fight.pending() if d.actor == "hero"]
        assert all("(push through)" in c.label for c in menu.choices)
        assert "total_defense" in [c.key for c in menu.choices]


@pytest.mark.parametrize("controller", ["human", "ai:nearest"])
def test_a_non_sorcerer_starting_too_hurt_holds_no_total_defense_and_is_clobbered(
    make_fight: MakeFight, sorc: Any, controller: str
) -> None:
    # Hero (Stamina 3) starts with lasting 4: it cannot act. A [9 8 7] attacks it: it is not
    # asked to abort or suck it up and defends normally, Stamina 3 − 4 = −1: 1 die, and A adds
    # 2 dice. Played by a person (hot-seat: both people) or by the AI alike.
    fight = make_fight(
        ("a", "brawler", "north", 1),
        ("hero", "brawler", "south", 2),
        damage={"hero": {"lasting": 4}},
        controllers={"hero": controller},
        rigged=[9, 8, 7, 1, 1, 1, 1, 1, 1, 1],
        strict=False,
    )
    events = list(fight.events)
    assert [(d.actor, d.kind) for d in fight.pending()] == [("a", "intention")]
    events += sorc.play(fight, ("a", "attack:hero:fists"))
    assert [e.kind for e in events if e.actor == "hero" and e.kind in ACTING] == []
    (clobbered,) = [e for e in events if e.kind == "clobbered" and e.round == 1]
    assert clobbered.data["dice"] == 2
    (hit,) = [e for e in events if e.kind == "attack_hit" and e.round == 1]
    assert "Stamina 3 −4 lasting damage +2 clobbered = 1" in str(hit.why)


def test_in_a_gang_fight_of_ais_the_hurt_never_state_an_intention(make_fight: MakeFight) -> None:
    # Three AIs against a hurt brawler and a hurt demon on the other side, with one able ally:
    # over the whole fight, nobody too hurt to act states an intention, holds total defense or
    # is asked to abort or suck it up.
    fight = make_fight(
        ("a", "brawler", "thugs", 1),
        ("b", "brawler", "thugs", 3),
        ("c", "brawler", "thugs", 5),
        ("hero", "brawler", "hero", 2),
        ("imp", "imp", "hero", 4),
        ("ally", "brawler", "hero", 9),
        damage={"hero": {"lasting": 3}, "imp": {"lasting": 2}},
        controller="ai:nearest",
        controllers={"imp": "ai:demon"},
        strict=False,
        seed=4,
    )
    events = [*fight.events, *play_until_human(fight, humans_too=True)]
    assert fight.over
    assert {e.target for e in events if e.kind == "cannot_act" and e.round == 1} >= {"hero", "imp"}
    assert [e for e in events if e.kind == "intention_revealed" and e.actor == "ally"]
    _assert_nobody_hurt_acts(events, {"hero": "cannot_act", "imp": "cannot_act"})


def _assert_nobody_hurt_acts(events: list[Event], state: dict[str, str]) -> None:
    """No intention, total defense or reaction from a combatant while it cannot act."""
    for e in events:
        if e.kind in (*STATUS_KINDS, "recovered"):
            state[e.target] = "active" if e.kind == "recovered" else e.kind
        if e.kind in ACTING:
            assert state.get(e.actor, "active") == "active", (e.kind, e.actor, e.round)


def test_a_sorcerer_too_hurt_to_act_who_will_not_push_holds_no_total_defense(
    make_fight: MakeFight, sorc: Any
) -> None:
    # The mage starts with lasting 3 (Stamina 3): it states total defense, then will not push
    # through: it only defends, with no +2. A [9 8 7] attacks: Stamina 3 − 3 = 0, clobbered.
    fight = make_fight(
        ("a", "brawler", "north", 1),
        ("hero", "mage", "south", 2),
        damage={"hero": {"lasting": 3}},
        rigged=[9, 8, 7, 1, 1],
        strict=False,
    )
    events = sorc.play(fight, ("a", "attack:hero:fists"), ("hero", "total_defense"))
    push = sorc.decision(fight, "hero", "push")
    assert push.choices[0].key == "push:0"
    events += sorc.play(fight, ("hero", "push:0"))
    assert [e.kind for e in events if e.kind == "push_declined"] == ["push_declined"]
    assert not [e for e in events if e.kind == "total_defense_held"]
    (clobbered,) = [e for e in events if e.kind == "clobbered"]
    assert clobbered.data["dice"] == 1


def test_a_sorcerer_who_may_not_push_through_is_not_asked_either(make_fight: MakeFight) -> None:
    # Under push_bounds: exclusive a sorcerer pushes through only while S < P < 2S: at P = S = 3
    # the Mage cannot act and cannot push, so it is asked nothing and the log offers no push.
    fight = make_fight(
        ("a", "brawler", "north", 1),
        ("hero", "mage", "south", 2),
        damage={"hero": {"lasting": 3}},
        options={"push_bounds": "exclusive"},
        strict=False,
    )
    assert [(d.actor, d.kind) for d in fight.pending()] == [("a", "intention")]
    (told,) = [e for e in fight.events if e.kind == "cannot_act"]
    assert told.text == "Hero is hurt too badly to act: it can only defend."
