"""Headless runs: the AI plays whole runs, alone or by the hundred, for balance and regression."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any

from arena.content.loader import Catalog
from arena.gauntlet.offers import Offer
from arena.gauntlet.run import MapsMode, RunState, new_run, offer, play_fight, rules_for
from arena.sim import derive_seed

Chooser = Callable[[RunState, tuple[Offer, ...]], Offer]
"""Picks one of the offered fights."""


def safest(state: RunState, offered: tuple[Offer, ...]) -> Offer:
    """The least dangerous fight on offer (ties: the first, by id)."""
    return min(offered, key=lambda o: (o.danger, o.id))


def auto_run(
    catalog: Catalog,
    ruleset: str,
    seed: int,
    *,
    character: str = "",
    policy: str = "",
    choose: Chooser = safest,
    maps: MapsMode = "drawn",
) -> RunState:
    """A whole run played by an AI policy (the ruleset's own if none is named)."""
    rules = rules_for(catalog, ruleset)
    state = new_run(
        catalog, ruleset, seed, character=character, policy=policy or rules.policy, maps=maps
    )
    while not state.over:
        state = play_fight(state, catalog, choose(state, offer(state, catalog)).id)
    return state


def auto_batch(
    catalog: Catalog,
    ruleset: str,
    seed: int,
    runs: int,
    *,
    character: str = "",
    policy: str = "",
    progress: Callable[[int], None] | None = None,
    maps: MapsMode = "drawn",
) -> dict[str, Any]:
    """Many runs, run i with seed ``derive_seed(seed, i)``: how far they get and how they end."""
    rules = rules_for(catalog, ruleset)
    won: Counter[int] = Counter()
    ends: Counter[str] = Counter()
    taken = 0
    state: RunState | None = None
    for i in range(runs):
        state = auto_run(
            catalog, ruleset, derive_seed(seed, i), character=character, policy=policy, maps=maps
        )
        won[state.won] += 1
        ends[state.end] += 1
        taken += sum(r.taken for r in state.records)
        if progress is not None:
            progress(i + 1)
    return {
        "ruleset": ruleset,
        "character": state.character if state else character,
        "policy": f"ai:{state.policy}" if state else policy,
        "seed": seed,
        "runs": runs,
        "fights": rules.fights,
        "fights_won": {
            "mean": round(sum(k * v for k, v in won.items()) / max(1, runs), 3),
            "distribution": {str(k): won[k] for k in range(rules.fights + 1)},
        },
        "runs_won": ends["won"],
        "ends": dict(sorted(ends.items())),
        "damage_taken_mean": round(taken / max(1, runs), 3),
    }
