"""Werewolf policies on constructed situations: each key choice, and why.

The situations are built from numbers only (rolls, harm, health, state), as the fight gives
them; the words are placeholders nothing reads.
"""

from __future__ import annotations

import dataclasses
import random
import re
from pathlib import Path
from typing import Any

import pytest

import arena.ai.werewolf
from arena.ai import choose_with_reason
from arena.rules.actions import Attack, Move, Wait
from arena.rules.commands import Command
from arena.rules.views import (
    Choice,
    ChoicePart,
    CombatantView,
    Decision,
    Pool,
    StorytellerSpec,
    WerewolfHarm,
    WerewolfHealth,
    WerewolfState,
)
from arena.rules.werewolf.commands import (
    AbortToDodge,
    Dodge,
    EndFrenzy,
    Forgo,
    Parry,
    ShakeOffStun,
    Shift,
    SpendRage,
    SpendWillpower,
    Split,
    StepSideways,
)
from arena.words.werewolf import health_words

CRINOS = {"strength": 7, "dexterity": 5, "stamina": 6, "wits": 4, "brawl": 3, "dodge": 2}
HOMID = {"strength": 3, "dexterity": 4, "stamina": 3, "wits": 4, "brawl": 3, "dodge": 2}
HUMAN = {"strength": 2, "dexterity": 2, "stamina": 2, "wits": 2, "brawl": 2, "melee": 2, "dodge": 1}
MEANS = {
    # means: (dice added to Strength, or a gun's own; damage type; adds Strength)
    "punch": (0, "bashing", True),
    "claw": (1, "aggravated", True),
    "bite": (1, "aggravated", True),
    "club": (2, "bashing", True),
    "knife": (1, "lethal", True),
    "spirit_lash": (1, "aggravated", True),
    "light_pistol": (4, "lethal", False),
}
"""Harm of the means these tests use, as the fight's choices would carry it."""


def harm(means: str, strength: int) -> WerewolfHarm:
    dice, kind, adds = MEANS[means]
    return WerewolfHarm(dice + (strength if adds else 0), kind)  # type: ignore[arg-type]


def wounds(filled: int = 0, penalty: int = 0, kind: str = "bashing") -> WerewolfHealth:
    return WerewolfHealth(**{kind: filled}, penalty=penalty)  # type: ignore[arg-type]


def garou_pools(rage: int = 5, gnosis: int = 1, willpower: int = 6) -> tuple[Pool, ...]:
    return (Pool("Rage", rage, 5), Pool("Gnosis", gnosis, 3), Pool("Willpower", willpower, 6))


def human_pools(willpower: int = 3) -> tuple[Pool, ...]:
    return (Pool("Rage", 0, 0), Pool("Gnosis", 0, 0), Pool("Willpower", willpower, willpower))


class Person:
    """A combatant to put in a view, with its Werewolf numbers."""

    def __init__(
        self,
        build: Any,
        cid: str,
        side: str,
        pos: tuple[int, int],
        traits: dict[str, int],
        *,
        health: WerewolfHealth | None = None,
        state: WerewolfState,
        pools: tuple[Pool, ...],
    ) -> None:
        health = health or WerewolfHealth()
        words = health_words(health)
        self.who = build.who(
            cid, side, pos, dict(traits), penalty=health.penalty, pools=pools, health=words
        )
        self.health, self.state = health, state

    def view(self) -> CombatantView:
        return dataclasses.replace(self.who.view(), wounds=self.health, werewolf=self.state)


def wolf(
    build: Any,
    form: str = "crinos",
    pos: tuple[int, int] = (5, 3),
    *,
    rage: int = 5,
    health: WerewolfHealth | None = None,
    **state: Any,
) -> Person:
    traits = CRINOS if form == "crinos" else HOMID
    blow = harm("claw", traits["strength"]) if form == "crinos" else harm("punch", 3)
    werewolf = WerewolfState("garou", form, soak=traits["stamina"], blow=blow, **state)
    return Person(
        build,
        "vilna",
        "us",
        pos,
        traits,
        health=health,
        state=werewolf,
        pools=garou_pools(rage),
    )


def human(
    build: Any,
    name: str,
    pos: tuple[int, int],
    side: str = "them",
    *,
    health: WerewolfHealth | None = None,
    **state: Any,
) -> Person:
    werewolf = WerewolfState("human", "homid", soak=2, blow=harm("club", 2), **state)
    return Person(build, name, side, pos, HUMAN, health=health, state=werewolf, pools=human_pools())


