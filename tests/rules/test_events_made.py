"""An event made by `made` (the rulesets' event makers) is the very event `Event(...)` makes."""

from __future__ import annotations

import dataclasses
import pickle

import pytest

from arena.rules.dice import score_storyteller
from arena.rules.events import Event, made
from arena.rules.phrase import Phrase

FIELDS = (
    "attack_hit",
    3,
    "ww_attack",
    Phrase("ww_lands", ("Tom", 2)),
    "why",
    "tom",
    "vilna",
    score_storyteller((8, 1, 6), 6),
    False,
    2,
    {"segment": 1},
)


def test_a_made_event_equals_one_made_the_usual_way() -> None:
    fast, usual = made(*FIELDS), Event(*FIELDS)  # type: ignore[arg-type]
    assert type(fast) is Event
    assert fast == usual
    assert repr(fast) == repr(usual)
    assert [getattr(fast, f.name) for f in dataclasses.fields(Event)] == list(FIELDS)
    assert pickle.loads(pickle.dumps(fast)) == usual  # noqa: S301 - our own bytes
    assert dataclasses.replace(fast, round=4) == dataclasses.replace(usual, round=4)


def test_a_made_event_is_frozen() -> None:
    fast = made(*FIELDS)  # type: ignore[arg-type]
    with pytest.raises(dataclasses.FrozenInstanceError):
        fast.round = 9  # type: ignore[misc]
    assert fast.round == 3


def test_made_fills_every_field_of_an_event() -> None:
    # A field added to Event must be added to `made` too: it takes every field, in order.
    names = [f.name for f in dataclasses.fields(Event)]
    assert names == list(made.__code__.co_varnames[: made.__code__.co_argcount])
