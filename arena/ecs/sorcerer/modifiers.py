"""Step 2, modifiers: abilities switched on, role-playing bonuses, pushing through, the pools."""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from typing import Literal

from arena.ecs.ruleset import NOTHING, Ctx, StepResult
from arena.ecs.sorcerer.components import Fighter, Plan, RoundState
from arena.ecs.sorcerer.data import contest_data, pool_data
from arena.ecs.sorcerer.pools import (
    PERFORMING,
    Base,
    action_base,
    action_pool,
    performs,
    role_play_dice,
    sheet_bonus,
)
from arena.ecs.sorcerer.queries import (
    STEP_MODIFIERS,
    event,
    fighter_of,
    fighters,
    name_of,
    round_state,
)
from arena.ecs.sorcerer.rolls import contest
from arena.ecs.sorcerer.wounds import spend
from arena.rules.commands import Command
from arena.rules.events import Datum, Event
from arena.rules.odds import contest_odds
from arena.rules.phrase import Phrase, Text
from arena.rules.sorcerer import assemble_pool, boost, roll_push_through
from arena.rules.sorcerer.commands import (
    GrantBonus,
    PushThrough,
    UseAbility,
)
from arena.rules.views import Choice, ContestSpec, Decision

# Phrases without numbers, made once: events that say them are many.
SWITCH_ON_WHY = Phrase("sorc_switch_on_why")


def modifiers(ctx: Ctx) -> StepResult:
    """Tally every action's pool; ask for bonuses and pushes first."""
    rs = round_state()
    if rs.modified:
        return NOTHING
    events: list[Event] = []
    everyone = fighters()
    for f in everyone:
        p = f.plan
        cmd = p.command
        # By kind (unique per command class): a compare spares most plans the isinstance call.
        if (
            cmd is not None
            and cmd.kind == UseAbility.kind
            and isinstance(cmd, UseAbility)
            and not p.done
        ):
            events += _switch_on(ctx, f, cmd)
    # Each roll's base, and whether it must push through, read once: asking and tallying
    # both need them. Too hurt to act, it acts (total defense included) only by pushing
    # through.
    # (Listed in loops, not comprehensions: a call fewer each, every round.)
    rolling: list[tuple[Fighter, Plan, Command, Base, bool]] = []
    pushing = False
    for f in everyone:
        p = f.plan
        cmd = p.command
        if cmd is not None and not p.done and (base := action_base(ctx, f, cmd)) is not None:
            push = f.status.state == "cannot_act"
            pushing = pushing or push
            rolling.append((f, p, cmd, base, push))
    # Only under ``honour`` is anyone asked a bonus: the person at the table grants each
    # roll's (an AI takes its profile's); ``sheet`` reads the sheets and ``off`` gives none.
    rule = ctx.options
    honour = rule.role_play == "honour" and rule.role_play_max != 0
    if honour or pushing:
        waiting: list[Decision] = []
        for f, p, cmd, _, push in rolling:
            if (push or honour) and (d := _ask(ctx, f, p, cmd, push)) is not None:
                waiting.append(d)
        if waiting:
            return StepResult(tuple(events), tuple(waiting))
    for f, p, cmd, base, push in rolling:
        events += _tally(ctx, rs, f, p, cmd, base, push)
    rs.modified = True
    return StepResult(tuple(events))


def _ask(ctx: Ctx, f: Fighter, p: Plan, cmd: Command, push: bool) -> Decision | None:
    """The bonus or push decision an intention that rolls waits on, or None."""
    if push:
        return _kept(f, "push", lambda: _push_decision(ctx, f, cmd)) if p.push is None else None
    rule = ctx.options
    if performs(cmd) and p.bonus is None and rule.role_play == "honour" and rule.role_play_max:
        return _kept(f, "bonus", lambda: _bonus_decision(ctx, f, cmd))
    return None


def _kept(f: Fighter, kind: str, build: Callable[[], Decision]) -> Decision:
    """The decision as first built: nothing it shows changes while Step 2 collects answers."""
    menus, key = round_state().menus, (kind, f.who.cid)
    found = menus.get(key)
    if found is None:
        found = menus[key] = build()
    return found


def _bonus_decision(ctx: Ctx, f: Fighter, cmd: Command) -> Decision:
    me, top = f.who.cid, ctx.options.role_play_max
    profile = sheet_bonus(ctx, f)
    found = action_pool(ctx, f, cmd, 0, round_state().rollovers)
    spec = contest(ctx, f, cmd, 0 if found is None else found[0].size)
    return _bonus_menu(me, top, profile, spec, f.who.name, f.plan.intention)


@lru_cache(maxsize=4096)
def _bonus_menu(
    me: str, top: int, profile: int, spec: ContestSpec | None, who: str, intention: str
) -> Decision:
    """The bonus decision for these numbers, shared by every fight that asks it (frozen)."""
    choices = tuple(
        Choice(
            f"bonus:{n}",
            Phrase("sorc_bonus_none")
            if n == 0
            else Phrase("sorc_bonus_dice", (Phrase("dice", (n,)),)),
            GrantBonus(me, n),
            tags=("default",) if n == profile else (),
            rolls=() if spec is None else (ContestSpec(spec.own + n, spec.opposing, win=spec.win),),
            show_rolls=False,
        )
        for n in range(top + 1)
    )
    prompt = Phrase("sorc_bonus_prompt", (who, intention, top))
    return Decision(me, "bonus", STEP_MODIFIERS, prompt, choices)