def crinos_foe(build: Any, name: str, pos: tuple[int, int], **state: Any) -> Person:
    werewolf = WerewolfState("garou", "crinos", soak=6, blow=harm("claw", 7), **state)
    return Person(build, name, "them", pos, CRINOS, state=werewolf, pools=garou_pools())


def choice(
    key: str,
    command: Command,
    *,
    tags: tuple[str, ...] = (),
    rolls: tuple[StorytellerSpec, ...] = (),
    **fields: Any,
) -> Choice:
    return Choice(key, key, command, tags=tags, rolls=rolls, **fields)


def hit(me: str, means: str, target: str, pool: int, diff: int, strength: int = 7) -> Choice:
    tags = ("attack", "ranged") if means == "light_pistol" else ("attack",)
    return choice(
        f"{means}:{target}",
        Attack(me, target, means),
        tags=tags,
        target=target,
        rolls=(StorytellerSpec(pool, diff),),
        harm=harm(means, strength),
    )


def decide(
    build: Any,
    policy: str,
    people: list[Person],
    me: str,
    choices: list[Choice],
    *,
    kind: str = "action",
    segment: int | None = None,
    rows: tuple[str, ...] | None = None,
) -> tuple[str, str]:
    view = build.view("werewolf", people, rows=rows) if rows else build.view("werewolf", people)
    decision = Decision(me, kind, "test", f"{me}: {kind}", tuple(choices), segment=segment)
    command, reason = choose_with_reason(policy, view, decision, random.Random(0))
    return next(c.key for c in decision.choices if c.command == command), reason


def rage_choices() -> list[Choice]:
    return [
        choice("rage:0", SpendRage("vilna", 0)),
        choice("rage:1", SpendRage("vilna", 1), tags=("default",)),
    ]


@pytest.mark.parametrize(
    ("policy", "form", "rage", "enemy", "expected"),
    [
        ("garou", "crinos", 5, (7, 3), "rage:1"),  # an enemy 2 cells away: more actions pay
        ("garou", "crinos", 5, (10, 5), "rage:1"),  # 5 cells: it will be on it this turn
        ("garou", "homid", 1, (7, 3), "rage:0"),  # its last point buys Crinos without an action
        ("garou", "homid", 2, (7, 3), "rage:1"),  # one for actions, one kept for the shift
        ("garou/easy", "crinos", 5, (7, 3), "rage:0"),  # easy waits until an enemy is beside it
        ("nearest", "crinos", 5, (6, 3), "rage:0"),  # the naive policy never spends Rage
    ],
)
def test_garou_spends_rage_when_it_pays(
    build: Any, policy: str, form: str, rage: int, enemy: tuple[int, int], expected: str
) -> None:
    people = [wolf(build, form, rage=rage), human(build, "tom", enemy)]
    key, _ = decide(build, policy, people, "vilna", rage_choices(), kind="rage")
    assert key == expected


def test_garou_saves_rage_with_nobody_near(build: Any) -> None:
    people = [wolf(build, pos=(1, 1)), human(build, "tom", (10, 5))]
    key, reason = decide(build, "garou", people, "vilna", rage_choices(), kind="rage")
    assert (key, reason) == ("rage:0", "saves its Rage: the nearest enemy is 9 cells away")


def test_rage_reason_quotes_the_actions_the_spend_buys(build: Any) -> None:
    """The reason quotes the choice's gist; the label's words are never cut apart."""
    people = [wolf(build, "crinos", rage=5), human(build, "tom", (7, 3))]
    choices = [
        choice("rage:0", SpendRage("vilna", 0)),
        choice("rage:1", SpendRage("vilna", 1), tags=("default",), gist="actions on 4, 1"),
    ]
    key, reason = decide(build, "garou", people, "vilna", choices, kind="rage")
    assert (key, reason) == ("rage:1", "spends Rage: actions on 4, 1, an enemy 2 away")


def test_garou_takes_crinos_for_rage_keeping_its_action(build: Any) -> None:
    people = [wolf(build, "homid"), human(build, "tom", (6, 3))]
    choices = [
        hit("vilna", "punch", "tom", 7, 5, strength=3),
        choice("shift:crinos", Shift("vilna", "crinos"), tags=("shift",)),
        choice("shift:crinos:rage", Shift("vilna", "crinos", use_rage=True), tags=("shift",)),
        choice("wait", Wait("vilna"), tags=("default",)),
    ]
    key, reason = decide(build, "garou", people, "vilna", choices)
    assert (key, reason) == ("shift:crinos:rage", "shifts to Crinos for Rage, keeping its action")


