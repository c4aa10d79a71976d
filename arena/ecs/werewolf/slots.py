"""Finding action slots: who acts on a tick, what is next, what must be declared now."""

from __future__ import annotations

from typing import Final

import esper

from arena.ecs.ruleset import Ctx
from arena.ecs.werewolf import lookup
from arena.ecs.werewolf.components import Fighter, Memo, Slot, Turn
from arena.ecs.world import TABLES
from arena.rules.phrase import Phrase


def open_slots(ent: int) -> list[Slot]:
    """The combatant's slots still to come, in order (highest tick first, then as added)."""
    slots = [s for s in lookup.turn(ent).slots if not s.done]
    return sorted(slots, key=lambda s: -s.tick)


def at_tick(ent: int, tick: int) -> list[Slot]:
    """The combatant's open slots on this tick, in the order they were added."""
    return [s for s in lookup.turn(ent).slots if s.tick == tick and not s.done]


def actors_at(tick: int) -> list[tuple[Fighter, list[Slot]]]:
    """Active combatants (carried components) with open slots on this tick, in roster order."""
    # Every phase of every segment asks this: the components are read in place and the slots
    # gathered in a loop, with no call per combatant.
    found = []
    kept: Memo = TABLES[esper.current_world][lookup.FIGHT][Memo]
    for f in kept.fighters or lookup.fighters():
        if f.status.state != "active":
            continue
        slots = None
        for s in f.turn.slots:
            if s.tick == tick and not s.done:
                if slots is None:
                    slots = [s]
                else:
                    slots.append(s)
        if slots is not None:
            found.append((f, slots))
    return found


def next_tick(after: int | None) -> int | None:
    """The highest tick below `after` (or overall) holding an open slot of anyone active."""
    best = None
    kept: Memo = TABLES[esper.current_world][lookup.FIGHT][Memo]  # read in place, as above
    for f in kept.fighters or lookup.fighters():
        if f.status.state != "active":
            continue
        for s in f.turn.slots:
            if not s.done and (after is None or s.tick < after) and (best is None or s.tick > best):
                best = s.tick
    return best


def next_after(ent: int, tick: int) -> Slot | None:
    """The combatant's next open slot below this tick (the one an abort would spend)."""
    # The first of `open_slots` below the tick, found in one pass: no sort, no key calls.
    found = None
    for s in lookup.fighter(ent).turn.slots:
        if not s.done and s.tick < tick and (found is None or s.tick > found.tick):
            found = s
    return found


def to_declare(ctx: Ctx, ent: int, tick: int) -> Slot | None:
    """The slot this combatant must declare now, if any.

    In the seed's flow an action is declared on its own segment. Under w20 initiative every
    normal action is declared before the first one resolves; Rage actions when they come.
    """
    turn: Turn = TABLES[esper.current_world][ent][Turn]  # read in place: asked every segment
    for s in turn.slots:  # the first undeclared slot of this tick, in the order added
        if s.tick == tick and not s.done and s.act is None:
            return s
    if ctx.options.initiative == "w20":
        ahead = [s for s in open_slots(ent) if s.act is None and not s.rage]
        return ahead[0] if ahead else None
    return None


def declared(ent: int) -> Slot | None:
    """The slot whose action is being declared now (the first undeclared, open one)."""
    for slot in open_slots(ent):
        if slot.act is None:
            return slot
    return None


def when(ctx: Ctx, slot: Slot) -> Phrase:
    """When an action goes, in words: ``segment 9``, ``initiative 17`` (w20), or after all."""
    if slot.tick < 0:
        return _AFTER_EVERYONE
    template = "ww_when_initiative" if ctx.options.initiative == "w20" else "ww_when_segment"
    try:  # the same few words every turn: made once each
        return _WHEN[(template, slot.segment)]
    except KeyError:
        found = _WHEN[(template, slot.segment)] = Phrase(template, (slot.segment,))
        return found


_AFTER_EVERYONE: Final = Phrase("ww_when_after_everyone")
_WHEN: dict[tuple[str, int], Phrase] = {}
"""(template, segment) → its words: segments and initiative scores are a few small numbers."""
