"""Check a finished fight against its scenario's ``expect:`` block."""

from __future__ import annotations

from arena.content.scenario import ExpectDef
from arena.rules.events import Event
from arena.rules.views import FightView


def check_expectations(
    expect: ExpectDef, view: FightView, events: tuple[Event, ...] | list[Event]
) -> list[str]:
    """Every way the fight differs from what was expected (empty when it matches)."""
    diffs: list[str] = []
    if expect.winner is not None:
        got = view.winner or "none"
        if got != expect.winner:
            diffs.append(f"winner: expected {expect.winner}, got {got}")
    if expect.rounds is not None and view.round != expect.rounds:
        diffs.append(f"rounds: expected {expect.rounds}, got {view.round}")
    by_id = {c.id: c for c in view.combatants}
    for cid, health in expect.health.items():
        if by_id[cid].health != health:
            diffs.append(f"health.{cid}: expected {health!r}, got {by_id[cid].health!r}")
    for cid, penalty in expect.penalty.items():
        if by_id[cid].penalty != penalty:
            diffs.append(f"penalty.{cid}: expected {penalty}, got {by_id[cid].penalty}")
    for cid, status in expect.status.items():
        if by_id[cid].status != status:
            diffs.append(f"status.{cid}: expected {status!r}, got {by_id[cid].status!r}")
    kinds = {e.kind for e in events}
    for kind in expect.events:
        if kind not in kinds:
            diffs.append(f"events: expected an event {kind!r}, none occurred")
    return diffs
