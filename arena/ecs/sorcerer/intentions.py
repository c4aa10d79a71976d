"""Step 1, intentions: everyone states one, hidden until all are in; then orders to demons."""

from __future__ import annotations

import dataclasses

import esper

from arena.ecs.components import Position
from arena.ecs.ruleset import Ctx, StepResult
from arena.ecs.sorcerer.choices import Shared, intention_choices
from arena.ecs.sorcerer.components import DemonState, Plan
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
    name_of,
    note_side,
    plan,
    ritual,
    roster,
    round_state,
    scores,
    set_status,
    weapon,
)
from arena.ecs.sorcerer.wounds import roll_modifiers, spend, starting_states, states_intention
from arena.ecs.world import TABLES
from arena.rules.actions import Attack
from arena.rules.commands import Command
from arena.rules.dice import Contest
from arena.rules.events import Datum, Event
from arena.rules.phrase import Phrase, Text
from arena.rules.sorcerer import roll_obedience
from arena.rules.sorcerer.commands import (
    Aim,
    CommandDemon,
    PerformRitual,
    TotalDefense,
    UseAbility,
    WorkTask,
)
from arena.rules.views import Choice, Decision

# Phrases without numbers, made once: events that say them are many.
INTENTION_REVEALED_WHY = Phrase("sorc_intention_revealed_why")
DEMON_ARRIVED_WHY = Phrase("sorc_demon_arrived_why")


def intentions(ctx: Ctx) -> StepResult:
    """Ask every combatant able to act for its intention; reveal them all once all are in."""
    rs = round_state()
    events: list[Event] = []
    if rs.prepared != ctx.clock.round:
        events += _prepare(ctx)
        # Damage carried into the fight (or the round) is told before anyone is asked.
        events += starting_states(ctx, STEP_INTENTIONS)
    # Every decision is built here at once, while nothing changes: their menus share work.
    # Each is built the first time it is asked this round, and asked again as answers come.
    shared: Shared | None = None
    waiting: list[Decision] = []
    table = TABLES[esper.current_world]  # asked again after every answer: plans read directly
    for ent, who in roster():
        p: Plan = table[ent][Plan]
        if p.declared is not None:
            continue
        found = rs.asked.get(who.cid)
        if found is None:
            # One asked already may state one: nothing it reads changes until all are in.
            if not states_intention(ctx, ent):
                continue
            shared = Shared() if shared is None else shared
            found = rs.asked[who.cid] = _decision(ctx, ent, shared)
        waiting.append(found)
    if waiting:
        return StepResult(tuple(events) if events else (), tuple(waiting))
    if not rs.revealed:
        rs.revealed = True
        events += _reveal(ctx)
    return StepResult(tuple(events) if events else ())


def _prepare(ctx: Ctx) -> list[Event]:
    """A new round: clear last round's plans; summoned demons arrive."""
    rs = round_state()
    rs.prepared = ctx.clock.round
    rs.revealed = rs.modified = rs.summarised = False
    rs.ordered, rs.place, rs.deferred, rs.asked, rs.menus = False, 0, [], {}, {}
    rs.intents = {}
    events: list[Event] = []
    table = TABLES[esper.current_world]
    for ent, _ in roster():
        comps = table[ent]
        # Reset in place, every field to its default: others may hold this component.
        Plan.__init__(comps[Plan])
        if DemonState not in comps:
            continue
        state: DemonState = comps[DemonState]
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
            Phrase("sorc_demon_arrived", (name(ent), spot, name_of(state.summoner))),
            why=DEMON_ARRIVED_WHY,
            actor=ent,
            data={"cell": spot, "summoner": state.summoner},
        )
    ]


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
                text=Phrase("sorc_own_judgment_choice", (c.text,)),
                show_rolls=False,
            )
            if c.key == key
            else c
            for c in choices
        ]
    who = ident(ent)
    return Decision(
        who.cid,
        "intention",
        STEP_INTENTIONS,
        Phrase("sorc_intention_prompt", (who.name, ctx.clock.round)),
        tuple(choices),
        secret=True,
    )