def test_garou_bites_in_crinos(build: Any) -> None:
    # A punch and a bite roll the same dice at the same difficulty; the bite is aggravated
    # and a die stronger, and a human cannot soak it.
    people = [wolf(build), human(build, "tom", (6, 3))]
    choices = [
        hit("vilna", "punch", "tom", 8, 5),
        hit("vilna", "claw", "tom", 8, 6),
        hit("vilna", "bite", "tom", 8, 5),
    ]
    key, reason = decide(build, "garou", people, "vilna", choices)
    assert key == "bite:tom"
    assert reason.startswith("bite Tom: 8 dice at 5, ")


def beset(build: Any, acting: int) -> tuple[list[Person], list[Choice]]:
    people = [
        wolf(build, health=wounds(4, 2), acts_on=(5,)),
        crinos_foe(build, "ash", (6, 3), acts_on=(acting,)),
        crinos_foe(build, "bo", (4, 3), acts_on=(acting,)),
    ]
    split = Split("vilna", "bite:ash", 4, 5, "dodge", 4, 3)
    choices = [
        hit("vilna", "bite", "ash", 8, 5),
        choice("dodge", Dodge("vilna"), tags=("defend",), rolls=(StorytellerSpec(7, 6),)),
        choice(
            "split:bite:ash@5x4+dodge@3x4",
            split,
            tags=("split",),
            target="ash",
            rolls=(StorytellerSpec(4, 5), StorytellerSpec(4, 6)),
            harm=harm("bite", 7),
            parts=(ChoicePart("bite", 5, 4, 0, "ash"), ChoicePart("dodge", 3, 4, 1)),
        ),
    ]
    return people, choices


def test_garou_splits_to_dodge_when_beset(build: Any) -> None:
    # Two Crinos beside it strike on segment 3: it bites on 5 and dodges on 3.
    people, choices = beset(build, acting=3)
    key, reason = decide(build, "garou", people, "vilna", choices, segment=5)
    assert key == "split:bite:ash@5x4+dodge@3x4"
    assert reason.startswith("splits: bite on 5 (")


def test_garou_bites_whole_when_nobody_strikes_on_its_dodge(build: Any) -> None:
    # The same, but its enemies act on segment 1: a dodge on 3 would cover nothing.
    people, choices = beset(build, acting=1)
    key, _ = decide(build, "garou", people, "vilna", choices, segment=5)
    assert key == "bite:ash"


def test_garou_flees_at_crippled(build: Any) -> None:
    people = [wolf(build, health=wounds(6, 5, "lethal")), human(build, "tom", (6, 3))]
    choices = [
        hit("vilna", "bite", "tom", 3, 5),
        choice("sideways", StepSideways("vilna"), tags=("flee",), rolls=(StorytellerSpec(1, 7),)),
        choice("wait", Wait("vilna"), tags=("default",)),
    ]
    key, reason = decide(build, "garou", people, "vilna", choices)
    assert (key, reason) == ("sideways", "flees: Crippled and alone")


def test_frenzy_never_stops_to_spend_willpower(build: Any) -> None:
    people = [wolf(build, frenzied=True), human(build, "tom", (6, 3))]
    choices = [
        hit("vilna", "claw", "tom", 8, 6),
        hit("vilna", "bite", "tom", 8, 5),
        choice("end_frenzy", EndFrenzy("vilna")),
    ]
    for policy in ("frenzy", "garou"):
        key, reason = decide(build, policy, people, "vilna", choices)
        assert key == "bite:tom"
        assert reason.startswith("frenzy: bite Tom")


def test_bane_lashes_and_never_dodges(build: Any) -> None:
    bane = WerewolfState("spirit", "spirit", soak=4, blow=harm("spirit_lash", 2), acts_on=(4,))
    people = [
        Person(
            build,
            "bane",
            "us",
            (5, 3),
            HUMAN,
            health=WerewolfHealth(track=0, essence=10, essence_max=10),
            state=bane,
            pools=garou_pools(5, 4),
        ),
        crinos_foe(build, "ash", (6, 3), acts_on=(4,)),
    ]
    choices = [
        hit("bane", "spirit_lash", "ash", 4, 6, strength=2),
        choice("dodge", Dodge("bane"), tags=("defend",), rolls=(StorytellerSpec(3, 6),)),
    ]
    key, reason = decide(build, "bane", people, "bane", choices, segment=4)
    assert key == "spirit_lash:ash"
    assert reason.endswith("it soaks with Gnosis 4")


