"""Werewolf: The Apocalypse combat rules as pure functions over ints, tuples and a DiceSource.

Modules, in the order of a turn:

- `options`: the named options, presets ``seed`` and ``w20``, `parse_options`.
- `initiative`: the seed's segment (Wits + Alertness at 4), w20's score and orders.
- `rage`: the segments Rage buys, and the limits on spending it.
- `split`: dividing a pool between actions; w20's multiple-action dice penalty.
- `attack`: maneuvers and weapons as data, pools, difficulties, the damage pool.
- `defence`: dodge, block and parry.
- `willpower`: the automatic success.
- `soak`: who soaks what, and with what.
- `health`: the health track, Essence and regeneration.
- `stun`, `frenzy`, `delirium`, `forms`: the rest of the book's combat rules.
- `terms`: the closed sets of words (damage types, templates, traits).
"""

from __future__ import annotations

from arena.rules.werewolf.attack import Hit, Maneuver, Weapon, damage_pool, resolve_hit
from arena.rules.werewolf.health import EssenceTrack, HealthTrack
from arena.rules.werewolf.initiative import Initiative, roll_initiative, roll_w20_initiative
from arena.rules.werewolf.options import (
    OPTION_SPECS,
    SEED_OPTIONS,
    W20_OPTIONS,
    WerewolfOptions,
    parse_options,
)
from arena.rules.werewolf.rage import action_segments, spend_rage
from arena.rules.werewolf.soak import Damage, can_soak, resolve_damage
from arena.rules.werewolf.split import SplitPart, SplitPlan, plan_split, split_options

__all__ = [
    "OPTION_SPECS",
    "SEED_OPTIONS",
    "W20_OPTIONS",
    "Damage",
    "EssenceTrack",
    "HealthTrack",
    "Hit",
    "Initiative",
    "Maneuver",
    "SplitPart",
    "SplitPlan",
    "Weapon",
    "WerewolfOptions",
    "action_segments",
    "can_soak",
    "damage_pool",
    "parse_options",
    "plan_split",
    "resolve_damage",
    "resolve_hit",
    "roll_initiative",
    "roll_w20_initiative",
    "spend_rage",
    "split_options",
]
