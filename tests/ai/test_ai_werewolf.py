"""Werewolf policies on constructed situations: each key choice, and why."""

from __future__ import annotations

import random
from typing import Any

import pytest

from arena.ai import choose_with_reason
from arena.rules.actions import Attack, Move, Wait
from arena.rules.views import Choice, Pool
from arena.rules.werewolf_actions import (
    AbortToDodge,
    Dodge,
    EndFrenzy,
    Forgo,
    ShakeOffStun,
    Shift,
    SpendRage,
    SpendWillpower,
    Split,
    StepSideways,
)

CRINOS = {"strength": 7, "dexterity": 5, "stamina": 6, "wits": 4, "brawl": 3, "dodge": 2}
HOMID = {"strength": 3, "dexterity": 4, "stamina": 3, "wits": 4, "brawl": 3, "dodge": 2}
HUMAN = {"strength": 2, "dexterity": 2, "stamina": 2, "wits": 2, "brawl": 2, "melee": 2, "dodge": 1}


def roll(pool: int, diff: int) -> str:
    return f"{pool} dice at {diff}: success 50.0%, botch 1.0%, expected 1.00"


def garou_pools(rage: int = 5, gnosis: int = 1, willpower: int = 6) -> tuple[Pool, ...]:
    return (Pool("Rage", rage, 5), Pool("Gnosis", gnosis, 3), Pool("Willpower", willpower, 6))


def human_pools(willpower: int = 3) -> tuple[Pool, ...]:
    return (Pool("Rage", 0, 0), Pool("Gnosis", 0, 0), Pool("Willpower", willpower, willpower))


def wolf(build: Any, form: str = "Crinos", pos: tuple[int, int] = (5, 3), **kw: Any) -> Any:
    traits = CRINOS if form == "Crinos" else HOMID
    kw.setdefault("pools", garou_pools())
    kw.setdefault("health", "Healthy")
    return build.who("vilna", "us", pos, dict(traits), form=form, **kw)


def human(build: Any, name: str, pos: tuple[int, int], side: str = "them", **kw: Any) -> Any:
    kw.setdefault("health", "Healthy")
    return build.who(name, side, pos, dict(HUMAN), pools=human_pools(), form="Homid", **kw)


def hit(build: Any, me: str, means: str, target: str, pool: int, diff: int) -> Choice:
    return build.choice(
        f"{means}:{target}",
        Attack(me, target, means),
        odds=roll(pool, diff),
        tags=("attack",),
        target=target,
    )


def decide(
    build: Any, policy: str, people: list[Any], me: str, choices: list[Choice], **kw: Any
) -> tuple[str, str]:
    view = build.view("werewolf", people, kw.pop("order", ()))
    decision = build.decision(me, kw.pop("kind", "action"), choices, kw.pop("prompt", ""))
    command, reason = choose_with_reason(policy, view, decision, random.Random(0))
    return next(c.key for c in decision.choices if c.command == command), reason


def rage_choices(build: Any) -> list[Choice]:
    return [
        build.choice("rage:0", SpendRage("vilna", 0), label="Spend no Rage: actions on 9"),
        build.choice(
            "rage:1",
            SpendRage("vilna", 1),
            label="Spend 1 Rage: actions on 9, 7, 5",
            tags=("default",),
        ),
    ]


@pytest.mark.parametrize(
    ("policy", "form", "rage", "enemy", "expected"),
    [
        ("garou", "Crinos", 5, (7, 3), "rage:1"),  # an enemy 2 cells away: more actions pay
        ("garou", "Crinos", 5, (10, 5), "rage:1"),  # 5 cells: it will be on it this turn
        ("garou", "Homid", 1, (7, 3), "rage:0"),  # its last point buys Crinos without an action
        ("garou", "Homid", 2, (7, 3), "rage:1"),  # one for actions, one kept for the shift
        ("garou/easy", "Crinos", 5, (7, 3), "rage:0"),  # easy waits until an enemy is beside it
        ("nearest", "Crinos", 5, (6, 3), "rage:0"),  # the naive policy never spends Rage
    ],
)
def test_garou_spends_rage_when_it_pays(
    build: Any, policy: str, form: str, rage: int, enemy: tuple[int, int], expected: str
) -> None:
    people = [wolf(build, form, (5, 3), pools=garou_pools(rage)), human(build, "tom", enemy)]
    key, _ = decide(build, policy, people, "vilna", rage_choices(build), kind="rage")
    assert key == expected


def test_garou_saves_rage_with_nobody_near(build: Any) -> None:
    people = [wolf(build, "Crinos", (1, 1)), human(build, "tom", (10, 5))]
    key, reason = decide(build, "garou", people, "vilna", rage_choices(build), kind="rage")
    assert (key, reason) == ("rage:0", "saves its Rage: the nearest enemy is 9 cells away")


