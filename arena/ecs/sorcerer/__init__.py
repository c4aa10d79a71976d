"""The Sorcerer ruleset: one system per step of the seed, in the seed's order."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from arena.content.scenario import OptionValue
from arena.ecs.ruleset import Ctx, Ruleset
from arena.ecs.sorcerer.consequences import consequences
from arena.ecs.sorcerer.finishing import end_round, finishing_up, wrap_up
from arena.ecs.sorcerer.intentions import intentions
from arena.ecs.sorcerer.modifiers import modifiers
from arena.ecs.sorcerer.order import roll_for_order
from arena.ecs.sorcerer.queries import (
    STEP_CONSEQUENCES,
    STEP_FINISHING,
    STEP_INTENTIONS,
    STEP_MODIFIERS,
    STEP_ORDER,
    STEP_REACTIONS,
    entity,
    event,
    name,
    plan,
)
from arena.ecs.sorcerer.reactions import reactions
from arena.ecs.sorcerer.spawn import spawn
from arena.ecs.sorcerer.texts import dice as dice_words
from arena.ecs.sorcerer.view import options_record as _options_record
from arena.ecs.sorcerer.view import view as _view
from arena.rules.commands import Command
from arena.rules.events import Event
from arena.rules.sorcerer import SorcererOptions
from arena.rules.sorcerer import parse_options as _parse
from arena.rules.sorcerer_actions import GrantBonus, PushThrough, React
from arena.rules.views import FightView

SEED_PRESET = "seed"
"""Scenarios name the default preset ``seed``: the seed plus the project's rulings."""


def parse_options(preset: str, values: Mapping[str, OptionValue]) -> SorcererOptions:
    """The rules options of a preset (``seed`` is the default preset) with a scenario's values.

    Raises:
        ValueError: an unknown preset or option, or an illegal value.
    """
    return _parse("default" if preset == SEED_PRESET else preset, values)


def options_record(options: Any) -> tuple[tuple[str, str], ...]:
    """The options as (name, value) pairs for logs and saves."""
    return _options_record(options)


def accept(ctx: Ctx, command: Command) -> tuple[Event, ...]:
    """Record a legal answer on the combatant's plan."""
    ent = entity(command.actor)
    p = plan(ent)
    match command:
        case GrantBonus(dice=dice):
            p.bonus = dice
            if not dice:
                return ()
            text = f"{name(ent)} is granted a role-playing bonus of {dice_words(dice)}."
            why = "a good description or tactic earns +1 to +3 dice (rulebook page 19)"
            return (event(ctx, "role_play_granted", STEP_MODIFIERS, text, why=why, actor=ent),)
        case PushThrough(dice=dice):
            p.push = dice
            return ()
        case React(attacker=attacker, reaction=reaction):
            p.reactions[attacker] = reaction
            words = "aborts its action" if reaction == "abort" else "sucks it up"
            text = f"{name(ent)} {words} against {name(entity(attacker))}'s attack."
            why = (
                "abort: defend with the full score, the action is lost"
                if reaction == "abort"
                else "suck it up: defend with 1 die plus modifiers and keep the action"
            )
            return (event(ctx, "reaction_chosen", STEP_REACTIONS, text, why=why, actor=ent),)
    p.declared = command
    text = f"{name(ent)} has stated an intention (hidden until everyone has)."
    return (event(ctx, "intention_declared", STEP_INTENTIONS, text, actor=ent, terse=False),)


def view(ctx: Ctx) -> FightView:
    """The fight as everyone sees it."""
    return _view(ctx, RULESET.steps[ctx.clock.step][0])


RULESET = Ruleset(
    name="sorcerer",
    steps=(
        (STEP_INTENTIONS, intentions),
        (STEP_MODIFIERS, modifiers),
        (STEP_ORDER, roll_for_order),
        (STEP_REACTIONS, reactions),
        (STEP_CONSEQUENCES, consequences),
        (STEP_FINISHING, finishing_up),
    ),
    parse_options=parse_options,
    options_record=options_record,
    spawn=spawn,
    accept=accept,
    end_round=end_round,
    finish=wrap_up,
    view=view,
)

__all__ = ["RULESET", "parse_options"]
