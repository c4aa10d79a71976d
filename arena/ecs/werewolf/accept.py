"""Recording a legal command on the components (the engine has checked it answers a decision)."""

from __future__ import annotations

from typing import Final, assert_never

import esper

from arena.ecs.ruleset import Ctx
from arena.ecs.werewolf import lookup
from arena.ecs.werewolf.acts import act_data, act_from_key, act_of, describe, numbered
from arena.ecs.werewolf.components import Act, Memo, Slot, TurnClock
from arena.ecs.werewolf.declare import lose_stunned
from arena.ecs.werewolf.leaving import answer_free_attack
from arena.ecs.werewolf.rage import accept_rage
from arena.ecs.werewolf.rolls import whole_pool
from arena.ecs.werewolf.slots import at_tick, next_after, retime, to_declare, when
from arena.ecs.werewolf.splits import checked
from arena.ecs.werewolf.steps import FRENZY, SEGMENTS, STUN, WILLPOWER, event, missing, need
from arena.ecs.world import TABLES
from arena.rules.actions import Attack, Move, Wait
from arena.rules.commands import Command
from arena.rules.events import Event
from arena.rules.phrase import Phrase
from arena.rules.werewolf.commands import (
    AbortToDodge,
    Block,
    BreakFree,
    Dodge,
    EndFrenzy,
    Flee,
    Forgo,
    Jump,
    Parry,
    ShakeOffStun,
    Shift,
    SpendRage,
    SpendWillpower,
    Split,
    StandUp,
    StepSideways,
    werewolf_command,
)
from arena.rules.werewolf.defence import abort_to_dodge
from arena.rules.werewolf.forms import shift_form
from arena.rules.werewolf.frenzy import end_frenzy
from arena.rules.werewolf.split import plan_split
from arena.rules.werewolf.stun import shake_off_stun
from arena.rules.werewolf.willpower import spend_willpower


def accept(ctx: Ctx, command: Command) -> tuple[Event, ...]:
    """Apply a command to the decision it answers."""
    # The engine has checked the command answers a pending decision; each combatant waits
    # on one decision at a time.
    kind = ""
    for waiting in ctx.pending:  # a loop, not next() over a generator: every command
        if waiting.actor == command.actor:
            kind = waiting.kind
            break
    fight = TABLES[esper.current_world][lookup.FIGHT]  # read in place: every command
    memo: Memo = fight[Memo]
    ent = memo.by_cid[command.actor].ent if memo.by_cid else lookup.entity_of(command.actor)
    clk: TurnClock = fight[TurnClock]
    tick = clk.tick
    if kind == "free_attack":
        return answer_free_attack(ctx, ent, command)
    cmd = werewolf_command(command)
    # The commonest answers by their own class first (every command comes here): a declined
    # offer, or a declared action, without the walk through the cases below.
    if type(cmd) is Forgo:
        return _forgo(ctx, ent, tick, kind)
    if type(cmd) in _DECLARED:
        return _declare(ctx, ent, tick, cmd)
    match cmd:
        case SpendRage(amount=amount):
            return accept_rage(ctx, ent, amount)
        case ShakeOffStun():
            return _shake_off(ctx, ent, tick)
        case AbortToDodge():
            return _abort(ctx, ent, tick)
        case SpendWillpower(roll=index):
            return _willpower(ctx, ent, tick, index)
        case Forgo():
            return _forgo(ctx, ent, tick, kind)
        case Shift(use_rage=True, form=form):
            return _rage_shift(ctx, ent, form)
        case EndFrenzy():
            return _end_frenzy(ctx, ent)
        case Split():
            return _split(ctx, ent, tick, cmd)
        case (
            Attack()
            | Move()
            | Wait()
            | Dodge()
            | Block()
            | Parry()
            | Shift()
            | Flee()
            | StepSideways()
            | Jump()
            | StandUp()
            | BreakFree()
        ):
            return _declare(ctx, ent, tick, cmd)
        case _:
            assert_never(cmd)


_DECLARED: Final[frozenset[type]] = frozenset(
    [Attack, Move, Wait, Dodge, Block, Parry, Flee, StepSideways, Jump, StandUp, BreakFree]
)
"""The commands that always declare an action (a Shift may spend Rage instead: matched below)."""


