"""Recording a legal answer on the components (the engine has checked it answers a decision)."""

from __future__ import annotations

from typing import assert_never

from arena.ecs.ruleset import Ctx
from arena.ecs.sorcerer.abort import reaction_chosen
from arena.ecs.sorcerer.queries import (
    STEP_INTENTIONS,
    STEP_MODIFIERS,
    STEP_REACTIONS,
    entity,
    event,
    name,
    plan,
)
from arena.ecs.sorcerer.texts import dice as dice_words
from arena.rules.actions import Attack, Move, Wait
from arena.rules.commands import Command
from arena.rules.events import Datum, Event
from arena.rules.sorcerer.commands import (
    Aim,
    Climb,
    CommandDemon,
    Flee,
    GrantBonus,
    Hop,
    PerformRitual,
    PushThrough,
    React,
    TotalDefense,
    UseAbility,
    WorkTask,
    sorcerer_command,
)


def accept(ctx: Ctx, command: Command) -> tuple[Event, ...]:
    """Record a legal answer on the combatant's plan."""
    ent = entity(command.actor)
    p = plan(ent)
    match cmd := sorcerer_command(command):
        case GrantBonus(dice=dice):
            p.bonus = dice
            if not dice:
                return ()
            text = f"{name(ent)} is granted a role-playing bonus of {dice_words(dice)}."
            why = "a good description or tactic earns +1 to +3 dice (rulebook page 19)"
            return (
                event(
                    ctx,
                    "role_play_granted",
                    STEP_MODIFIERS,
                    text,
                    why=why,
                    actor=ent,
                    data={"dice": dice},
                ),
            )
        case PushThrough(dice=dice):
            p.push = dice
            return ()
        case React(attacker=attacker, reaction=reaction):
            p.reactions[attacker] = reaction
            if not any(d.secret for d in ctx.pending if d.actor == cmd.actor):
                return (reaction_chosen(ctx, ent, attacker, reaction),)
            # A simultaneous place: told once everyone in it has chosen (`revealed`).
            p.hidden.append(attacker)
            text = f"{name(ent)} has chosen how to meet {name(entity(attacker))}'s attack."
            data: dict[str, Datum] = {"attacker": attacker}
            return (event(ctx, "reaction_hidden", STEP_REACTIONS, text, actor=ent, data=data),)
        case (
            Attack()
            | Move()
            | Wait()
            | TotalDefense()
            | PerformRitual()
            | Aim()
            | CommandDemon()
            | Flee()
            | Hop()
            | Climb()
            | WorkTask()
            | UseAbility()
        ):
            p.declared = cmd
            text = f"{name(ent)} has stated an intention (hidden until everyone has)."
            return (
                event(ctx, "intention_declared", STEP_INTENTIONS, text, actor=ent, terse=False),
            )
        case _:
            assert_never(cmd)
