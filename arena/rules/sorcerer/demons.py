"""Demons: their values, obedience to a command, and their own judgment when uncommanded."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Final, Literal, TypeAlias

from arena.rules.dice import Contest, DiceSource, roll_contest
from arena.rules.kinds import DemonIntent
from arena.rules.kinds import DemonType as DemonType
from arena.rules.sorcerer.pools import DicePool, Modifier, assemble_pool

Intent: TypeAlias = DemonIntent
"""What a demon may choose on its own judgment (``hide`` is a move out of sight)."""
Ability = Literal[
    "armor",
    "boost",
    "fast",
    "special_damage",
    "vitality",
    "big",
    "hop",
    "cloak",
    "psychic_force",
    "protection",
]


@dataclass(frozen=True, slots=True)
class Binding:
    """Who a demon is bound to, and how firmly."""

    master: str
    """The master's id."""
    strength: int
    """Positive: the master has the upper hand; negative: the demon has."""


@dataclass(frozen=True, slots=True)
class Demon:
    """A demon's values; scores are numbers of dice."""

    stamina: int
    will: int
    lore: int
    power: int
    need: str
    """What it must have, e.g. ``blood``; a master who feeds it earns protection."""
    desire: str
    """What it wants, e.g. ``violence``, ``self-preservation``; it drives its own judgment."""
    type: DemonType
    abilities: tuple[Ability, ...] = ()
    binding: Binding | None = None
    """None: unbound."""

    def has(self, ability: Ability) -> bool:
        """Whether it has this ability."""
        return ability in self.abilities


@dataclass(frozen=True, slots=True)
class Obedience:
    """Whether a commanded demon obeys, and why."""

    obeys: bool
    """It carries out the order; else it acts on its own judgment."""
    reason: str
    """One line for the log."""
    pools: tuple[DicePool, DicePool] | None = None
    """Master's and demon's Will pools, when a roll was needed."""
    contest: Contest | None = None
    """Master's Will (first) against the demon's Will (second), when a roll was needed."""


def automatic_obedience(*, serves_desire: bool, binding: Binding) -> Obedience | None:
    """Obedience without a roll: the order serves its Desire, or the binding favours the master.

    Returns:
        The demon's obedience, or None when the master must roll (see `obedience_pools`).
    """
    if serves_desire:
        return Obedience(True, "the order serves its Desire")
    if binding.strength > 0:
        return Obedience(True, f"the binding ({binding.strength:+d}) favours its master")
    return None


def obedience_pools(
    *,
    master_will: int,
    demon_will: int,
    binding: Binding,
    master_modifiers: Sequence[Modifier] = (),
    demon_modifiers: Sequence[Modifier] = (),
) -> tuple[DicePool, DicePool]:
    """Master's Will (+ binding if positive) and the demon's Will (+ |binding| if negative)."""
    b = binding.strength
    master = assemble_pool("Will", master_will, (*master_modifiers, Modifier("binding", max(0, b))))
    demon = assemble_pool("Will", demon_will, (*demon_modifiers, Modifier("binding", max(0, -b))))
    return master, demon


def resolve_obedience(pools: tuple[DicePool, DicePool], contest: Contest) -> Obedience:
    """A won Will contest makes the demon obey; a loss or a tie leaves it to its own judgment."""
    if contest.winner == "first":
        return Obedience(True, f"its master's Will won ({contest.victories})", pools, contest)
    return Obedience(False, "its master's Will did not prevail", pools, contest)


def roll_obedience(
    dice: DiceSource,
    *,
    serves_desire: bool,
    binding: Binding,
    master_will: int,
    demon_will: int,
    master_modifiers: Sequence[Modifier] = (),
    demon_modifiers: Sequence[Modifier] = (),
) -> Obedience:
    """Check obedience, rolling the Will contest (master's dice first) only when needed."""
    automatic = automatic_obedience(serves_desire=serves_desire, binding=binding)
    if automatic is not None:
        return automatic
    pools = obedience_pools(
        master_will=master_will,
        demon_will=demon_will,
        binding=binding,
        master_modifiers=master_modifiers,
        demon_modifiers=demon_modifiers,
    )
    contest = roll_contest(dice, pools[0].dice_to_roll, pools[1].dice_to_roll)
    return resolve_obedience(pools, contest)


DESIRE_INTENTS: Final[Mapping[str, Intent]] = {"violence": "attack", "self-preservation": "hide"}
"""The default policy: a Desire's fighting intention (others stay on total defense)."""


@dataclass(frozen=True, slots=True)
class Situation:
    """What an uncommanded demon sees, each tuple nearest first."""

    master_feeds_need: bool = False
    """Its master feeds its Need, so it protects the master."""
    master_attackers: tuple[str, ...] = ()
    """Enemies attacking or threatening its master."""
    own_attackers: tuple[str, ...] = ()
    """Enemies attacking or threatening the demon itself."""
    enemies: tuple[str, ...] = ()
    """Every enemy it could attack."""


@dataclass(frozen=True, slots=True)
class Judgment:
    """An uncommanded demon's intention, its target, and a one-line reason for the log."""

    intent: Intent
    target: str | None
    reason: str


def own_judgment(
    desire: str, situation: Situation, desire_intents: Mapping[str, Intent] = DESIRE_INTENTS
) -> Judgment:
    """Choose an uncommanded demon's intention from its Need and Desire.

    Protecting a master who feeds its Need comes first; then its Desire, read through
    `desire_intents` (case and ``_``/space insensitive); an unlisted Desire stays on guard.

    Args:
        desire: the demon's Desire.
        situation: what it sees.
        desire_intents: Desire → intention.
    """
    s = situation
    if s.master_feeds_need and s.master_attackers:
        target = s.master_attackers[0]
        return Judgment("attack", target, f"protects its master, who feeds its Need, from {target}")
    key = desire.strip().lower().replace("_", "-").replace(" ", "-")
    intent = desire_intents.get(key)
    if intent == "attack":
        foes = s.own_attackers or s.enemies
        if foes:
            return Judgment("attack", foes[0], f"its Desire is {desire}: it attacks {foes[0]}")
        return Judgment("total_defense", None, f"its Desire is {desire}, but no enemy is in reach")
    if intent == "hide" and not s.own_attackers:
        return Judgment("hide", None, f"its Desire is {desire}: it hides")
    if intent is not None:
        return Judgment("total_defense", None, f"its Desire is {desire}: it defends itself")
    return Judgment(
        "total_defense", None, f"its Desire ({desire}) has no stake here: it stays on guard"
    )
