"""The quicker __init__ of hot frozen values behaves as dataclasses' own."""

from __future__ import annotations

import copy
import dataclasses
import pickle
from dataclasses import dataclass, field
from typing import Any

import pytest

from arena.rules.events import Event
from arena.rules.fast import TWIN_FROM, quick_init
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


def _wide() -> type[Any]:
    """A fresh frozen value with more fields than `TWIN_FROM`, named as the maker's own."""

    @dataclass(frozen=True, slots=True)
    class Wide:
        kind: str
        twin: int
        put: int = 3
        self_: list[int] = field(default_factory=list)
        d: int = field(default=4, init=False)
        e: tuple[int, ...] = field(default=(), kw_only=True)

    return Wide


WIDE_PLAIN, WIDE_QUICK = _wide(), quick_init(_wide())


@pytest.mark.parametrize(
    ("args", "kwargs"),
    [(("a", 1), {}), (("b", 2, 5, [1]), {"e": (2,)}), ((), {"twin": 3, "kind": "c"})],
)
def test_quick_init_of_a_wide_value_makes_the_same_value(
    args: tuple[Any, ...], kwargs: dict[str, Any]
) -> None:
    assert len(dataclasses.fields(WIDE_QUICK)) >= TWIN_FROM  # filled as its twin
    plain, quick = WIDE_PLAIN(*args, **kwargs), WIDE_QUICK(*args, **kwargs)
    assert type(quick) is WIDE_QUICK
    assert dataclasses.astuple(quick) == dataclasses.astuple(plain)
    assert quick == WIDE_QUICK(*args, **kwargs)
    assert hash(dataclasses.replace(quick, self_=())) == hash(
        dataclasses.replace(WIDE_QUICK(*args, **kwargs), self_=())
    )


def test_quick_init_of_a_wide_value_refuses_the_same_calls() -> None:
    calls: list[tuple[tuple[Any, ...], dict[str, Any]]] = [
        ((), {}),
        (("a",), {}),
        (("a", 1), {"d": 5}),
        (("a", 1, 2, [], 5), {}),
    ]
    for cls in (WIDE_PLAIN, WIDE_QUICK):
        for args, kwargs in calls:
            with pytest.raises(TypeError):
                cls(*args, **kwargs)


def test_a_wide_value_stays_frozen_and_copies_and_pickles_alike() -> None:
    made = WIDE_QUICK("a", 1, e=(2,))
    with pytest.raises(dataclasses.FrozenInstanceError):
        made.kind = "b"
    assert WIDE_QUICK("a", 1).self_ is not WIDE_QUICK("a", 1).self_
    assert copy.deepcopy(made) == made
    assert copy.copy(made) == made
    event = Event("fight_ended", 0, "Setup", "over", actor="a")  # a forecast's worker gets one
    assert pickle.loads(pickle.dumps(event)) == event  # noqa: S301 - made here


def test_a_subclass_of_a_wide_value_is_made_as_itself() -> None:
    @dataclass(frozen=True, slots=True)
    class Wider(WIDE_QUICK):  # type: ignore[misc, valid-type]
        pass

    made = Wider("a", 1)
    assert type(made) is Wider
    assert (made.kind, made.twin, made.put, made.d) == ("a", 1, 3, 4)


def test_events_and_decisions_keep_their_defaults() -> None:
    event = Event("fight_started", 0, "Setup", "go")
    # The explanation's field, not its drawn words: this file runs without the words loaded.
    assert (event.explanation, event.actor, event.roll, event.terse) == ("", "", None, True)
    assert event.data == {}
    decision = Decision("a", "action", "1", "what?", ())
    assert decision.choice("x") is None
    assert decision.segment is None
