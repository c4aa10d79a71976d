"""Benchmarks of `arena sweep`: fights a second on local processes against a Dask cluster.

Run from the repository: ``python bench/bench_sweep.py`` (``--quick`` for a rough run). It
times one sweep of werewolf-duel (``tom.dexterity=2..5``, so five settings with the base) on
``--jobs 2`` and on ``--cluster local:2``, each from a fresh command (start-up included, as a
user meets it), checks that both print the same report, byte for byte, and prints:

- the fights a second of each, and the cluster's start-up (its first progress line);
- the goal: on one machine the cluster plays at least half as many fights a second as local
  processes (it is for many machines; on one it pays for the scheduler's round trips).

Dask must be installed: ``pip install "arena-combat[cluster]"``.
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
GOAL = 0.5
"""The cluster's fights a second, as a share of local processes', at least."""


def run(argv: list[str]) -> tuple[float, float, str]:
    """Seconds to the end, seconds to the first progress line, and the report."""
    env = {**os.environ, "PYTHONPATH": str(ROOT), "PYTHONUNBUFFERED": "1"}
    started = time.perf_counter()
    proc = subprocess.Popen(
        [sys.executable, "-m", "arena", *argv],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
    )
    if proc.stderr is not None:
        proc.stderr.readline()
    first = time.perf_counter() - started
    out, err = proc.communicate()
    if proc.returncode != 0:
        raise SystemExit(f"arena {' '.join(argv)}: exit {proc.returncode}: {err}")
    return time.perf_counter() - started, first, out


def main() -> int:
    """Time the sweep both ways and compare."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0], allow_abbrev=False)
    parser.add_argument("--quick", action="store_true", help="200 fights a setting, not 2000")
    args = parser.parse_args()
    if importlib.util.find_spec("distributed") is None:
        print('needs Dask: pip install "arena-combat[cluster]"', file=sys.stderr)
        return 2
    fights = 200 if args.quick else 2000
    sweep = ["sweep", "werewolf-duel", "--grid", "tom.dexterity=2..5", "-n", str(fights)]
    total = fights * 5
    local, local_first, local_report = run([*sweep, "--jobs", "2"])
    cluster, cluster_first, cluster_report = run([*sweep, "--cluster", "local:2"])
    print(f"sweep of {total:,} fights (werewolf-duel, tom.dexterity=2..5)")
    print(f"  --jobs 2          {local:6.1f} s  {total / local:6.1f} fights/s")
    print(
        f"  --cluster local:2 {cluster:6.1f} s  {total / cluster:6.1f} fights/s "
        f"(first progress after {cluster_first:.1f} s; local {local_first:.1f} s)"
    )
    same = local_report == cluster_report
    print(f"  same report, byte for byte: {'yes' if same else 'NO'}")
    share = local / cluster
    verdict = "met" if share >= GOAL and same else "NOT met"
    print(f"goal: cluster at least {GOAL:.0%} of local's pace here: {share:.0%}, {verdict}")
    return 0 if verdict == "met" else 1


if __name__ == "__main__":
    sys.exit(main())
