"""The gauntlet: a run of fights in a row with injuries carried, permadeath and a morgue file."""

from __future__ import annotations

from arena.gauntlet.carried import Carried
from arena.gauntlet.errors import GauntletError
from arena.gauntlet.offers import Offer
from arena.gauntlet.record import FightRecord, Luck
from arena.gauntlet.run import (
    RunState,
    Underway,
    begin_fight,
    daily_seed,
    finish_fight,
    keep_moves,
    new_run,
    offer,
    play_fight,
    resume_fight,
    rules_for,
    start_fight,
)

__all__ = [
    "Carried",
    "FightRecord",
    "GauntletError",
    "Luck",
    "Offer",
    "RunState",
    "Underway",
    "begin_fight",
    "daily_seed",
    "finish_fight",
    "keep_moves",
    "new_run",
    "offer",
    "play_fight",
    "resume_fight",
    "rules_for",
    "start_fight",
]
