"""Step 3 on each segment, before the dice: who acts, stuns, declarations, aborts, Willpower."""

from __future__ import annotations

import esper

from arena.ecs.ruleset import Ctx
from arena.ecs.werewolf import lookup
from arena.ecs.werewolf.acts import lost_data, part_phrase
from arena.ecs.werewolf.asked import asked, waiting_still
from arena.ecs.werewolf.components import Act, Fighter, Memo, Slot, TurnClock
from arena.ecs.werewolf.menu import action_decision
from arena.ecs.werewolf.rolls import RollPlan, plan_roll, storyteller
from arena.ecs.werewolf.slots import actors_at, finish, next_after, to_declare, when
from arena.ecs.werewolf.steps import (
    PASSED,
    SEGMENTS,
    STUN,
    WILLPOWER,
    Played,
    event,
    missing,
    need,
)
from arena.ecs.world import TABLES
from arena.rules.events import Event, EventKind
from arena.rules.phrase import Phrase, Text
from arena.rules.views import Choice, Decision
from arena.rules.werewolf.commands import AbortToDodge, Forgo, ShakeOffStun, SpendWillpower
from arena.rules.werewolf.willpower import willpower_allowed

_LOSE = Phrase("ww_lose_action")
_TAKE_IT = Phrase("ww_take_it")
_NO_WILLPOWER = Phrase("ww_spend_no_willpower")


def open_segment(ctx: Ctx, tick: int) -> Played:
    """Say whose segment it is."""
    acting = actors_at(tick)
    if not acting:
        return PASSED
    # The words follow from the slot's tick and segment and who acts (names and ids are the
    # setup's): the same in the fights of one setup, made once.
    first = acting[0][1][0]
    ents: tuple[int, ...] = ()
    for f, _ in acting:
        ents += (f.ent,)
    key = ("segment_started", first.tick, first.segment, ents)
    text, why, cids = lookup.across(ctx, key, _segment_words, ctx, acting)
    data = {"acting": cids}
    return (event(ctx, "segment_started", SEGMENTS, text, why=why, terse=False, data=data),), ()


def _segment_words(
    ctx: Ctx, acting: list[tuple[Fighter, list[Slot]]]
) -> tuple[Phrase, Text, tuple[str, ...]]:
    """Whose segment it is, in words; why they act at once; their ids."""
    people = [f.who for f, _ in acting]
    names = [who.name for who in people]
    where = Phrase("capitalized", (when(ctx, acting[0][1][0]),))
    text = Phrase("segment_acting", (where, tuple(names)))
    why = Phrase("ww_simultaneous_why") if names[1:] else ""  # more than one
    return text, why, tuple([who.cid for who in people])


def stun(ctx: Ctx, tick: int) -> Played:
    """A stunned combatant loses this action, unless a Garou spends Rage to shake it off."""
    events: list[Event] = []
    waiting = []
    cost = ctx.options.stun_rage_cost
    on = TABLES[esper.current_world][lookup.FIGHT][TurnClock].acting  # `actors_at`, in place
    for f, slots in on[tick] if tick in on else ():  # noqa: SIM401 (no call)
        if not f.cond.stunned:
            continue
        ent = f.ent
        pools, turn = f.pools, f.turn
        can_pay = f.sheet.kind == "garou" and pools.rage >= cost
        if can_pay and not pools.gnosis_used_turn and turn.stun_tick != tick:
            waiting.append(asked(ctx, ent, "stun", _stun_decision, ent, tick, cost))
            continue
        events += lose_stunned(ctx, ent, slots[0])
    if not events and not waiting:
        return PASSED
    return events, tuple(waiting)


def lose_stunned(ctx: Ctx, ent: int, slot: Slot) -> list[Event]:
    """The stun costs this action (``action_lost`` if declared, else ``action_forfeited``)."""
    finish(lookup.fighter(ent), slot)
    kind: EventKind = "action_lost" if slot.act is not None else "action_forfeited"
    lookup.condition(ent).stunned = False
    who = lookup.ident(ent)
    text = Phrase("ww_stunned_loses_action", (who.name, when(ctx, slot)))
    return [
        event(
            ctx,
            kind,
            STUN,
            text,
            why=Phrase("ww_stun_option_why"),
            actor=who.cid,
            data=lost_data(slot, "stunned"),
        )
    ]


