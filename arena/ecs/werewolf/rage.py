"""Step 2, Rage: who spends Rage says so; then everyone works out the segments they act on."""

from __future__ import annotations

from typing import Final

import esper

from arena.ecs.ruleset import NOTHING, Ctx, StepResult
from arena.ecs.werewolf import lookup
from arena.ecs.werewolf.asked import asked
from arena.ecs.werewolf.components import Body, Memo, Slot, Turn
from arena.ecs.werewolf.slots import set_clock
from arena.ecs.werewolf.steps import RAGE, SEGMENTS, event
from arena.ecs.world import TABLES
from arena.rules.events import Datum, Event
from arena.rules.phrase import Phrase
from arena.rules.views import Choice, Decision, Tag
from arena.rules.werewolf.commands import SpendRage
from arena.rules.werewolf.initiative import Track, w20_action_order
from arena.rules.werewolf.rage import (
    action_segments,
    spend_rage,
    useful_rage_spends,
    w20_rage_action_limit,
)

_ONE_ACTION = Phrase("ww_one_action")


def rage(ctx: Ctx) -> StepResult:
    """Ask everyone who could usefully spend Rage; once all have said, lay out the segments."""
    if lookup.decided():
        return NOTHING  # nobody rolled initiative: the fight is over before it began
    waiting = []
    for f in lookup.fighters():
        turn, ent = f.turn, f.ent
        if turn.rage_decided:
            continue
        if f.status.state != "active" or turn.botched or turn.initiative < 0:
            turn.rage_decided = True
            continue
        spends = offered_spends(ctx, ent)
        if len(spends) < 2:
            turn.rage_decided = True
            continue
        waiting.append(asked(ctx, ent, "rage", _decision, ctx, ent, spends))
    if waiting:
        return StepResult((), tuple(waiting))
    return StepResult(tuple(_schedule(ctx)))


def offered_spends(ctx: Ctx, ent: int) -> tuple[int, ...]:
    """The Rage spends worth offering this turn, 0 first."""
    f = lookup.fighter(ent)
    pools = f.pools
    available = 0 if pools.gnosis_used_turn else pools.rage
    mode = ctx.options.rage_actions
    if mode == "w20":
        return tuple(range(min(available, w20_rage_action_limit(pools.rage_max)) + 1))
    turn = f.turn
    try:  # `lookup.traits`' hit, read in place: everyone's Rage, every turn
        values = TABLES[esper.current_world][lookup.FIGHT][Memo].traits[(ent, f.body.form)]
    except KeyError:
        values = lookup.traits(ctx, ent)
    dexterity = values["dexterity"]
    key = (turn.initiative, dexterity, available, mode)
    if key in _SPENDS:
        return _SPENDS[key]
    found = _SPENDS[key] = useful_rage_spends(max(0, turn.initiative), dexterity, available, mode)
    return found


_SPENDS: dict[tuple[int, int, int, str], tuple[int, ...]] = {}
"""(initiative, Dexterity, Rage available, mode) → the spends worth offering
(`useful_rage_spends`, a pure function of them): a few small numbers, so the table stays small."""


def segments_for(ctx: Ctx, ent: int, amount: int) -> tuple[int, ...]:
    """The segments a spend gives (w20: the normal action only; the rest come after everyone)."""
    mode = ctx.options.rage_actions
    table = TABLES[esper.current_world]  # read in place: each of everyone's turns
    turn: Turn = table[ent][Turn]
    if mode == "w20":
        return (turn.initiative,)
    try:  # `lookup.traits`' hit, in place
        values = table[lookup.FIGHT][Memo].traits[(ent, table[ent][Body].form)]
    except KeyError:
        values = lookup.traits(ctx, ent)
    dexterity = values["dexterity"]
    key = (turn.initiative, amount, dexterity, mode)
    if key in _SEGMENTS:
        return _SEGMENTS[key]
    found = _SEGMENTS[key] = action_segments(max(0, turn.initiative), amount, dexterity, mode)
    return found


