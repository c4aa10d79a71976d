"""Exact odds of Storyteller rolls, damage and soak rolls, and Sorcerer contests."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import pairwise, repeat
from math import comb
from operator import truediv
from typing import Final

import icepool

from arena.rules.contest_counts import COUNTS
from arena.rules.dice import Tens
from arena.rules.fast import quick_init

REROLL_DEPTH: Final = 6
"""How many times in a row a 10 is rerolled in the open-ended odds.

The real roll rerolls without end, so exact odds must stop somewhere: the seventh 10 in a row
counts as a success without another die. That moves a mass of 10**-7 per die, far below the
0.1% that any display shows.
"""

POOL_MAX: Final = 30
"""The most dice an odds question may name, in the command line and the UI alike."""
DIFFICULTY_MIN: Final = 2
DIFFICULTY_MAX: Final = 15
"""A Storyteller difficulty's bounds for an odds question (above 10 asks for more successes)."""


@quick_init
@dataclass(frozen=True, slots=True)
class StorytellerOdds:
    """The exact distribution of net successes of one Storyteller roll."""

    pool: int
    """Dice rolled (never below 0)."""
    difficulty: int
    """The difficulty as stated, before clamping to 2-10."""
    automatic: int
    """Automatic successes added (Willpower)."""
    open_ended: bool
    """A damage or soak roll: 1s do not cancel, no botch."""
    tens: Tens
    """What a 10 did: nothing more, count twice, or add a die (see `dice.Tens`)."""
    p_botch: float
    """Probability of a botch: a 1, no success and no automatic success."""
    p_failure: float
    """Probability of no net success without a botch."""
    p_success: float
    """Probability of at least one net success."""
    exactly: tuple[float, ...]
    """`exactly[k]` is the probability of exactly k net successes."""
    at_least: tuple[float, ...]
    """`at_least[k]` is the probability of k or more net successes."""
    expected: float
    """Expected net successes."""


@quick_init
@dataclass(frozen=True, slots=True)
class ContestOdds:
    """The exact outcome distribution of a Sorcerer contest."""

    first: int
    """The first side's dice."""
    second: int
    """The second side's dice."""
    p_first: float
    """Probability that the first side wins."""
    p_second: float
    """Probability that the second side wins."""
    p_tie: float
    """Probability of a complete tie."""
    first_victories: tuple[float, ...]
    """`first_victories[v]` is the probability that the first side wins with v victories."""
    second_victories: tuple[float, ...]
    """`second_victories[v]` is the probability that the second side wins with v victories."""


_BINOMIALS: list[tuple[int, ...]] = []
"""Rows of Pascal's triangle, grown on demand: the counts below read ``n choose k`` as
``C[n][k]``, an index rather than a call, in loops a defence's odds run thousands of times."""


def _pascal(n: int) -> list[tuple[int, ...]]:
    """Pascal's triangle to row `n` at least: ``_pascal(n)[n][k]`` is ``comb(n, k)``."""
    while len(_BINOMIALS) <= n:
        m = len(_BINOMIALS)
        _BINOMIALS.append(tuple(comb(m, k) for k in range(m + 1)))
    return _BINOMIALS


def _row(n: int) -> tuple[int, ...]:
    """Row `n` of Pascal's triangle (a subscript when it is already grown)."""
    try:
        return _BINOMIALS[n]
    except IndexError:
        return _pascal(n)[n]


def _target(difficulty: int) -> tuple[int, int]:
    """Return (effective difficulty 2-10, extra successes required above 10), as dice.py does."""
    return max(2, min(10, difficulty)), max(0, difficulty - 10)


def _distribution(weights: dict[int, int], denominator: int, top: int = 0) -> tuple[float, ...]:
    """Turn counts of outcomes 0..max into probabilities (int division rounds correctly)."""
    top = max(top, *weights) if weights else top
    return tuple(weights.get(k, 0) / denominator for k in range(top + 1))


def _tails(weights: dict[int, int], denominator: int) -> tuple[float, ...]:
    """Turn counts of outcomes 0..max into probabilities of that outcome or more."""
    tails: list[float] = []
    total = 0
    for k in range(max(weights, default=0), -1, -1):
        total += weights.get(k, 0)
        tails.append(total / denominator)
    return tuple(reversed(tails))


