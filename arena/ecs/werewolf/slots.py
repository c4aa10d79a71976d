"""Action slots and the turn clock: who acts on a tick, what is next, what must be declared now.

Who acts when is kept on the turn clock (`TurnClock.acting`) as it changes, never searched
for: `set_clock` when initiative or Rage set the turn's slots, `finish` when an action is
resolved or lost, `retime` when a split adds parts or an abort moves one, `leave` when a
combatant is out of the fight. `actors_at` and `next_tick` read it.
"""

from __future__ import annotations

from typing import Final

import esper

from arena.ecs.ruleset import Ctx
from arena.ecs.werewolf import lookup
from arena.ecs.werewolf.components import Fighter, Memo, Slot, Turn, TurnClock
from arena.ecs.world import TABLES
from arena.rules.phrase import Phrase


def open_slots(ent: int) -> list[Slot]:
    """The combatant's slots still to come, in order (highest tick first, then as added)."""
    slots = [s for s in lookup.turn(ent).slots if not s.done]
    return sorted(slots, key=lambda s: -s.tick)


def at_tick(ent: int, tick: int) -> list[Slot]:
    """The combatant's open slots on this tick, in the order they were added."""
    return [s for s in lookup.turn(ent).slots if s.tick == tick and not s.done]


# The turn clock's who-acts-when (`TurnClock.acting`) is read at every phase of every segment
# and kept at every action done: these read it in place, and grow its lists with ``+=``
# rather than calls.


def actors_at(tick: int) -> list[tuple[Fighter, list[Slot]]]:
    """Active combatants (carried components) with open slots on this tick, in roster order.

    Read off the turn clock (`TurnClock.acting`), not searched for: the list is the clock's own,
    replaced rather than changed when someone's slots change, so it is only read.
    """
    acting = TABLES[esper.current_world][lookup.FIGHT][TurnClock].acting
    return acting[tick] if tick in acting else _NOBODY  # noqa: SIM401 (no call: see above)


_NOBODY: Final[list[tuple[Fighter, list[Slot]]]] = []
"""Nobody acts on this tick (never changed: the clock's lists are replaced, not changed)."""


def next_tick(after: int | None) -> int | None:
    """The highest tick below `after` (or overall) holding an open slot of anyone active."""
    best = None
    for tick in TABLES[esper.current_world][lookup.FIGHT][TurnClock].acting:  # a few keys
        if (after is None or tick < after) and (best is None or tick > best):
            best = tick
    return best


def set_clock() -> None:
    """Put everyone's open slots on the turn clock: once initiative or Rage set the turn's slots."""
    table = TABLES[esper.current_world]
    acting: dict[int, list[tuple[Fighter, list[Slot]]]] = {}
    kept: Memo = table[lookup.FIGHT][Memo]
    for f in kept.fighters or lookup.fighters():
        if f.status.state != "active":
            continue
        mine: dict[int, list[Slot]] = {}
        for s in f.turn.slots:
            if s.done:
                continue
            if s.tick in mine:
                mine[s.tick] += [s]
            else:
                mine[s.tick] = [s]
        for tick in mine:
            if tick in acting:
                acting[tick] += [(f, mine[tick])]
            else:
                acting[tick] = [(f, mine[tick])]
    table[lookup.FIGHT][TurnClock].acting = acting


def finish(f: Fighter, slot: Slot) -> None:
    """The slot is resolved or lost: done, and off the turn clock."""
    slot.done = True
    retime(f, slot.tick)


def finish_all(tick: int) -> None:
    """Every slot still open on this tick is resolved: done, and the tick off the turn clock."""
    acting = TABLES[esper.current_world][lookup.FIGHT][TurnClock].acting
    if tick in acting:
        for _, slots in acting[tick]:
            for slot in slots:
                slot.done = True
        del acting[tick]


def leave(f: Fighter) -> None:
    """The combatant is out of the fight (its status set): off the turn clock and its side."""
    clk = lookup.clock()
    for tick in list(clk.acting):
        retime(f, tick)
    sides = clk.sides
    side = f.who.side
    if sides is not None and side in sides:
        sides[side] -= 1
        if not sides[side]:
            del sides[side]


def retime(f: Fighter, tick: int) -> None:
    """Put the combatant's open slots on this tick on the turn clock again, as its turn has them.

    Called when they change otherwise than all at once: a split adds slots, an abort moves one,
    one is resolved or lost, the combatant leaves the fight. The tick's list is replaced.
    """
    acting = TABLES[esper.current_world][lookup.FIGHT][TurnClock].acting
    mine: list[Slot] = []
    if f.status.state == "active":
        for s in f.turn.slots:
            if s.tick == tick and not s.done:
                mine += [s]
    roster = f.who.roster
    found: list[tuple[Fighter, list[Slot]]] = []
    for pair in acting[tick] if tick in acting else _NOBODY:  # noqa: SIM401 (as above)
        other = pair[0]
        if other is f:
            continue
        if mine and other.who.roster > roster:
            found += [(f, mine)]
            mine = []
        found += [pair]
    if mine:
        found += [(f, mine)]
    if found:
        acting[tick] = found
    elif tick in acting:
        del acting[tick]


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