_SEGMENTS: dict[tuple[int, int, int, str], tuple[int, ...]] = {}
"""(initiative, Rage spent, Dexterity, mode) → the segments (`action_segments`, a pure
function of them): each is a few small numbers, so the table stays small."""


def _decision(ctx: Ctx, ent: int, spends: tuple[int, ...]) -> Decision:
    # All it reads: the spends, what their segments follow from (the initiative, and the
    # Dexterity of the form) and the Rage left; the same decision in the fights of one setup.
    f = lookup.fighter(ent)
    key = ("rage_decision", ent, spends, f.turn.initiative, f.body.form, f.pools.rage)
    return lookup.across(ctx, key, _new_decision, ctx, ent, spends)


def _new_decision(ctx: Ctx, ent: int, spends: tuple[int, ...]) -> Decision:
    who = lookup.ident(ent)
    w20 = ctx.options.rage_actions == "w20"
    choices = []
    for amount in spends:
        if w20:
            what = (
                Phrase("ww_after_everyone_first", (Phrase("extra_actions", (amount,)),))
                if amount
                else _ONE_ACTION
            )
        else:
            segments = ", ".join(map(str, segments_for(ctx, ent, amount)))
            what = Phrase("ww_actions_on", (segments,))
        text = (
            Phrase("ww_spend_rage", (amount, what))
            if amount
            else Phrase("ww_spend_no_rage", (what,))
        )
        tags: tuple[Tag, ...] = ("default",) if amount == min(1, spends[-1]) else ()
        choices.append(
            Choice(f"rage:{amount}", text, SpendRage(who.cid, amount), tags=tags, gist=what)
        )
    ask = Phrase("ww_spend_rage_more_actions_left", (who.name, lookup.pools(ent).rage))
    return Decision(who.cid, "rage", RAGE, ask, tuple(choices))


def accept_rage(ctx: Ctx, ent: int, amount: int) -> tuple[Event, ...]:
    """Record a Rage spend."""
    pools, turn = lookup.pools(ent), lookup.turn(ent)
    pools.rage = spend_rage(pools.rage, amount, gnosis_used=pools.gnosis_used_turn)
    pools.rage_spent_turn += amount
    turn.rage_decided = True
    who = lookup.ident(ent)
    if ctx.options.rage_actions == "w20":
        result = (
            Phrase("ww_after_everyone_first", (Phrase("extra_actions", (amount,)),))
            if amount
            else Phrase("ww_one_action")
        )
    else:
        result = Phrase("ww_acts_on", (", ".join(map(str, segments_for(ctx, ent, amount))),))
    text = (
        Phrase("ww_spends_rage", (who.name, amount, result))
        if amount
        else Phrase("ww_spends_no_rage", (who.name,))
    )
    mode = ctx.options.rage_actions
    why = Phrase("ww_rage_option_rage_actions", (pools.rage + amount, amount, pools.rage, mode))
    segments = segments_for(ctx, ent, amount)
    data: dict[str, Datum] = {
        "amount": amount,
        "rage": pools.rage,
        "actions": len(segments) + (amount if ctx.options.rage_actions == "w20" else 0),
        "segments": segments,
    }
    return (
        event(ctx, "rage_spent", RAGE, text, why=why, actor=who.cid, terse=amount > 0, data=data),
    )


def _schedule(ctx: Ctx) -> list[Event]:
    """Give everyone its action slots for the turn, and say who acts when."""
    scores = []
    extra: dict[str, int] = {}
    for f in lookup.fighters():
        ent, who, turn = f.ent, f.who, f.turn
        turn.slots.clear()
        if f.status.state != "active" or turn.botched or turn.initiative < 0:
            continue
        spent = f.pools.rage_spent_turn
        for index, segment in enumerate(segments_for(ctx, ent, spent)):
            turn.slots.append(Slot(segment, segment, index > 0))  # (tick, segment, rage)
        scores.append((who.cid, turn.initiative))
        if ctx.options.rage_actions == "w20":
            extra[who.cid] = spent
    if extra:  # w20 Rage actions only
        _w20_rage_slots(scores, extra)
    set_clock()
    return [_track_event(ctx)]


