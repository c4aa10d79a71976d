"""The turn clock: who acts on a segment, the next segment and whether the fight is decided.

The clock (`TurnClock.acting` and `TurnClock.sides`) is kept as the systems change the fight,
and read instead of a search of every combatant's slots. At every phase of every segment of
seeded AI fights, before and after it plays, it must say what the search says, under each
option that changes who acts when: initiative (successes, w20), Rage actions (schedule,
per_point, w20) and multiple actions (split, dice_penalty), with stuns and the gang fights
where combatants fall, flee, split and abort.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from typing import Any

import pytest

from arena.content.loader import Catalog, default_content_root, load_catalog
from arena.ecs.werewolf import flow, lookup
from arena.ecs.werewolf.components import Fighter, Slot
from arena.ecs.werewolf.slots import actors_at, next_tick
from arena.engine import Controllers, Fight
from arena.sim.plan import batch_scenario

CATALOG: Catalog = load_catalog(default_content_root())

OPTIONS: tuple[dict[str, Any], ...] = (
    {},
    {"initiative": "w20"},
    {"rage_actions": "per_point"},
    {"rage_actions": "w20", "initiative": "w20"},
    {"multiple_actions": "dice_penalty"},
    {"stun": True},
)
"""Every option that changes who acts when, each against the seed's defaults."""

SCENARIOS = ("werewolf-duel", "werewolf-thugs", "werewolf-ai-pack", "werewolf-w20")
SEEDS = range(1, 5)


def _searched(tick: int) -> list[tuple[int, list[int]]]:
    """Who acts on the tick, searched for as before the clock: entity, ids of its open slots."""
    found = []
    for f in lookup.fighters():
        if f.status.state != "active":
            continue
        slots = [id(s) for s in f.turn.slots if s.tick == tick and not s.done]
        if slots:
            found.append((f.ent, slots))
    return found


def _clocked(acting: list[tuple[Fighter, list[Slot]]]) -> list[tuple[int, list[int]]]:
    return [(f.ent, [id(s) for s in slots]) for f, slots in acting]


def _searched_next(after: int | None) -> int | None:
    ticks = [
        s.tick
        for f in lookup.fighters()
        if f.status.state == "active"
        for s in f.turn.slots
        if not s.done and (after is None or s.tick < after)
    ]
    return max(ticks, default=None)


def _searched_decided() -> bool:
    return len({f.who.side for f in lookup.fighters() if f.status.state == "active"}) < 2


def _check(checked: list[int]) -> None:
    """The clock says what the search says, for every tick anyone holds a slot on."""
    ticks = {s.tick for f in lookup.fighters() for s in f.turn.slots}
    ticks |= set(lookup.clock().acting)
    for tick in ticks:
        assert _clocked(actors_at(tick)) == _searched(tick), tick
        assert next_tick(tick) == _searched_next(tick), tick
    assert next_tick(None) == _searched_next(None)
    assert lookup.decided() == _searched_decided()
    checked[0] += 1


def _phases_checked(checked: list[int]) -> tuple[tuple[str, flow.PhaseFn], ...]:
    def wrapped(phase: flow.PhaseFn) -> flow.PhaseFn:
        def play(ctx: Any, tick: int) -> Any:
            _check(checked)
            result = phase(ctx, tick)
            _check(checked)
            return result

        return play

    return tuple((step, wrapped(phase)) for step, phase in flow.PHASES)


def _cases() -> Iterator[tuple[str, dict[str, Any]]]:
    for name in SCENARIOS:
        for options in OPTIONS:
            yield name, options


@pytest.mark.parametrize(("name", "options"), list(_cases()))
def test_the_turn_clock_agrees_with_the_searched_answer_at_every_phase(
    name: str, options: dict[str, Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    checked = [0]
    monkeypatch.setattr(flow, "PHASES", _phases_checked(checked))
    base = batch_scenario(CATALOG.scenarios[name])
    scenario = dataclasses.replace(base, options={**base.options, **options})
    for seed in SEEDS:
        fight = Fight(scenario, CATALOG, seed=seed, rigged=())
        try:
            Controllers(fight, watch=True, reasons=False).run()
            assert fight.over
        finally:
            fight.close()
    assert checked[0] > 0  # the phases ran through the wrapper
