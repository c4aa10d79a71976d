"""Sorcerer contests in expected harm, from the exact odds of `arena.rules.odds`.

What a blow does comes from the fight itself (`SorcererHarm`: the damage chart's row as
numbers); what it costs its victim is the policy's own reckoning. A point of lasting damage
costs a die on every roll to come, so it weighs several times a point of temporary damage,
which costs one.
"""

from __future__ import annotations

from functools import lru_cache
from operator import mul
from typing import Final

from arena.rules.odds import contest_odds, known_contest_odds
from arena.rules.views import ContestSpec, SorcererHarm

CAP: Final = 12
"""Pools are capped for the estimates: beyond a dozen dice the choice no longer changes."""
LASTING: Final = 3
"""Rolls a point of lasting damage is reckoned to cost in a fight [a policy estimate]."""
STOPPED: Final = 3
"""Extra cost of a blow that leaves the victim unable to act (penalty at Stamina or more)."""
OUT: Final = 8
"""Extra cost of a blow that leaves it helpless (penalty past twice its Stamina)."""
Dist = tuple[float, ...]
"""Chances by number of victories."""
Row = tuple[int, ...]
"""A blow's damage by victories (`SorcererHarm.temporary` or `.lasting`)."""


def cost(harm: SorcererHarm, victories: int, penalty: int, stamina: int) -> float:
    """What a hit with this many victories costs a victim with this penalty and Stamina."""
    if victories <= 0:
        return 0.0
    temporary, lasting = harm.at(victories)
    value = float(temporary + LASTING * lasting)
    after = penalty + temporary + lasting
    if after > 2 * stamina:
        value += OUT
    elif after >= stamina:
        value += STOPPED
    return value


def _sizes(first: int, second: int) -> tuple[int, int]:
    return min(max(first, 0), CAP), min(max(second, 0), CAP)


# The lookups below take a blow as its chart's numbers (`SorcererHarm.temporary` and
# `.lasting`): tuples of ints hash without a call, the frozen harm through two, at every weighing.


@lru_cache(maxsize=4096)
def dealt(
    mine: int, theirs: int, temporary: Row, lasting: Row, penalty: int, stamina: int
) -> float:
    """Expected harm my `mine` dice do with a blow against `theirs` dice of defence."""
    if mine <= 0:
        return 0.0
    odds = contest_odds(*_sizes(mine, theirs))
    return _expected(temporary, lasting, odds.first_victories, penalty, stamina)


@lru_cache(maxsize=4096)
def taken(
    mine: int, theirs: int, temporary: Row, lasting: Row, penalty: int, stamina: int
) -> float:
    """Expected harm `theirs` dice of attack do to me through `mine` dice of defence."""
    odds = contest_odds(*_sizes(max(mine, 1), theirs))
    return _expected(temporary, lasting, odds.second_victories, penalty, stamina)


def expected(harm: SorcererHarm, theirs: Dist, penalty: int, stamina: int) -> float:
    """Expected harm of a blow whose victories fall as `theirs`."""
    return _expected(harm.temporary, harm.lasting, theirs, penalty, stamina)


def _expected(temporary: Row, lasting: Row, theirs: Dist, penalty: int, stamina: int) -> float:
    # Each product made by `mul` and summed in the same order: the same float, with no Python
    # step a term (the costs are as many as the chances).
    costs = costs_by_victories(temporary, lasting, len(theirs), penalty, stamina)
    found: float = sum(map(mul, theirs, costs))
    return found


@lru_cache(maxsize=4096)
def costs_by_victories(
    temporary: Row, lasting: Row, count: int, penalty: int, stamina: int
) -> tuple[float, ...]:
    """`cost` at 0, 1, ... `count` - 1 victories: a victim's reckoning, worked out once."""
    harm = SorcererHarm("", temporary, lasting)  # `cost` reads only the numbers
    return tuple([cost(harm, v, penalty, stamina) for v in range(count)])


@lru_cache(maxsize=4096)
def hurt_by_victories(temporary: Row, lasting: Row, count: int) -> tuple[int, ...]:
    """A blow's damage at 0, 1, ... `count` - 1 victories: temporary and lasting together.

    What it adds to its victim's penalty, worked out once for its table.
    """
    harm = SorcererHarm("", temporary, lasting)  # `at` reads only the numbers
    return tuple([sum(harm.at(v)) for v in range(count)])


@lru_cache(maxsize=512)
def gain(mine: int, theirs: int) -> float:
    """Expected victories of `mine` dice against `theirs` (0 for a loss or a tie)."""
    if mine <= 0:
        return 0.0
    odds = contest_odds(*_sizes(mine, theirs))
    return sum(v * p for v, p in enumerate(odds.first_victories))


@lru_cache(maxsize=512)
def chance(mine: int, theirs: int) -> float:
    """Probability that `mine` dice beat `theirs`."""
    if mine <= 0:
        return 0.0
    return contest_odds(*_sizes(mine, theirs)).p_first


def outcomes(spec: ContestSpec) -> tuple[Dist, Dist]:
    """(my victories, theirs) for a roll as the fight describes it, known faces and all.

    Against faces already rolled the count is exact and conditional, as the odds shown for the
    choice are; otherwise it is the fresh contest, capped at `CAP` dice a side.
    """
    if spec.known is not None:
        odds = known_contest_odds(spec.own, spec.known, spec.extra, reroll_ties=spec.reroll_ties)
    else:
        odds = contest_odds(min(max(spec.own, 1), CAP), min(max(spec.opposing, 0), CAP))
    return odds.first_victories, odds.second_victories
