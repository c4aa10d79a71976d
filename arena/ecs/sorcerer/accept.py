"""Recording a legal answer on the components (the engine has checked it answers a decision)."""

from __future__ import annotations

from typing import assert_never

from arena.ecs.ruleset import Ctx
from arena.ecs.sorcerer.abort import reaction_chosen
from arena.ecs.sorcerer.phrases import said
from arena.ecs.sorcerer.queries import (
    STEP_INTENTIONS,
    STEP_MODIFIERS,
    STEP_REACTIONS,
    event,
    fighter_of,
    name_of,
)
from arena.rules.actions import Attack, Move, Wait
from arena.rules.commands import Command
from arena.rules.events import Datum, Event
from arena.rules.phrase import Phrase
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

# Phrases without numbers, made once: events that say them are many.
BONUS_GRANTED_WHY = Phrase("sorc_bonus_granted_why")


def accept(ctx: Ctx, command: Command) -> tuple[Event, ...]:
    """Record a legal answer on the combatant's plan."""
    f = fighter_of(command.actor)
    p, ent = f.plan, f.ent
    match cmd := sorcerer_command(command):
        # Intentions first: most answers state one.
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
            stated = said("sorc_intention_declared", (f.who.name,))
            return (
                event(ctx, "intention_declared", STEP_INTENTIONS, stated, actor=ent, terse=False),
            )
        case GrantBonus(dice=dice):
            p.bonus = dice
            if not dice:
                return ()
            text = Phrase("sorc_bonus_granted", (f.who.name, Phrase("dice", (dice,))))
            why = BONUS_GRANTED_WHY
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
                return (reaction_chosen(ctx, f, attacker, reaction),)
            # A simultaneous place: told once everyone in it has chosen (`revealed`).
            p.hidden.append(attacker)
            hidden = Phrase("sorc_reaction_hidden", (f.who.name, name_of(attacker)))
            data: dict[str, Datum] = {"attacker": attacker}
            return (event(ctx, "reaction_hidden", STEP_REACTIONS, hidden, actor=ent, data=data),)
        case _:
            assert_never(cmd)
