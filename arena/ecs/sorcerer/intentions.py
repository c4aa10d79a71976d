"""Step 1, intentions: everyone states one, hidden until all are in; then orders to demons."""

from __future__ import annotations

import dataclasses

import esper

from arena.ecs.components import Position
from arena.ecs.ruleset import Ctx, StepResult
from arena.ecs.sorcerer.choices import Shared, intention_choices
from arena.ecs.sorcerer.components import Plan
from arena.ecs.sorcerer.data import contest_data, intent_data
from arena.ecs.sorcerer.geometry import beside
from arena.ecs.sorcerer.judgment import judge, serves_desire
from arena.ecs.sorcerer.queries import (
    STEP_INTENTIONS,
    demon,
    demon_state,
    entity,
    event,
    faces,
    ident,
    name,
    note_side,
    plan,
    roster,
    round_state,
    scores,
    set_status,
)
from arena.ecs.sorcerer.texts import intention_text
from arena.ecs.sorcerer.wounds import roll_modifiers, spend, starting_states, states_intention
from arena.rules.dice import Contest
from arena.rules.events import Datum, Event
from arena.rules.present import Phrase
from arena.rules.sorcerer import roll_obedience
from arena.rules.sorcerer.commands import CommandDemon, TotalDefense
from arena.rules.views import Choice, Decision


def intentions(ctx: Ctx) -> StepResult:
    """Ask every combatant able to act for its intention; reveal them all once all are in."""
    rs = round_state()
    events: list[Event] = []
    if rs.prepared != ctx.clock.round:
        events += _prepare(ctx)
        # Damage carried into the fight (or the round) is told before anyone is asked.
        events += starting_states(ctx, STEP_INTENTIONS)
    # Every decision is built here at once, while nothing changes: their menus share work.
    shared = Shared()
    waiting = tuple(
        [
            _asked(ctx, ent, shared)
            for ent, _ in roster()
            if states_intention(ctx, ent) and plan(ent).declared is None
        ]
    )
    if waiting:
        return StepResult(tuple(events), waiting)
    if not rs.revealed:
        rs.revealed = True
        events += _reveal(ctx)
    return StepResult(tuple(events))


def _prepare(ctx: Ctx) -> list[Event]:
    """A new round: clear last round's plans; summoned demons arrive."""
    rs = round_state()
    rs.prepared = ctx.clock.round
    rs.revealed = rs.modified = rs.summarised = False
    rs.ordered, rs.place, rs.deferred, rs.asked, rs.menus = False, 0, [], {}, {}
    rs.intents = {}
    events: list[Event] = []
    for ent, _ in roster():
        # Reset in place, every field to its default: others may hold this component.
        Plan.__init__(plan(ent))
        state = demon(ent)
        if state is None:
            continue
        state.boosting, state.judgment, state.judged, state.judged_target = False, "", "", ""
        if state.arriving:
            events += _arrive(ctx, ent)
    return events


def _arrive(ctx: Ctx, ent: int) -> list[Event]:
    state = demon_state(ent)
    state.arriving, state.present = False, True
    spot = beside(ctx, entity(state.summoner))
    esper.component_for_entity(ent, Position).x, esper.component_for_entity(ent, Position).y = spot
    set_status(ent, "active")
    note_side(ent)
    return [
        event(
            ctx,
            "demon_arrived",
            STEP_INTENTIONS,
            f"{name(ent)} appears at {spot}, beside {name(entity(state.summoner))}, unbound.",
            why="Summon won last round: the demon appears the next round, beside its summoner",
            actor=ent,
            data={"cell": spot, "summoner": state.summoner},
        )
    ]


def _asked(ctx: Ctx, ent: int, shared: Shared) -> Decision:
    """The combatant's intention decision, built the first time it is asked this round."""
    rs, cid = round_state(), ident(ent).cid
    if cid not in rs.asked:
        rs.asked[cid] = _decision(ctx, ent, shared)
    return rs.asked[cid]


def _decision(ctx: Ctx, ent: int, shared: Shared) -> Decision:
    choices = intention_choices(ctx, ent, shared=shared)
    state = demon(ent)
    if state is not None:
        key, reason, judged = judge(ctx, ent, choices)
        state.judgment, state.judged = reason, judged.intent
        state.judged_target = judged.target or ""
        choices = [
            dataclasses.replace(
                c,
                tags=(*c.tags, "judgment"),
                text=Phrase("{} (own judgment)", (c.text,)),
                show_rolls=False,
            )
            if c.key == key
            else c
            for c in choices
        ]
    return Decision(
        ident(ent).cid,
        "intention",
        STEP_INTENTIONS,
        Phrase("{}: state your intention for round {}", (name(ent), ctx.clock.round)),
        tuple(choices),
        secret=True,
    )


def _reveal(ctx: Ctx) -> list[Event]:
    events: list[Event] = []
    for ent, _ in roster():
        p = plan(ent)
        if p.declared is None:
            continue
        p.command = p.declared
        p.intention = intention_text(ctx, p.declared)
        if isinstance(p.declared, CommandDemon):
            p.intention = _order_text(ctx, p.declared)
        p.total_defense = isinstance(p.declared, TotalDefense)
        events.append(
            event(
                ctx,
                "intention_revealed",
                STEP_INTENTIONS,
                Phrase("{} states: {}.", (name(ent), p.intention)),
                why="every intention is collected first, then all are revealed together",
                actor=ent,
                data=intent_data(p.declared),
            )
        )
    ordered: set[int] = set()
    for ent, _ in roster():
        cmd = plan(ent).command
        if isinstance(cmd, CommandDemon):
            ordered.add(entity(cmd.demon))
            events += _command(ctx, ent, cmd)
    for ent, _ in roster():
        if demon(ent) is not None and plan(ent).command is not None and ent not in ordered:
            events += _own_judgment(ctx, ent)
    return events