def test_thug_goes_for_the_weaker_and_the_ganged_on(build: Any) -> None:
    # Same odds against both; the first is Mauled and a friend of the thug stands beside it.
    people = [
        human(build, "thug", (5, 3), side="us"),
        human(build, "pal", (3, 2), side="us"),
        human(build, "weak", (4, 3), health=wounds(5, 2)),
        human(build, "fresh", (6, 3)),
    ]
    choices = [
        hit("thug", "club", "fresh", 4, 4, strength=2),
        hit("thug", "club", "weak", 4, 4, strength=2),
    ]
    key, reason = decide(build, "thug", people, "thug", choices)
    assert key == "club:weak"
    assert reason.endswith("Weak is Mauled (-2)")


def test_shooter_prefers_its_gun(build: Any) -> None:
    people = [human(build, "gun", (5, 3), side="us"), human(build, "tom", (6, 3))]
    choices = [
        hit("gun", "knife", "tom", 4, 4, strength=2),
        hit("gun", "light_pistol", "tom", 4, 4, strength=2),
    ]
    key, _ = decide(build, "shooter", people, "gun", choices)
    assert key == "light_pistol:tom"


def test_shooter_with_no_shot_moves_into_sight(build: Any) -> None:
    rows = ("#########", "#.......#", "#...#...#", "#...#...#", "#########")
    people = [human(build, "gun", (2, 2), side="us"), human(build, "tom", (6, 2))]
    choices = [
        choice("move:3,2", Move("gun", (3, 2)), tags=("move", "toward"), cell=(3, 2)),
        choice("move:3,1", Move("gun", (3, 1)), tags=("move", "away"), cell=(3, 1)),
        choice("wait", Wait("gun"), tags=("default",)),
    ]
    key, reason = decide(build, "shooter", people, "gun", choices, rows=rows)
    assert (key, reason) == (
        "move:3,1",
        "moves to a spot in sight, out of reach, in cover if it can",
    )


def test_coward_runs_for_the_exit_by_the_move_it_is_offered(build: Any) -> None:
    # Hurt past its nerve: the move tagged for the exit, not the one closing in.
    people = [
        human(build, "thug", (5, 3), side="us", health=wounds(4, 2)),
        human(build, "tom", (3, 3)),
    ]
    choices = [
        choice("move:4,3", Move("thug", (4, 3)), tags=("move", "toward"), cell=(4, 3)),
        choice("move:8,3", Move("thug", (8, 3)), tags=("move", "exit"), cell=(8, 3)),
        choice("wait", Wait("thug"), tags=("default",)),
    ]
    key, reason = decide(build, "coward", people, "thug", choices)
    assert (key, reason) == ("move:8,3", "runs for the exit: wound penalty 2")


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
        choice("forgo", Forgo("thug"), tags=("default",)),
        choice(
            "willpower:0",
            SpendWillpower("thug", 0),
            tags=("willpower",),
            rolls=(StorytellerSpec(pool, diff, automatic=1),),
        ),
    ]
    key, _ = decide(build, "thug", people, "thug", choices, kind="willpower")
    assert key == expected


def test_willpower_reason_names_the_roll_it_goes_to(build: Any) -> None:
    """The reason names the roll by the choice's gist, not by words cut from its label."""
    people = [human(build, "thug", (5, 3), side="us"), human(build, "tom", (6, 3))]
    choices = [
        choice("forgo", Forgo("thug"), tags=("default",)),
        choice(
            "willpower:0",
            SpendWillpower("thug", 0),
            tags=("willpower",),
            rolls=(StorytellerSpec(3, 7, automatic=1),),
            gist="club Tom",
        ),
    ]
    key, reason = decide(build, "thug", people, "thug", choices, kind="willpower")
    assert (key, reason) == ("willpower:0", "spends Willpower on club Tom: success rises by 35%")


@pytest.mark.parametrize(
    ("attacker_form", "health", "expected"),
    [
        ("crinos", wounds(5, 2), "abort"),  # a Crinos's claws would finish it: dodge now
        ("homid", WerewolfHealth(), "forgo"),  # a human's blow saved is worth less than its own
    ],
)
def test_reaction_aborts_into_a_dodge_when_it_saves_more(
    build: Any, attacker_form: str, health: WerewolfHealth, expected: str
) -> None:
    if attacker_form == "crinos":
        attacker = crinos_foe(build, "ash", (6, 3), targets=("thug",))
    else:
        attacker = human(build, "ash", (6, 3), targets=("thug",))
    people = [human(build, "thug", (5, 3), side="us", health=health), attacker]
    choices = [
        choice("abort", AbortToDodge("thug"), tags=("defend",), rolls=(StorytellerSpec(3, 6),)),
        choice("forgo", Forgo("thug"), tags=("default",)),
    ]
    key, _ = decide(build, "thug", people, "thug", choices, kind="reaction")
    assert key == expected


