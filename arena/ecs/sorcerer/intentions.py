"""Step 1, intentions: everyone states one, hidden until all are in; then orders to demons."""

from __future__ import annotations

import dataclasses
from typing import Final, TypeAlias

from arena.ecs.ruleset import Ctx, StepResult
from arena.ecs.sorcerer.choices import Shared, intention_choices, intention_menu
from arena.ecs.sorcerer.components import Fighter, Plan, RoundState
from arena.ecs.sorcerer.data import IntentParts, contest_data, intent_data, intent_parts
from arena.ecs.sorcerer.geometry import beside
from arena.ecs.sorcerer.judgment import judge, serves_desire
from arena.ecs.sorcerer.memo import shelf
from arena.ecs.sorcerer.phrases import said
from arena.ecs.sorcerer.queries import (
    STEP_INTENTIONS,
    entity,
    event,
    faces,
    fighter_of,
    name_of,
    note_side,
    ritual,
    round_state,
    weapon,
)
from arena.ecs.sorcerer.wounds import roll_modifiers, spend, starting_states, states_intention
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
        events += _prepare(ctx, rs)
        # Damage carried into the fight (or the round) is told before anyone is asked.
        events += starting_states(ctx, STEP_INTENTIONS)
    # Every decision is built here at once, while nothing changes: their menus share work.
    # Each is built the first time it is asked this round, and asked again as answers come.
    shared: Shared | None = None
    waiting: list[Decision] = []
    for f in rs.fighters:  # asked again after every answer: the carried plans read directly
        if f.plan.declared is not None:
            continue
        cid, asked = f.who.cid, rs.asked
        if cid in asked:
            found = asked[cid]
        else:
            # Whether it may state one is read once: nothing it reads changes until all are in.
            # `states_intention`, called only when the status alone does not settle it.
            now = f.status.state
            if now != "active" and (now != "cannot_act" or not states_intention(ctx, f)):
                asked[cid] = None
                continue
            shared = Shared() if shared is None else shared
            found = asked[cid] = _decision(ctx, f, shared)
        if found is not None:
            waiting.append(found)
    if waiting:
        return StepResult(tuple(events) if events else (), tuple(waiting))
    if not rs.revealed:
        rs.revealed = True
        events += _reveal(ctx, rs.fighters)
    return StepResult(tuple(events) if events else ())


def _prepare(ctx: Ctx, rs: RoundState) -> list[Event]:
    """A new round: clear last round's plans; summoned demons arrive."""
    rs.prepared = ctx.clock.round
    rs.revealed = rs.modified = rs.summarised = False
    rs.ordered, rs.place, rs.deferred, rs.asked, rs.menus = False, 0, [], {}, {}
    rs.intents = {}
    events: list[Event] = []
    for f in rs.fighters:
        # Reset in place, every field to its default: others may hold this component.
        Plan.__init__(f.plan)
        state = f.demon
        if state is None:
            continue
        state.boosting, state.judgment, state.judged, state.judged_target = False, "", "", ""
        if state.arriving:
            events += _arrive(ctx, f)
    return events


def _arrive(ctx: Ctx, f: Fighter) -> list[Event]:
    state = f.demon
    if state is None:
        raise ValueError(f"not_a_demon: {f.who.cid}")
    state.arriving, state.present = False, True
    spot = beside(ctx, entity(state.summoner))
    f.pos.x, f.pos.y = spot
    f.status.state = "active"
    note_side(f.ent)
    return [
        event(
            ctx,
            "demon_arrived",
            STEP_INTENTIONS,
            Phrase("sorc_demon_arrived", (f.who.name, spot, name_of(state.summoner))),
            why=DEMON_ARRIVED_WHY,
            actor=f.ent,
            data={"cell": spot, "summoner": state.summoner},
        )
    ]


def _decision(ctx: Ctx, f: Fighter, shared: Shared) -> Decision:
    choices = intention_menu(ctx, f, shared=shared)  # the kept menu itself: not copied
    state = f.demon
    if state is not None:
        key, reason, judged = judge(ctx, f.ent, choices)
        state.judgment, state.judged = reason, judged.intent
        state.judged_target = judged.target or ""
        # Keys are unique in a menu: the judged choice is found (most often among the first
        # few, the attacks), marked, and the rest of the menu taken as it is.
        at = next((i for i, c in enumerate(choices) if c.key == key), None)
        if at is not None:
            choices = (*choices[:at], _marked(ctx, choices[at]), *choices[at + 1 :])
    who = f.who
    return Decision(
        who.cid,
        "intention",
        STEP_INTENTIONS,
        said("sorc_intention_prompt", (who.name, ctx.clock.round)),
        choices,
        secret=True,
    )


def _marked(ctx: Ctx, c: Choice) -> Choice:
    """The choice marked as the demon's own judgment, made once for each choice object.

    A kept menu's choices, and attacks and rituals, come back fight after fight; the choice is
    checked on a find.
    """
    marks: dict[int, tuple[Choice, Choice]] = shelf(ctx, _MARKED)
    entry = marks[id(c)] if id(c) in marks else None  # noqa: SIM401 (a test and a subscript: no call)
    if entry is None or entry[0] is not c:
        if len(marks) >= TOLD_KEPT:
            marks.clear()
        marked = dataclasses.replace(
            c,
            tags=(*c.tags, "judgment"),
            text=Phrase("sorc_own_judgment_choice", (c.text,)),
            show_rolls=False,
        )
        entry = marks[id(c)] = (c, marked)
    return entry[1]


_MARKED: Final = "judgment_choices"
"""Where a content's lookups keep `_marked` choices."""


