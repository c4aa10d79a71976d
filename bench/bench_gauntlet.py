"""Benchmarks of the gauntlet's offer odds: the continuations behind "win ≈ 64% of 60".

Run from the repository: ``python bench/bench_gauntlet.py`` (``--fights K``, default 60;
``--seed S``, default 1). For each ruleset it plays a run by the ruleset's own AI policy and,
before each of its fights, times the odds of every offer in this process: CPU ms per offer (mean,
median, slowest). Then, as the offer screen does it, the wall time until all 3 offers of the
first fight and of the slowest fight are filled in, on two spawned worker processes with each
offer split in two halves: cold (the workers start and load the content) and warm. The goal:
the offer screen fills within about 2 s.
"""

from __future__ import annotations

import argparse
import multiprocessing
import statistics
import time
from concurrent.futures import Executor, ProcessPoolExecutor, wait

from arena.content.loader import Catalog, default_content_root, load_catalog
from arena.engine.forecast import split
from arena.gauntlet import RunState, new_run, offer, play_fight, rules_for
from arena.gauntlet.auto import safest
from arena.gauntlet.checks import GAUNTLET_CHECKS
from arena.gauntlet.odds import offer_odds, play_offer_at

RULESETS = ("werewolf", "sorcerer")
WORKERS = 2
GOAL_S = 2.0


def run_states(catalog: Catalog, ruleset: str, seed: int) -> list[RunState]:
    """The run before each of its fights, played by the ruleset's policy (safest offer)."""
    rules = rules_for(catalog, ruleset)
    state = new_run(catalog, ruleset, seed, policy=rules.policy)
    states = []
    while not state.over:
        states.append(state)
        state = play_fight(state, catalog, safest(state, offer(state, catalog)).id)
    return states


def per_offer_ms(catalog: Catalog, state: RunState, fights: int) -> list[float]:
    """Each offer's odds in this process, in ms of CPU time (other processes do not count)."""
    times = []
    for index in range(len(offer(state, catalog))):
        start = time.process_time()
        offer_odds(state, catalog, index, fights)
        times.append((time.process_time() - start) * 1000)
    return times


def screen_fill_s(pool: Executor, catalog: Catalog, state: RunState, fights: int) -> float:
    """Wall time until every offer's odds are in, on the pool, as the offer screen asks."""
    start = time.perf_counter()
    futures = [
        pool.submit(play_offer_at, state, catalog.digest, index, part)
        for index in range(len(offer(state, catalog)))
        for part in split(fights, WORKERS)
    ]
    wait(futures)
    for future in futures:
        future.result()
    return time.perf_counter() - start


def main() -> None:
    """Print ms per offer per ruleset, and the offer screen's fill time."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0], allow_abbrev=False)
    parser.add_argument("--fights", type=int, default=60, help="continuations per offer (K)")
    parser.add_argument("--seed", type=int, default=1, help="the run's seed")
    args = parser.parse_args()
    catalog = load_catalog(default_content_root(), checks=GAUNTLET_CHECKS)
    print(f"K = {args.fights} continuations per offer; {WORKERS} worker processes on screen")
    for ruleset in RULESETS:
        states = run_states(catalog, ruleset, args.seed)
        by_fight = [per_offer_ms(catalog, state, args.fights) for state in states]
        times = [ms for row in by_fight for ms in row]
        slowest = states[max(range(len(states)), key=lambda i: sum(by_fight[i]))]
        print(
            f"{ruleset}: {len(times)} offers over {len(states)} fights: CPU ms per offer "
            f"mean {statistics.mean(times):.0f}, median {statistics.median(times):.0f}, "
            f"slowest {max(times):.0f}"
        )
        print("  by fight (sum of its offers): " + ", ".join(f"{sum(r):.0f}" for r in by_fight))
        context = multiprocessing.get_context("spawn")
        with ProcessPoolExecutor(max_workers=WORKERS, mp_context=context) as pool:
            cold = screen_fill_s(pool, catalog, states[0], args.fights)
            warm = screen_fill_s(pool, catalog, states[0], args.fights)
            worst = screen_fill_s(pool, catalog, slowest, args.fights)
        print(
            f"  offer screen filled: fight 1 cold {cold:.2f} s, warm {warm:.2f} s; "
            f"slowest fight ({len(slowest.records) + 1}) warm {worst:.2f} s (goal {GOAL_S} s)"
        )


if __name__ == "__main__":
    main()
