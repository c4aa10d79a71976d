"""Sorcerer policies on constructed situations: each key choice, and why."""

from __future__ import annotations

import random
from typing import Any

import pytest

from arena.ai import choose_with_reason
from arena.rules.actions import Attack, Move
from arena.rules.sorcerer_actions import (
    Aim,
    CommandDemon,
    Flee,
    PerformRitual,
    PushThrough,
    React,
    TotalDefense,
)
from arena.rules.views import Choice


def odds(mine: int, theirs: int) -> str:
    return f"hit 50.0%, lose 50.0%, tie 0.0% ({mine} dice against {theirs})"


def attack(build: Any, me: str, target: str, weapon: str, mine: int, theirs: int) -> Choice:
    return build.choice(
        f"attack:{target}:{weapon}",
        Attack(me, target, weapon),
        odds=odds(mine, theirs),
        tags=("attack",),
        target=target,
    )


def guard(build: Any, me: str) -> Choice:
    return build.choice("total_defense", TotalDefense(me), tags=("defend", "default"))


def move(build: Any, me: str, cell: tuple[int, int]) -> Choice:
    return build.choice(f"move:{cell[0]},{cell[1]}", Move(me, cell), tags=("move",), cell=cell)


def decide(
    build: Any, policy: str, people: list[Any], me: str, choices: list[Choice], **kw: Any
) -> tuple[str, str]:
    view = build.view("sorcerer", people, kw.pop("order", ()))
    decision = build.decision(me, kw.pop("kind", "intention"), choices, kw.pop("prompt", ""))
    command, reason = choose_with_reason(policy, view, decision, random.Random(0))
    key = next(c.key for c in decision.choices if c.command == command)
    return key, reason


def thug(build: Any, pos: tuple[int, int] = (5, 3), **kw: Any) -> Any:
    return build.who("thug", "us", pos, {"stamina": 3, "will": 2, "lore": 0}, **kw)


def foe(build: Any, name: str, pos: tuple[int, int], stamina: int, penalty: int = 0) -> Any:
    return build.who(name, "them", pos, {"stamina": stamina, "will": 2, "lore": 0}, penalty=penalty)


def test_thug_attacks_the_weakest_in_reach(build: Any) -> None:
    # A tank (5 dice to defend) and a weakling (2): the weakling takes the blow.
    people = [thug(build), foe(build, "tank", (6, 3), 5), foe(build, "weak", (4, 3), 2)]
    choices = [
        attack(build, "thug", "tank", "fists", 3, 5),
        attack(build, "thug", "weak", "fists", 3, 2),
    ]
    key, reason = decide(build, "thug", people, "thug", [*choices, guard(build, "thug")])
    assert key == "attack:weak:fists"
    assert reason.startswith("attacks Weak with fists: weakest in reach")


def test_thug_gangs_up_where_its_allies_are(build: Any) -> None:
    # Two equal enemies; an ally stands by the first one: the thug joins the gang on it.
    people = [
        thug(build),
        build.who("pal", "us", (8, 3), {"stamina": 3}),
        foe(build, "left", (4, 3), 3),
        foe(build, "right", (6, 3), 3),
    ]
    choices = [
        attack(build, "thug", "left", "fists", 3, 3),
        attack(build, "thug", "right", "fists", 3, 3),
    ]
    key, reason = decide(build, "thug", people, "thug", choices)
    assert key == "attack:right:fists"
    assert "1 allies on it" in reason


def test_thug_goes_for_a_clobbered_defender(build: Any) -> None:
    # Both defend with 1 die as shown, but one is hurt to its Stamina: clobbered, it hands
    # the attacker a bonus die.
    people = [
        thug(build),
        foe(build, "hurt", (4, 3), 4, penalty=4),
        foe(build, "solid", (6, 3), 5, penalty=4),
    ]
    choices = [
        attack(build, "thug", "solid", "fists", 3, 1),
        attack(build, "thug", "hurt", "fists", 3, 1),
    ]
    key, reason = decide(build, "thug", people, "thug", choices)
    assert key == "attack:hurt:fists"
    assert "Hurt is clobbered: 1 bonus dice" in reason


