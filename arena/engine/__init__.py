"""The engine facade: `Fight` and the value types its users need, re-exported."""

from __future__ import annotations

from arena.engine.controllers import Controllers, ScriptError, asks_person
from arena.engine.expect import check_expectations
from arena.engine.fight import Fight
from arena.engine.hashing import state_hash
from arena.engine.saves import ReplayDiverged, SaveError, load_save, save_fight
from arena.rules.commands import Command, IllegalCommand
from arena.rules.dice import Contest, DiceExhausted, StorytellerRoll
from arena.rules.events import Event
from arena.rules.logtext import VERBOSITIES, Verbosity, event_lines
from arena.rules.views import Choice, CombatantView, Decision, FightView, MapView, Pool

__all__ = [
    "VERBOSITIES",
    "Choice",
    "CombatantView",
    "Command",
    "Contest",
    "Controllers",
    "Decision",
    "DiceExhausted",
    "Event",
    "Fight",
    "FightView",
    "IllegalCommand",
    "MapView",
    "Pool",
    "ReplayDiverged",
    "SaveError",
    "ScriptError",
    "StorytellerRoll",
    "Verbosity",
    "asks_person",
    "check_expectations",
    "event_lines",
    "load_save",
    "save_fight",
    "state_hash",
]