def _reveal(ctx: Ctx, everyone: tuple[Fighter, ...]) -> list[Event]:
    events: list[Event] = []
    told: dict[int, Told] = shelf(ctx, _TOLD)  # by the id of their command
    demons = False  # whether a demon states one or is ordered: what is told after
    for f in everyone:
        p = f.plan
        cmd = p.declared
        if cmd is None:
            continue
        p.command = cmd
        if f.demon is not None:
            demons = True
        # The kind first: a plain compare spares most intentions the isinstance call.
        if cmd.kind == CommandDemon.kind and isinstance(cmd, CommandDemon):
            demons = True
            p.order = _order(ctx, cmd)  # what the demon may do now: never kept
            p.intention = Phrase("order_given", (name_of(cmd.demon), p.order))
            line = Phrase("sorc_intention_revealed", (f.who.name, p.intention))
            parts = intent_parts(cmd)
        else:
            # Any other intention's words and numbers are the command's alone (names from
            # the content): the same kept command, fight after fight, tells them once.
            entry = told.get(id(cmd))
            if entry is None or entry[0] is not cmd:
                if len(told) >= TOLD_KEPT:
                    told.clear()
                shown = intention_text(ctx, cmd)
                revealed = Phrase("sorc_intention_revealed", (f.who.name, shown))
                entry = told[id(cmd)] = (cmd, shown, revealed, intent_parts(cmd))
            _, p.intention, line, parts = entry
        p.total_defense = cmd.kind == TotalDefense.kind
        events.append(
            event(
                ctx,
                "intention_revealed",
                STEP_INTENTIONS,
                line,
                why=INTENTION_REVEALED_WHY,
                actor=f.ent,
                data=intent_data(parts),
            )
        )
    if not demons:
        return events  # no order to tell, no own judgment (most rounds)
    ordered: set[str] = set()
    for f in everyone:
        cmd = f.plan.command
        if cmd is not None and cmd.kind == CommandDemon.kind and isinstance(cmd, CommandDemon):
            ordered.add(cmd.demon)
            events += _command(ctx, f, cmd)
    for f in everyone:
        if f.plan.command is not None and f.who.cid not in ordered and f.demon is not None:
            events += _own_judgment(ctx, f)
    return events


Told: TypeAlias = tuple[Command, Phrase, Phrase, IntentParts]
"""A revealed intention's command, its words, the line that reveals it, and its numbers."""
TOLD_KEPT: Final = 4096
"""Intentions kept told (`_TOLD`): a content's fights state a few hundred."""


_TOLD: Final = "intentions_told"
"""Where a content's lookups keep the intentions told so far, by the id of their command."""


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
    choice = _order_choice(ctx, fighter_of(cmd.demon), cmd.order)
    shown = cmd.order if choice is None else intention_text(ctx, choice.command)
    return Phrase("ordered", (shown,))


def _order_choice(ctx: Ctx, dem: Fighter, key: str) -> Choice | None:
    if not states_intention(ctx, dem):
        return None
    return next((c for c in intention_choices(ctx, dem, ordered=True) if c.key == key), None)


def _command(ctx: Ctx, master: Fighter, cmd: CommandDemon) -> list[Event]:
    """The master's order: obeyed outright, or a Will contest; a loss leaves the demon be."""
    dem = fighter_of(cmd.demon)
    state, mp = dem.demon, master.plan
    mp.done = True
    choice = _order_choice(ctx, dem, cmd.order)
    if state is None or state.binding is None or choice is None:
        note = Phrase("sorc_order_impossible")
        return [_commanded(ctx, master, dem, note, "", {"order": cmd.order, "possible": False})]
    obedience = roll_obedience(
        ctx.dice,
        serves_desire=serves_desire(state.desire, choice.command),
        binding=state.binding,
        master_will=master.scores.will,
        demon_will=dem.scores.will,
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
    dp = dem.plan
    obeyed = {"master": master.who.cid, "order": cmd.order, "rolled": data["rolled"]}
    if obedience.obeys:
        dp.command, dp.ordered = choice.command, True
        dp.intention = Phrase("sorc_as_ordered", (intention_text(ctx, choice.command),))
        dp.total_defense = isinstance(choice.command, TotalDefense)
        state.judgment, state.judged, state.judged_target = "", "", ""
        text = Phrase("sorc_demon_obeyed", (dem.who.name, dp.intention))
        events.append(
            event(ctx, "demon_obeyed", STEP_INTENTIONS, text, why=why, actor=dem.ent, data=obeyed)
        )
    else:
        text = Phrase("sorc_demon_disobeyed", (dem.who.name, dp.intention))
        events.append(
            event(
                ctx, "demon_disobeyed", STEP_INTENTIONS, text, why=why, actor=dem.ent, data=obeyed
            )
        )
    return events


def _commanded(
    ctx: Ctx,
    master: Fighter,
    dem: Fighter,
    note: Text,
    why: Text,
    data: dict[str, Datum],
    roll: Contest | None = None,
) -> Event:
    order, mine, its = master.plan.order, master.who.name, dem.who.name
    noted = Phrase("sorc_demon_commanded_note", (mine, its, order, note))
    return event(
        ctx,
        "demon_commanded",
        STEP_INTENTIONS,
        noted if note else Phrase("sorc_demon_commanded", (mine, its, order)),
        why=why,
        actor=master.ent,
        target=dem.ent,
        roll=roll,
        data=data,
    )


def _own_judgment(ctx: Ctx, f: Fighter) -> list[Event]:
    state, p, ent = f.demon, f.plan, f.ent
    asked = round_state().asked.get(f.who.cid)
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
                Phrase("sorc_demon_chose", (f.who.name, p.intention)),
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
            Phrase("sorc_demon_judgment", (f.who.name, p.intention)),
            why=Phrase("sorc_demon_judgment_why", (reason,)),
            actor=ent,
            data=data,
        )
    ]
