"""Benchmark of map generation: milliseconds per map, by style and cover, against a goal.

Run from the repository: ``python bench/bench_mapgen.py`` (add ``--quick`` for a rough run).
Each row generates a run of seeds and takes the best of three runs; the goal is under 5 ms a
map at 20 x 12. Rows at 40 x 20 are shown without a goal. Tries per map (mean and most) and
how many maps fell back to the safe layout are shown beside the time.
"""

from __future__ import annotations

import argparse
import sys
import time

from arena.content.mapgen import COVERS, STYLES, MapParams, generate

GOAL_MS = 5.0
"""The most a 20 x 12 map may take, in milliseconds."""
REPEATS = 3
"""Each timing is the best of this many runs."""
SIZES = ((20, 12), (40, 20))


def measure(
    style: str, cover: str, size: tuple[int, int], seeds: int
) -> tuple[float, float, int, int]:
    """Best milliseconds per map over `seeds` seeds, mean and most tries, and fallbacks."""
    best = float("inf")
    tries: list[int] = []
    fallbacks = 0
    for _ in range(REPEATS):
        tries, fallbacks = [], 0
        start = time.perf_counter()
        for seed in range(seeds):
            made = generate(MapParams(seed, size, style, cover))  # type: ignore[arg-type]
            tries.append(made.tries)
            fallbacks += made.fallback
        best = min(best, (time.perf_counter() - start) * 1000 / seeds)
    return best, sum(tries) / len(tries), max(tries), fallbacks


def main() -> int:
    """Print one row per style, cover and size; exit 1 if a 20 x 12 row misses the goal."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0], allow_abbrev=False)
    parser.add_argument("--quick", action="store_true", help="fewer seeds, a rough figure")
    args = parser.parse_args()
    seeds = 40 if args.quick else 300
    print(
        f"{'style':<8} {'cover':<6} {'size':<6} {'ms/map':>7} {'tries':>6} {'most':>5} "
        f"{'safe':>5}  goal"
    )
    missed = False
    for size in SIZES:
        for style in STYLES:
            for cover in COVERS:
                ms, mean, most, safe = measure(style, cover, size, seeds)
                goal = size == (20, 12)
                ok = ms < GOAL_MS
                missed |= goal and not ok
                verdict = ("ok" if ok else "MISSED") + f" (< {GOAL_MS:g} ms)" if goal else "-"
                shown = f"{size[0]}x{size[1]}"
                print(
                    f"{style:<8} {cover:<6} {shown:<6} {ms:7.2f} {mean:6.2f} {most:5d} "
                    f"{safe:5d}  {verdict}"
                )
    return 1 if missed else 0


if __name__ == "__main__":
    sys.exit(main())