def _reveal(ctx: Ctx) -> list[Event]:
    events: list[Event] = []
    plans = [(ent, plan(ent)) for ent, _ in roster()]
    for ent, p in plans:
        if p.declared is None:
            continue
        p.command = p.declared
        p.intention = intention_text(ctx, p.declared)
        # The kind first: a plain compare spares most intentions the isinstance call.
        if p.declared.kind == CommandDemon.kind and isinstance(p.declared, CommandDemon):
            p.order = _order(ctx, p.declared)
            p.intention = Phrase("order_given", (name_of(p.declared.demon), p.order))
        p.total_defense = p.declared.kind == TotalDefense.kind
        events.append(
            event(
                ctx,
                "intention_revealed",
                STEP_INTENTIONS,
                Phrase("sorc_intention_revealed", (name(ent), p.intention)),
                why=INTENTION_REVEALED_WHY,
                actor=ent,
                data=intent_data(p.declared),
            )
        )
    ordered: set[int] = set()
    for ent, p in plans:
        cmd = p.command
        if cmd is not None and cmd.kind == CommandDemon.kind and isinstance(cmd, CommandDemon):
            ordered.add(entity(cmd.demon))
            events += _command(ctx, ent, cmd)
    for ent, p in plans:
        if p.command is not None and ent not in ordered and demon(ent) is not None:
            events += _own_judgment(ctx, ent)
    return events


def intention_text(ctx: Ctx, cmd: Command) -> Phrase:
    """An intention's words, drawn when read from the names of whom and what it uses."""
    target, means = "", ""
    match cmd:
        case CommandDemon(demon=demon):
            target = name_of(demon)
        case WorkTask(task=tid):
            spot = next((t for t in ctx.scenario.tasks if t.id == tid), None)
            means = tid if spot is None else spot.name or spot.id
        case PerformRitual(ritual=rid, target=who):
            target, means = name_of(who), ritual(ctx, rid).name
        case Attack(target=who, means=wid) | Aim(target=who, means=wid):
            target, means = name_of(who), weapon(ctx, wid).name
        case UseAbility(ability="boost" | "protection", target=who):
            target = name_of(who)
    return Phrase("intention", (cmd, target, means))


def _order(ctx: Ctx, cmd: CommandDemon) -> Text:
    """What the demon is ordered to do, from its own choice the order names."""
    choice = _order_choice(ctx, entity(cmd.demon), cmd.order)
    said = cmd.order if choice is None else intention_text(ctx, choice.command)
    return Phrase("ordered", (said,))


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
        note = Phrase("sorc_order_impossible")
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
    why: Text = obedience.reason
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
        why = Phrase(
            "sorc_obedience_why",
            (
                obedience.reason,
                Phrase("pool_words", (mine,)),
                faces(c.first),
                Phrase("pool_words", (its,)),
                faces(c.second),
            ),
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
        dp.intention = Phrase("sorc_as_ordered", (intention_text(ctx, choice.command),))
        dp.total_defense = isinstance(choice.command, TotalDefense)
        state.judgment, state.judged, state.judged_target = "", "", ""
        text = Phrase("sorc_demon_obeyed", (name(dem), dp.intention))
        events.append(
            event(ctx, "demon_obeyed", STEP_INTENTIONS, text, why=why, actor=dem, data=obeyed)
        )
    else:
        text = Phrase("sorc_demon_disobeyed", (name(dem), dp.intention))
        events.append(
            event(ctx, "demon_disobeyed", STEP_INTENTIONS, text, why=why, actor=dem, data=obeyed)
        )
    return events


def _commanded(
    ctx: Ctx,
    master: int,
    dem: int,
    note: Text,
    why: Text,
    data: dict[str, Datum],
    roll: Contest | None = None,
) -> Event:
    order = plan(master).order
    said = Phrase("sorc_demon_commanded_note", (name(master), name(dem), order, note))
    return event(
        ctx,
        "demon_commanded",
        STEP_INTENTIONS,
        said if note else Phrase("sorc_demon_commanded", (name(master), name(dem), order)),
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
                Phrase("sorc_demon_chose", (name(ent), p.intention)),
                why=Phrase("sorc_demon_chose_why", (reason,)),
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
            Phrase("sorc_demon_judgment", (name(ent), p.intention)),
            why=Phrase("sorc_demon_judgment_why", (reason,)),
            actor=ent,
            data=data,
        )
    ]
