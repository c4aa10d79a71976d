"""Gauntlet content: the run's rulings per ruleset and the opponent groups a run is offered."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Annotated, Final

from arena.content.arenas import spawn_numbers
from arena.content.bounds import Length, Name, Range, Rounds
from arena.content.errors import quote
from arena.content.maps import MapDef
from arena.content.registry import Report, register_check, register_section
from arena.content.sorcerer import tasks_problem
from arena.content.werewolf import place_problem

RULESETS: Final = ("werewolf", "sorcerer")
"""The rulesets a gauntlet runs under; each has an entry in ``gauntlet/rules``."""
SPARE_SPAWNS: Final = {"werewolf": 1, "sorcerer": 2}
"""Spawn points a group leaves free: the player and, in Sorcerer, a bound demon."""


@dataclass(frozen=True, slots=True)
class RunRules:
    """One ruleset's run rulings (``rules/gauntlet.md``): every number a table may change."""

    character: str
    """The character a run takes when none is named."""
    fights: Annotated[int, Range(1, 20)] = 7
    """Fights in a run; the run is won after the last one."""
    offer: Annotated[int, Range(1, 5)] = 3
    """Fights offered before each one."""
    band: Annotated[int, Range(1, 30)] = 5
    """How many groups, by rising danger, each offer is drawn from."""
    long_rest_every: Annotated[int, Range(1, 20)] = 3
    """A long rest (a day) after every this many fights."""
    max_rounds: Rounds = 20
    """A fight still going after this many rounds or turns is a draw."""
    willpower_rest: Annotated[int, Range(0, 10)] = 1
    """Werewolf: Willpower points a short rest gives back."""
    aggravated_long_rest: Annotated[int, Range(0, 10)] = 1
    """Werewolf: levels of aggravated damage a long rest heals."""
    long_rest_divisor: Annotated[int, Range(1, 10)] = 2
    """Sorcerer: a long rest divides the lasting damage carried by this (rounding down)."""
    policy: str = "nearest"
    """The AI policy that answers for the character in a headless run, unless told otherwise."""


@dataclass(frozen=True, slots=True)
class WerewolfFoe:
    """Opponents of one Werewolf template in a group."""

    template: str = field(metadata={"ref": "werewolf/characters"})
    count: Annotated[int, Range(1, 8)] = 1
    policy: str = "nearest"
    """The AI policy that plays them (``thug``, ``garou``, ``bane``...)."""


@dataclass(frozen=True, slots=True)
class SorcererFoe:
    """Opponents of one Sorcerer template in a group."""

    template: str = field(metadata={"ref": "sorcerer/characters"})
    count: Annotated[int, Range(1, 8)] = 1
    policy: str = "nearest"
    """The AI policy that plays them (``thug``, ``gunman``, ``demon``...)."""


@dataclass(frozen=True, slots=True)
class WerewolfGroup:
    """A Werewolf fight a run may offer: who, and where."""

    name: Name
    foes: Annotated[tuple[WerewolfFoe, ...], Length(1, 8)]
    map: str = field(metadata={"ref": "arenas/maps"})
    kind: str = "gang"
    """What sort of fight it is, in a word: ``gang``, ``duel``, ``ambush``..."""
    description: str = ""


@dataclass(frozen=True, slots=True)
class SorcererGroup:
    """A Sorcerer fight a run may offer: who, and where."""

    name: Name
    foes: Annotated[tuple[SorcererFoe, ...], Length(1, 8)]
    map: str = field(metadata={"ref": "arenas/maps"})
    kind: str = "gang"
    """What sort of fight it is, in a word: ``gang``, ``duel``, ``ambush``..."""
    description: str = ""


Group = WerewolfGroup | SorcererGroup
"""An opponent group of either ruleset."""


def check_rules(rules: RunRules, report: Report) -> None:
    """The default character exists in its ruleset (the entry's id names the ruleset)."""
    found = any(report.lookup(r, "characters", rules.character) is not None for r in RULESETS)
    if not found:
        report.error(f"no character named {quote(rules.character)}", "character")


def check_group(group: Group, report: Report) -> None:
    """The group fits its map, leaving room for the player's side."""
    map_def = report.lookup("arenas", "maps", group.map)
    if not isinstance(map_def, MapDef):
        return  # the broken reference is reported on its own
    spawns = len(spawn_numbers(map_def))
    count = sum(foe.count for foe in group.foes)
    spare = SPARE_SPAWNS["werewolf" if isinstance(group, WerewolfGroup) else "sorcerer"]
    if count + spare > spawns:
        message = (
            f"{count} opponents and the player's side need {count + spare} spawn points; "
            f"{map_def.name} has {spawns}"
        )
        report.error(message, "foes")
    if isinstance(group, WerewolfGroup) and (problem := place_problem(group.map, report)):
        report.error(problem, "map")
    if isinstance(group, SorcererGroup) and (problem := tasks_problem(report)):
        report.error(problem)


register_section("gauntlet", "rules", RunRules)
register_section("gauntlet", "werewolf", WerewolfGroup)
register_section("gauntlet", "sorcerer", SorcererGroup)
register_check(RunRules, check_rules)
register_check(WerewolfGroup, check_group)
register_check(SorcererGroup, check_group)
