"""The Sorcerer ruleset: one system per step of the seed, in the seed's order.

The order of play is written down once, in `flow` (STEPS for the round).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from arena.content.scenario import OptionValue
from arena.ecs.ruleset import Ctx, Ruleset
from arena.ecs.sorcerer.accept import accept
from arena.ecs.sorcerer.finishing import end_round, wrap_up
from arena.ecs.sorcerer.flow import STEPS
from arena.ecs.sorcerer.spawn import spawn
from arena.ecs.sorcerer.view import board, standing
from arena.ecs.sorcerer.view import options_record as _options_record
from arena.ecs.sorcerer.view import view as _view
from arena.rules.sorcerer import SorcererOptions
from arena.rules.sorcerer import parse_options as _parse
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


def view(ctx: Ctx) -> FightView:
    """The fight as everyone sees it."""
    return _view(ctx, STEPS[ctx.clock.step][0])


RULESET = Ruleset(
    name="sorcerer",
    steps=STEPS,
    parse_options=parse_options,
    options_record=options_record,
    spawn=spawn,
    accept=accept,
    end_round=end_round,
    finish=wrap_up,
    view=view,
    board=board,
    standing=standing,
)

__all__ = ["RULESET", "parse_options"]
