"""In-fight state from damage: normal, cannot act, helpless, dead (Big raises every threshold)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from arena.rules.fast import quick_init
from arena.rules.sorcerer.options import DEFAULT_OPTIONS, SorcererOptions
from arena.rules.sorcerer.wounds import Wounds

FightState = Literal["normal", "cannot_act", "helpless", "dead"]


@quick_init
@dataclass(frozen=True, slots=True)
class Thresholds:
    """The damage at which a combatant's state changes."""

    cannot_act_at: int
    """P at or above this: cannot act except by pushing through (S by default)."""
    helpless_above: int
    """P above this: helpless, out of the fight (2S by default)."""
    dead_above: int
    """Lasting damage above this: dead (4S by default)."""


def thresholds(
    stamina: int, *, big_power: int = 0, options: SorcererOptions = DEFAULT_OPTIONS
) -> Thresholds:
    """The thresholds for a Stamina score, each raised by a Big demon's Power.

    Args:
        stamina: S.
        big_power: the demon's Power if it has Big, else 0.
        options: the multiples of Stamina.
    """
    return Thresholds(
        options.cannot_act_multiple * stamina + big_power,
        options.helpless_multiple * stamina + big_power,
        options.dead_multiple * stamina + big_power,
    )


def fight_state(
    wounds: Wounds, stamina: int, *, big_power: int = 0, options: SorcererOptions = DEFAULT_OPTIONS
) -> FightState:
    """The combatant's state, P being lasting + pending temporary damage.

    Args:
        wounds: its damage.
        stamina: S.
        big_power: the demon's Power if it has Big, else 0.
        options: the multiples of Stamina.

    Returns:
        ``dead`` (lasting > 4S), ``helpless`` (P > 2S), ``cannot_act`` (S ≤ P ≤ 2S; defends
        normally, may push through if a sorcerer) or ``normal``.
    """
    # `thresholds` worked out in place, one at a time: every check of every combatant asks,
    # and most stop at the first.
    if wounds.lasting > options.dead_multiple * stamina + big_power:
        return "dead"
    total = wounds.total
    if total > options.helpless_multiple * stamina + big_power:
        return "helpless"
    if total >= options.cannot_act_multiple * stamina + big_power:
        return "cannot_act"
    return "normal"