def _make_storyteller(
    pool: int,
    difficulty: int,
    automatic: int,
    net: dict[int, int],
    botch: int,
    denominator: int,
    *,
    open_ended: bool,
    tens: Tens,
) -> StorytellerOdds:
    """Build the frozen odds from exact counts of net successes and of botches."""
    zero = net.get(0, 0)
    return StorytellerOdds(
        pool=pool,
        difficulty=difficulty,
        automatic=automatic,
        open_ended=open_ended,
        tens=tens,
        p_botch=botch / denominator,
        p_failure=(zero - botch) / denominator,
        p_success=(denominator - zero) / denominator,
        exactly=_distribution(net, denominator),
        at_least=_tails(net, denominator),
        expected=sum(k * count for k, count in net.items()) / denominator,
    )


def _chain(target: int) -> icepool.Die:
    """The successes of the die a 10 adds, and of every die its own 10s add in turn.

    The real chain never ends, so it stops `REROLL_DEPTH` dice deep: the seventh 10 in a row
    (the pool's own 10 first) counts as a success without another die.
    """
    plain = [int(face >= target) for face in range(1, 10)]
    die = icepool.Die([0])
    # Build from the innermost reroll outwards: a 10 is a success plus one more such die.
    # Each element of the list weighs one face in ten, the nested die included.
    for _ in range(REROLL_DEPTH):
        die = icepool.Die([*plain, 1 + die])
    return die


@lru_cache(maxsize=1024)
def storyteller_odds(
    pool: int, difficulty: int, *, automatic: int = 0, tens: Tens = "off"
) -> StorytellerOdds:
    """Exact odds of a Storyteller roll: successes, each 1 cancels one, botch.

    Args:
        pool: dice rolled; below 0 counts as 0, as when rolling.
        difficulty: the target number; above 10 counts as 10 plus one required success a point.
        automatic: automatic successes, such as 1 for spent Willpower (no botch then).
        tens: what a 10 does (a specialty): ``off`` nothing more, ``double`` a second success,
            ``reroll`` a die added, whose successes count and whose 1s do not (the added dice
            are followed `REROLL_DEPTH` deep).

    Returns:
        The distribution of net successes, scored exactly as `dice.score_tens` does.
    """
    pool = max(0, pool)
    target, required = _target(difficulty)
    own, botch, denominator = _own_counts(pool, target)
    if tens == "reroll":
        kept, scale = _with_rerolls(own, pool, target)
        botch, denominator = botch * scale, denominator * scale
    else:
        kept = defaultdict(int)
        for (own_kept, tens_shown), count in own.items():
            kept[own_kept + (tens_shown if tens == "double" else 0)] += count
    net: dict[int, int] = defaultdict(int)
    for successes, count in kept.items():
        net[max(0, successes - required + automatic)] += count
    return _make_storyteller(
        pool,
        difficulty,
        automatic,
        net,
        0 if automatic else botch,
        denominator,
        open_ended=False,
        tens=tens,
    )


def _own_counts(pool: int, target: int) -> tuple[dict[tuple[int, int], int], int, int]:
    """The pool's own dice, counted by (successes kept once 1s cancel, 10s shown).

    Also the count of botches (a 1 and no success) and the denominator of both, 10^pool.
    Counted as a multinomial over the four kinds of face (a 1, a blank, a plain success, a
    10): a few thousand terms for 30 dice, where a joint die of vectors took seconds.
    """
    blank, plain = target - 2, 10 - target  # faces 2 to target-1; target to 9
    C = _pascal(pool)
    counts: dict[tuple[int, int], int] = defaultdict(int)
    botch = 0
    for ones in range(pool + 1):
        for tens in range(pool - ones + 1):
            rest = pool - ones - tens
            ways = C[pool][ones] * C[pool - ones][tens]
            for hits in range(rest + 1):
                count = ways * C[rest][hits] * plain**hits * blank ** (rest - hits)
                if count:
                    successes = hits + tens
                    counts[(successes - min(ones, successes), tens)] += count
                    botch += count if ones and not successes else 0
    return counts, botch, 10**pool


