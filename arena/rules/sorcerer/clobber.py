"""Getting clobbered by lots of dudes: a defender with no dice still rolls one."""

from __future__ import annotations

from arena.rules.sorcerer.pools import DicePool, Modifier

_SOURCE = "clobbered"


def clobber_bonus(defence_size: int) -> int:
    """Bonus dice that lift a defence pool of 0 or less to 1 die (0 for a pool of 1 or more).

    Args:
        defence_size: the defence pool's size after every modifier; may be negative.

    Returns:
        The bonus each side gets: 1 − size for a size of 0 or less, else 0.
    """
    return 1 - defence_size if defence_size <= 0 else 0


def apply_clobber(defence: DicePool) -> tuple[DicePool, Modifier]:
    """Lift a defence of 0 or less to 1 die and give the attacker as many bonus dice.

    The attacker's performance is already rolled (Step 3), so its bonus is rolled as extra
    dice added to that performance (`TurnOrder.add_performance_dice`).

    Args:
        defence: the defender's pool with every modifier.

    Returns:
        The defence pool (unchanged if it had at least 1 die) and the attacker's bonus
        (zero dice when there is none).
    """
    bonus = clobber_bonus(defence.size)
    return defence.plus(Modifier(_SOURCE, bonus)), Modifier(_SOURCE, bonus)
