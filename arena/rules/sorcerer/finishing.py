"""Step 6, finishing up: is the fight over, and how badly is everyone hurt."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Final, Literal

from arena.rules.fast import quick_init
from arena.rules.kinds import Severity as Severity
from arena.rules.sorcerer.options import DEFAULT_OPTIONS, SorcererOptions
from arena.rules.sorcerer.wounds import Wounds

Status = Literal["active", "cannot_act", "helpless", "dead", "fled", "banished", "surrendered"]

OUT_OF_FIGHT: Final[frozenset[Status]] = frozenset(
    {"helpless", "dead", "fled", "banished", "surrendered"}
)
"""Statuses of combatants who can no longer act in this fight."""


def fight_over(sides: Mapping[str, Sequence[Status]]) -> bool:
    """Whether a side has nobody left able to act: helpless, dead, fled, banished, surrendered."""
    # Loops, not generators: a generator is a call each time it resumes, every round.
    for statuses in sides.values():
        for s in statuses:
            if s not in OUT_OF_FIGHT:
                break
        else:
            return True
    return False


def severity(lasting: int, stamina: int) -> Severity:
    """L ≤ S banged up; S < L ≤ 2S hospital; L > 2S mortal injuries."""
    if lasting <= stamina:
        return "banged_up"
    return "hospital" if lasting <= 2 * stamina else "mortal"


@quick_init
@dataclass(frozen=True, slots=True)
class Aftermath:
    """A character's damage once the fight is over."""

    lasting_before: int
    lasting_after: int
    method: Literal["halved", "vitality"]
    """How lasting damage was reduced."""
    severity: Severity


def _halve(lasting: int, options: SorcererOptions) -> int:
    """Half the lasting damage remains, rounded up or down as the option says."""
    return -(-lasting // 2) if options.halve_rounding == "up" else lasting // 2


def finish(
    wounds: Wounds,
    stamina: int,
    *,
    vitality_power: int | None = None,
    options: SorcererOptions = DEFAULT_OPTIONS,
) -> Aftermath:
    """Clear temporary damage, reduce lasting damage, and classify what remains.

    Args:
        wounds: the character's damage at the end of the fight.
        stamina: S.
        vitality_power: the Power of its demon's Vitality, or None without one.
        options: ``halve_rounding``, and ``vitality``: ``instead`` of halving, or the ``best``
            of the two.
    """
    halved = _halve(wounds.lasting, options)
    after = halved
    method: Literal["halved", "vitality"] = "halved"
    if vitality_power is not None:
        vital = max(0, wounds.lasting - vitality_power)
        if options.vitality == "instead" or vital < halved:
            after, method = vital, "vitality"
    return Aftermath(wounds.lasting, after, method, severity(after, stamina))