def _push_decision(ctx: Ctx, f: Fighter, cmd: Command) -> Decision:
    me, will = f.who.cid, f.scores.will
    base = action_base(ctx, f, cmd)
    top = base[2] if base else 0
    best = max((n for n in range(1, top + 1) if contest_odds(will, n).p_first >= 0.5), default=1)
    choices = [Choice("push:0", Phrase("sorc_push_none"), PushThrough(me, 0))]
    choices += [
        Choice(
            f"push:{n}",
            Phrase("sorc_push_dice", (Phrase("dice", (n,)), will, Phrase("dice", (n,)))),
            PushThrough(me, n),
            tags=("default",) if n == best else (),
            rolls=(ContestSpec(will, n, win="sorc_win_push"),),
            show_rolls=False,
        )
        for n in range(1, top + 1)
    ]
    prompt = Phrase("sorc_push_prompt", (f.who.name, f.plan.intention, will, top))
    return Decision(me, "push", STEP_MODIFIERS, prompt, tuple(choices))


def _switch_on(ctx: Ctx, f: Fighter, cmd: UseAbility) -> list[Event]:
    """Boost, Cloak and Protection take effect now: switching one on is the demon's action."""
    state, p, mine = f.demon, f.plan, f.who.name
    p.done = True
    if state is None:
        return []
    state.cloaked, state.protecting = False, ""
    why: Text = SWITCH_ON_WHY
    amount = state.power
    if cmd.ability == "boost":
        helped = fighter_of(cmd.target)
        trait: Literal["stamina", "will"] = "will" if cmd.trait == "will" else "stamina"
        helped.plan.boost, helped.plan.boost_trait = boost(state.power, state.power, trait), trait
        state.boosting = True
        text = Phrase(
            "sorc_boost", (mine, helped.who.name, Phrase("trait_name", (trait,)), state.power)
        )
        why = Phrase("sorc_boost_why", (state.power, mine, ctx.options.boosting_power))
    elif cmd.ability == "cloak":
        state.cloaked = True
        amount = -(-state.power // ctx.options.cloak_divisor)
        text = Phrase("sorc_cloak", (mine, Phrase("dice", (amount,))))
    else:
        state.protecting = cmd.target
        text = Phrase("sorc_protect", (mine, name_of(cmd.target), state.power))
    data: dict[str, Datum] = {
        "ability": cmd.ability,
        "target": cmd.target,
        "trait": cmd.trait,
        "dice": amount,
    }
    return [event(ctx, "ability_used", STEP_MODIFIERS, text, why=why, actor=f.ent, data=data)]


def _tally(
    ctx: Ctx, rs: RoundState, f: Fighter, p: Plan, cmd: Command, base: Base, push: bool
) -> list[Event]:
    if push:
        return _push(ctx, f, base)
    # By kind, as `performs` reads it, without its call: every pool tallied asks.
    bonus = role_play_dice(ctx, f, p.bonus) if cmd.kind in PERFORMING else 0
    found = action_pool(ctx, f, cmd, bonus, rs.rollovers, base)
    if found is None:
        return []
    pool, kept = found
    who, ent = f.who.name, f.ent
    if pool.size <= 0 and not p.total_defense:
        p.done = True
        return [
            event(
                ctx,
                "action_failed",
                STEP_MODIFIERS,
                Phrase("sorc_no_dice_left", (who, p.intention)),
                why=Phrase("sorc_no_dice_left_why", (Phrase("pool_words", (pool,)),)),
                actor=ent,
                data=pool_data(pool),
            )
        ]
    rs.rollovers = kept
    p.pool = pool
    return [
        event(
            ctx,
            "pool_tallied",
            STEP_MODIFIERS,
            Phrase("will_roll", (who, pool.dice_to_roll, p.intention)),
            why=Phrase("pool_words", (pool,)),
            actor=ent,
            terse=False,
            data=pool_data(pool),
        )
    ]


def _push(ctx: Ctx, f: Fighter, base: Base) -> list[Event]:
    p, sc, ent, who = f.plan, f.scores, f.ent, f.who.name
    wanted, score = p.push or 0, base[2]
    if wanted == 0:
        p.done, p.total_defense = True, False
        text = Phrase("sorc_push_declined", (who,))
        return [event(ctx, "push_declined", STEP_MODIFIERS, text, actor=ent, data={"wanted": 0})]
    pushed = roll_push_through(ctx.dice, will=sc.will, wanted=wanted, unpenalised_score=score)
    c = pushed.contest
    why = Phrase(
        "sorc_push_why",
        (sc.will, Phrase("faces_words", (c.first,)), wanted, Phrase("faces_words", (c.second,))),
    )
    events = spend(ctx, f, "will")
    data = {"will_score": sc.will, "wanted": wanted, **contest_data((c,), "will", "push")}
    if not pushed.succeeded:
        p.done, p.total_defense = True, False
        text = Phrase("sorc_push_failed", (who,))
        return [
            event(ctx, "push_failed", STEP_MODIFIERS, text, why=why, actor=ent, roll=c, data=data),
            *events,
        ]
    p.pool, p.pushed = assemble_pool("sorc_pool_pushed", wanted), True
    text = Phrase("sorc_pushed", (who, Phrase("dice", (wanted,)), p.intention))
    pushed_event = event(
        ctx, "pushed_through", STEP_MODIFIERS, text, why=why, actor=ent, roll=c, data=data
    )
    return [pushed_event, *events]
