"""Sorcerer policies on constructed situations: each key choice, and why, from numbers only."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pytest

from arena.ai import choose_with_reason
from arena.ai.sorcerer.situation import keyed
from arena.ai.sorcerer.values import cost, expected, outcomes
from arena.content.loader import Catalog
from arena.content.sorcerer import DamageChartRow, Weapon
from arena.ecs.sorcerer.harm import punish_harm, tabulate
from arena.rules.actions import Attack, Move
from arena.rules.commands import Command
from arena.rules.sorcerer.commands import (
    Aim,
    CommandDemon,
    Flee,
    PerformRitual,
    PushThrough,
    React,
    TotalDefense,
)
from arena.rules.views import (
    Choice,
    CombatantView,
    ContestSpec,
    Decision,
    DemonView,
    SorcererHarm,
    SorcererIntent,
    SorcererState,
)
from arena.words.core import reworded
from tests.ai.conftest import Who

Harm = Callable[..., SorcererHarm]


@pytest.fixture
def harm(catalog: Catalog) -> Harm:
    """What a shipped weapon does, from the shipped damage chart: ``harm("knife")``."""

    def of(wid: str, power: int = 0) -> SorcererHarm:
        row = catalog.get("sorcerer", "weapons", wid, Weapon).damage
        chart = catalog.get("sorcerer", "damage", row, DamageChartRow)
        return tabulate(row, chart.row(), power)

    return of


@dataclass
class Sorc(Who):
    """A combatant with its Sorcerer numbers."""

    state: SorcererState | None = None

    def view(self) -> CombatantView:
        return dataclasses.replace(super().view(), sorcerer=self.state)


def contest(mine: int, theirs: int, win: str = "hit", known: tuple[int, ...] | None = None) -> Any:
    return (ContestSpec(mine, theirs, known=known, win=win),)


def choice(key: str, command: Command, **kw: Any) -> Choice:
    return Choice(key, key, command, **kw)


def attack(harm: Harm, me: str, target: str, weapon: str, mine: int, theirs: int) -> Choice:
    return choice(
        f"attack:{target}:{weapon}",
        Attack(me, target, weapon),
        tags=("attack",),
        target=target,
        rolls=contest(mine, theirs),
        harm=harm(weapon),
    )


def guard(me: str) -> Choice:
    return choice("total_defense", TotalDefense(me), tags=("defend", "default"))


def move(me: str, cell: tuple[int, int]) -> Choice:
    return choice(f"move:{cell[0]},{cell[1]}", Move(me, cell), tags=("move",), cell=cell)


def decide(
    build: Any, policy: str, people: list[Any], me: str, choices: list[Choice], **kw: Any
) -> tuple[str, str]:
    view = build.view("sorcerer", people)
    decision = Decision(me, kw.pop("kind", "intention"), "test", "", tuple(choices), **kw)
    command, reason = choose_with_reason(policy, view, decision, random.Random(0))
    key = next(c.key for c in decision.choices if c.command == command)
    return key, reason


def person(
    name: str,
    side: str,
    pos: tuple[int, int],
    traits: dict[str, int],
    *,
    penalty: int = 0,
    notes: tuple[str, ...] = (),
    **state: Any,
) -> Sorc:
    kind = "demon" if "demon" in state else "human"
    return Sorc(name, side, pos, traits, penalty, notes=notes, state=SorcererState(kind, **state))


def thug(pos: tuple[int, int] = (5, 3)) -> Sorc:
    return person("thug", "us", pos, {"stamina": 3, "will": 2, "lore": 0})


def foe(name: str, pos: tuple[int, int], stamina: int, penalty: int = 0) -> Sorc:
    return person(name, "them", pos, {"stamina": stamina, "will": 2, "lore": 0}, penalty=penalty)


def test_thug_attacks_the_weakest_in_reach(build: Any, harm: Harm) -> None:
    # A tank (5 dice to defend) and a weakling (2): the weakling takes the blow.
    people = [thug(), foe("tank", (6, 3), 5), foe("weak", (4, 3), 2)]
    choices = [
        attack(harm, "thug", "tank", "fists", 3, 5),
        attack(harm, "thug", "weak", "fists", 3, 2),
    ]
    key, reason = decide(build, "thug", people, "thug", [*choices, guard("thug")])
    assert key == "attack:weak:fists"
    assert reason.startswith("attacks Weak with fists: weakest in reach")


def test_thug_weighs_what_each_blow_does(build: Any, harm: Harm) -> None:
    # The same dice against the same defender: the knife's lasting damage beats the fists'.
    people = [thug(), foe("mark", (6, 3), 3)]
    choices = [
        attack(harm, "thug", "mark", "fists", 3, 3),
        attack(harm, "thug", "mark", "knife", 3, 3),
    ]
    key, _ = decide(build, "thug", people, "thug", choices)
    assert key == "attack:mark:knife"


def test_thug_gangs_up_where_its_allies_are(build: Any, harm: Harm) -> None:
    # Two equal enemies; an ally stands by the first one: the thug joins the gang on it.
    people = [
        thug(),
        person("pal", "us", (8, 3), {"stamina": 3}),
        foe("left", (4, 3), 3),
        foe("right", (6, 3), 3),
    ]
    choices = [
        attack(harm, "thug", "left", "fists", 3, 3),
        attack(harm, "thug", "right", "fists", 3, 3),
    ]
    key, reason = decide(build, "thug", people, "thug", choices)
    assert key == "attack:right:fists"
    assert "1 allies on it" in reason


def test_thug_goes_for_a_clobbered_defender(build: Any, harm: Harm) -> None:
    # Both defend with 1 die as shown, but one is hurt to its Stamina: clobbered, it hands
    # the attacker a bonus die.
    people = [thug(), foe("hurt", (4, 3), 4, penalty=4), foe("solid", (6, 3), 5, penalty=4)]
    choices = [
        attack(harm, "thug", "solid", "fists", 3, 1),
        attack(harm, "thug", "hurt", "fists", 3, 1),
    ]
    key, reason = decide(build, "thug", people, "thug", choices)
    assert key == "attack:hurt:fists"
    assert "Hurt is clobbered: 1 bonus dice" in reason


def test_thug_out_of_reach_closes_on_the_weakest(build: Any) -> None:
    # Nobody in reach: it moves toward the weak one (east), not the strong one (west).
    people = [thug(), foe("weak", (10, 3), 2), foe("strong", (1, 1), 5)]
    choices = [guard("thug"), move("thug", (3, 2)), move("thug", (7, 3))]
    key, reason = decide(build, "thug", people, "thug", choices)
    assert key == "move:7,3"
    assert reason == "closes on Weak: the weakest enemy, out of reach"


def test_thug_closing_in_keeps_away_from_other_enemies(build: Any) -> None:
    # Two cells as near the weak one; the strong one stands beside the first (diagonally):
    # the thug steps to the other.
    people = [thug((2, 3)), foe("weak", (10, 3), 2), foe("strong", (8, 1), 5)]
    choices = [move("thug", (7, 2)), move("thug", (7, 4))]
    key, _ = decide(build, "thug", people, "thug", choices)
    assert key == "move:7,4"


def test_thug_closing_in_takes_the_nearest_jump_then_the_first_listed(build: Any) -> None:
    # Listed far to near: the nearest cells (a gap of 2 to the weak one) come last. Of those,
    # the walk to (8, 1) is listed before the jump to (8, 5), but a jump goes first; of the
    # two jumps as near and as unpressed, the first listed is taken.
    people = [thug((2, 3)), foe("weak", (10, 3), 2)]
    jump = {"tags": ("move", "jump")}
    choices = [
        move("thug", (5, 3)),
        choice("move:7,3", Move("thug", (7, 3)), tags=("move",), cell=(7, 3)),
        move("thug", (8, 1)),
        choice("move:8,5", Move("thug", (8, 5)), cell=(8, 5), **jump),
        choice("move:8,4", Move("thug", (8, 4)), cell=(8, 4), **jump),
        guard("thug"),
    ]
    key, reason = decide(build, "thug", people, "thug", choices)
    assert key == "move:8,5"
    assert reason == "closes on Weak: the weakest enemy, out of reach"


def gunman(pos: tuple[int, int] = (2, 3)) -> Sorc:
    return person("gunman", "us", pos, {"stamina": 3, "will": 3, "lore": 0})


def shot(harm: Harm, target: str, mine: int, theirs: int) -> Choice:
    return attack(harm, "gunman", target, "pistol", mine, theirs)


def aim(harm: Harm, target: str) -> Choice:
    return choice(
        f"aim:{target}:pistol",
        Aim("gunman", target, "pistol"),
        tags=("aim",),
        target=target,
        rolls=contest(3, 1, "aim"),
        harm=harm("pistol"),
    )


def test_gunman_aims_when_nobody_threatens_it(build: Any, harm: Harm) -> None:
    # 7 cells away, an unaimed shot rolls 1 die; aimed next round it rolls 3 and more.
    people = [gunman(), foe("mark", (9, 3), 3)]
    choices = [shot(harm, "mark", 1, 3), aim(harm, "mark"), guard("gunman")]
    key, reason = decide(build, "gunman", people, "gunman", choices)
    assert key == "aim:mark:pistol"
    assert reason.startswith("aims at Mark:")


def test_gunman_shoots_once_it_has_aimed(build: Any, harm: Harm) -> None:
    # The shot rolls its full Stamina: no unaimed penalty, so it aimed last round.
    people = [gunman(), foe("mark", (9, 3), 3)]
    choices = [shot(harm, "mark", 3, 3), aim(harm, "mark")]
    key, reason = decide(build, "gunman", people, "gunman", choices)
    assert (key, reason) == ("attack:mark:pistol", "shoots Mark: aimed last round")


def test_gunman_keeps_its_range(build: Any, harm: Harm) -> None:
    # An enemy 2 cells away could close in and strike: the gunman backs off out of its reach.
    people = [gunman((3, 3)), foe("brute", (5, 3), 3)]
    choices = [
        shot(harm, "brute", 1, 3),
        aim(harm, "brute"),
        move("gunman", (2, 2)),
        move("gunman", (1, 1)),
    ]
    key, reason = decide(build, "gunman", people, "gunman", choices)
    assert key == "move:1,1"
    assert reason == "keeps its range: Brute is 2 cells away"


def test_gunman_shoots_point_blank_when_cornered(build: Any, harm: Harm) -> None:
    people = [gunman((3, 3)), foe("brute", (4, 3), 3)]
    choices = [shot(harm, "brute", 2, 3), aim(harm, "brute"), move("gunman", (1, 1))]
    key, reason = decide(build, "gunman", people, "gunman", choices)
    assert key == "attack:brute:pistol"
    assert reason.startswith("shoots point blank")


def coward(pos: tuple[int, int], penalty: int) -> Sorc:
    return person("coward", "us", pos, {"stamina": 4, "will": 2}, penalty=penalty)


@pytest.mark.parametrize(
    ("penalty", "expected"),
    [
        (0, "attack:brute:fists"),  # unhurt, it fights like a thug
        (2, "attack:brute:fists"),  # 2 + 2 is not past Stamina 4 yet
        (3, "move:10,3"),  # 3 + 2 passes 4: it runs for the exit
    ],
)
def test_coward_runs_when_its_penalty_would_pass_stamina(
    build: Any, harm: Harm, penalty: int, expected: str
) -> None:
    people = [coward((8, 3), penalty), foe("brute", (7, 3), 3)]
    choices = [
        attack(harm, "coward", "brute", "fists", 4 - penalty, 3),
        move("coward", (10, 3)),
        move("coward", (6, 2)),
    ]
    key, _ = decide(build, "coward", people, "coward", choices)
    assert key == expected


def test_coward_on_the_exit_flees(build: Any, harm: Harm) -> None:
    people = [coward((11, 3), 3), foe("brute", (10, 3), 3)]
    out = choice("flee", Flee("coward"), tags=("flee",), rolls=contest(1, 2, "escape"))
    choices = [attack(harm, "coward", "brute", "fists", 1, 3), out]
    key, reason = decide(build, "coward", people, "coward", choices)
    assert (key, reason) == ("flee", "flees the fight: penalty 3 against Stamina 4")


def imp_demon(**kw: Any) -> DemonView:
    return DemonView("passer", 2, **kw)


def test_demon_follows_its_own_judgment(build: Any, harm: Harm) -> None:
    # why it judged so is a field of its view, never read back from its notes
    judged = DemonView(
        "passer", 2, desire="violence", judgment="attack", judgment_target="mark",
        judgment_why="its Desire is violence: it attacks Mark",
    )  # fmt: skip
    people = [
        person("imp", "us", (5, 3), {"stamina": 3, "will": 3, "power": 2}, demon=judged),
        foe("mark", (6, 3), 3),
    ]  # fmt: skip
    claws = choice(
        "attack:mark:claws",
        Attack("imp", "mark", "claws"),
        tags=("attack", "judgment"),
        target="mark",
        rolls=contest(3, 3),
        harm=harm("claws", 2),
    )
    key, reason = decide(build, "demon", people, "imp", [guard("imp"), claws])
    assert (key, reason) == (
        "attack:mark:claws",
        "own judgment: its Desire is violence: it attacks Mark",
    )


def sorcerer_people(judgment: str) -> list[Any]:
    scratch = DemonView(
        "passer", 3, binding=2, master="vic", desire="violence", known_by=("vic",),
        judgment=judgment,
    )  # fmt: skip
    return [
        person("vic", "us", (2, 3), {"stamina": 4, "will": 3, "lore": 3}),
        person("scratch", "us", (3, 3), {"stamina": 4, "will": 3, "power": 3}, demon=scratch),
        person("hunger", "them", (9, 3), {"stamina": 2, "will": 4, "power": 3},
               demon=DemonView("passer", 3)),
        foe("thug", (4, 3), 3),
    ]  # fmt: skip


def ritual(rid: str, target: str, mine: int, theirs: int) -> Choice:
    return choice(
        f"ritual:{rid}:{target}",
        PerformRitual("vic", rid, target),
        tags=("ritual",),
        target=target,
        rolls=contest(mine, theirs, "succeed"),
        harm=punish_harm() if rid == "punish" else None,
    )


def order(harm: Harm, target: str, weapon: str, mine: int) -> Choice:
    return choice(
        f"command:scratch:attack:{target}:{weapon}",
        CommandDemon("vic", "scratch", f"attack:{target}:{weapon}"),
        tags=("command",),
        target=target,
        rolls=contest(mine, 3),
        harm=harm(weapon, 3),
    )


def test_sorcerer_banishes_the_enemy_demon_never_its_own(build: Any) -> None:
    people = sorcerer_people("attack")
    choices = [
        ritual("banish", "scratch", 1, 3),
        ritual("banish", "hunger", 1, 3),
        ritual("punish", "hunger", 1, 2),
        guard("vic"),
    ]
    key, reason = decide(build, "sorcerer", people, "vic", choices)
    assert key == "ritual:banish:hunger"
    assert reason.startswith("banish on Hunger: wins 20%")


def test_sorcerer_commands_a_demon_that_would_only_stand_guard(build: Any, harm: Harm) -> None:
    people = sorcerer_people("total_defense")
    choices = [
        attack(harm, "vic", "thug", "knife", 4, 3),
        order(harm, "thug", "claws", 4),
        guard("vic"),
    ]
    key, reason = decide(build, "sorcerer", people, "vic", choices)
    assert key == "command:scratch:attack:thug:claws"
    assert reason.startswith("orders Scratch to attack Thug")


def test_sorcerer_lets_a_violent_demon_be_and_strikes_itself(build: Any, harm: Harm) -> None:
    people = sorcerer_people("attack")
    choices = [
        attack(harm, "vic", "thug", "knife", 4, 3),
        order(harm, "thug", "claws", 4),
        guard("vic"),
    ]
    key, _ = decide(build, "sorcerer", people, "vic", choices)
    assert key == "attack:thug:knife"


def reaction(harm: Harm, full: int, faces: tuple[int, ...]) -> dict[str, Any]:
    """Mara's fists [faces] at Rook before Rook has acted: the decision's numbers."""
    choices = (
        choice(
            "abort",
            React("rook", "mara", "abort"),
            tags=("defend",),
            target="mara",
            rolls=contest(full, len(faces), "defend", faces),
        ),
        choice(
            "suck_it_up",
            React("rook", "mara", "suck_it_up"),
            tags=("defend", "default"),
            target="mara",
            rolls=contest(1, len(faces), "defend", faces),
        ),
    )
    return {
        "choices": list(choices),
        "kind": "reaction",
        "attacker": "mara",
        "incoming": faces,
        "harm": harm("fists"),
    }


def rook(harm: Harm) -> Sorc:
    intent = SorcererIntent("attack", "mara", "fists", harm=harm("fists"))
    return person(
        "rook", "us", (5, 3), {"stamina": 4, "will": 3}, intent=intent, performance=(6, 5, 4, 2)
    )


@pytest.mark.parametrize(
    ("faces", "expected"),
    [
        ((3, 2, 2, 1), "abort"),  # a poor roll: 4 dice likely win, and the victories roll over
        ((10, 10, 10, 9), "suck_it_up"),  # no defence stops this: keep the action
    ],
)
def test_reaction_weighs_the_attackers_faces(
    build: Any, harm: Harm, faces: tuple[int, ...], expected: str
) -> None:
    people = [rook(harm), foe("mara", (6, 3), 4)]
    key, reason = decide(build, "thug", people, "rook", **reaction(harm, 4, faces))
    assert key == expected
    assert reason.startswith("aborts to defend" if expected == "abort" else "sucks it up")


def test_reaction_uses_the_odds_the_fight_shows(build: Any, harm: Harm) -> None:
    # Mara attacks with [10 10 8 6 2]: abort defends 1.6% of the time, suck it up never. The
    # AI reckons with the same conditional figures; 4 dice still cut the victories, so it aborts.
    faces = (10, 10, 8, 6, 2)
    asked = reaction(harm, 4, faces)
    abort, suck = asked["choices"]
    assert abort.odds.startswith("defend 1.6%")
    assert suck.odds.startswith("defend 0.0%")
    for c in (abort, suck):
        mine, theirs = outcomes(c.rolls[0])
        win, lose, _ = c.rolls[0].chances()
        assert (sum(mine), sum(theirs)) == pytest.approx((win, lose))
    key, reason = decide(build, "thug", [rook(harm), foe("mara", (6, 3), 4)], "rook", **asked)
    assert (key, reason.split(":")[0]) == ("abort", "aborts to defend")


def test_reaction_on_easy_takes_the_fights_default(build: Any, harm: Harm) -> None:
    people = [rook(harm), foe("mara", (6, 3), 4)]
    key, reason = decide(build, "thug/easy", people, "rook", **reaction(harm, 4, (3, 2, 2, 1)))
    assert (key, reason) == ("suck_it_up", "reacts on instinct: suck it up")


def test_sorcerer_pushes_through_for_the_dice_that_pay_best(build: Any, harm: Harm) -> None:
    # Will 3 must beat the dice asked for; more dice win the Will roll less often (80% for 1,
    # 40% for 4) but hit so much harder that 4 dice still pay best (2.3 harm against 0.6).
    intent = SorcererIntent("attack", "thug", "knife", harm=harm("knife"))
    people = [
        person("vic", "us", (5, 3), {"stamina": 4, "will": 3}, penalty=5, intent=intent),
        foe("thug", (6, 3), 3),
    ]
    choices = [choice("push:0", PushThrough("vic", 0))]
    choices += [
        choice(f"push:{n}", PushThrough("vic", n), rolls=contest(3, n, "push through"))
        for n in range(1, 5)
    ]
    key, reason = decide(build, "sorcerer", people, "vic", choices, kind="push")
    assert key == "push:4"
    assert reason == "pushes through for 4 dice: Will 3 beats 4 dice 40%, worth 1.8 harm"


def test_the_ai_reads_no_words(build: Any, harm: Harm) -> None:
    # Every label, odds line and prompt reworded: the same picks for the same reasons.
    def decisions() -> list[tuple[str, str]]:
        people = [rook(harm), foe("mara", (6, 3), 4)]
        return [
            decide(build, "thug", people, "rook", **reaction(harm, 4, (3, 2, 2, 1))),
            decide(
                build,
                "thug",
                [thug(), foe("tank", (6, 3), 5), foe("weak", (4, 3), 2)],
                "thug",
                [
                    attack(harm, "thug", "tank", "fists", 3, 5),
                    attack(harm, "thug", "weak", "fists", 3, 2),
                ],
            ),
        ]

    plain = decisions()
    with reworded(lambda words: words[::-1]):
        assert decisions() == plain


@pytest.mark.parametrize(
    ("policy", "faces", "expected", "said"),
    [
        ("nearest", (3, 2, 2, 1), "abort", "aborts to defend"),  # 4 dice likely win this
        ("nearest", (10, 10, 10, 9), "suck_it_up", "sucks it up"),  # nothing stops it: keep it
        ("nearest/easy", (3, 2, 2, 1), "suck_it_up", "declines"),  # easy never defends
    ],
)
def test_nearest_aborts_or_sucks_it_up_as_the_attackers_faces_say(
    build: Any, harm: Harm, policy: str, faces: tuple[int, ...], expected: str, said: str
) -> None:
    people = [rook(harm), foe("mara", (6, 3), 4)]
    key, reason = decide(build, policy, people, "rook", **reaction(harm, 4, faces))
    assert key == expected
    assert reason.startswith(said)


def cornered(harm: Harm, penalty: int) -> tuple[list[Any], list[Choice]]:
    """A thug beside two enemies, its fists at one of them 1 die against 4, or total defense."""
    me = person("thug", "us", (5, 3), {"stamina": 3, "will": 2, "lore": 0}, penalty=penalty)
    me.state = SorcererState("human", arms=(harm("knife"),))
    people = [me, foe("ash", (6, 3), 4), foe("bo", (4, 3), 4)]
    for enemy in people[1:]:
        enemy.state = SorcererState("human", arms=(harm("knife"),))
    return people, [attack(harm, "thug", "ash", "fists", 1, 4), guard("thug")]


def test_nearest_hurt_and_beset_states_total_defense(build: Any, harm: Harm) -> None:
    people, choices = cornered(harm, penalty=2)
    key, reason = decide(build, "nearest", people, "thug", choices)
    assert key == "total_defense"
    assert reason.startswith("total defense: saves ")
    assert "more than its attack would do" in reason


@pytest.mark.parametrize(("policy", "penalty"), [("nearest", 0), ("nearest/easy", 2)])
def test_nearest_unhurt_or_easy_attacks_the_nearest(
    build: Any, harm: Harm, policy: str, penalty: int
) -> None:
    people, choices = cornered(harm, penalty)
    key, _ = decide(build, policy, people, "thug", choices)
    assert key == "attack:ash:fists"


def test_thug_closes_by_the_nearest_move_a_jump_first_then_the_least_pressed(
    build: Any,
) -> None:
    # Four moves end 1 cell from the weakest, one 2 cells off. A jump or a climb comes before
    # a walk; among walks, the one beside fewest other enemies, though listed last; the far
    # move counts for nothing, however it is listed; among equals, the first listed.
    people = [thug((2, 3)), foe("weak", (7, 3), 1), foe("tank", (6, 5), 6)]
    jump = choice("jump:6,3", Move("thug", (6, 3)), tags=("move", "jump"), cell=(6, 3))
    walks = [move("thug", (5, 3)), move("thug", (6, 4)), move("thug", (6, 2))]
    key, reason = decide(build, "thug", people, "thug", [walks[0], jump, *walks[1:]])
    assert key == "jump:6,3"
    assert reason.startswith("closes on Weak")
    assert decide(build, "thug", people, "thug", walks)[0] == "move:6,2"
    alone = [thug((2, 3)), foe("weak", (7, 3), 1)]
    assert decide(build, "thug", alone, "thug", walks)[0] == "move:6,4"


def test_thug_closing_in_passes_over_a_nearer_cell_that_no_move_goes_to(build: Any) -> None:
    # A task at (9, 3) stands beside the weak one, nearer than any move: closing in takes
    # the nearest move, listed after it.
    people = [thug((2, 3)), foe("weak", (10, 3), 2)]
    task = choice("task:lever", Move("thug", (9, 3)), tags=("task",), cell=(9, 3))
    choices = [task, move("thug", (5, 3)), move("thug", (7, 3)), move("thug", (6, 3))]
    key, reason = decide(build, "thug", people, "thug", choices)
    assert key == "move:7,3"
    assert reason == "closes on Weak: the weakest enemy, out of reach"


def test_keyed_finds_a_choice_as_the_decision_does_without_indexing_the_menu() -> None:
    choices = [move("thug", (5, 3)), guard("thug"), move("thug", (6, 3))]
    decision = Decision("thug", "intention", "test", "", tuple(choices))
    found = keyed(decision, "total_defense")
    assert found is choices[1]
    assert decision._index is None  # read in order: the menu was not indexed
    assert found is decision.choice("total_defense")
    assert keyed(decision, "flee") is None is decision.choice("flee")


@pytest.mark.parametrize(("dice", "faces"), [(3, (9, 4, 2)), (5, (10, 7, 7, 1)), (1, (6,))])
def test_expected_harm_adds_each_chance_times_its_cost_in_order_float_for_float(
    dice: int, faces: tuple[int, ...]
) -> None:
    # The attacker's victories against a defence of `dice` fresh dice, as a reaction weighs
    # them; the sum is the one a plain loop makes, term by term from no victories up.
    harm = SorcererHarm("blunt", (0, 1, 2, 3, 4, 5, 6), (0, 1, 1, 2, 2, 3, 3))
    theirs = outcomes(ContestSpec(dice, len(faces), faces))[1]
    total = 0.0
    for v, p in enumerate(theirs):
        total += p * cost(harm, v, 2, 3)
    assert expected(harm, theirs, 2, 3) == total
    assert total > 0.0
