"""Summaries read a fight generically: the final view, the events' rolls and damage amounts."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from dataclasses import dataclass

from arena.engine import CombatantView, Event, FightView, MapView
from arena.rules.dice import resolve_contest, score_open, score_storyteller
from arena.rules.views import SorcererHealth
from arena.sim.summary import CombatantResult, DiceTally, summarize


@dataclass(frozen=True, slots=True)
class AmountEvent(Event):
    """An event that reports how much damage it did, as rulesets may."""

    amount: int = 0


def _combatant(
    cid: str, side: str, status: str, health: str, penalty: int, notes: tuple[str, ...] = ()
) -> CombatantView:
    return CombatantView(
        cid,
        cid.title(),
        cid,
        side,
        cid[0],
        "ai:nearest",
        (0, 0),
        status,
        health,
        penalty,
        (),
        notes_text=notes,
    )


VIEW = FightView(
    ruleset="werewolf",
    round=4,
    step="end",
    over=True,
    winner="south",
    outcome_text="south wins",
    combatants=(
        # the injury class after the fight comes from the note that says so, whatever precedes it
        _combatant(
            "tom",
            "north",
            "incapacitated",
            "Incapacitated",
            0,
            ("sorcerer: may push", "after the fight: hospital"),
        ),
        _combatant("vilna", "south", "active", "Hurt (-1)", 1),
    ),
    map=MapView("duel", ("...",)),
    order_text=(),
    rolls=(),
    options=(),
)


def test_dice_are_tallied_from_every_roll() -> None:
    events = [
        # 3 dice at difficulty 6: 8 and 6 succeed, 1 cancels one: 1 net success
        Event("attack_hit", 1, "3.1", "", actor="vilna", roll=score_storyteller((8, 1, 6), 6)),
        # open damage: 10 rerolled into a 4; 10 succeeds: 1 net; 1s never botch here
        Event("damage_rolled", 1, "3.2", "", roll=score_open((10, 4, 1), 2)),
        # a botch: a 1 and no success
        Event("attack_missed", 2, "3.1", "", roll=score_storyteller((1, 3), 6)),
        # a contest of 9,7 against 7,2: the 9 beats the 7, one victory
        Event("contest", 2, "x", "", roll=resolve_contest((9, 7), (7, 2))),
        # a complete tie
        Event("contest", 2, "x", "", roll=resolve_contest((5,), (5,))),
        Event("moved", 3, "3", ""),  # no roll
    ]
    tally = summarize(11, VIEW, events).dice
    assert tally == DiceTally(
        rolls=5,
        dice=3 + 3 + 2 + 4 + 2,
        faces=(3, 1, 1, 1, 2, 1, 2, 1, 1, 1),
        storyteller=3,
        successes=1 + 1 + 0,
        botches=1,
        contests=2,
        ties=1,
        victories=1,
    )


def test_the_final_view_gives_winner_rounds_and_each_end_state() -> None:
    summary = summarize(11, VIEW, [])
    assert (summary.seed, summary.winner, summary.outcome, summary.rounds) == (
        11,
        "south",
        "south wins",
        4,
    )
    assert summary.combatants == (
        CombatantResult("tom", "north", "incapacitated", "Incapacitated", 0, "hospital", 0, 0),
        CombatantResult("vilna", "south", "active", "Hurt (-1)", 1, "", 0, 0),
    )


def test_damage_comes_from_events_that_report_an_amount() -> None:
    events = [
        AmountEvent("wounded", 1, "6", "", actor="vilna", target="tom", amount=3),
        AmountEvent("wounded", 2, "6", "", actor="tom", target="vilna", amount=1),
        AmountEvent("wounded", 3, "6", "", actor="vilna", target="tom", amount=4),
        AmountEvent("healed", 3, "6", "", actor="tom", amount=2),  # no target: not damage
        Event("wounded", 3, "6", "", actor="vilna", target="tom"),  # no amount: nothing known
    ]
    tom, vilna = summarize(11, VIEW, events).combatants
    assert (tom.dealt, tom.taken) == (1, 7)
    assert (vilna.dealt, vilna.taken) == (7, 1)


def test_the_injury_class_comes_from_the_views_numbers_first() -> None:
    tom = dataclasses.replace(
        VIEW.combatants[0],
        notes_text=("after the fight: in other words",),
        wounds=SorcererHealth(lasting=3, penalty=3, severity="banged_up"),
    )
    view = dataclasses.replace(VIEW, combatants=(tom, VIEW.combatants[1]))
    assert summarize(1, view, []).combatants[0].aftermath == "banged up"


def test_dice_and_damage_are_both_read_from_events_given_once() -> None:
    # The events may come as a one-pass iterable: an event's roll and its damage are both read.
    def events() -> Iterator[Event]:
        yield AmountEvent(
            "wounded",
            1,
            "6",
            "",
            actor="vilna",
            target="tom",
            amount=2,
            roll=score_storyteller((8, 10), 6),
        )
        yield Event("roll_made", 1, "x", "", roll=object())  # type: ignore[arg-type]

    summary = summarize(11, VIEW, events())
    tom, vilna = summary.combatants
    assert (tom.taken, vilna.dealt) == (2, 2)
    # a roll of a type not known here counts as a roll, with no dice
    assert (summary.dice.rolls, summary.dice.dice, summary.dice.storyteller) == (2, 2, 1)
    assert summary.dice.faces == (0, 0, 0, 0, 0, 0, 0, 1, 0, 1)


def test_faces_no_d10_shows_count_as_dice_but_as_no_face() -> None:
    # Faces are counted as bytes; a face no byte holds (none a d10 rolls) falls back to the
    # list's own count, with the same tally: a die thrown, no face of 1 to 10 shown.
    odd = score_storyteller((300, 10, 0), 6)
    summary = summarize(3, VIEW, [Event("attack_hit", 1, "3.1", "", roll=odd)])
    assert (summary.dice.rolls, summary.dice.dice) == (1, 3)
    assert summary.dice.faces == (0, 0, 0, 0, 0, 0, 0, 0, 0, 1)
    plain = summarize(
        3, VIEW, [Event("attack_hit", 1, "3.1", "", roll=score_storyteller((10, 0, 1), 6))]
    )
    assert plain.dice.faces == (1, 0, 0, 0, 0, 0, 0, 0, 0, 1)