def _declare(ctx: Ctx, ent: int, tick: int | None, cmd: Command) -> tuple[Event, ...]:
    """Declare the command's action on the combatant's slot being declared."""
    if tick is None:
        raise missing("tick")
    slot = to_declare(ctx, ent, tick)
    if slot is None:
        raise missing("slot_to_declare")
    slot.act = act_of(cmd)  # an action for each of these commands
    return (_declared(ctx, ent, slot),)


def _declared(ctx: Ctx, ent: int, slot: Slot) -> Event:
    act = slot.act
    if act is None:
        raise missing("declared_action")
    who = lookup.fighter(ent).who
    # The same line in the fights of one setup: `when` reads only whether the slot comes
    # after everyone and its segment.
    key = ("ww_declares", ent, act, slot.dice, slot.tick < 0, slot.segment)
    text = lookup.said(ctx, key, _declares, ctx, who.name, act, slot)
    data = {**act_data(act), "acts_on": slot.segment, "dice": slot.dice}
    return event(
        ctx,
        "action_declared",
        SEGMENTS,
        text,
        actor=who.cid,
        target=act.target,
        terse=False,
        data=data,
    )


def _declares(ctx: Ctx, name: str, act: Act, slot: Slot) -> Phrase:
    dice = numbered(_with_dice, slot.dice) if slot.dice >= 0 else ""
    return Phrase("ww_declares", (name, describe(ctx, act), dice, when(ctx, slot)))


def _with_dice(dice: int) -> Phrase:
    return Phrase("ww_with_dice", (dice,))


def _split(ctx: Ctx, ent: int, tick: int | None, cmd: Split) -> tuple[Event, ...]:
    slot = need(to_declare(ctx, ent, need(tick, "tick")), "slot_to_declare")
    parts = [
        (cmd.first, cmd.first_dice, cmd.first_segment),
        (cmd.second, cmd.second_dice, cmd.second_segment),
    ]
    if cmd.third:
        parts.append((cmd.third, cmd.third_dice, cmd.third_segment))
    penalties = [0] * len(parts)
    if ctx.options.multiple_actions == "split":
        # The rules check the plan again and give each part its same-segment penalty.
        # Each part's whole pool, kept per setup by all it reads (`whole_pool`).
        pools = {key: whole_pool(ctx, ent, act_from_key(ctx, key)) for key, _, _ in parts}
        others = {s.segment for s in lookup.turn(ent).slots if s is not slot}
        wits = lookup.traits(ctx, ent)["wits"]
        # Checked once for the menu that offered it (`checked`); an unlisted split, afresh.
        plan = checked(tuple(pools.items()), wits, slot.segment, tuple(parts), frozenset(others))
        if plan is None:  # refused: the rules say why
            plan = plan_split(pools, wits, slot.segment, parts, occupied=others)
        penalties = [part.penalty for part in plan.parts]
    key, dice, _ = parts[0]
    slot.act, slot.dice, slot.penalty, slot.split = act_from_key(ctx, key), dice, penalties[0], True
    declared = [slot]
    for (key, dice, segment), penalty in zip(parts[1:], penalties[1:], strict=True):
        tick_of = slot.tick if segment == slot.segment else segment
        act = act_from_key(ctx, key)
        declared.append(
            Slot(tick_of, segment, rage=slot.rage, act=act, dice=dice, penalty=penalty, split=True)
        )
    f = lookup.fighter(ent)
    f.turn.slots.extend(declared[1:])
    for tick_of in {s.tick for s in declared[1:]}:
        retime(f, tick_of)  # the parts on the turn clock
    return tuple(_declared(ctx, ent, s) for s in declared)


def _shake_off(ctx: Ctx, ent: int, tick: int | None) -> tuple[Event, ...]:
    pools = lookup.pools(ent)
    cost = ctx.options.stun_rage_cost
    pools.rage = shake_off_stun(pools.rage, cost, gnosis_used=pools.gnosis_used_turn)
    pools.rage_spent_turn += cost
    lookup.condition(ent).stunned = False
    who = lookup.ident(ent)
    text = Phrase("ww_spends_rage_shake_off_stun", (who.name, cost))
    data = {"cost": cost, "rage": pools.rage}
    return (event(ctx, "stun_shaken_off", STUN, text, actor=who.cid, data=data),)