def test_thug_out_of_reach_closes_on_the_weakest(build: Any) -> None:
    # Nobody in reach: it moves toward the weak one (east), not the strong one (west).
    people = [thug(build), foe(build, "weak", (10, 3), 2), foe(build, "strong", (1, 1), 5)]
    choices = [guard(build, "thug"), move(build, "thug", (3, 2)), move(build, "thug", (7, 3))]
    key, reason = decide(build, "thug", people, "thug", choices)
    assert key == "move:7,3"
    assert reason == "closes on Weak: the weakest enemy, out of reach"


def gunman(build: Any, pos: tuple[int, int] = (2, 3)) -> Any:
    return build.who("gunman", "us", pos, {"stamina": 3, "will": 3, "lore": 0})


def shot(build: Any, target: str, mine: int, theirs: int) -> Choice:
    return attack(build, "gunman", target, "pistol", mine, theirs)


def aim(build: Any, target: str) -> Choice:
    return build.choice(
        f"aim:{target}:pistol",
        Aim("gunman", target, "pistol"),
        odds=odds(3, 1),
        tags=("aim",),
        target=target,
    )


def test_gunman_aims_when_nobody_threatens_it(build: Any) -> None:
    # 7 cells away, an unaimed shot rolls 1 die; aimed next round it rolls 3 and more.
    people = [gunman(build), foe(build, "mark", (9, 3), 3)]
    key, reason = decide(
        build,
        "gunman",
        people,
        "gunman",
        [shot(build, "mark", 1, 3), aim(build, "mark"), guard(build, "gunman")],
    )
    assert key == "aim:mark:pistol"
    assert reason.startswith("aims at Mark:")


def test_gunman_shoots_once_it_has_aimed(build: Any) -> None:
    # The shot rolls its full Stamina: no unaimed penalty, so it aimed last round.
    people = [gunman(build), foe(build, "mark", (9, 3), 3)]
    key, reason = decide(
        build, "gunman", people, "gunman", [shot(build, "mark", 3, 3), aim(build, "mark")]
    )
    assert (key, reason) == ("attack:mark:pistol", "shoots Mark: aimed last round")


def test_gunman_keeps_its_range(build: Any) -> None:
    # An enemy 2 cells away could close in and strike: the gunman backs off out of its reach.
    people = [gunman(build, (3, 3)), foe(build, "brute", (5, 3), 3)]
    choices = [
        shot(build, "brute", 1, 3),
        aim(build, "brute"),
        move(build, "gunman", (2, 2)),
        move(build, "gunman", (1, 1)),
    ]
    key, reason = decide(build, "gunman", people, "gunman", choices)
    assert key == "move:1,1"
    assert reason == "keeps its range: Brute is 2 cells away"


def test_gunman_shoots_point_blank_when_cornered(build: Any) -> None:
    people = [gunman(build, (3, 3)), foe(build, "brute", (4, 3), 3)]
    choices = [shot(build, "brute", 2, 3), aim(build, "brute"), move(build, "gunman", (1, 1))]
    key, reason = decide(build, "gunman", people, "gunman", choices)
    assert key == "attack:brute:pistol"
    assert reason.startswith("shoots point blank")


def coward(build: Any, pos: tuple[int, int], penalty: int) -> Any:
    return build.who("coward", "us", pos, {"stamina": 4, "will": 2}, penalty=penalty)