def _stun_decision(ent: int, tick: int, cost: int) -> Decision:
    who = lookup.ident(ent)
    choices = (
        Choice(
            "shake_off",
            Phrase("ww_spend_rage_act_anyway", (cost,)),
            ShakeOffStun(who.cid),
            segment=tick,
        ),
        Choice("forgo", _LOSE, Forgo(who.cid), tags=("default",), segment=tick),
    )
    ask = Phrase("ww_is_stunned", (who.name,))
    return Decision(who.cid, "stun", STUN, ask, choices, segment=tick)


def declare(ctx: Ctx, tick: int) -> Played:
    """Ask for the actions to declare now: all on this segment at once (w20: lowest first)."""
    wanted = []
    ahead = None
    if ctx.options.initiative != "w20":
        # Those acting on this segment, off the turn clock: each its first undeclared slot.
        on = TABLES[esper.current_world][lookup.FIGHT][TurnClock].acting  # `actors_at`, in place
        for f, slots in on[tick] if tick in on else ():  # noqa: SIM401 (no call)
            if not f.cond.stunned:
                for s in slots:
                    if s.act is None:
                        wanted.append((f, s))
                        break
    else:
        # w20: everyone, who may declare ahead of its segment.
        for f in lookup.fighters():
            if f.status.state == "active" and not f.cond.stunned:
                slot = None
                for s in f.turn.slots:  # `to_declare`'s first look, without its call
                    if s.tick == tick and not s.done and s.act is None:
                        slot = s
                        break
                if slot is None:
                    slot = to_declare(ctx, f.ent, tick)
                if slot is not None:
                    wanted.append((f, slot))
                    if slot.tick != tick:
                        ahead = True
    if ahead:
        # w20: everyone declares before the first action, from the lowest initiative up.
        ahead_of = [(f, slot) for f, slot in wanted if slot.tick != tick]
        f, slot = min(ahead_of, key=lambda pair: (pair[0].turn.initiative, pair[0].who.roster))
        wanted = [(f, slot)]
    if not wanted:
        return PASSED
    waiting = []
    for f, slot in wanted:
        waiting.append(asked(ctx, f.ent, "action", action_decision, ctx, f.ent, slot))
    return (), tuple(waiting)


def react(ctx: Ctx, tick: int) -> Played:
    """Attacked before its action, a combatant may abort that action into a dodge now [book]."""
    cost = ctx.options.abort_willpower_cost
    waiting = []
    attacked = None  # worked out once, for the first who may abort
    kept: Memo = TABLES[esper.current_world][lookup.FIGHT][Memo]  # read in place: every segment
    for f in kept.fighters or lookup.fighters():
        # Whether it may abort, worked out in place (the carried components): asked of
        # everyone at every segment. Only one still in the fight, not yet asked this segment,
        # not acting on it anyway, free to dodge, with the Willpower, and with an action later
        # this turn to give up.
        turn = f.turn
        if f.status.state != "active" or turn.reaction_tick == tick:
            continue
        later = False
        for slot in turn.slots:
            if not slot.done:
                if slot.tick == tick:  # it acts on this segment anyway
                    later = False
                    break
                if slot.tick < tick:  # `next_after`, in place
                    later = True
        if not later:
            continue
        body, cond = f.body, f.cond
        if cond.frenzied or body.prone or body.held_by or cond.delirium == "flee_or_freeze":
            continue
        if f.pools.willpower < cost:
            continue
        ent = f.ent
        if attacked is None:
            attacked = _attacked(tick)
        if ent in attacked:
            waiting.append(asked(ctx, ent, "reaction", _reaction_decision, ctx, ent, tick, cost))
    return ((), tuple(waiting)) if waiting else PASSED


def _attacked(tick: int) -> set[int]:
    found = set()
    for _, slots in actors_at(tick):
        for slot in slots:
            if slot.act is not None and slot.act.kind == "attack":
                found.add(lookup.entity_of(slot.act.target))
    return found


def _reaction_decision(ctx: Ctx, ent: int, tick: int, cost: int) -> Decision:
    # All it reads: the action it would give up, and the form and wound penalty the dodge's
    # pool follows from; the same decision in the fights of one setup.
    later = need(next_after(ent, tick), "later_action")
    form, penalty = lookup.body(ent).form, lookup.wound_penalty(ent)
    key = ("reaction", ent, tick, cost, later.segment, later.dice, form, penalty)
    return lookup.across(ctx, key, _new_reaction_decision, ctx, ent, tick, cost, later)


