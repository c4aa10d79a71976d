"""A menu's attacks, moves and keys, sorted out once per menu object (`arena.ai.menus`)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from arena.ai import menus
from arena.ai.basic import nearest_attack, toward_nearest
from arena.ai.menus import known, menu
from arena.ai.pick import Body, Pick, picked
from arena.ai.registry import answer_on_sight
from arena.rules.actions import Attack, Move
from arena.rules.views import Board, Choice, Decision, FightView, Piece, Tag


def _attack(target: str, means: str) -> Choice:
    return Choice(f"{means}:{target}", means, Attack("me", target, means), ("attack",), target)


def _move(cell: tuple[int, int], *tags: Tag) -> Choice:
    key = f"move:{cell[0]},{cell[1]}"
    return Choice(key, key, Move("me", cell), ("move", *tags), cell=cell)


def test_a_menu_sorts_out_its_attacks_and_moves_in_its_own_order() -> None:
    near, far = _attack("tom", "punch"), _attack("vilna", "kick")
    walk, jump = _move((1, 2)), _move((2, 2), "jump")
    untagged = Choice("move:3,3", "x", Move("me", (3, 3)), (), cell=(3, 3))  # not a move
    kept = menu((walk, far, untagged, near, jump))
    assert (kept.attacks, kept.targets) == ((far, near), ("vilna", "tom"))
    assert kept.moves == (walk, jump)
    assert (kept.xs, kept.ys, kept.walks) == ((1, 2), (2, 2), (1, 0))


def test_a_menu_sorts_out_its_moves_only_when_one_of_their_facts_is_first_read() -> None:
    walk, jump = _move((1, 2)), _move((2, 2), "jump")
    kept = menu((_attack("tom", "punch"), walk, jump))
    with pytest.raises(AttributeError):
        object.__getattribute__(kept, "moves")  # not sorted out yet: the attack is read alone
    assert kept.walks == (1, 0)  # any of the four sorts out all four
    assert object.__getattribute__(kept, "moves") == (walk, jump)
    assert (kept.xs, kept.ys) == ((1, 2), (2, 2))
    with pytest.raises(AttributeError):
        kept.nothing  # noqa: B018 - another name is no fact of the menu


def test_a_menu_is_sorted_out_once_per_menu_object() -> None:
    choices = (_attack("tom", "punch"), _move((1, 1)))
    first = menu(choices)
    assert menu(choices) is first
    # An equal menu that is another object is sorted out afresh.
    again = tuple(list(choices))
    assert again is not choices
    assert menu(again) is not first
    assert menu(again).attacks == first.attacks


def test_a_key_listed_twice_gives_the_last_listed() -> None:
    one, other = _attack("tom", "punch"), _attack("tom", "punch")
    kept = menu((one, _move((1, 1)), other))
    assert kept.keyed("punch:tom") is other
    assert kept.keyed("kick:tom") is None


def test_the_nearest_attack_is_the_same_from_a_kept_menu() -> None:
    far, near = _attack("vilna", "kick"), _attack("tom", "punch")
    decision = Decision("me", "intention", "test", "", (far, _move((0, 1)), near))
    enemies = {"tom": (1, 1), "vilna": (5, 5)}
    assert nearest_attack(decision, (0, 0), enemies) is near
    assert nearest_attack(decision, (0, 0), enemies) is near  # from the kept menu
    # The enemies are read at each ask, not kept with the menu.
    assert nearest_attack(decision, (0, 0), {"vilna": (5, 5)}) is far
    assert nearest_attack(decision, (0, 0), {}) is None


def test_a_full_table_of_menus_starts_afresh(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(menus, "MOST", 2)
    monkeypatch.setattr(menus, "_menus", {})
    kept = [(_move((i, i)),) for i in range(3)]
    for choices in kept:
        menu(choices)
    assert len(menus._menus) == 1  # the third menu found two kept and cleared them first


def test_a_policys_pick_is_checked_by_a_look_along_its_menu_without_sorting_it_out() -> None:
    """The pick is one of the first few choices: found by identity, it is taken as it is, and
    a menu the policy never read is not sorted out to check it."""
    punch, step = _attack("tom", "punch"), _move((1, 1))
    choices = (punch, step, _move((2, 2)))
    body = Body(_no_look, lambda decision, rng, level: picked(step, "ai_moves_toward", "tom"))
    decision = Decision("me", "intention", "test", "", choices)
    pick = answer_on_sight(body, "normal", _no_view, decision, random.Random(0))
    assert pick == picked(step, "ai_moves_toward", "tom")
    assert pick.command is step.command
    assert known(choices) is None


def _no_view() -> FightView:
    raise AssertionError("the view is not read")


def _no_look(view: FightView, decision: Decision, rng: random.Random, level: str) -> Pick:
    raise AssertionError("the policy answers at a glance")


@pytest.mark.parametrize(
    ("moves", "expected"),
    [
        # The nearest move to the enemy at (5, 1) wins, wherever it is listed.
        (((1, 1), (3, 1), (2, 2)), "move:3,1"),
        # Equally near: a jump before a walk, whichever is listed first.
        (((3, 2), (3, 0, "jump"), (2, 1)), "move:3,0"),
        # Equally near and both walks: the first listed.
        (((3, 2), (3, 0), (2, 1)), "move:3,2"),
    ],
)
def test_toward_nearest_moves_nearest_the_enemy_a_jump_first_then_the_first_listed(
    moves: tuple[tuple[Any, ...], ...], expected: str
) -> None:
    pieces = (
        Piece("me", "Me", "a", (1, 1), "active", 0, (), None),
        Piece("tom", "Tom", "b", (5, 1), "active", 0, (), None),
    )
    choices = tuple([_move((x, y), *tags) for x, y, *tags in moves])
    decision = Decision("me", "intention", "s1", "", choices)
    found = toward_nearest(Board("sorcerer", pieces), decision)
    assert found is not None
    assert found.command is next(c.command for c in choices if c.key == expected)
