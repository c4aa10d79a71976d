"""A batch report as plain data (the JSON document); text and Markdown render from it."""

from __future__ import annotations

from typing import Any, Final

from arena.sim.aggregate import BatchStats, CombatantStats, PairedStats
from arena.sim.origin import Origin
from arena.sim.plan import BatchPlan
from arena.sim.stats import Interval, Moments, wilson
from arena.sim.vary import Setup
from arena.words.rulesets import round_word

Report = dict[str, Any]
"""JSON-shaped: str keys; str, int, float, bool, None, lists and dicts as values."""

SEED_RULE: Final = 'fight i is played with the first 63 bits of SHA-256("{seed}/i")'
DIGITS: Final = 4
"""Decimals kept in reports, so the same batch prints the same numbers everywhere."""


def build_report(
    plan: BatchPlan,
    base: BatchStats,
    varied: BatchStats | None = None,
    paired: PairedStats | None = None,
    *,
    left_out: int = 0,
) -> Report:
    """The report of a batch, finished or stopped early.

    Args:
        plan: what was asked for.
        base: the batch as planned.
        varied: the batch with the changes, if any.
        paired: the per-seed differences, if any.
        left_out: fights a stopped batch finished after one it never played: not counted.

    Returns:
        The report document.
    """
    return {
        **report_head(plan, base.fights, left_out),
        "from": None if plan.origin is None else _origin(plan.origin),
        "base": _batch(base),
        "changes": list(plan.changes),
        "varied": None if varied is None or plan.varied is None else _batch(varied),
        "varied_setup": None if plan.varied is None else setup_report(plan.varied),
        "difference": None if paired is None else difference(paired),
        "maps": None if plan.maps is None else maps_about(plan),
    }


def report_head(plan: BatchPlan, fights: int, left_out: int) -> Report:
    """What every report of a batch or a sweep opens with: what was played, on which seeds.

    Args:
        plan: the batch as planned (a sweep's base batch).
        fights: the fights finished (in a sweep, of each setting).
        left_out: fights a stopped batch finished after one it never played: not counted.
    """
    scenario = plan.base.scenario
    return {
        "scenario": plan.title,
        "file": plan.source,
        "ruleset": scenario.ruleset,
        "rounds_are": round_word(scenario.ruleset, 2),
        "setup": setup_report(plan.base),
        "seed": plan.seed,
        "seed_rule": SEED_RULE.format(seed=plan.seed),
        "planned": plan.fights,
        "fights": fights,
        "interrupted": fights < plan.fights,
        "left_out": left_out,
        "notes": list(plan.notes),
    }


def maps_about(plan: BatchPlan) -> Report:
    """How a batch on generated maps drew them (the spread is added once it has played)."""
    maps = plan.maps
    if maps is None:
        return {}
    return {
        "generated": True,
        "per_map": maps.per_map,
        "size": list(maps.size),
        "cover": maps.cover,
        "styles": list(maps.styles),
        "seed_rule": f'map m is generated from the first 63 bits of SHA-256("{plan.seed}/map/m"), '
        f"its style one of {', '.join(maps.styles)} by that seed; fight i plays on map "
        f"i // {maps.per_map}",
    }


def _origin(origin: Origin) -> Report:
    return {
        "save": origin.save,
        "round": origin.round,
        "commands": origin.commands,
        "moment": origin.moment,
    }


def setup_report(setup: Setup) -> Report:
    """The setup of a batch as the report gives it: preset, options and controllers."""
    scenario = setup.scenario
    return {
        "preset": setup.preset or scenario.preset,
        "options": {k: v for k, v in sorted({**scenario.options, **dict(setup.options)}.items())},
        "controllers": {c.id: c.controller for c in scenario.combatants},
    }


def _batch(stats: BatchStats) -> Report:
    n = stats.fights
    return {
        "wins": side_wins(stats),
        "draws": share(stats.draws, n),
        "fled": share(stats.fled, n),
        "surrendered": share(stats.surrendered, n),
        "rounds": {
            **lengths(stats),
            "histogram": {str(k): v for k, v in sorted(stats.rounds.counts.items())},
        },
        "combatants": {
            cid: _combatant(c, stats.damage_reported) for cid, c in stats.combatants.items()
        },
        "dice": _dice(stats),
    }


def side_wins(stats: BatchStats) -> Report:
    """Each side's wins as a share of the fights, with its interval."""
    return {side: share(stats.wins[side], stats.fights) for side in stats.sides}


def lengths(stats: BatchStats) -> Report:
    """The fights' lengths in rounds (or turns): mean, median and 90th percentile."""
    return {
        "mean": rounded(stats.rounds.mean()),
        "median": rounded(stats.rounds.quantile(0.5)),
        "p90": rounded(stats.rounds.quantile(0.9)),
    }


def share(count: int, trials: int) -> Report:
    """A count of fights as a share of them, with its Wilson interval."""
    interval = wilson(count, trials)
    return {"count": count, **interval_report(interval)}


def interval_report(interval: Interval) -> Report:
    """An estimate and its interval, rounded as reports round."""
    return {
        "rate": rounded(interval.estimate),
        "low": rounded(interval.low),
        "high": rounded(interval.high),
    }


def _combatant(stats: CombatantStats, damage: bool) -> Report:
    return {
        "side": stats.side,
        "status": _by_count(stats.status),
        "health": _by_count(stats.health),
        "aftermath": _by_count(stats.aftermath),
        "penalty": rounded(stats.penalty.mean),
        "dealt": _mean(stats.dealt) if damage else None,
        "taken": _mean(stats.taken) if damage else None,
    }


def _by_count(counter: dict[str, int]) -> dict[str, int]:
    """Most frequent first; ties in name order, so the report never depends on arrival."""
    return dict(sorted(counter.items(), key=lambda kv: (-kv[1], kv[0])))


def _mean(moments: Moments) -> Report:
    return {"mean": rounded(moments.mean), "sd": rounded(moments.variance**0.5)}


def _dice(stats: BatchStats) -> Report:
    d = stats.dice
    thrown = sum(stats.faces)
    return {
        **d,
        "per_fight": rounded(d["dice"] / stats.fights) if stats.fights else 0.0,
        "faces": list(stats.faces),
        "face_shares": [rounded(f / thrown) if thrown else 0.0 for f in stats.faces],
        "botch_rate": rounded(d["botches"] / d["storyteller"]) if d["storyteller"] else 0.0,
        "tie_rate": rounded(d["ties"] / d["contests"]) if d["contests"] else 0.0,
    }


def difference(paired: PairedStats) -> Report:
    """The per-seed differences, varied minus base, each with its interval."""
    return {
        "of": "varied minus base, per seed",
        "wins": {side: interval_report(m.interval()) for side, m in paired.wins.items()},
        "draws": interval_report(paired.draws.interval()),
        "rounds": interval_report(paired.rounds.interval()),
        "pairs": paired.draws.count,
    }


def rounded(value: float) -> float:
    """A figure rounded to DIGITS decimals, never -0.0."""
    return round(value, DIGITS) + 0.0  # + 0.0 turns -0.0 into 0.0
