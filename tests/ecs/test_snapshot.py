"""Copies of a fight's state: mutable values copied, frozen ones and declared caches shared."""

from __future__ import annotations

import enum
from collections import Counter, deque
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


@dataclass(slots=True)
class Records:
    ENTRIES_SHARED_BY_COPIES: ClassVar[frozenset[str]] = frozenset({"records"})

    records: dict[int, tuple[str, list[int]]] = field(default_factory=dict)
    state: list[int] = field(default_factory=list)


def test_a_copy_makes_the_declared_dict_its_own_and_shares_its_entries() -> None:
    held = Records({1: ("a", [1, 2])}, [3])
    copied = copy_value(held, {})
    assert copied.records == held.records
    assert copied.records is not held.records  # its own dict: an entry replaced is its own
    assert copied.records[1] is held.records[1]  # the entry, its list too, shared as it is
    assert copied.state == held.state
    assert copied.state is not held.state
    copied.records[1] = ("b", [])
    assert held.records == {1: ("a", [1, 2])}


def test_one_object_met_twice_is_copied_once() -> None:
    inner = [1]
    copied = copy_value({"x": inner, "y": inner}, {})
    assert copied["x"] is copied["y"]
    assert copied["x"] is not inner


class Colour(enum.Enum):
    RED = 1


class Box:
    """Neither a dataclass nor a built-in container: deep-copied."""

    def __init__(self, items: list[int]) -> None:
        self.items = items


def test_a_tuple_of_values_that_cannot_change_is_shared() -> None:
    values = (1, "a", None, Fixed(2), Colour.RED, frozenset({3}))
    assert copy_value(values, {}) is values


def test_a_tuple_holding_a_mutable_value_is_copied_with_it() -> None:
    inner = [1]
    values = (1, inner)
    copied = copy_value(values, {})
    assert copied == values
    assert copied is not values
    assert copied[1] is not inner


def test_mutable_containers_in_a_dataclass_are_copied_and_values_shared() -> None:
    held = Holder({}, [1, 2], Fixed(5))
    given = {"h": held, "s": {1, 2}, "d": deque([[1]], 3), "c": Colour.RED}
    copied = copy_value(given, {})
    assert copied["h"].state == [1, 2]
    assert copied["h"].state is not held.state
    assert copied["h"].fixed is held.fixed
    assert copied["s"] == {1, 2}
    assert copied["s"] is not given["s"]
    assert copied["d"].maxlen == 3
    assert copied["d"][0] == [1]
    assert copied["d"][0] is not given["d"][0]
    assert copied["c"] is Colour.RED


def test_an_object_of_another_class_is_deep_copied() -> None:
    box = Box([1])
    copied = copy_value([box, box], {})
    assert copied[0] is copied[1]
    assert copied[0] is not box
    assert copied[0].items == [1]
    assert copied[0].items is not box.items


@dataclass(slots=True)
class Guarded:
    """A mutable dataclass that refuses writes of its own: a copy writes past them."""

    items: list[int]
    count: int = 0

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(name)


def test_a_dataclass_with_its_own_setattr_is_copied_past_it() -> None:
    guarded = object.__new__(Guarded)
    object.__setattr__(guarded, "items", [1])
    object.__setattr__(guarded, "count", 2)
    copied = copy_value(guarded, {})
    assert copied.items == [1]
    assert copied.items is not guarded.items
    assert copied.count == 2


def test_a_counter_is_copied_as_a_counter() -> None:
    counts = Counter({"a": 2})
    copied = copy_value({"c": counts, "again": counts}, {})
    assert type(copied["c"]) is Counter
    assert copied["c"] == counts
    assert copied["c"] is not counts
    assert copied["again"] is copied["c"]
    copied["c"]["b"] += 1
    assert counts == Counter({"a": 2})


@dataclass(slots=True)
class Node:
    """A mutable dataclass that may lead back to itself."""

    items: list[Node] = field(default_factory=list)


def test_a_dataclass_that_leads_back_to_itself_gets_its_own_copy() -> None:
    node = Node()
    node.items.append(node)
    copied = copy_value(node, {})
    assert copied is not node
    assert copied.items[0] is copied


@dataclass(slots=True)
class Pair:
    plain: tuple[int, ...] = ()
    mixed: tuple[object, ...] = ()


def test_a_field_tuple_of_plain_values_is_shared_and_one_holding_a_list_is_copied() -> None:
    inner = [1]
    held = Pair((1, 2), (3, inner))
    copied = copy_value(held, {})
    assert copied.plain is held.plain
    assert copied.mixed == held.mixed
    assert copied.mixed[1] is not inner


def test_containers_of_plain_values_are_new_containers_of_the_same_kind() -> None:
    counts = Counter({"a": 2})
    given = {"c": counts, "l": [1, (2, 3)], "d": {"k": (1, "x")}}
    copied = copy_value(given, {})
    assert type(copied["c"]) is Counter
    assert copied["c"] == counts
    assert copied["c"] is not counts
    assert copied["l"] == [1, (2, 3)]
    assert copied["l"] is not given["l"]
    assert copied["l"][1] is given["l"][1]
    assert copied["d"]["k"] is given["d"]["k"]


def test_a_tuple_inside_a_container_holding_a_list_is_copied_with_it() -> None:
    inner = [1]
    given = {"d": {"k": (1, inner)}, "l": [(2, inner)]}
    copied = copy_value(given, {})
    assert copied["d"]["k"][1] is not inner
    assert copied["d"]["k"][1] is copied["l"][0][1]  # the one list, copied once
    copied["d"]["k"][1].append(2)
    assert inner == [1]


def test_a_nested_tuple_of_values_that_cannot_change_is_shared_at_every_depth() -> None:
    nested = ((1, ("a", (2, None))), Fixed(3), ("b",))
    assert copy_value({"k": nested}, {})["k"] is nested
    assert copy_value(nested, {}) is nested  # found so again (kept by identity)


def test_a_nested_tuple_with_a_list_deep_inside_is_copied_every_time() -> None:
    inner = [1]
    nested = ((1, ("a", (2, inner))), ("b",))
    for _ in range(2):  # never kept as unchangeable
        copied = copy_value(nested, {})
        assert copied == nested
        assert copied[0][1][1][1] is not inner
        assert copied[1] is nested[1]


def test_a_value_the_memo_shares_does_not_make_its_tuple_unchangeable() -> None:
    settings = {"x": 1}  # shared with one copy through its memo, copied by another
    held = (1, (2, settings))
    assert copy_value(held, {id(settings): settings}) is held
    copied = copy_value(held, {})
    assert copied[1][1] is not settings
