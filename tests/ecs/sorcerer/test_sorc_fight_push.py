"""Pushing through damage in a running fight: sorcerers only, original Will against N dice."""

from __future__ import annotations

from typing import Any

import pytest

from tests.ecs.sorcerer.conftest import MakeFight

# Round 1: A [9 8 7] hits the defender, on total defense (order 5 dice [1 1 1 1 1], defence
# Stamina 3 +2 [2 2 2 2 2]), with 3 victories: 3 temporary + 1 lasting = 4 ≥ Stamina 3.
ROUND_1 = [9, 8, 7, 1, 1, 1, 1, 1, 2, 2, 2, 2, 2]


def _hurt(make_fight: MakeFight, sorc: Any, template: str, more: list[int]) -> Any:
    fight = make_fight(
        ("a", "brawler", "thugs", 1),
        ("hero", template, "hero", 2),
        rigged=ROUND_1 + more,
        strict=False,
    )
    events = sorc.play(fight, ("a", "attack:hero:fists"), ("hero", "total_defense"))
    assert sorc.texts(events, "cannot_act") == [
        f"Hero is hurt too badly to act: it can only defend"
        f"{' or push through' if template == 'mage' else ''}."
    ]
    return fight


def test_a_non_sorcerer_too_hurt_to_act_is_not_asked_and_holds_no_total_defense(
    make_fight: MakeFight, sorc: Any
) -> None:
    # Hurt to penalty 4 ≥ Stamina 3, a non-sorcerer cannot act [sorcerer.md 7]: next round
    # only A is asked, and the hero defends with Stamina 3 − 4 = −1: clobbered, 1 die, and A
    # adds 2 dice. No total defense is held (it would make the pool +1: 1 die, no clobber).
    fight = _hurt(make_fight, sorc, "brawler", [9, 8, 7, 1, 1, 1])
    assert [(d.actor, d.kind) for d in fight.pending()] == [("a", "intention")]
    events = sorc.play(fight, ("a", "attack:hero:fists"))
    assert not [
        e
        for e in events
        if e.kind in ("total_defense_held", "intention_revealed") and e.actor == "hero"
    ]
    (clobbered,) = [e for e in events if e.kind == "clobbered"]
    assert clobbered.data["dice"] == 2
    (hit,) = [e for e in events if e.kind == "attack_hit" and e.round == 2]
    assert "Stamina 3 −1 lasting damage −3 temporary damage +2 clobbered = 1" in str(hit.why)


@pytest.mark.parametrize(
    ("will", "wanted", "kind", "text"),
    [
        # Will [9 8 7 6] beats [5 4]: the attack rolls 2 dice.
        (
            [9, 8, 7, 6],
            [5, 4],
            "pushed_through",
            "Hero pushes through its wounds: it will roll 2 dice to attack A with fists.",
        ),
        # Will [1 1 1 1] loses to [9 9]: the action fails, it defends as usual.
        (
            [1, 1, 1, 1],
            [9, 9],
            "push_failed",
            "Hero fails to push through: the action fails, it defends as usual.",
        ),
    ],
)
def test_a_hurt_sorcerer_pushes_through_with_its_original_will(
    make_fight: MakeFight,
    sorc: Any,
    will: list[int],
    wanted: list[int],
    kind: str,
    text: str,
) -> None:
    fight = _hurt(make_fight, sorc, "mage", will + wanted)
    keys = [c.key for c in sorc.decision(fight, "hero").choices]
    assert keys[:2] == ["attack:a:fists", "total_defense"]
    assert sorc.decision(fight, "hero").choices[0].label == "Attack A with fists (push through)"
    sorc.play(fight, ("a", "total_defense"), ("hero", "attack:a:fists"))
    push = sorc.decision(fight, "hero", "push")
    assert [c.key for c in push.choices] == ["push:0", "push:1", "push:2", "push:3"]
    events = sorc.answer(fight, "hero", "push:2")
    (pushed,) = [e for e in events if e.kind == kind]
    assert pushed.text == text
    assert pushed.why.endswith(
        f"original Will 4 [{' '.join(map(str, will))}] against 2 dice "
        f"[{' '.join(map(str, wanted))}]"
    )
