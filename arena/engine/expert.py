"""The expert level, ``ai:<policy>/expert``: short rollouts of each sensible choice, best kept.

The AI layer sees one view and cannot look into a fight, so the engine plays this level, over
the policy's hard level (measured stronger than its normal one in the gang fights). At a
decision with more than one sensible choice (the hard level's pick, the normal level's, every
choice of a short menu, the best attack on each target, the move closing on each enemy), each
candidate is applied to copies of the fight that then play on for a few rounds, the expert's own
fighters at their hard level (a thug's as the gang policy, `own`) and everyone else as the
scenario says, and the copies are scored
for the actor's side. The budget goes where the candidates differ most (successive halving,
`halving`): a few rollouts of each, then more for the pick and the leaders, until the pick and
the best other share the rest. Another candidate replaces the pick only when it gains more than
two standard errors over it. Every candidate meets the same dice (common random numbers), and
the dice come from the fight's seed and its number of commands, so the same fight makes the same
choice in any process, on any machine. The copies are of the moment as the actor's side sees it:
a secret the other side has stated and not yet revealed is left out, and each rollout has it
decided afresh (the expert does not cheat).
"""

from __future__ import annotations

import dataclasses
import math
import random
from typing import Final

from arena.ai import choose_with_reason
from arena.content.scenario import ScenarioDef
from arena.engine import answering
from arena.engine.copies import branch, seen_by, stand_ins
from arena.engine.fight import Fight
from arena.engine.loop import Controllers
from arena.rules.commands import Command
from arena.rules.grid import distance
from arena.rules.lookahead import DEFAULT_BUDGET_MS, MAX_BUDGET_MS, MS_PER_ROLLOUT
from arena.rules.views import (
    CombatantView,
    Decision,
    FightView,
    SorcererHealth,
    WerewolfHealth,
)

LEVEL: Final = answering.LEVEL
HARD: Final = "hard"
"""The policy level the expert looks ahead over, and plays its own fighters at in rollouts."""
HORIZON: Final = 2
"""Rounds (turns) a rollout plays beyond the current one before its position is scored."""
CONFIDENCE: Final = 2.0
"""Standard errors by which another choice must beat the policy's own pick to replace it."""
MIN_ROLLOUTS: Final = 4
"""Rollouts each candidate gets before the clearly worse ones are dropped."""
MAX_CANDIDATES: Final = 5
SHORT_MENU: Final = 5
"""A menu this short has every choice as a candidate."""
POOLS: Final = 0.3
"""What a fighter's pools are worth in a position's score, when full."""
GRANTED: Final = frozenset({"bonus"})
"""Decisions that are the table's to grant, not a tactic, so no look-ahead: the rules give an
AI its profile's role-playing bonus, and taking more dice is not playing better."""
OWN: Final = {("sorcerer", "thug"): "gang", ("werewolf", "thug"): "gang"}
"""(Ruleset, base policy) → the stronger policy of the same character the expert looks ahead
over, picks by and plays its own fighters at in rollouts: one move of look-ahead over the hard
thug found little, and rollouts played better judge the candidates better. In Werewolf the gang
focuses its blows on whoever is nearest to harmless (`arena.ai.werewolf.gang`)."""
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


