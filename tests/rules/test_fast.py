"""The quicker __init__ of hot frozen values behaves as dataclasses' own."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import Any

import pytest

from arena.rules.events import Event
from arena.rules.fast import quick_init
from arena.rules.views import Decision


def _value() -> type[Any]:
    """A fresh frozen value with every kind of field: plain, default, factory, no-init, keyword."""

    @dataclass(frozen=True, slots=True)
    class Value:
        a: int
        b: str = "b"
        c: list[int] = field(default_factory=list)
        d: int = field(default=4, init=False)
        e: tuple[int, ...] = field(default=(), kw_only=True)

    return Value


PLAIN, QUICK = _value(), quick_init(_value())
CALLS: list[tuple[tuple[Any, ...], dict[str, Any]]] = [
    ((1,), {}),
    ((2, "x", [3]), {"e": (5,)}),
    ((), {"a": 3, "c": [1], "b": "y"}),
]


@pytest.mark.parametrize(("args", "kwargs"), CALLS)
def test_quick_init_makes_the_same_value(args: tuple[Any, ...], kwargs: dict[str, Any]) -> None:
    plain, quick = PLAIN(*args, **kwargs), QUICK(*args, **kwargs)
    assert dataclasses.astuple(quick) == dataclasses.astuple(plain)


@pytest.mark.parametrize(
    ("args", "kwargs"),
    [((), {}), ((1, "x", [], (5,)), {}), ((1,), {"d": 5}), ((1,), {"f": 0})],
)
def test_quick_init_refuses_the_same_calls(args: tuple[Any, ...], kwargs: dict[str, Any]) -> None:
    for cls in (PLAIN, QUICK):
        with pytest.raises(TypeError):
            cls(*args, **kwargs)


def test_quick_init_gives_each_value_its_own_factory_default() -> None:
    assert QUICK(1).c is not QUICK(1).c


def test_quick_init_leaves_the_value_frozen_and_comparable() -> None:
    made = QUICK(1, e=(2,))
    with pytest.raises(dataclasses.FrozenInstanceError):
        made.a = 2
    assert made == QUICK(1, e=(2,))
    assert made != QUICK(1)


def test_quick_init_refuses_what_it_cannot_do() -> None:
    @dataclass(slots=True)
    class Loose:
        a: int

    @dataclass(frozen=True, slots=True)
    class Checked:
        a: int

        def __post_init__(self) -> None:
            pass

    for cls in (Loose, Checked):
        with pytest.raises(TypeError):
            quick_init(cls)


def test_events_and_decisions_keep_their_defaults() -> None:
    event = Event("fight_started", 0, "Setup", "go")
    assert (event.why, event.actor, event.roll, event.terse) == ("", "", None, True)
    assert event.data == {}
    decision = Decision("a", "action", "1", "what?", ())
    assert decision.choice("x") is None
    assert decision.segment is None
