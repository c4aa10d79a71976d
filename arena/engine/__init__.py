"""The engine facade: `Fight` and the value types its users need, re-exported.

Each name loads on first use (PEP 562), so a front end that needs only a value type (the UI's
preferences need `Verbosity`) does not load the rulesets and the AI while it starts up.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from arena.ecs.ruleset import Ending
    from arena.engine.controllers import (
        Controllers,
        ScriptError,
        asks_person,
        decide,
        play_until_human,
    )
    from arena.engine.expect import check_expectations, count_checks
    from arena.engine.fight import Fight
    from arena.engine.hashing import state_hash
    from arena.engine.loop import replay
    from arena.engine.saves import ReplayDiverged, SaveError, load_save, save_fight
    from arena.rules.commands import Command, IllegalCommand
    from arena.rules.dice import Contest, DiceExhausted, RiggedDice, StorytellerRoll
    from arena.rules.events import Event
    from arena.rules.move_menu import group_line, move_groups, move_summary
    from arena.rules.verbosity import VERBOSITIES, Verbosity
    from arena.rules.views import (
        Choice,
        CombatantView,
        Decision,
        FightView,
        MapView,
        Pool,
        Reason,
    )
    from arena.rules.werewolf.soak import levels_through_soak
    from arena.words.core import won_by
    from arena.words.logtext import event_lines
    from arena.words.map_text import MAP_CELLS, MAP_LEGEND, legend_lines, map_lines
    from arena.words.reasons import controller_words, reason_note
    from arena.words.steps import step_name

_HOMES = {
    "arena.engine.controllers": (
        "Controllers",
        "ScriptError",
        "asks_person",
        "decide",
        "play_until_human",
    ),
    "arena.ecs.ruleset": ("Ending",),
    "arena.engine.expect": ("check_expectations", "count_checks"),
    "arena.engine.fight": ("Fight",),
    "arena.engine.loop": ("replay",),
    "arena.words.map_text": ("MAP_CELLS", "MAP_LEGEND", "legend_lines", "map_lines"),
    "arena.engine.hashing": ("state_hash",),
    "arena.engine.saves": ("ReplayDiverged", "SaveError", "load_save", "save_fight"),
    "arena.rules.commands": ("Command", "IllegalCommand"),
    "arena.rules.dice": ("Contest", "DiceExhausted", "RiggedDice", "StorytellerRoll"),
    "arena.rules.events": ("Event",),
    "arena.words.logtext": ("event_lines",),
    "arena.rules.verbosity": ("VERBOSITIES", "Verbosity"),
    "arena.rules.move_menu": ("group_line", "move_groups", "move_summary"),
    "arena.words.core": ("won_by",),
    "arena.rules.views": (
        "Choice",
        "CombatantView",
        "Decision",
        "FightView",
        "MapView",
        "Pool",
        "Reason",
    ),
    "arena.rules.werewolf.soak": ("levels_through_soak",),
    "arena.words.steps": ("step_name",),
    "arena.words.reasons": ("controller_words", "reason_note"),
}
_HOME = {name: module for module, names in _HOMES.items() for name in names}


def __getattr__(name: str) -> Any:
    """Load a re-exported name from its module the first time it is asked for.

    Raises:
        AttributeError: the engine exports no such name.
    """
    module = _HOME.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value


__all__ = [
    "MAP_CELLS",
    "MAP_LEGEND",
    "VERBOSITIES",
    "Choice",
    "CombatantView",
    "Command",
    "Contest",
    "Controllers",
    "Decision",
    "DiceExhausted",
    "Ending",
    "Event",
    "Fight",
    "FightView",
    "IllegalCommand",
    "MapView",
    "Pool",
    "Reason",
    "ReplayDiverged",
    "RiggedDice",
    "SaveError",
    "ScriptError",
    "StorytellerRoll",
    "Verbosity",
    "asks_person",
    "check_expectations",
    "controller_words",
    "count_checks",
    "decide",
    "event_lines",
    "group_line",
    "legend_lines",
    "levels_through_soak",
    "load_save",
    "map_lines",
    "move_groups",
    "move_summary",
    "play_until_human",
    "reason_note",
    "replay",
    "save_fight",
    "state_hash",
    "step_name",
    "won_by",
]
