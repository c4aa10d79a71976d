"""The expert level, ``ai:<policy>/expert``: short rollouts of each sensible choice, best kept.

The AI layer sees one view and cannot look into a fight, so the engine plays this level. At a
decision with more than one sensible choice (what the policy picks at each level, and every
choice of a short menu), each candidate is applied to copies of the fight that then play on
with the tactical policies for a few rounds; the candidate whose copies end best for the
actor's side is chosen. Every candidate meets the same dice (common random numbers), and
the dice come from the fight's seed and its number of commands, so the same fight makes the
same choice in any process, on any machine.
"""

from __future__ import annotations

import dataclasses
import math
import random
from typing import TYPE_CHECKING, Final

from arena.ai import choose_with_reason
from arena.content.scenario import ScenarioDef
from arena.rules.commands import Command
from arena.rules.views import CombatantView, Decision, FightView

if TYPE_CHECKING:
    from arena.engine.fight import Fight

LEVEL: Final = "/expert"
DEFAULT_BUDGET_MS: Final = 100
"""The default time budget of one expert decision (``--ai-budget``)."""
MAX_BUDGET_MS: Final = 60_000
"""The most look-ahead one expert decision may be given."""
MS_PER_ROLLOUT: Final = 4
"""The budget buys one rollout per this many milliseconds: a fixed count, never a clock, so
the choice does not depend on the machine's speed or load."""
HORIZON: Final = 2
"""Rounds (turns) a rollout plays beyond the current one before its position is scored."""
CONFIDENCE: Final = 1.0
"""Standard errors by which another choice must beat the policy's own pick to replace it."""
MAX_CANDIDATES: Final = 5
SHORT_MENU: Final = 5
"""A menu this short has every choice as a candidate."""
POOLS: Final = 0.3
"""What a fighter's pools are worth in a position's score, when full."""
OUT: Final = frozenset({"dead", "incapacitated", "fled", "banished", "helpless", "absent"})

_budget = [DEFAULT_BUDGET_MS]


def set_budget(ms: int) -> None:
    """The time budget of each expert decision from now on, in milliseconds.

    Raises:
        ValueError: the budget is below 1 ms or above `MAX_BUDGET_MS`.
    """
    if not 1 <= ms <= MAX_BUDGET_MS:
        raise ValueError(f"--ai-budget: 1 to {MAX_BUDGET_MS:,} ms, got {ms}")
    _budget[0] = ms


def budget() -> int:
    """The time budget of each expert decision, in milliseconds."""
    return _budget[0]


def is_expert(policy: str) -> bool:
    """True for a policy name at the expert level (``garou/expert``)."""
    return policy.endswith(LEVEL)