def _abort(ctx: Ctx, ent: int, tick: int | None) -> tuple[Event, ...]:
    tick = need(tick, "tick")
    pools = lookup.pools(ent)
    cost = ctx.options.abort_willpower_cost
    pools.willpower = abort_to_dodge(pools.willpower, cost)
    later = need(next_after(ent, tick), "later_action")
    was = later.segment
    who = lookup.ident(ent)
    events = []
    if later.act is not None:
        text = Phrase("ww_gives_up_segment", (who.name, describe(ctx, later.act), was))
        data = {**act_data(later.act), "acts_on": was, "reason": "aborted"}
        events.append(
            event(ctx, "action_lost", SEGMENTS, text, actor=who.cid, terse=False, data=data)
        )
    segment = tick if tick >= 0 else later.segment
    gave_up = later.tick
    later.tick, later.segment, later.act, later.aborted = tick, segment, Act("dodge"), True
    f = lookup.fighter(ent)
    retime(f, gave_up)  # the action moves on the turn clock
    retime(f, tick)
    later.penalty = 0
    lookup.turn(ent).reaction_tick = tick
    text = Phrase("ww_spends_willpower_aborts_action_segment", (who.name, cost, was))
    why = Phrase("ww_willpower_spent_why", (pools.willpower + cost, cost))
    data = {"cost": cost, "willpower": pools.willpower, "given_up": was}
    events.append(event(ctx, "aborted_to_dodge", SEGMENTS, text, why=why, actor=who.cid, data=data))
    return (*events, _declared(ctx, ent, later))


def _willpower(ctx: Ctx, ent: int, tick: int | None, index: int) -> tuple[Event, ...]:
    tick = need(tick, "tick")
    pools, turn = lookup.pools(ent), lookup.turn(ent)
    slot = [s for s in at_tick(ent, tick) if s.act is not None][index]
    act = need(slot.act, "declared_action")
    pools.willpower, _ = spend_willpower(
        "attack" if act.kind == "attack" else "defence",
        willpower_current=pools.willpower,
        spent_this_turn=pools.willpower_used_turn,
        once_per_turn=ctx.options.willpower_once_per_turn,
    )
    pools.willpower_used_turn = True
    slot.willpower = True
    turn.willpower_tick = tick
    who = lookup.ident(ent)
    text = Phrase("ww_spends_willpower_one_automatic_success", (who.name, describe(ctx, act)))
    data = {**act_data(act), "target": act.target, "cost": 1, "willpower": pools.willpower}
    return (event(ctx, "willpower_spent", WILLPOWER, text, actor=who.cid, data=data),)


def _forgo(ctx: Ctx, ent: int, tick: int | None, kind: str) -> tuple[Event, ...]:
    if tick is None:
        raise missing("tick")
    turn = lookup.fighter(ent).turn
    if kind == "reaction":
        turn.reaction_tick = tick
    elif kind == "willpower":
        turn.willpower_tick = tick
    elif kind == "stun":
        turn.stun_tick = tick
        return tuple(lose_stunned(ctx, ent, at_tick(ent, tick)[0]))
    return ()


def _rage_shift(ctx: Ctx, ent: int, form: str) -> tuple[Event, ...]:
    body, pools = lookup.body(ent), lookup.pools(ent)
    forms = {name: lookup.form_def(ctx, name).rules(name) for name in lookup.sheet(ent).forms}
    cost = ctx.options.shift_rage_cost
    result = shift_form(
        body.form,
        form,
        forms,
        use_rage=True,
        rage_current=pools.rage,
        rage_cost=cost,
        gnosis_used=pools.gnosis_used_turn,
    )
    pools.rage_spent_turn += pools.rage - result.rage
    pools.rage, body.form = result.rage, result.form
    who = lookup.ident(ent)
    name = lookup.form_def(ctx, form).name
    text = Phrase("ww_spends_rage_shifts_once_keeping", (who.name, cost, name))
    return (
        event(
            ctx,
            "shifted_for_rage",
            SEGMENTS,
            text,
            why=Phrase("ww_rage_shift_why"),
            actor=who.cid,
            data={"form": form, "cost": cost, "rage": pools.rage},
        ),
    )


def _end_frenzy(ctx: Ctx, ent: int) -> tuple[Event, ...]:
    pools = lookup.pools(ent)
    cost = ctx.options.frenzy_end_willpower_cost
    pools.willpower = end_frenzy(pools.willpower, cost)
    cond = lookup.condition(ent)
    cond.frenzied, cond.note = False, ""
    who = lookup.ident(ent)
    text = Phrase("ww_spends_willpower_comes_out_frenzy", (who.name, cost))
    data = {"cost": cost, "willpower": pools.willpower}
    return (event(ctx, "frenzy_ended", FRENZY, text, actor=who.cid, data=data),)
