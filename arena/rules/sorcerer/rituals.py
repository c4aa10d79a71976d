"""Sorcery in a fight: snapshot rituals against the demon's score, and the Humanity check."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final, Literal, assert_never

from arena.rules.dice import Contest, DiceSource, roll_contest
from arena.rules.sorcerer.damage import Damage
from arena.rules.sorcerer.demons import Demon
from arena.rules.sorcerer.modifiers import SNAPSHOT_RITUAL_BASE
from arena.rules.sorcerer.options import DEFAULT_OPTIONS, SorcererOptions
from arena.rules.sorcerer.pools import DicePool, Modifier, assemble_pool

Ritual = Literal["contact", "summon", "bind", "punish", "banish", "contain"]
DemonScore = Literal["power", "will", "stamina"]

RITUAL_AGAINST: Final[dict[Ritual, DemonScore]] = {
    "contact": "power",
    "summon": "power",
    "bind": "will",
    "punish": "stamina",
    "banish": "power",
    "contain": "power",
}
"""The demon's score each ritual is rolled against."""


def snapshot_pool(bonuses: Sequence[Modifier] = ()) -> DicePool:
    """A snapshot ritual's pool: 1 die plus bonus dice (rollover, role-playing) and penalties."""
    return assemble_pool("snapshot ritual", SNAPSHOT_RITUAL_BASE, bonuses)


def ritual_pools(
    ritual: Ritual,
    demon: Demon,
    *,
    sorcerer_modifiers: Sequence[Modifier] = (),
    demon_modifiers: Sequence[Modifier] = (),
) -> tuple[DicePool, DicePool]:
    """The sorcerer's snapshot pool and the demon's pool for a ritual.

    Args:
        ritual: which ritual.
        demon: the demon it is performed on.
        sorcerer_modifiers: rollover, role-playing, damage penalties.
        demon_modifiers: the demon's damage penalties (never pass them for Power).
    """
    score = RITUAL_AGAINST[ritual]
    value = {"power": demon.power, "will": demon.will, "stamina": demon.stamina}[score]
    return snapshot_pool(sorcerer_modifiers), assemble_pool(score.title(), value, demon_modifiers)


@dataclass(frozen=True, slots=True)
class Contacted:
    """Contact: on a win the sorcerer learns the demon's Need and Desire."""

    learned: bool


@dataclass(frozen=True, slots=True)
class Summoned:
    """Summon: on a win the demon appears next round, unbound, beside the sorcerer."""

    appears: bool


@dataclass(frozen=True, slots=True)
class Bound:
    """Bind: the new binding strength (+ the sorcerer's victories, − the demon's); None on a tie."""

    strength: int | None


@dataclass(frozen=True, slots=True)
class Punished:
    """Punish: the demon takes the victories as lasting damage."""

    lasting: int


@dataclass(frozen=True, slots=True)
class Banished:
    """Banish: on a win the demon leaves the fight."""

    banished: bool


@dataclass(frozen=True, slots=True)
class Contained:
    """Contain: on a win the demon cannot leave the cells within `radius` of where it stands."""

    contained: bool
    radius: int


RitualOutcome = Contacted | Summoned | Bound | Punished | Banished | Contained


def punish_damage(victories: int) -> Damage:
    """Punish's damage: the sorcerer's victories as lasting damage, no temporary."""
    return Damage(0, max(0, victories))


def ritual_outcome(
    ritual: Ritual, contest: Contest, options: SorcererOptions = DEFAULT_OPTIONS
) -> RitualOutcome:
    """What a ritual's contest (sorcerer first, demon second) does."""
    won = contest.winner == "first"
    x = contest.victories if won else 0
    match ritual:
        case "contact":
            return Contacted(won)
        case "summon":
            return Summoned(won)
        case "bind":
            signed = {"first": contest.victories, "second": -contest.victories, None: None}
            return Bound(signed[contest.winner])
        case "punish":
            return Punished(punish_damage(x).lasting)
        case "banish":
            return Banished(won)
        case "contain":
            return Contained(won, options.contain_radius)
        case _:
            assert_never(ritual)


@dataclass(frozen=True, slots=True)
class HumanityCheck:
    """Humanity against the demon's Power after a ritual; a loss costs Humanity."""

    contest: Contest
    """Humanity (first) against Power (second)."""
    before: int
    after: int

    @property
    def lost(self) -> int:
        """Humanity lost."""
        return self.before - self.after


def humanity_check(
    humanity: int, contest: Contest, options: SorcererOptions = DEFAULT_OPTIONS
) -> HumanityCheck:
    """A lost check costs 1 Humanity (never below 0); a win or a tie costs nothing."""
    loss = options.humanity_loss if contest.winner == "second" else 0
    return HumanityCheck(contest, humanity, max(0, humanity - loss))


def roll_humanity_check(
    dice: DiceSource, humanity: int, power: int, options: SorcererOptions = DEFAULT_OPTIONS
) -> HumanityCheck:
    """Roll Humanity against the demon's Power (Humanity's dice first)."""
    return humanity_check(humanity, roll_contest(dice, humanity, power), options)