def choose(fight: Fight, decision: Decision, policy: str) -> tuple[Command, str]:
    """The expert's command for a decision, and why.

    Args:
        fight: the fight, between two calls (not inside one).
        decision: a pending decision.
        policy: the policy at the expert level, ``garou/expert``.
    """
    from arena.engine.forecast import branch, stand_ins

    base = policy.removesuffix(LEVEL)
    view = fight.view()
    rng = random.Random(f"{fight.seed}/ai/{len(fight.commands)}")
    tactical, reason = choose_with_reason(base, view, decision, rng)
    candidates = sensible(fight, decision, base, tactical)
    if len(candidates) < 2:
        return tactical, reason
    scenario = tactical_scenario(stand_ins(fight))
    side = view.combatant(decision.actor).side
    rounds = max(1, budget() // MS_PER_ROLLOUT // len(candidates))
    seeds = [
        random.Random(f"{fight.seed}/expert/{len(fight.commands)}/{i}").getrandbits(63)
        for i in range(rounds)
    ]
    outcomes: list[list[float]] = []
    for command in candidates:
        mine = []
        for seed in seeds:
            twin = branch(fight, seed, scenario)
            try:
                twin.apply(command)
                roll_on(twin, fight.round + HORIZON)
                mine.append(score(twin.view(), side))
            finally:
                twin.close()
        outcomes.append(mine)
    best = better(outcomes)
    means = [sum(o) / len(o) for o in outcomes]
    if best == 0:
        return tactical, f"{reason} (looked ahead: best of {len(candidates)})"
    chosen = next(c for c in decision.choices if c.command is candidates[best])
    return chosen.command, (
        f"{chosen.label} (looked ahead {len(seeds)} times each: "
        f"{means[best]:+.2f} against {means[0]:+.2f} for {reason})"
    )


def better(outcomes: list[list[float]]) -> int:
    """The candidate to play: the first (the policy's own pick) unless another beats it clearly.

    Each candidate met the same dice, so the comparison is paired: another candidate is chosen
    only if its mean gain over the first is more than `CONFIDENCE` standard errors above zero,
    so the noise of a few rollouts never talks the policy out of a sound pick.
    """
    first = outcomes[0]
    n = len(first)
    best, best_gain = 0, 0.0
    for index, other in enumerate(outcomes[1:], 1):
        gains = [b - a for a, b in zip(first, other, strict=True)]
        mean = sum(gains) / n
        squares = sum((g - mean) ** 2 for g in gains)
        spread = math.sqrt(squares / (n - 1) / n) if n > 1 else 0.0
        if mean > best_gain and mean > CONFIDENCE * spread:
            best, best_gain = index, mean
    return best


def sensible(fight: Fight, decision: Decision, base: str, tactical: Command) -> list[Command]:
    """The candidates: the policy's pick at each level, then every choice of a short menu."""
    found: list[Command] = [tactical]
    view = fight.view()
    for level in ("hard", "easy"):
        rng = random.Random(f"{fight.seed}/ai/{len(fight.commands)}")
        command, _ = choose_with_reason(f"{base}/{level}", view, decision, rng)
        if command not in found:
            found.append(command)
    if len(decision.choices) <= SHORT_MENU:
        found += [c.command for c in decision.choices if c.command not in found]
    return found[:MAX_CANDIDATES]


def tactical_scenario(scenario: ScenarioDef) -> ScenarioDef:
    """The scenario as rollouts play it: expert levels at their plain policy.

    No look-ahead inside a look-ahead; people and scripts are already played by AI
    (`stand_ins`).
    """
    combatants = []
    for spec in scenario.combatants:
        if is_expert(spec.controller):
            spec = dataclasses.replace(spec, controller=spec.controller.removesuffix(LEVEL))
        combatants.append(spec)
    return dataclasses.replace(scenario, combatants=tuple(combatants))


def roll_on(fight: Fight, until: int) -> None:
    """Let the AI play a copy until the fight ends or round ``until`` begins."""
    from arena.engine.controllers import Controllers

    controllers = Controllers(fight, watch=True, reasons=False)
    while not fight.over and fight.round < until:
        if controllers.step() is None:
            break


def score(view: FightView, side: str) -> float:
    """How well a position stands for a side, from the view's numbers.

    A win is 10 (a loss -10, a draw 0); before the end, each fighter still in counts 1 less a
    tenth of its wound penalty, plus `POOLS` times the share of its pools (Rage, Willpower,
    Gnosis, Humanity...) it has left, for its side and against the other: a few rounds do not
    show what spending a pool costs later.
    """
    if view.over:
        if view.winner is None:
            return 0.0
        return 10.0 if view.winner == side else -10.0
    total = 0.0
    for c in view.combatants:
        if c.status in OUT:
            continue
        worth = 1.0 - 0.1 * min(abs(c.penalty), 5) + POOLS * _pools_left(c)
        total += worth if c.side == side else -worth
    return total


def _pools_left(c: CombatantView) -> float:
    """The mean share of its pools a combatant has left (0 with none)."""
    shares = [p.current / p.maximum for p in c.pools if p.maximum > 0]
    return sum(shares) / len(shares) if shares else 0.0