def _order_text(ctx: Ctx, cmd: CommandDemon) -> str:
    """The order in words, from the demon's own choice it names."""
    choice = _order_choice(ctx, entity(cmd.demon), cmd.order)
    order = cmd.order if choice is None else intention_text(ctx, choice.command)
    return f"command demon: {name(entity(cmd.demon))} is to {order.removeprefix('other task: ')}"


def _order_choice(ctx: Ctx, dem: int, key: str) -> Choice | None:
    if not states_intention(ctx, dem):
        return None
    return next((c for c in intention_choices(ctx, dem, ordered=True) if c.key == key), None)


def _command(ctx: Ctx, master: int, cmd: CommandDemon) -> list[Event]:
    """The master's order: obeyed outright, or a Will contest; a loss leaves the demon be."""
    dem = entity(cmd.demon)
    state, mp = demon(dem), plan(master)
    mp.done = True
    choice = _order_choice(ctx, dem, cmd.order)
    if state is None or state.binding is None or choice is None:
        note = "but the order can no longer be carried out"
        return [_commanded(ctx, master, dem, note, "", {"order": cmd.order, "possible": False})]
    obedience = roll_obedience(
        ctx.dice,
        serves_desire=serves_desire(state.desire, choice.command),
        binding=state.binding,
        master_will=scores(master).will,
        demon_will=scores(dem).will,
        master_modifiers=roll_modifiers(master, "will"),
        demon_modifiers=roll_modifiers(dem, "will"),
    )
    why = obedience.reason
    events: list[Event] = []
    data: dict[str, Datum] = {
        "order": cmd.order,
        "possible": True,
        "binding": state.binding.strength,
        "serves_desire": serves_desire(state.desire, choice.command),
        "rolled": obedience.contest is not None,
    }
    if obedience.pools is not None and obedience.contest is not None:
        mine, its = obedience.pools
        c = obedience.contest
        why = (
            f"{why}: master's {mine.explain()} [{faces(c.first)}] against the demon's "
            f"{its.explain()} [{faces(c.second)}]"
        )
        data |= contest_data((c,), "master", "demon")
        events += [_commanded(ctx, master, dem, "", why, data, roll=c)]
        events += spend(ctx, master, "will") + spend(ctx, dem, "will")
    else:
        events.append(_commanded(ctx, master, dem, "", why, data))
    dp = plan(dem)
    obeyed = {"master": ident(master).cid, "order": cmd.order, "rolled": data["rolled"]}
    if obedience.obeys:
        dp.command, dp.ordered = choice.command, True
        dp.intention = f"{intention_text(ctx, choice.command)}, as ordered"
        dp.total_defense = isinstance(choice.command, TotalDefense)
        state.judgment, state.judged, state.judged_target = "", "", ""
        text = f"{name(dem)} obeys: {dp.intention}."
        events.append(
            event(ctx, "demon_obeyed", STEP_INTENTIONS, text, why=why, actor=dem, data=obeyed)
        )
    else:
        text = f"{name(dem)} does not obey and acts on its own judgment: {dp.intention}."
        events.append(
            event(ctx, "demon_disobeyed", STEP_INTENTIONS, text, why=why, actor=dem, data=obeyed)
        )
    return events


def _commanded(
    ctx: Ctx,
    master: int,
    dem: int,
    note: str,
    why: str,
    data: dict[str, Datum],
    roll: Contest | None = None,
) -> Event:
    order = plan(master).intention.split(" is to ", 1)[-1]
    return event(
        ctx,
        "demon_commanded",
        STEP_INTENTIONS,
        f"{name(master)} orders {name(dem)} to {order}{f', {note}' if note else ''}.",
        why=why,
        actor=master,
        target=dem,
        roll=roll,
        data=data,
    )


def _own_judgment(ctx: Ctx, ent: int) -> list[Event]:
    state, p = demon(ent), plan(ent)
    asked = round_state().asked.get(ident(ent).cid)
    if state is None or not state.judgment or asked is None:
        return []
    reason = state.judgment
    chosen = next((c for c in asked.choices if "judgment" in c.tags), None)
    data: dict[str, Datum] = {
        "judgment": state.judged,
        "judgment_target": state.judged_target,
        "judgment_key": "" if chosen is None else chosen.key,
    }
    if chosen is None or chosen.command != p.command:
        return [
            event(
                ctx,
                "demon_chose",
                STEP_INTENTIONS,
                f"{name(ent)}'s controller chose {p.intention}.",
                why=f"its own judgment would have been: {reason}",
                actor=ent,
                terse=False,
                data=data,
            )
        ]
    return [
        event(
            ctx,
            "demon_judgment",
            STEP_INTENTIONS,
            f"{name(ent)} acts on its own judgment: {p.intention}.",
            why=f"uncommanded, it follows its Need and Desire: {reason}",
            actor=ent,
            data=data,
        )
    ]