def _with_rerolls(
    own: dict[tuple[int, int], int], pool: int, target: int
) -> tuple[dict[int, int], int]:
    """Successes kept when each 10 adds a die, from counts by (kept, tens), and a factor.

    The factor is the added dice's common denominator: every count of the pool's own dice
    takes it on. What the added dice bring depends on the number of tens alone, so it is
    worked out once per number of tens: the same exact counts as one joint die holding the
    chains, which took seconds from 15 dice up.
    """
    chain = _chain(target)
    top = int(chain.denominator()) ** pool  # a multiple of every number of tens' denominator
    added: dict[int, tuple[tuple[int, int], ...]] = {}
    kept: dict[int, int] = defaultdict(int)
    for (own_kept, tens), count in own.items():
        if tens not in added:
            die = tens @ chain if tens else icepool.Die([0])
            scale = top // int(die.denominator())
            added[tens] = tuple((int(more), int(q) * scale) for more, q in die.items())
        for more, quantity in added[tens]:
            kept[own_kept + more] += count * quantity
    return kept, top


@lru_cache(maxsize=1024)
def open_odds(pool: int, difficulty: int = 6, *, tens: Tens = "reroll") -> StorytellerOdds:
    """Exact odds of a damage or soak roll: 1s do not cancel, no botch.

    Args:
        pool: dice rolled; below 0 counts as 0, as when rolling.
        difficulty: the target number, 6 unless an option says otherwise.
        tens: ``reroll`` (the seed: a 10 adds a die, followed `REROLL_DEPTH` deep), ``off``
            (house rule ``damage_tens: plain``: a 10 is one success), or ``double``.

    Returns:
        The distribution of successes.
    """
    pool = max(0, pool)
    target, required = _target(difficulty)
    plain = [int(face >= target) for face in range(1, 10)]
    ten: int | icepool.Die = {"off": 1, "double": 2}.get(tens, 0)
    if tens == "reroll":
        ten = 1 + _chain(target)
    die = icepool.Die([*plain, ten])
    total = pool @ die if pool else icepool.Die([0])
    net: dict[int, int] = defaultdict(int)
    for outcome, quantity in total.items():
        net[max(0, int(outcome) - required)] += int(quantity)
    return _make_storyteller(
        pool, difficulty, 0, net, 0, int(total.denominator()), open_ended=True, tens=tens
    )


@lru_cache(maxsize=4096)
def _victory_counts(below: int, winner: int, loser: int) -> tuple[int, ...]:
    """Count the ways the dice under the first differing pair give each number of victories.

    Args:
        below: the highest face the remaining dice may show (the differing face minus 1).
        winner: the winner's remaining dice under the differing face.
        loser: the loser's remaining dice, all under the differing face.

    Returns:
        Entry x counts the face assignments in which exactly x of the winner's remaining dice
        beat the loser's highest remaining die (0 when the loser has none left).
    """
    counts = [0] * (winner + 1)
    if not loser:  # no dice left: the best counts as 0, so every one of the winner's beats it
        counts[winner] = below**winner
        return tuple(counts)
    # The loser's best is `high` in ``high**loser - (high - 1)**loser`` ways; x of the winner's
    # dice above it and the rest at most it, in ``comb(winner, x)`` orders (applied last).
    for high, terms in enumerate(_victory_terms(below, winner), start=1):
        ways_high = high**loser - (high - 1) ** loser
        for x, term in enumerate(terms):
            counts[x] += ways_high * term
    return tuple([orders * count for orders, count in zip(_row(winner), counts, strict=True)])


@lru_cache(maxsize=512)
def _victory_terms(below: int, winner: int) -> tuple[tuple[int, ...], ...]:
    """For each best of the loser, 1 to `below`: the ways x of the winner's dice are above it.

    Entry ``[high - 1][x]`` is ``(below - high)**x * high**(winner - x)``, one order of them:
    the same for any number of the loser's dice.
    """
    return tuple(
        tuple([(below - high) ** x * high ** (winner - x) for x in range(winner + 1)])
        for high in range(1, below + 1)
    )