@pytest.mark.parametrize(
    ("policy", "expected"), [("garou", "shake_off"), ("garou/easy", "forgo"), ("nearest", "forgo")]
)
def test_a_stunned_garou_shakes_it_off(build: Any, policy: str, expected: str) -> None:
    people = [wolf(build), human(build, "tom", (6, 3))]
    choices = [
        choice("shake_off", ShakeOffStun("vilna")),
        choice("forgo", Forgo("vilna"), tags=("default",)),
    ]
    key, _ = decide(build, policy, people, "vilna", choices, kind="stun")
    assert key == expected


BANNED = re.compile(
    r"^import re$|(?<!rules)\.odds\b|\.prompt\b|\.notes\b|\.intention\b|\.order\b"
    r"|rolls_in|contest_in|table_notes",
    re.MULTILINE,
)
"""What the Werewolf policies never touch: they read numbers, never words (`.label` and
`.health` only ever go into a reason's words)."""


def test_werewolf_policies_read_no_words() -> None:
    for path in sorted(Path(arena.ai.werewolf.__file__).parent.glob("*.py")):
        found = BANNED.findall(path.read_text())
        assert not found, f"{path.name} reads words: {found}"


@pytest.mark.parametrize(
    ("policy", "attacker_form", "health", "expected"),
    [
        ("nearest", "crinos", wounds(5, 2), "abort"),  # Crinos claws would finish it: dodge now
        ("nearest", "homid", WerewolfHealth(), "forgo"),  # a club saved is worth less than its own
        ("nearest/easy", "crinos", wounds(5, 2), "forgo"),  # easy never defends
    ],
)
def test_nearest_aborts_into_a_dodge_when_the_blow_could_finish_it(
    build: Any, policy: str, attacker_form: str, health: WerewolfHealth, expected: str
) -> None:
    if attacker_form == "crinos":
        attacker = crinos_foe(build, "ash", (6, 3), targets=("thug",))
    else:
        attacker = human(build, "ash", (6, 3), targets=("thug",))
    people = [human(build, "thug", (5, 3), side="us", health=health), attacker]
    choices = [
        choice("abort", AbortToDodge("thug"), tags=("defend",), rolls=(StorytellerSpec(3, 6),)),
        choice("forgo", Forgo("thug"), tags=("default",)),
    ]
    key, reason = decide(build, policy, people, "thug", choices, kind="reaction")
    assert key == expected
    said = {"abort": "aborts into a dodge", "forgo": "takes the blow"}[expected]
    assert reason.startswith(said if policy == "nearest" else "declines: forgo")


def parry_or_punch(build: Any, targets: tuple[str, ...]) -> tuple[list[Person], list[Choice]]:
    """A hurt human beside a Crinos acting on segment 5: punch it, or parry on 5."""
    people = [
        human(build, "thug", (5, 3), side="us", health=wounds(3, 1), acts_on=(5,)),
        crinos_foe(build, "ash", (6, 3), acts_on=(5,), targets=targets),
    ]
    choices = [
        hit("thug", "punch", "ash", 4, 6, strength=2),
        choice("parry", Parry("thug"), tags=("defend",), rolls=(StorytellerSpec(4, 6),)),
    ]
    return people, choices


def test_nearest_parries_a_crinos_attacking_it_rather_than_punch_to_no_effect(
    build: Any,
) -> None:
    people, choices = parry_or_punch(build, targets=("thug",))
    key, reason = decide(build, "nearest", people, "thug", choices, segment=5)
    assert key == "parry"
    assert reason.startswith("parries against Ash: saves 2.8 levels")
    assert reason.endswith("more than its blow (0.2)")


@pytest.mark.parametrize("policy", ["nearest", "nearest/easy"])
def test_nearest_attacks_when_nobody_attacks_it(build: Any, policy: str) -> None:
    people, choices = parry_or_punch(build, targets=())
    key, _ = decide(build, policy, people, "thug", choices, segment=5)
    assert key == "punch:ash"


def test_nearest_at_easy_punches_even_when_attacked(build: Any) -> None:
    people, choices = parry_or_punch(build, targets=("thug",))
    key, _ = decide(build, "nearest/easy", people, "thug", choices, segment=5)
    assert key == "punch:ash"