def test_garou_takes_crinos_for_rage_keeping_its_action(build: Any) -> None:
    people = [wolf(build, "Homid"), human(build, "tom", (6, 3))]
    choices = [
        hit(build, "vilna", "punch", "tom", 7, 5),
        build.choice("shift:crinos", Shift("vilna", "crinos"), tags=("shift",)),
        build.choice("shift:crinos:rage", Shift("vilna", "crinos", use_rage=True), tags=("shift",)),
        build.choice("wait", Wait("vilna"), tags=("default",)),
    ]
    key, reason = decide(build, "garou", people, "vilna", choices)
    assert (key, reason) == ("shift:crinos:rage", "shifts to Crinos for Rage, keeping its action")


def test_garou_bites_in_crinos(build: Any) -> None:
    # A punch and a bite roll the same dice at the same difficulty; the bite is aggravated
    # and a die stronger, and a human cannot soak it.
    people = [wolf(build), human(build, "tom", (6, 3))]
    choices = [
        hit(build, "vilna", "punch", "tom", 8, 5),
        hit(build, "vilna", "claw", "tom", 8, 6),
        hit(build, "vilna", "bite", "tom", 8, 5),
    ]
    key, reason = decide(build, "garou", people, "vilna", choices)
    assert key == "bite:tom"
    assert reason.startswith("bite Tom: 8 dice at 5, ")


def beset(build: Any) -> tuple[list[Any], list[Choice]]:
    people = [
        wolf(build, health="Wounded (-2)"),
        build.who(
            "ash",
            "them",
            (6, 3),
            dict(CRINOS),
            pools=garou_pools(),
            form="Crinos",
            health="Healthy",
        ),
        build.who(
            "bo", "them", (4, 3), dict(CRINOS), pools=garou_pools(), form="Crinos", health="Healthy"
        ),
    ]
    split = Split("vilna", "bite:ash", 4, 5, "dodge", 4, 3)
    choices = [
        hit(build, "vilna", "bite", "ash", 8, 5),
        build.choice("dodge", Dodge("vilna"), odds=roll(7, 6), tags=("defend",)),
        build.choice(
            "split:bite:ash@5x4+dodge@3x4",
            split,
            odds=f"bite Ash: {roll(4, 5)}; dodge: {roll(4, 6)}",
            tags=("split",),
            target="ash",
        ),
    ]
    return people, choices


def test_garou_splits_to_dodge_when_beset(build: Any) -> None:
    # Two Crinos beside it strike on segment 3: it bites on 5 and dodges on 3.
    people, choices = beset(build)
    key, reason = decide(
        build,
        "garou",
        people,
        "vilna",
        choices,
        order=("5: Vilna", "3: Ash, Bo"),
        prompt="Vilna: your action on segment 5",
    )
    assert key == "split:bite:ash@5x4+dodge@3x4"
    assert reason.startswith("splits: bite on 5 (")


def test_garou_bites_whole_when_nobody_strikes_on_its_dodge(build: Any) -> None:
    # The same, but its enemies act on segment 1: a dodge on 3 would cover nothing.
    people, choices = beset(build)
    key, _ = decide(
        build,
        "garou",
        people,
        "vilna",
        choices,
        order=("5: Vilna", "1: Ash, Bo"),
        prompt="Vilna: your action on segment 5",
    )
    assert key == "bite:ash"


def test_garou_flees_at_crippled(build: Any) -> None:
    people = [wolf(build, health="Crippled (-5)"), human(build, "tom", (6, 3))]
    choices = [
        hit(build, "vilna", "bite", "tom", 3, 5),
        build.choice("sideways", StepSideways("vilna"), odds=roll(1, 7), tags=("flee",)),
        build.choice("wait", Wait("vilna"), tags=("default",)),
    ]
    key, reason = decide(build, "garou", people, "vilna", choices)
    assert (key, reason) == ("sideways", "flees: Crippled and alone")


def test_frenzy_never_stops_to_spend_willpower(build: Any) -> None:
    people = [wolf(build, notes=("frenzy",)), human(build, "tom", (6, 3))]
    choices = [
        hit(build, "vilna", "claw", "tom", 8, 6),
        hit(build, "vilna", "bite", "tom", 8, 5),
        build.choice("end_frenzy", EndFrenzy("vilna")),
    ]
    for policy in ("frenzy", "garou"):
        key, reason = decide(build, policy, people, "vilna", choices)
        assert key == "bite:tom"
        assert reason.startswith("frenzy: bite Tom")


def test_bane_lashes_and_never_dodges(build: Any) -> None:
    people = [
        build.who(
            "bane",
            "us",
            (5, 3),
            dict(HUMAN),
            pools=garou_pools(5, 4),
            form="Spirit",
            health="Essence 10/10",
        ),
        build.who(
            "ash",
            "them",
            (6, 3),
            dict(CRINOS),
            pools=garou_pools(),
            form="Crinos",
            health="Healthy",
        ),
    ]
    choices = [
        hit(build, "bane", "spirit_lash", "ash", 4, 6),
        build.choice("dodge", Dodge("bane"), odds=roll(3, 6), tags=("defend",)),
    ]
    key, reason = decide(
        build,
        "bane",
        people,
        "bane",
        choices,
        order=("4: Bane, Ash",),
        prompt="Bane: your action on segment 4",
    )
    assert key == "spirit_lash:ash"
    assert reason.endswith("it soaks with Gnosis 4")