def _new_reaction_decision(ctx: Ctx, ent: int, tick: int, cost: int, later: Slot) -> Decision:
    who = lookup.ident(ent)
    roll = need(plan_roll(ctx, ent, Act("dodge"), dice=later.dice), "dodge_roll")
    label = Phrase("ww_spend_willpower_give_up_action", (cost, later.segment))
    choices = (
        Choice(
            "abort",
            label,
            AbortToDodge(who.cid),
            tags=("defend",),
            segment=tick,
            rolls=(storyteller(roll),),
            show_rolls=False,
        ),
        Choice("forgo", _TAKE_IT, Forgo(who.cid), tags=("default",), segment=tick),
    )
    ask = Phrase("ww_attacked_before_acting_abort_into", (who.name,))
    return Decision(who.cid, "reaction", SEGMENTS, ask, choices, segment=tick)


def willpower(ctx: Ctx, tick: int) -> Played:
    """Anyone rolling on this segment may spend 1 Willpower for an automatic success."""
    opts = ctx.options
    waiting = []
    on = TABLES[esper.current_world][lookup.FIGHT][TurnClock].acting  # `actors_at`, in place
    for f, slots in on[tick] if tick in on else ():  # noqa: SIM401 (no call)
        ent, pools, turn = f.ent, f.pools, f.turn
        if turn.willpower_tick == tick:
            continue
        still = waiting_still(ctx, ent, "willpower")
        if still is not None:
            waiting.append(still)
            continue
        if pools.willpower < 1 or (opts.willpower_once_per_turn and pools.willpower_used_turn):
            # Allowed on no roll (`willpower_allowed`): the rolls need not be planned.
            continue
        rolls = _rolls(ctx, ent, slots)
        if not rolls:
            continue
        if willpower_allowed(
            rolls[0][2].kind,
            willpower_current=pools.willpower,
            spent_this_turn=pools.willpower_used_turn,
            once_per_turn=opts.willpower_once_per_turn,
        ):
            waiting.append(asked(ctx, ent, "willpower", _willpower_decision, ctx, ent, tick, rolls))
    return ((), tuple(waiting)) if waiting else PASSED


def _rolls(ctx: Ctx, ent: int, slots: list[Slot]) -> list[tuple[int, Act, RollPlan]]:
    """(index among the declared slots, action, roll) for each slot that rolls dice."""
    found = []
    declared = [s for s in slots if s.act is not None]
    for index, slot in enumerate(declared):
        act = slot.act
        if act is None:
            raise missing("declared_action")
        plan = plan_roll(ctx, ent, act, dice=slot.dice, penalty=slot.penalty)
        if plan is not None:
            found.append((index, act, plan))
    return found


def _willpower_decision(
    ctx: Ctx, ent: int, tick: int, rolls: list[tuple[int, Act, RollPlan]]
) -> Decision:
    # All it reads: the same rolls on the same segment with as much Willpower left make the
    # same decision, shared by the fights of one setup.
    # The plans by their numbers: a tuple of them hashes and compares without a call.
    plans = tuple([(i, act, p.pool, p.difficulty, p.kind, p.tens) for i, act, p in rolls])
    key = ("willpower", ent, tick, plans, lookup.pools(ent).willpower)
    return lookup.across(ctx, key, _new_willpower_decision, ctx, ent, tick, rolls)


def _new_willpower_decision(
    ctx: Ctx, ent: int, tick: int, rolls: list[tuple[int, Act, RollPlan]]
) -> Decision:
    who = lookup.ident(ent)
    choices = [Choice("forgo", _NO_WILLPOWER, Forgo(who.cid), tags=("default",), segment=tick)]
    for index, act, plan in rolls:
        part = part_phrase(ctx, act)
        choices.append(
            Choice(
                f"willpower:{index}",
                Phrase("ww_spend_willpower_one_automatic_success", (part,)),
                SpendWillpower(who.cid, index),
                tags=("willpower",),
                target=act.target,
                segment=tick,
                rolls=(storyteller(plan, automatic=1),),
                show_rolls=False,
                gist=part,
            )
        )
    ask = Phrase("ww_spend_willpower_roll_left", (who.name, lookup.pools(ent).willpower))
    return Decision(who.cid, "willpower", WILLPOWER, ask, tuple(choices), segment=tick)