def _contest_counts(first: int, second: int) -> dict[int, int]:
    """Count every face assignment by its signed result: +v first wins, -v second, 0 tie."""
    gap = first - second  # tied pairs leave both sides, so the gap never changes while tied
    tied: dict[int, int] = {first: 1}
    # The counts by result, packed in one int: result v in the `width` bits from (v + second)
    # * `width`, wide enough for any count (there are 10**(first + second) assignments in all;
    # whole words, so contests of about the same size share their packed victories). A
    # decided contest then adds all its victories' counts with one product and one sum.
    width = -(-(10 ** (first + second)).bit_length() // 64) * 64
    mask = (1 << width) - 1
    # The victories' counts, by where they go among the results: summed over every face
    # first, then each put in its place once (a shift of the whole is the costly part).
    wins = [0] * (first + second + 1)  # by b - a + first: the first side's lead less gap
    losses = [0] * (first + 1)  # by b, the first side's dice left
    C = _pascal(max(first, second))
    for face in range(10, 0, -1):
        after: dict[int, int] = defaultdict(int)
        # The ways the contest is decided at this face, by the dice each side has left below
        # it (the lead follows from them): many tied counts reach the same dice below, whose
        # victories are then counted once. Packed as the results are: `won[a]` holds in its
        # b-th `width` bits the ways the first side won with `a` of its dice left and `b` of
        # the second's; `lost[b]` in its a-th the ways the second side won with `a` of its own
        # left and `b` of the first's. A tied count adds all its ways for one i at once.
        won = [0] * (first + 1)
        lost = [0] * (first + 1)
        for n, weight in tied.items():
            m = n - gap
            if face == 1:  # every remaining die shows 1: the side with more of them wins
                if n == m:
                    after[0] += weight
                elif n > m:
                    won[0] += weight
                else:
                    lost[0] += weight
                continue
            ours = C[n]
            # Above face 1 any number of each side's dice may show the face: i of the first
            # side's, j of the second's; the side with more wins here, equal numbers stay tied.
            for i in range(n + 1):
                mine = weight * ours[i]
                if i:  # j < i, each in the (m - j)-th bits
                    won[n - i] += mine * _packed_row(m, 0, i if i <= m else m + 1, width)
                if i <= m:
                    after[n - i] += mine * C[m][i]
                    if i < m:  # j > i
                        lost[n - i] += mine * _packed_row(m, i + 1, m + 1, width)
        below = face - 1
        for a, packed in enumerate(won):
            b = 0
            while packed:
                ways = packed & mask
                if ways:  # lead i - j = gap - a + b, and x victories more below: slot + x
                    wins[b - a + first] += ways * _packed_victories(below, a, b, width, False)
                packed >>= width
                b += 1
        for b, packed in enumerate(lost):
            a = 0
            while packed:
                ways = packed & mask
                if ways:  # lead i - j = gap - b + a (below 0), and x more: slot - x
                    losses[b] += ways * _packed_victories(below, a, b, width, True)
                packed >>= width
                a += 1
        tied = after
    results = sum(tied.values()) << second * width
    for d, count in enumerate(wins):
        if count:
            results += count << (gap + d - first + second) * width
    for b, count in enumerate(losses):
        if count:
            results += count << (gap - b + second) * width
    counts = {}
    for v in range(-second, first + 1):
        count = results >> (v + second) * width & mask
        if count:
            counts[v] = count
    return counts


@lru_cache(maxsize=4096)
def _packed_row(m: int, low: int, high: int, width: int) -> int:
    """``comb(m, j)`` for `low` <= j < `high`, each in the (m - j)-th `width` bits of one int."""
    row = _row(m)
    packed = 0
    for j in range(low, high):
        packed |= row[j] << (m - j) * width
    return packed


@lru_cache(maxsize=8192)
def _packed_victories(below: int, winner: int, loser: int, width: int, down: bool) -> int:
    """`_victory_counts` packed in one int, entry x in the `width` bits from x * `width`.

    `down` packs them the other way, entry x from (`winner` - x) * `width`: the second side's
    victories count down from its slot.
    """
    counts = _victory_counts(below, winner, loser)
    packed = 0
    for x, count in enumerate(counts):
        packed |= count << (winner - x if down else x) * width
    return packed


@lru_cache(maxsize=1024)
def contest_odds(first: int, second: int) -> ContestOdds:
    """Exact odds of a Sorcerer contest of `first` dice against `second` dice.

    The count runs over faces from 10 down: while both sides show the same number of a face the
    pairs are set aside; the first face where the numbers differ decides the winner, and the
    dice below it decide the victories (see `dice.resolve_contest`). Every count is an exact int.

    Args:
        first: the first side's dice; below 0 counts as 0.
        second: the second side's dice; below 0 counts as 0.

    Returns:
        Who wins how often, and the distribution of each side's victories.
    """
    first, second = max(0, first), max(0, second)
    if first < second:  # the same contest seen from the other side: counted once for both
        return _mirrored(contest_odds(second, first))
    # Pools the AI weighs were counted ahead; a larger one is counted here, once per process.
    row = COUNTS.get((first, second))
    if row is None:
        counts = _contest_counts(first, second)
    else:
        counts = {v - second: count for v, count in enumerate(row) if count}
    denominator = 10 ** (first + second)
    first_wins = {v: c for v, c in counts.items() if v > 0}
    second_wins = {-v: c for v, c in counts.items() if v < 0}
    return ContestOdds(
        first=first,
        second=second,
        p_first=sum(first_wins.values()) / denominator,
        p_second=sum(second_wins.values()) / denominator,
        p_tie=counts.get(0, 0) / denominator,
        first_victories=_distribution(first_wins, denominator, first),
        second_victories=_distribution(second_wins, denominator, second),
    )


def _mirrored(odds: ContestOdds) -> ContestOdds:
    """The same contest with its sides swapped: the same exact counts, so the same odds."""
    return ContestOdds(
        first=odds.second,
        second=odds.first,
        p_first=odds.p_second,
        p_second=odds.p_first,
        p_tie=odds.p_tie,
        first_victories=odds.second_victories,
        second_victories=odds.first_victories,
    )


KNOWN_CAP: Final = 30
"""Fresh dice beyond this many are counted as this many against faces already rolled."""


@lru_cache(maxsize=4096)
def known_contest_odds(
    dice: int, faces: tuple[int, ...], extra: int = 0, *, reroll_ties: bool = False
) -> ContestOdds:
    """Exact odds of `dice` fresh dice (first) against faces already rolled plus `extra` dice.

    A defence against an attack whose performance is on the table: the defender's dice are
    fresh, the attacker's Step 3 faces are known, and the attacker may still add dice not yet
    rolled (the bonus a clobbered defender hands it). This one count serves every chance a
    defence shows or weighs; without known faces it is the fresh contest `dice` against
    `extra`. The count runs over faces from 10 down, as `contest_odds` does.

    Args:
        dice: the fresh dice; below 0 counts as 0, above `KNOWN_CAP` as `KNOWN_CAP`.
        faces: the faces already rolled, in any order.
        extra: the other side's dice still to roll; below 0 counts as 0, capped as `dice` is.
        reroll_ties: a complete tie is rerolled, both sides afresh, until someone wins (the
            option ``tie: reroll``); the odds then hold no tie.

    Returns:
        Who wins how often, and each side's victories (`first_victories` for the fresh dice,
        `second_victories` for the known faces and the extra dice together).
    """
    # Kept whole, by the faces as given: a defence's come sorted already, so each asker after
    # the first finds the odds without sorting them again. Kept only here: the count itself
    # would be asked again only for the same faces in another order, which no defence gives.
    fresh, more = _capped(dice), _capped(extra)
    odds = _known_odds(fresh, tuple(sorted(faces, reverse=True)), more)
    if not reroll_ties or not odds.p_tie:
        return odds
    return _rerolled(odds, contest_odds(fresh, min(len(faces) + more, KNOWN_CAP)))


def _capped(dice: int) -> int:
    """Dice for the known odds: none below 0, `KNOWN_CAP` at most."""
    return 0 if dice < 0 else dice if dice < KNOWN_CAP else KNOWN_CAP


def _rerolled(odds: ContestOdds, again: ContestOdds) -> ContestOdds:
    """`odds` with its complete ties settled by the fresh contest `again`, rerolled until won.

    A reroll is won by each side in proportion to its chance in `again` without ties.
    """
    decided = again.p_first + again.p_second
    if not decided:
        return odds  # two empty pools never settle
    share = odds.p_tie / decided

    def add(mine: tuple[float, ...], more: tuple[float, ...]) -> tuple[float, ...]:
        size = max(len(mine), len(more))
        padded = [(mine[v] if v < len(mine) else 0.0) for v in range(size)]
        return tuple(p + (share * more[v] if v < len(more) else 0.0) for v, p in enumerate(padded))

    return ContestOdds(
        first=odds.first,
        second=odds.second,
        p_first=odds.p_first + share * again.p_first,
        p_second=odds.p_second + share * again.p_second,
        p_tie=0.0,
        first_victories=add(odds.first_victories, again.first_victories),
        second_victories=add(odds.second_victories, again.second_victories),
    )


def _known_odds(dice: int, faces: tuple[int, ...], extra: int) -> ContestOdds:
    """The known odds of `dice` fresh dice against `faces` (sorted high to low) and `extra`."""
    if not extra:  # most defences: nothing left for the attacker to roll
        # One die is every sucked-up blow's defence: about half of all those asked.
        return _known_one(faces) if dice == 1 else _known_plain(dice, faces)
    if dice == 1:  # a clobbered defender's one die: every defence with extra dice asked
        return _known_one_more(faces, extra)
    return _known_general(dice, faces, extra)


def _known_one(faces: tuple[int, ...]) -> ContestOdds:
    """`_known_plain` for one fresh die, counted in closed form: the same exact counts.

    The die wins, with its one victory, above the known best; on the best it pairs off with
    one of them and the others all win (a tie when none is left); under it, the known faces
    above the die win: x of them on each face from the x-th face (high to low) up to below
    the one before it, x = all of them under the lowest.
    """
    known = len(faces)
    if not known:  # nothing to beat: every face wins
        return _counted(1, 0, (0, 10), (0,), 0, 10)
    best = faces[0]
    lost = [0, *[high - low for high, low in pairwise(faces)], faces[-1] - 1]
    tie = 0
    if known > 1:
        lost[known - 1] += 1
    else:
        tie = 1
    # Every count is of ten faces: its probability is read from a table of tenths, the very
    # float each division by 10 gives.
    tenths = _TENTHS
    return ContestOdds(
        1,
        known,
        tenths[10 - best],
        tenths[best - tie],  # the faces neither won nor tied on
        tenths[tie],
        (0.0, tenths[10 - best]),
        tuple(map(tenths.__getitem__, lost)),
    )


_TENTHS: Final = tuple([count / 10 for count in range(11)])
"""``_TENTHS[k]`` is ``k / 10``: the probability of k faces of one die, read, not divided."""


def _counted(
    first: int, second: int, won: Sequence[int], lost: Sequence[int], tie: int, total: int
) -> ContestOdds:
    """The odds from exact counts of `total` assignments: each side's wins by victories, ties.

    Built by position (the fields' order) rather than by keyword: a defence's odds are made
    a few times a fight, each one new.
    """
    return ContestOdds(
        first,
        second,
        sum(won) / total,
        sum(lost) / total,
        tie / total,
        # Each count divided by `truediv`, as ``count / total`` divides: no Python step a count.
        tuple(map(truediv, won, repeat(total))),
        tuple(map(truediv, lost, repeat(total))),
    )


def _known_one_more(faces: tuple[int, ...], extra: int) -> ContestOdds:
    """`_known_general` for one fresh die against known faces and `extra` dice still to roll.

    Counted by runs of the one die's faces, in closed form over the extra dice, with the same
    exact counts as the table of tied paths. The die wins, with its one victory, above every
    die of the other side; under their best, the other side wins with each of its dice above
    the one die; on their best, it pairs off with one of them and the others all win (a tie
    when none is left).
    """
    known = len(faces)
    second = known + extra
    top = faces[0] if faces else 0
    row, split = _row(extra), _splits(extra)
    lost = [0] * (second + 1)
    tie = 0
    # The other side's best on the die's face: on the known best every extra die is at most
    # it, above it the extra dice's best is the face; over every face, 10**extra ways.
    if second > 1:
        lost[second - 1] += _POWERS[10][extra]
    else:
        tie = _POWERS[10][extra]
    # From the known best up no known face beats the die: j extra dice above it do (j > 0),
    # and with none above it the die, over the known best, beats every extra die under it.
    start = top - 1 if top else 0
    for j in range(1, extra + 1):
        lost[j] += row[j] * (split[j][10] - split[j][start])
    won = split[0][9] - split[0][start]
    # Under the known best, x known faces beat the die on each face from the x-th (high to
    # low) up to below the one before it, all of them under the lowest: a run at a time.
    for x, (high, low) in enumerate(pairwise((*faces, 1)), start=1):
        if low < high:
            for j in range(extra + 1):
                lost[x + j] += row[j] * (split[j][high - 1] - split[j][low - 1])
    return _counted(1, second, (0, won), lost, tie, 10 ** (1 + extra))


@lru_cache(maxsize=KNOWN_CAP + 1)
def _splits(extra: int) -> tuple[tuple[int, ...], ...]:
    """For j of `extra` dice: ``[j][f]`` sums ``(10 - g)**j * g**(extra - j)`` for g from 1 to f.

    The ways j of the extra dice are above a die on g and the others at most it (one order),
    summed over the die's faces up to f: a run of faces is one subtraction.
    """
    out = []
    for j in range(extra + 1):
        sums = [0]
        for g in range(1, 11):
            sums.append(sums[-1] + (10 - g) ** j * g ** (extra - j))
        out.append(tuple(sums))
    return tuple(out)


def _known_plain(dice: int, faces: tuple[int, ...]) -> ContestOdds:
    """`_known_general` with no extra dice, counted along the one tied path there is.

    With the other side's faces all known, a tie down to a face leaves the fresh side exactly
    its dice less the known faces above: one path, not a table of them. It is walked from one
    known face to the next (faces no known die shows are counted together, in closed form),
    adding the fresh side's wins (more of its dice on a face than the known side shows, or
    any above the known side's best) and its losses (fewer), with the same exact counts, so
    the same odds, as the general count.
    """
    known = len(faces)
    won, lost = [0] * (dice + 1), [0] * (known + 1)
    powers, C = _POWERS, _pascal(dice)
    left, weight, tie = dice, 1, 0
    high = 10  # the fresh dice left on the tied path are each 1 to `high`
    at = 0
    while at < known:
        face = faces[at]
        k = 1
        while at + k < known and faces[at + k] == face:
            k += 1
        at += k
        lower = faces[at:]  # sorted high to low: those under this face
        row = C[left]
        if high > face:
            # Faces above this one that no known die shows: the fresh side wins as soon as
            # any of its dice beats `face`, with each such die a victory (telescoped over
            # those faces: ``s`` dice above `face` in ``(high - face)**s`` ways).
            above, under = powers[high - face], powers[face]
            for s in range(1, left + 1):
                won[s] += weight * row[s] * under[left - s] * above[s]
        if left > k:  # more of the fresh dice on this face: the fresh side wins here
            # The fresh side wins with ``s - k`` victories when `s` of its dice beat the known
            # side's best below (`best`), more than `k` of them on the face itself: ``C(left,
            # s)`` ways to pick them, ``best**(left - s)`` for the others, and for the `s`
            # (each on the face or between it and `best`, ``over`` values) all ``(over + 1)**s``
            # ways less those with at most `k` on the face. In closed form, not die by die.
            best = lower[0] if lower else 0
            over = face - 1 - best
            every, under, between = powers[over + 1], powers[best], powers[over]
            if k == 1:  # most known faces show once: ``C(s, 0)`` and ``C(s, 1)`` in place
                for s in range(2, left + 1):
                    ways = every[s] - between[s] - s * between[s - 1]
                    won[s - 1] += weight * row[s] * under[left - s] * ways
            else:
                for s in range(k + 1, left + 1):
                    ways = every[s]
                    pick = C[s]
                    for i in range(k + 1):
                        ways -= pick[i] * between[s - i]
                    won[s - k] += weight * row[s] * under[left - s] * ways
        for i in range(k if k <= left else left + 1):  # fewer: the known side wins here
            _add_known_plain_win(lost, k - i, weight * row[i], face, left - i, lower)
        if k > left:  # no way to match the known faces: nothing stays tied
            break
        weight *= row[k]
        left -= k
        high = face - 1
    else:
        # Past the last known face: any fresh die left wins, each a victory; none, a tie.
        if left:
            won[left] += weight * powers[high][left]
        else:
            tie = weight
    total = 10**dice
    return _counted(dice, known, won, lost, tie, total)


def _add_known_plain_win(
    lost: list[int], lead: int, ways: int, face: int, rest: int, lower: tuple[int, ...]
) -> None:
    """Add the known side's win at `face` by `lead` dice, in `ways` ways, to its victories.

    `_known_win` with no extra dice: the known faces `lower` against `rest` fresh dice, all
    under `face`; each way of them that leaves exactly x of `lower` above their best (all of
    them when there are no fresh dice) is a win with ``lead + x`` victories.
    """
    if not rest:
        lost[lead + len(lower)] += ways
        return
    # The fresh side's best is `high` in ``high**rest - (high - 1)**rest`` ways: over a run of
    # bests with the same faces above them the ways add up to ``top**rest - (bottom - 1)**rest``.
    # The run with exactly x faces above: from the x-th face (high to low) up to below the one
    # before it (or the face itself); the last run, under every face, starts at 1.
    top, powers = face - 1, _POWERS
    for x, bottom in enumerate(lower, start=lead):
        if bottom <= top:
            lost[x] += ways * (powers[top][rest] - powers[bottom - 1][rest])
        top = bottom - 1
    if top >= 1:
        lost[lead + len(lower)] += ways * powers[top][rest]


def _known_general(dice: int, faces: tuple[int, ...], extra: int) -> ContestOdds:
    """The known odds by a table of tied paths: the fresh dice left and the extra dice left."""
    shown = [0] * 11
    for face in faces:
        shown[face] += 1
    # Victories by count, as lists: each side wins with at most all its own dice.
    known = len(faces)
    second = known + extra
    won, lost = [0] * (dice + 1), [0] * (second + 1)
    # Tied paths by (fresh dice left, extra dice left), each at or below the current face.
    tied: dict[tuple[int, int], int] = {(dice, extra): 1}
    C = _pascal(max(dice, extra))
    below = known
    for face in range(10, 0, -1):
        below -= shown[face]
        lower = faces[known - below :]  # sorted high to low: those under this face
        after: dict[tuple[int, int], int] = defaultdict(int)
        for (left, more), weight in tied.items():
            # On face 1 every die left shows 1; above it, any number may show the face.
            mine, others = C[left], C[more]
            for i in range(left if face == 1 else 0, left + 1):
                for j in range(more if face == 1 else 0, more + 1):
                    ways = weight * mine[i] * others[j]
                    theirs = shown[face] + j
                    if i == theirs:
                        after[(left - i, more - j)] += ways
                    elif i > theirs:
                        lead = i - theirs
                        for x, count in enumerate(_fresh_win(face, left - i, lower, more - j)):
                            if count:
                                won[lead + x] += ways * count
                    else:
                        lead = theirs - i
                        for x, count in enumerate(_known_win(face, left - i, lower, more - j)):
                            if count:
                                lost[lead + x] += ways * count
        tied = after
    total = 10 ** (dice + extra)
    return _counted(dice, second, won, lost, sum(tied.values()), total)


@lru_cache(maxsize=4096)
def _fresh_win(face: int, rest: int, lower: tuple[int, ...], more: int) -> tuple[int, ...]:
    """Ways by victories below `face` when the fresh side wins at `face`.

    Its `rest` dice under the face count where they beat the other side's best remaining
    die: the highest of its known faces `lower` and of its `more` extra dice under the face.
    Kept: the same tail recurs in many defences' odds.
    """
    best = lower[0] if lower else 0
    row, powers = _row(rest), _POWERS
    out = [0] * (rest + 1)
    for high in range(best, face) if more else (best,):
        # The other side's best is `high`: every extra die at most `high`, one on it if above.
        mine, over = powers[high], powers[face - 1 - high]
        ways = mine[more] - powers[high - 1][more] if more and high > best else mine[more]
        for x in range(rest + 1):
            out[x] += ways * row[x] * over[x] * mine[rest - x]
    return tuple(out)


@lru_cache(maxsize=4096)
def _known_win(face: int, rest: int, lower: tuple[int, ...], more: int) -> tuple[int, ...]:
    """Ways by victories below `face` when the side with known faces wins at `face`.

    Its known faces `lower` and its `more` extra dice under the face count where they beat
    the fresh side's best remaining die (0 when it has none left). Kept, as `_fresh_win`.
    """
    out = [0] * (len(lower) + more + 1)
    if not rest:  # every known face and extra die beats the fresh side's none
        out[-1] = (face - 1) ** more
        return tuple(out)
    row, powers = _row(more), _POWERS
    above = len(lower)
    for high in range(1, face):
        while above and lower[above - 1] <= high:  # high to low: the lowest drop out first
            above -= 1
        mine, under = powers[high], powers[face - 1 - high]
        ways = mine[rest] - powers[high - 1][rest]
        for x in range(more + 1):
            out[above + x] += ways * row[x] * under[x] * mine[more - x]
    return tuple(out)


_POWERS: Final = tuple([tuple([base**e for e in range(KNOWN_CAP + 1)]) for base in range(11)])
"""``_POWERS[b][e]`` is ``b**e`` for a face value b and a number of dice e, read, not raised."""


CONTEST_CAP = 30
"""Contest odds are exact up to this many dice a side; larger pools are shown at the cap."""


def contest_chances(own: int, opposing: int) -> tuple[float, float, float]:
    """(win, lose, complete tie) of a fresh contest, capped at `CONTEST_CAP` dice a side."""
    odds = contest_odds(min(own, CONTEST_CAP), min(max(opposing, 0), CONTEST_CAP))
    return odds.p_first, odds.p_second, odds.p_tie