@pytest.mark.parametrize(
    ("penalty", "expected"),
    [
        (0, "attack:brute:fists"),  # unhurt, it fights like a thug
        (2, "attack:brute:fists"),  # 2 + 2 is not past Stamina 4 yet
        (3, "move:10,3"),  # 3 + 2 passes 4: it runs for the exit
    ],
)
def test_coward_runs_when_its_penalty_would_pass_stamina(
    build: Any, penalty: int, expected: str
) -> None:
    people = [coward(build, (8, 3), penalty), foe(build, "brute", (7, 3), 3)]
    choices = [
        attack(build, "coward", "brute", "fists", 4 - penalty, 3),
        move(build, "coward", (10, 3)),
        move(build, "coward", (6, 2)),
    ]
    key, _ = decide(build, "coward", people, "coward", choices)
    assert key == expected


def test_coward_on_the_exit_flees(build: Any) -> None:
    people = [coward(build, (11, 3), 3), foe(build, "brute", (10, 3), 3)]
    out = build.choice("flee", Flee("coward"), odds=odds(1, 2), tags=("flee",))
    key, reason = decide(
        build, "coward", people, "coward", [attack(build, "coward", "brute", "fists", 1, 3), out]
    )
    assert (key, reason) == ("flee", "flees the fight: penalty 3 against Stamina 4")


def test_demon_follows_its_own_judgment(build: Any) -> None:
    note = "own judgment: its Desire is violence: it attacks Mark"
    people = [
        build.who("imp", "us", (5, 3), {"stamina": 3, "will": 3, "power": 2}, notes=(note,)),
        foe(build, "mark", (6, 3), 3),
    ]
    judged = build.choice(
        "attack:mark:claws",
        Attack("imp", "mark", "claws"),
        odds=odds(3, 3),
        tags=("attack", "judgment"),
        target="mark",
    )
    key, reason = decide(build, "demon", people, "imp", [guard(build, "imp"), judged])
    assert (key, reason) == (
        "attack:mark:claws",
        "own judgment: its Desire is violence: it attacks Mark",
    )


def sorcerer_people(build: Any, judgment: str) -> list[Any]:
    return [
        build.who("vic", "us", (2, 3), {"stamina": 4, "will": 3, "lore": 3}),
        build.who(
            "scratch",
            "us",
            (3, 3),
            {"stamina": 4, "will": 3, "power": 3},
            notes=("bound to Vic, binding strength +2", f"own judgment: {judgment}"),
        ),
        build.who(
            "hunger", "them", (9, 3), {"stamina": 2, "will": 4, "power": 3}, notes=("unbound",)
        ),
        foe(build, "thug", (4, 3), 3),
    ]


def ritual(build: Any, rid: str, target: str, mine: int, theirs: int) -> Choice:
    return build.choice(
        f"ritual:{rid}:{target}",
        PerformRitual("vic", rid, target),
        odds=odds(mine, theirs),
        tags=("ritual",),
        target=target,
    )


def order(build: Any, target: str, weapon: str, mine: int) -> Choice:
    return build.choice(
        f"command:scratch:attack:{target}:{weapon}",
        CommandDemon("vic", "scratch", f"attack:{target}:{weapon}"),
        odds=odds(mine, 3),
        tags=("command",),
        target=target,
    )


def test_sorcerer_banishes_the_enemy_demon_never_its_own(build: Any) -> None:
    people = sorcerer_people(build, "its Desire is violence: it attacks Thug")
    choices = [
        ritual(build, "banish", "scratch", 1, 3),
        ritual(build, "banish", "hunger", 1, 3),
        ritual(build, "punish", "hunger", 1, 2),
        guard(build, "vic"),
    ]
    key, reason = decide(build, "sorcerer", people, "vic", choices)
    assert key == "ritual:banish:hunger"
    assert reason.startswith("banish on Hunger: wins 20%")


def test_sorcerer_commands_a_demon_that_would_only_stand_guard(build: Any) -> None:
    people = sorcerer_people(build, "its Desire (greed) has no stake here: it stays on guard")
    choices = [
        attack(build, "vic", "thug", "knife", 4, 3),
        order(build, "thug", "claws", 4),
        guard(build, "vic"),
    ]
    key, reason = decide(build, "sorcerer", people, "vic", choices)
    assert key == "command:scratch:attack:thug:claws"
    assert reason.startswith("orders Scratch to attack Thug")


