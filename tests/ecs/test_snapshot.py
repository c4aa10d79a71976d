"""Copies of a fight's state: mutable values copied, frozen ones and declared caches shared."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import ClassVar

from arena.ecs.snapshot import copy_value


@dataclass(frozen=True, slots=True)
class Fixed:
    value: int


@dataclass(slots=True)
class Holder:
    SHARED_BY_COPIES: ClassVar[frozenset[str]] = frozenset({"cache"})

    cache: dict[str, int] = field(default_factory=dict)
    state: list[int] = field(default_factory=list)
    fixed: Fixed = Fixed(1)


def test_a_copy_shares_the_declared_cache_and_copies_the_rest() -> None:
    held = Holder({"a": 1}, [1, 2])
    copied = copy_value(held, {})
    assert copied is not held
    assert copied.cache is held.cache  # declared shared: filled by both alike
    assert copied.state == held.state
    assert copied.state is not held.state
    assert copied.fixed is held.fixed  # frozen: nothing to copy
    copied.state.append(3)
    assert held.state == [1, 2]


def test_one_object_met_twice_is_copied_once() -> None:
    inner = [1]
    copied = copy_value({"x": inner, "y": inner}, {})
    assert copied["x"] is copied["y"]
    assert copied["x"] is not inner
