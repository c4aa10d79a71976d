"""Stun: a single heavy blow costs the victim its next action (option ``stun``)."""

from __future__ import annotations

from arena.rules.werewolf.rage import spend_rage


def stunned(levels_taken: int, stamina: int, *, enabled: bool) -> bool:
    """Whether one attack's damage stuns: at least Stamina levels, with the option on [book].

    Args:
        levels_taken: health levels the single attack did after soak.
        stamina: the victim's current Stamina (form included).
        enabled: the ``stun`` option.

    Returns:
        True if the victim loses its next action (unless a Garou spends Rage).
    """
    return enabled and levels_taken > 0 and levels_taken >= stamina


def shake_off_stun(rage_current: int, cost: int, *, gnosis_used: bool = False) -> int:
    """A stunned Garou spends Rage to act anyway; returns the Rage left.

    Args:
        rage_current: the Rage pool.
        cost: the ``stun_rage_cost`` option (1).
        gnosis_used: Gnosis was used this turn (then Rage cannot be spent).

    Raises:
        IllegalCommand: not enough Rage, or Gnosis used this turn.
    """
    return spend_rage(rage_current, cost, gnosis_used=gnosis_used)