def test_thug_goes_for_the_weaker_and_the_ganged_on(build: Any) -> None:
    # Same odds against both; the first is Mauled and a friend of the thug stands beside it.
    people = [
        human(build, "thug", (5, 3), side="us"),
        human(build, "pal", (3, 2), side="us"),
        human(build, "weak", (4, 3), health="Mauled (-2)"),
        human(build, "fresh", (6, 3)),
    ]
    choices = [hit(build, "thug", "club", "fresh", 4, 4), hit(build, "thug", "club", "weak", 4, 4)]
    key, reason = decide(build, "thug", people, "thug", choices)
    assert key == "club:weak"
    assert reason.endswith("Weak is Mauled (-2)")


def test_shooter_prefers_its_gun(build: Any) -> None:
    people = [human(build, "gun", (5, 3), side="us"), human(build, "tom", (6, 3))]
    choices = [
        hit(build, "gun", "knife", "tom", 4, 4),
        hit(build, "gun", "light_pistol", "tom", 4, 4),
    ]
    key, _ = decide(build, "shooter", people, "gun", choices)
    assert key == "light_pistol:tom"


def test_shooter_with_no_shot_moves_into_sight(build: Any) -> None:
    rows = ("#########", "#.......#", "#...#...#", "#...#...#", "#########")
    people = [human(build, "gun", (2, 2), side="us"), human(build, "tom", (6, 2))]
    choices = [
        build.choice(
            "move:3,2",
            Move("gun", (3, 2)),
            tags=("move",),
            cell=(3, 2),
            label="Move to (3, 2) (toward Tom)",
        ),
        build.choice(
            "move:3,1",
            Move("gun", (3, 1)),
            tags=("move",),
            cell=(3, 1),
            label="Move to (3, 1) (away)",
        ),
        build.choice("wait", Wait("gun"), tags=("default",)),
    ]
    view = build.view("werewolf", people, rows=rows)
    command, reason = choose_with_reason(
        "shooter", view, build.decision("gun", "action", choices), random.Random(0)
    )
    assert command == Move("gun", (3, 1))
    assert reason == "moves to a spot in sight, out of reach, in cover if it can"


@pytest.mark.parametrize(
    ("pool", "diff", "expected"),
    [
        (3, 7, "willpower:0"),  # 3 dice at 7 succeed 58%: a sure success is worth a point
        (8, 5, "forgo"),  # 8 dice at 5 nearly always succeed: keep it
    ],
)
def test_willpower_goes_where_it_lifts_the_odds(
    build: Any, pool: int, diff: int, expected: str
) -> None:
    people = [human(build, "thug", (5, 3), side="us"), human(build, "tom", (6, 3))]
    choices = [
        build.choice("forgo", Forgo("thug"), tags=("default",)),
        build.choice(
            "willpower:0",
            SpendWillpower("thug", 0),
            odds=roll(pool, diff),
            label="Spend 1 Willpower on club Tom: one automatic success",
        ),
    ]
    key, _ = decide(build, "thug", people, "thug", choices, kind="willpower")
    assert key == expected


@pytest.mark.parametrize(
    ("attacker_form", "health", "penalty", "expected"),
    [
        ("Crinos", "Mauled (-2)", 2, "abort"),  # a Crinos's claws would finish it: dodge now
        ("Homid", "Healthy", 0, "forgo"),  # a human's blow saved is worth less than its own
    ],
)
def test_reaction_aborts_into_a_dodge_when_it_saves_more(
    build: Any, attacker_form: str, health: str, penalty: int, expected: str
) -> None:
    attacker = build.who(
        "ash",
        "them",
        (6, 3),
        dict(CRINOS if attacker_form == "Crinos" else HUMAN),
        pools=garou_pools(),
        form=attacker_form,
        health="Healthy",
        intention="claw Thug (8 dice)",
    )
    people = [human(build, "thug", (5, 3), side="us", health=health, penalty=penalty), attacker]
    choices = [
        build.choice("abort", AbortToDodge("thug"), odds=roll(3, 6), tags=("defend",)),
        build.choice("forgo", Forgo("thug"), tags=("default",)),
    ]
    key, _ = decide(build, "thug", people, "thug", choices, kind="reaction")
    assert key == expected


@pytest.mark.parametrize(
    ("policy", "expected"), [("garou", "shake_off"), ("garou/easy", "forgo"), ("nearest", "forgo")]
)
def test_a_stunned_garou_shakes_it_off(build: Any, policy: str, expected: str) -> None:
    people = [wolf(build), human(build, "tom", (6, 3))]
    choices = [
        build.choice("shake_off", ShakeOffStun("vilna")),
        build.choice("forgo", Forgo("vilna"), tags=("default",)),
    ]
    key, _ = decide(build, policy, people, "vilna", choices, kind="stun")
    assert key == expected