def test_sorcerer_lets_a_violent_demon_be_and_strikes_itself(build: Any) -> None:
    people = sorcerer_people(build, "its Desire is violence: it attacks Thug")
    choices = [
        attack(build, "vic", "thug", "knife", 4, 3),
        order(build, "thug", "claws", 4),
        guard(build, "vic"),
    ]
    key, _ = decide(build, "sorcerer", people, "vic", choices)
    assert key == "attack:thug:knife"


def reaction(build: Any, me: str, attacker: str, full: int, faces: str) -> tuple[list[Choice], str]:
    choices = [
        build.choice(
            "abort",
            React(me, attacker, "abort"),
            odds=odds(full, 4),
            tags=("defend",),
            target=attacker,
        ),
        build.choice(
            "suck_it_up",
            React(me, attacker, "suck_it_up"),
            odds=odds(1, 4),
            tags=("defend",),
            target=attacker,
        ),
    ]
    prompt = f"Mara attacks Rook with fists [{faces}] before Rook has acted: abort or suck it up?"
    return choices, prompt


@pytest.mark.parametrize(
    ("faces", "expected"),
    [
        ("3 2 2 1", "abort"),  # a poor roll: 4 dice likely win, and the victories roll over
        ("10 10 10 9", "suck_it_up"),  # no defence stops this: keep the action
    ],
)
def test_reaction_weighs_the_attackers_faces(build: Any, faces: str, expected: str) -> None:
    people = [
        build.who(
            "rook", "us", (5, 3), {"stamina": 4, "will": 3}, intention="attack Mara with fists"
        ),
        foe(build, "mara", (6, 3), 4),
    ]
    choices, prompt = reaction(build, "rook", "mara", 4, faces)
    lines = (f"1. Mara: {faces}", "2. Rook: 6 5 4 2")
    key, reason = decide(
        build, "thug", people, "rook", choices, kind="reaction", prompt=prompt, order=lines
    )
    assert key == expected
    assert reason.startswith("aborts to defend" if expected == "abort" else "sucks it up")


def test_reaction_on_easy_takes_the_fights_default(build: Any) -> None:
    people = [build.who("rook", "us", (5, 3), {"stamina": 4}), foe(build, "mara", (6, 3), 4)]
    choices, prompt = reaction(build, "rook", "mara", 4, "3 2 2 1")
    choices[1] = build.choice(
        "suck_it_up",
        React("rook", "mara", "suck_it_up"),
        odds=odds(1, 4),
        tags=("defend", "default"),
        target="mara",
    )
    key, reason = decide(
        build, "thug/easy", people, "rook", choices, kind="reaction", prompt=prompt
    )
    assert (key, reason) == ("suck_it_up", "reacts on instinct: suck it up")


def test_sorcerer_pushes_through_for_the_dice_that_pay_best(build: Any) -> None:
    # Will 3 must beat the dice asked for; more dice win the Will roll less often (80% for 1,
    # 40% for 4) but hit so much harder that 4 dice still pay best (1.8 harm against 0.6).
    people = [
        build.who(
            "vic",
            "us",
            (5, 3),
            {"stamina": 4, "will": 3},
            penalty=5,
            intention="attack Thug with knife",
        ),
        foe(build, "thug", (6, 3), 3),
    ]
    choices = [build.choice("push:0", PushThrough("vic", 0))]
    choices += [
        build.choice(f"push:{n}", PushThrough("vic", n), odds=odds(3, n)) for n in range(1, 5)
    ]
    key, reason = decide(build, "sorcerer", people, "vic", choices, kind="push")
    assert key == "push:4"
    assert reason == "pushes through for 4 dice: Will 3 beats 4 dice 40%, worth 1.8 harm"