def own(base: str, ruleset: str) -> str:
    """The policy the expert plays a base policy's fighters at: a thug as a gang."""
    return OWN.get((ruleset, base), base)


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
    view = fight.view()
    base = own(policy.removesuffix(LEVEL), view.ruleset)
    rng = random.Random(f"{fight.seed}/ai/{len(fight.commands)}")
    tactical, reason = choose_with_reason(f"{base}/{HARD}", view, decision, rng)
    candidates = sensible(fight, decision, base, tactical)
    if len(candidates) < 2:
        return tactical, reason
    side = view.combatant(decision.actor).side
    seen = seen_by(fight, side)
    try:
        look = _Look(fight, seen, tactical_scenario(stand_ins(seen)), side)
        total = max(MIN_ROLLOUTS * len(candidates), budget() // MS_PER_ROLLOUT)
        outcomes = halving(look, candidates, total)
    finally:
        if seen is not fight:
            seen.close()
    kept = [i for i, o in enumerate(outcomes) if len(o) == len(outcomes[0])]
    best = kept[better([outcomes[i] for i in kept])]
    means = [sum(o) / len(o) for o in outcomes]
    if best == 0:
        return tactical, f"{reason} (looked ahead: best of {len(candidates)})"
    chosen = next(c for c in decision.choices if c.command is candidates[best])
    return chosen.command, (
        f"{chosen.label} (looked ahead {len(outcomes[best])} times each: "
        f"{means[best]:+.2f} against {means[0]:+.2f} for {reason})"
    )


def halving(look: _Look, candidates: list[Command], total: int) -> list[list[float]]:
    """Each candidate's rollout scores, ``total`` rollouts at most, spent where choices differ.

    Successive halving: every candidate plays the same first rollouts (`MIN_ROLLOUTS` at
    least); then the pick (the first) and the better half of the others by their paired gain
    over it play on, on the next rollouts, until two are left, which share what remains. A
    candidate dropped keeps the rollouts it played (fewer than the pick's).
    """
    alive = list(range(len(candidates)))
    outcomes: list[list[float]] = [[] for _ in candidates]
    stages = max(1, math.ceil(math.log2(len(candidates))))
    played = spent = 0
    for stage in range(stages):
        left = total - spent
        share = left // (stages - stage)
        floor = MIN_ROLLOUTS if stage == 0 else 1
        step = min(left // len(alive), max(floor, share // len(alive)))
        if step < 1:
            break
        for index in alive:
            outcomes[index] += look.play(candidates[index], played, played + step)
        played += step
        spent += step * len(alive)
        if len(alive) <= 2:
            break
        others = sorted(alive[1:], key=lambda i: -_gain(outcomes[0], outcomes[i])[0])
        alive = [0, *others[: max(1, len(others) // 2)]]
    return outcomes


class _Look:
    """Rollouts from one moment: the same dice for every candidate (common random numbers).

    The rollouts start from the moment as the side sees it (``seen``: no secret of the other
    side's), their seeds from the fight itself.
    """

    def __init__(self, fight: Fight, seen: Fight, scenario: ScenarioDef, side: str) -> None:
        self.fight, self.seen, self.scenario, self.side = fight, seen, scenario, side
        self.seeds: list[int] = []

    def play(self, command: Command, start: int, stop: int) -> list[float]:
        """The scores of rollouts ``start`` to ``stop`` after the command."""
        fight = self.fight
        while len(self.seeds) < stop:
            key = f"{fight.seed}/expert/{len(fight.commands)}/{len(self.seeds)}"
            self.seeds.append(random.Random(key).getrandbits(63))
        found = []
        for seed in self.seeds[start:stop]:
            twin = branch(self.seen, seed, self.scenario)
            try:
                twin.apply(command)
                roll_on(twin, fight.round + HORIZON)
                found.append(score(twin.view(), self.side))
            finally:
                twin.close()
        return found


def _gain(first: list[float], other: list[float]) -> tuple[float, float]:
    """The mean paired gain of ``other`` over ``first`` and its standard error."""
    gains = [b - a for a, b in zip(first, other, strict=True)]
    n = len(gains)
    mean = sum(gains) / n
    squares = sum((g - mean) ** 2 for g in gains)
    return mean, math.sqrt(squares / (n - 1) / n) if n > 1 else 0.0


def better(outcomes: list[list[float]]) -> int:
    """The candidate to play: the first (the policy's own pick) unless another beats it clearly.

    Each candidate met the same dice, so the comparison is paired: another candidate is chosen
    only if its mean gain over the first is more than `CONFIDENCE` standard errors above zero.
    Several candidates each get a chance to look better by luck, so the bar is high: noise
    must not talk the policy out of a sound pick.
    """
    best, best_gain = 0, 0.0
    for index, other in enumerate(outcomes[1:], 1):
        mean, spread = _gain(outcomes[0], other)
        if mean > best_gain and mean > CONFIDENCE * spread:
            best, best_gain = index, mean
    return best


def sensible(fight: Fight, decision: Decision, base: str, tactical: Command) -> list[Command]:
    """The candidates: the hard level's pick (``tactical``), the normal level's, then more.

    More: every choice of a short menu; of a long one, the hard level's best attack on each
    target in turn (the policy asked with that target's attacks alone). The easy level's pick
    is left out: it plays worse on purpose, and each extra candidate is one more that a few
    lucky rollouts could make look best. A decision in `GRANTED` has the pick alone.
    """
    found: list[Command] = [tactical]
    if decision.kind in GRANTED:
        return found
    view = fight.view()

    def add(asked: Decision, policy: str = f"{base}/{HARD}") -> None:
        rng = random.Random(f"{fight.seed}/ai/{len(fight.commands)}")
        command, _ = choose_with_reason(policy, view, asked, rng)
        if command not in found:
            found.append(command)

    add(decision, base)
    if len(decision.choices) <= SHORT_MENU:
        found += [c.command for c in decision.choices if c.command not in found]
        return found[:MAX_CANDIDATES]
    targets = dict.fromkeys(c.target for c in decision.choices if "attack" in c.tags and c.target)
    for target in targets:
        if len(found) >= MAX_CANDIDATES:
            break
        mine = tuple(c for c in decision.choices if c.target == target and "attack" in c.tags)
        add(dataclasses.replace(decision, choices=mine))
    for command in closing(view, decision):
        if command not in found:
            found.append(command)
    return found[:MAX_CANDIDATES]


def closing(view: FightView, decision: Decision) -> list[Command]:
    """The move that closes most on each enemy, nearest enemy first, when the menu moves.

    Where to go is whom to gang up on next: the policy closes on one enemy, and going for
    another may pay.
    """
    me = view.combatant(decision.actor)
    moves = [c for c in decision.choices if "move" in c.tags and c.cell is not None]
    moves = [c for c in moves if "away" not in c.tags and "exit" not in c.tags]
    if not moves:
        return []
    enemies = [c for c in view.combatants if c.side != me.side and c.status not in OUT]
    found: list[Command] = []
    for enemy in sorted(enemies, key=lambda e: distance(me.pos, e.pos)):
        move = min(moves, key=lambda c: distance(c.cell or me.pos, enemy.pos))
        if move.command not in found:
            found.append(move.command)
    return found


def tactical_scenario(scenario: ScenarioDef) -> ScenarioDef:
    """The scenario as rollouts play it: expert levels at their policy's hard level.

    No look-ahead inside a look-ahead; people and scripts are already played by AI
    (`stand_ins`).
    """
    combatants = []
    for spec in scenario.combatants:
        if is_expert(spec.controller):
            base = own(spec.controller.removeprefix("ai:").removesuffix(LEVEL), scenario.ruleset)
            hard = f"ai:{base}/{HARD}"
            spec = dataclasses.replace(spec, controller=hard)
        combatants.append(spec)
    return dataclasses.replace(scenario, combatants=tuple(combatants))


def roll_on(fight: Fight, until: int) -> None:
    """Let the AI play a copy until the fight ends or round ``until`` begins.

    The first pending decision is answered each time, as when nobody is at the keyboard; a
    policy at the expert level plays as its base policy (no look-ahead inside a look-ahead).
    """
    Controllers(fight, watch=True, reasons=False).run(until_round=until)


def score(view: FightView, side: str) -> float:
    """How well a position stands for a side, from the view's numbers, from -10 to 10.

    A win is 10 (a loss -10, a draw 0). Before the end, each side counts the worth of its
    fighters as a share of what they were worth whole, and the score is 10 times the side's
    share less the other's: a position two sides apart scores as far from even as the end of
    the fight, so a rollout that ends and one that nearly does are weighed alike. A fighter
    still in is worth the share of its health left (`health_left`), plus `POOLS` times the
    share of its pools (Rage, Willpower, Gnosis, Humanity...) it has left: a few rounds do not
    show what spending a pool costs later.
    """
    if view.over:
        if view.winner is None:
            return 0.0
        return 10.0 if view.winner == side else -10.0
    worth = {True: 0.0, False: 0.0}
    whole = {True: 0.0, False: 0.0}
    for c in view.combatants:
        mine = c.side == side
        whole[mine] += 1.0 + POOLS
        if c.status not in OUT:
            worth[mine] += health_left(c) + POOLS * _pools_left(c)
    shares = [worth[m] / whole[m] if whole[m] else 0.0 for m in (True, False)]
    return 10.0 * (shares[0] - shares[1])


def health_left(c: CombatantView) -> float:
    """The share of its health a combatant has left, from 0 (out) to 1 (unhurt).

    Werewolf: the levels left on its track (a spirit: its Essence). Sorcerer: how far its
    penalty is from leaving it helpless. Else a tenth less per die of wound penalty.
    """
    wounds = c.wounds
    if isinstance(wounds, WerewolfHealth):
        most = wounds.essence_max or wounds.track
        return wounds.left / most if most else 0.0
    if isinstance(wounds, SorcererHealth) and wounds.helpless_above > 0:
        return max(0.0, 1.0 - wounds.penalty / (wounds.helpless_above + 1))
    return max(0.0, 1.0 - 0.1 * abs(c.penalty))


def _pools_left(c: CombatantView) -> float:
    """The mean share of its pools a combatant has left (0 with none)."""
    shares = [p.current / p.maximum for p in c.pools if p.maximum > 0]
    return sum(shares) / len(shares) if shares else 0.0
