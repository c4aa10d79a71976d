"""Check a finished fight against its scenario's ``expect:`` block."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from arena.content.scenario import DataValue, EventExpect, ExpectDef
from arena.rules.events import Event
from arena.rules.views import FightView, SorcererHealth


def count_checks(expect: ExpectDef) -> int:
    """How many separate checks a block makes (each key, each id, each event, each round)."""
    return (
        (expect.winner is not None)
        + (expect.rounds is not None)
        + len(expect.health)
        + len(expect.penalty)
        + len(expect.status)
        + len(expect.events)
        + len(expect.order)
        + len(expect.aftermath)
    )


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
    for cid, severity in expect.aftermath.items():
        wounds = by_id[cid].wounds
        got = wounds.severity if isinstance(wounds, SorcererHealth) else ""
        if got != severity:
            diffs.append(f"aftermath.{cid}: expected {severity!r}, got {got or 'none'!r}")
    for index, wanted in enumerate(expect.events):
        if not any(_matches(wanted, e) for e in events):
            diffs.append(f"events[{index}]: expected {_describe(wanted)}, none occurred")
    played = order_by_round(events)
    for index, turns in enumerate(expect.order):
        got_turns = played[index] if index < len(played) else ()
        if tuple(turns) != got_turns:
            shown = ", ".join(got_turns) or "nobody"
            diffs.append(
                f"order[{index}] (round {index + 1}): expected {', '.join(turns)}; got {shown}"
            )
    return diffs


def order_by_round(events: Sequence[Event]) -> list[tuple[str, ...]]:
    """Who acted in each round, in order.

    Sorcerer: ids in order of action (``order_fixed``); Werewolf: ``id@segment`` for each
    action declared (a split's parts each count), in the order taken.
    """
    rounds: dict[int, list[str]] = {}
    for e in events:
        if e.kind == "order_fixed":
            places = e.data.get("places", ())
            if isinstance(places, tuple):
                rounds.setdefault(e.round, []).extend(
                    str(who) for place in places if isinstance(place, tuple) for who in place
                )
        elif e.kind == "action_declared" and "segment" in e.data:
            at = e.data.get("acts_on", e.data["segment"])  # a split part's own segment
            rounds.setdefault(e.round, []).append(f"{e.actor}@{at}")
    last = max(rounds, default=0)
    return [tuple(rounds.get(n, ())) for n in range(1, last + 1)]


def _matches(wanted: str | EventExpect, event: Event) -> bool:
    if isinstance(wanted, str):
        return event.kind == wanted
    if event.kind != wanted.kind or (wanted.actor and event.actor != wanted.actor):
        return False
    if wanted.round is not None and event.round != wanted.round:
        return False
    return all(_same(event.data.get(k, _MISSING), v) for k, v in wanted.data.items())


_MISSING = object()


def _same(got: object, wanted: DataValue) -> bool:
    if isinstance(wanted, tuple):
        return isinstance(got, tuple | list) and tuple(got) == wanted
    return type(got) is type(wanted) and got == wanted


def _describe(wanted: str | EventExpect) -> str:
    if isinstance(wanted, str):
        return f"an event {wanted!r}"
    parts = [f"{k}={v!r}" for k, v in _fields(wanted).items()]
    return f"an event {wanted.kind!r} with " + ", ".join(parts) if parts else repr(wanted.kind)


def _fields(wanted: EventExpect) -> Mapping[str, object]:
    fields: dict[str, object] = {}
    if wanted.actor:
        fields["actor"] = wanted.actor
    if wanted.round is not None:
        fields["round"] = wanted.round
    fields.update({f"data.{k}": v for k, v in wanted.data.items()})
    return fields
