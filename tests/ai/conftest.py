"""Builders for AI tests: fight views and decisions made by hand, as a fight would show them."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import pytest

from arena.rules.commands import Command
from arena.rules.views import Choice, CombatantView, Decision, FightView, MapView, Pool

RING = (
    "############",
    "#..........#",
    "#..........#",
    "#..........>",
    "#..........#",
    "#..........#",
    "############",
)
"""A bare 10 x 5 room with an exit on the east wall at (11, 3)."""


@dataclass
class Who:
    """A combatant to put in a view."""

    id: str
    side: str
    pos: tuple[int, int]
    traits: dict[str, int] = field(default_factory=dict)
    penalty: int = 0
    status: str = "active"
    health: str = "unhurt"
    pools: tuple[Pool, ...] = ()
    form: str = ""
    intention: str = ""
    notes: tuple[str, ...] = ()

    def view(self) -> CombatantView:
        return CombatantView(
            self.id,
            self.id.title(),
            self.id,
            self.side,
            self.id[0],
            "ai:thug",
            self.pos,
            self.status,
            self.health,
            self.penalty,
            tuple(sorted(self.traits.items())),
            self.pools,
            self.form,
            self.intention,
            self.notes,
        )


def make_view(
    ruleset: str, people: Sequence[Who], order: Sequence[str] = (), rows: Sequence[str] = RING
) -> FightView:
    return FightView(
        ruleset,
        1,
        "test",
        False,
        None,
        "",
        tuple(p.view() for p in people),
        MapView("test", tuple(rows)),
        tuple(order),
        (),
        (),
    )


def make_decision(actor: str, kind: str, choices: Sequence[Choice], prompt: str = "") -> Decision:
    return Decision(actor, kind, "test", prompt or f"{actor}: {kind}", tuple(choices))


def choice(
    key: str,
    command: Command,
    *,
    tags: Sequence[str] = (),
    target: str = "",
    cell: tuple[int, int] | None = None,
    label: str = "",
) -> Choice:
    return Choice(key, label or key, command, tags=tuple(tags), target=target, cell=cell)


@pytest.fixture
def build() -> Callable[..., Any]:
    """The builders, as one fixture: ``build.view``, ``build.decision``, ``build.choice``."""

    class Builders:
        view = staticmethod(make_view)
        decision = staticmethod(make_decision)
        choice = staticmethod(choice)
        who = Who

    return Builders  # type: ignore[return-value]
