"""Reading the board: each question answered from the view asked, however often it is asked."""

from __future__ import annotations

from typing import Any

from arena.ai.look import foes, friends


def test_foes_and_friends_are_read_from_the_view_and_combatant_asked(build: Any) -> None:
    # A policy asks several times per answer of one view; the next view (another board) and
    # another combatant of the same view get their own answers.
    first = build.view(
        "sorcerer",
        [
            build.who("tom", "a", (1, 1)),
            build.who("ann", "b", (5, 3)),
            build.who("bob", "b", (2, 1)),
        ],
    )
    then = build.view(
        "sorcerer",
        [
            build.who("tom", "a", (1, 1)),
            build.who("ann", "b", (2, 2)),
            build.who("bob", "b", (9, 1)),
        ],
    )
    tom, ann = first.combatant("tom"), first.combatant("ann")
    assert [c.id for c in foes(first, tom)] == ["bob", "ann"]  # nearest first
    assert foes(first, tom) is foes(first, tom)  # the same answer, kept
    assert [c.id for c in foes(then, then.combatant("tom"))] == ["ann", "bob"]
    assert [c.id for c in foes(first, tom)] == ["bob", "ann"]
    assert [c.id for c in foes(first, ann)] == ["tom"]
    assert [c.id for c in friends(first, ann)] == ["bob"]
    assert [c.id for c in friends(first, tom)] == []
    assert [c.id for c in friends(then, then.combatant("bob"))] == ["ann"]


def test_foes_and_friends_leave_out_who_is_out_of_the_fight(build: Any) -> None:
    view = build.view(
        "werewolf",
        [
            build.who("tom", "a", (1, 1)),
            build.who("ann", "b", (5, 3)),
            build.who("bob", "b", (2, 1), status="fled"),
            build.who("cid", "a", (3, 3), status="dead"),
            build.who("dee", "a", (3, 4), status="cannot_act"),
        ],
    )
    tom = view.combatant("tom")
    assert [c.id for c in foes(view, tom)] == ["ann"]
    assert [c.id for c in friends(view, tom)] == ["dee"]