def _w20_rage_slots(scores: list[tuple[str, int]], extra: dict[str, int]) -> None:
    """w20 Rage actions come after everyone's normal action, one at a time [book]."""
    tick = -1
    for cid, is_rage in w20_action_order(scores, extra):
        if is_rage:
            ent = lookup.entity_of(cid)
            turn = lookup.turn(ent)
            turn.slots.append(Slot(tick=tick, segment=turn.initiative, rage=True))
            tick -= 1


def order_track() -> Track:
    """The segment track's numbers: each acting combatant's name and slots' (tick, segment)."""
    track = []
    # Every view reads the track: the carried records, with no lookup per combatant.
    for f in lookup.fighters():
        slots = f.turn.slots
        if slots and f.status.state == "active":
            track.append((f.who.name, "active", tuple([(s.tick, s.segment) for s in slots])))
    return tuple(track)


def acting_segments() -> dict[str, Datum]:
    """Each active combatant's id → the segments it acts on this turn (`acts_on`).

    Read off the turn clock as Rage has just set it (every slot still to come): its ticks
    highest first, each combatant's segment on each (-1 for a w20 Rage action after all).
    """
    segments: dict[str, tuple[int, ...]] = {}
    for f in lookup.fighters():
        if f.status.state == "active":
            segments[f.who.cid] = ()
    acting = lookup.clock().acting
    for tick in sorted(acting, reverse=True):
        for f, slots in acting[tick]:
            segments[f.who.cid] += (slots[0].segment if tick >= 0 else -1,)
    found: dict[str, Datum] = {}
    for cid in segments:  # a loop, not dict(): the same numbers, typed as data
        found[cid] = segments[cid]
    return found


def acts_on(ent: int) -> tuple[int, ...]:
    """The segments a combatant acts on this turn, highest first, as the order track shows them.

    Under w20 these are initiative scores, and each Rage action after everyone's first is -1.
    """
    return _acts_on(lookup.turn(ent).slots)


def _acts_on(slots: list[Slot]) -> tuple[int, ...]:
    ticks: dict[int, int] = {}
    for slot in slots:
        if slot.tick not in ticks:
            ticks[slot.tick] = slot.segment if slot.tick >= 0 else -1
    return tuple([ticks[tick] for tick in sorted(ticks, reverse=True)])


def _track_event(ctx: Ctx) -> Event:
    """Who acts when this turn, said once the segments are set."""
    # Its words and numbers follow from who is in the fight and their slots alone (the names
    # are the setup's): the same layout in the fights of one setup says the same, made once.
    layout: tuple[object, ...] = ()
    for f in lookup.fighters():
        slots = f.turn.slots
        layout += ((f.status.state, tuple([(s.tick, s.segment, s.done) for s in slots])),)
    text, segments = lookup.across(ctx, ("segments_set", layout), _track_words, ctx)
    return event(
        ctx,
        "segments_set",
        SEGMENTS,
        text,
        why=_SEGMENTS_WHY,
        data={"segments": dict(segments)},  # the event's own: the kept one stays as made
    )


_SEGMENTS_WHY: Final = Phrase("ww_segments_why")


def _track_words(ctx: Ctx) -> tuple[Phrase, dict[str, Datum]]:
    """The segments' words (`order_track`) and each one's segments (`acting_segments`)."""
    numbers = order_track()
    track = Phrase("track_words", (numbers,)) if numbers else Phrase("ww_nobody_acts")
    text = Phrase(
        "ww_turn_order" if ctx.options.initiative == "w20" else "ww_turn_segments",
        (track,),
    )
    return text, acting_segments()
