"""Benchmarks of forecasts: continuations of a saved moment, and expert decisions.

Run from the repository: ``python bench/bench_forecast.py`` (``--continuations N``, default
500; ``--jobs N``, default 2; ``--ai-budget MS``; ``--expert-fights N``; ``--panel-only``;
``--lead S``). It prints:

- for a round-1 save of werewolf-thugs and of sorcerer-vs-thugs, the wall time of ``arena sim
  --from`` with N continuations on the worker processes (goal: 500 within 1 s on two), the
  continuations a second, and what one continuation costs in CPU time in this process: copying
  the saved moment against replaying the save, and playing the rest of the fight;
- the live panel's anytime forecast of the same moment, its way (the first chunk played in
  the asking process, the next on the workers): the time to its first figure (goal: 0.3 s)
  and to N continuations (goal: 500 within 1 s) on its two warm workers, the same on one
  worker; what the workers spend beside the fights (their start with the content, the
  moment's replay, the moment sent with each chunk); and both times when the workers must
  start first (the first f of a session) and when the fight screen started them as it
  opened, a second before that f;
- each row with the machine's load average, as wall times mean little on a busy machine;
- the median and 90th percentile time of one expert decision (``ai:<policy>/expert``).
"""

from __future__ import annotations

import argparse
import dataclasses
import multiprocessing
import os
import pickle
import statistics
import sys
import tempfile
import time
from concurrent.futures import Executor, ProcessPoolExecutor
from functools import partial
from pathlib import Path
from typing import NamedTuple

from arena.content.loader import Catalog, default_content_root, load_catalog
from arena.engine import Controllers, Fight, load_save, save_fight
from arena.engine.anytime import stream
from arena.engine.collector import between_fights
from arena.engine.controllers import answer
from arena.engine.expert import set_budget
from arena.engine.forecast import (
    Moment,
    branch,
    derive,
    moment_of,
    play_out,
    stand_ins,
    warm_up,
    winners_at,
    winners_here,
)
from arena.rules.lookahead import DEFAULT_BUDGET_MS
from arena.ui.pools import yield_cpu

# A spawned worker runs this file's imports again (as ``__mp_main__``): the batch's and the
# panel's modules are imported where they are used, so a worker starts as the app's do.

SCENARIOS = ("werewolf-thugs", "sorcerer-vs-thugs")
SAVED_AFTER = 3
"""Commands played before the save: both scenarios are still in their first round."""
GOAL_S = 1.0
FIRST_S = 0.3
EXPERT_ROWS = (("werewolf-duel", "ai:garou/expert"), ("sorcerer-duel", "ai:thug/expert"))
SAMPLES = 50
LEAD_S = 1.0
"""Seconds between a fight screen opening and its first f, for the warm start's figure
(``--lead``)."""


def round_one_save(catalog: Catalog, name: str, folder: Path) -> Path:
    """A save of a shipped scenario in its first round."""
    fight = Fight(catalog.scenarios[name], catalog)
    Controllers(fight, watch=True).run(stop_after=SAVED_AFTER)
    if fight.round != 1 or fight.over:
        raise SystemExit(f"{name}: not in round 1 after {SAVED_AFTER} commands")
    path = folder / f"{name}.yaml"
    save_fight(fight, path)
    return path


def batch_seconds(catalog: Catalog, save: Path, continuations: int, jobs: int) -> float:
    """Wall time of a whole ``arena sim --from`` batch, planning (the replay) included."""
    from arena.sim import make_plan_from, simulate

    start = time.perf_counter()
    plan = make_plan_from(
        save, catalog, content_root=default_content_root(), fights=continuations, seed=1
    )
    outcome = simulate(plan, catalog, jobs=jobs)
    if outcome.report["fights"] != continuations:
        raise SystemExit(f"{save}: the batch stopped early")
    return time.perf_counter() - start


def per_continuation(catalog: Catalog, save: Path) -> tuple[float, float, float]:
    """CPU ms of one continuation's start: a copy, a replay of the save; then the rest."""
    fight = load_save(save, catalog)
    scenario = stand_ins(fight)
    start = time.process_time()
    for i in range(SAMPLES):
        branch(fight, derive(1, i), scenario).close()
    copied = (time.process_time() - start) / SAMPLES
    start = time.process_time()
    for _ in range(SAMPLES // 5):
        load_save(save, catalog).close()
    replayed = (time.process_time() - start) / (SAMPLES // 5)
    start = time.process_time()
    for i in range(SAMPLES):
        with between_fights():  # as a forecast plays them
            play_out(branch(fight, derive(1, i), scenario))
    whole = (time.process_time() - start) / SAMPLES
    fight.close()
    return copied * 1000, replayed * 1000, (whole - copied) * 1000


def load() -> str:
    """The machine's load average over the last minute, to read a wall time beside."""
    return f"load {os.getloadavg()[0]:.1f}" if hasattr(os, "getloadavg") else "load ?"


def workers_pool(workers: int) -> ProcessPoolExecutor:
    """Worker processes as the live panel starts them: spawned, at the panel's lower priority."""
    context = multiprocessing.get_context("spawn")
    return ProcessPoolExecutor(workers, mp_context=context, initializer=yield_cpu)


def warmed(pool: Executor, workers: int, ruleset: str) -> float:
    """Start the pool's workers and load the content in each (`warm_up`); seconds it took."""
    start = time.perf_counter()
    for future in [pool.submit(warm_up, ruleset) for _ in range(workers)]:
        future.result()
    return time.perf_counter() - start


class Times(NamedTuple):
    """An anytime forecast's times, from the moment it was asked for."""

    first: float
    """Seconds to the first figure."""
    cpu: float
    """CPU seconds the asking process spent on the first figure (the load aside)."""
    last: float
    """Seconds to the last figure."""
    behind: int
    """Continuations behind the first figure."""


def timed(pool: Executor, moment: Moment, catalog: Catalog, workers: int) -> Times:
    """The anytime forecast's times, its way, from now.

    The panel's way: the first chunk played in this process while the workers take the next,
    a few chunks ahead.
    """
    start = time.perf_counter()
    cpu = time.process_time()
    first = spent = last = 0.0
    behind = 0
    readings = stream(
        lambda part: pool.submit(winners_at, moment, part),
        moment.side,
        most=moment.continuations,
        within=0,  # every continuation: the time to all of them is the figure wanted
        ahead=workers + 1,
        here=partial(winners_here, moment, catalog=catalog),
    )
    for reading in readings:
        last = time.perf_counter() - start
        if not first:
            first, behind = last, reading.chance.fights
            spent = time.process_time() - cpu
    return Times(first, spent, last, behind)


def anytime_seconds(moment: Moment, catalog: Catalog, workers: int, *, warm: bool = True) -> Times:
    """`timed` on ``workers`` fresh processes; ``warm``: once they have loaded the content.

    Not warm, the clock starts before the processes do (the first f of a session, without the
    fight screen's start ahead).
    """
    with workers_pool(workers) as pool:
        if warm:
            warmed(pool, workers, moment.scenario.ruleset)
            # Each worker replays the moment once and keeps it: the replay is timed apart.
            for future in [pool.submit(winners_at, moment, range(0)) for _ in range(workers)]:
                future.result()
        return timed(pool, moment, catalog, workers)


def started_ahead_seconds(moment: Moment, catalog: Catalog, lead: float) -> tuple[float, float]:
    """Seconds to the first figure and the last when the fight screen started the workers.

    The panel's own pool, started the way a fight screen starts it as it opens (`start_ahead`),
    then ``f`` pressed ``lead`` seconds later: the first f of a session, with the warm start.
    """
    from arena.ui import forecast_panel
    from arena.ui.pools import stop_all

    forecast_panel.start_ahead(moment.scenario.ruleset)
    time.sleep(lead)
    try:
        got = timed(forecast_panel.pool(), moment, catalog, forecast_panel.WORKERS)
    finally:
        stop_all()
    return got.first, got.last


def fight_cpu_ms(moment: Moment, catalog: Catalog) -> float:
    """CPU ms of one continuation of the moment in this process, its caches warm: the fight."""
    winners_here(moment, range(SAMPLES, SAMPLES + 4), catalog)  # this process's caches
    start = time.process_time()
    winners_here(moment, range(SAMPLES // 2), catalog)
    return (time.process_time() - start) / (SAMPLES // 2) * 1000


def overheads(moment: Moment) -> tuple[float, float, float, int]:
    """What a worker spends beside the fights: its start, the moment's replay, the moment sent.

    Seconds from asking a fresh worker to its content loaded; seconds of a warm worker's replay
    of the moment; ms to pickle and unpickle the moment (sent with every chunk), and its bytes.
    """
    with workers_pool(1) as pool:
        started = warmed(pool, 1, moment.scenario.ruleset)
        start = time.perf_counter()
        pool.submit(winners_at, moment, range(0)).result()
        replay = time.perf_counter() - start
    start = time.perf_counter()
    for _ in range(SAMPLES):
        sent = pickle.dumps(moment)
        pickle.loads(sent)  # noqa: S301 - the bench's own moment, pickled just above
    return started, replay, (time.perf_counter() - start) / SAMPLES * 1000, len(sent)


def panel_rows(name: str, moment: Moment, catalog: Catalog, lead: float, measured: bool) -> bool:
    """Print the live panel's figures for one moment; True if its goals are met."""
    from arena.ui.forecast_panel import WORKERS

    count = moment.continuations
    # First, as a screen's first f finds this process: it has played only the moment itself.
    got = anytime_seconds(moment, catalog, WORKERS)
    at = load()
    fight_ms = fight_cpu_ms(moment, catalog)
    bound = count * fight_ms / 1000 / WORKERS
    print(
        f"{name}: the live panel's anytime forecast on its {WORKERS} warm worker"
        f"{'s' if WORKERS > 1 else ''} ({at}): first figure after {got.first:.2f} s from "
        f"{got.behind} continuations played here, {got.cpu:.2f} s of this process's CPU (goal "
        f"{FIRST_S} s: {'met' if got.first <= FIRST_S else 'NOT met'}), {count} continuations "
        f"after {got.last:.2f} s (goal {GOAL_S:.0f} s"
        f"{'' if not measured else ': met' if got.last <= GOAL_S else ': NOT met'}); the fights "
        f"alone, {fight_ms:.1f} ms of CPU each, take {bound:.2f} s on {WORKERS} idle cores"
    )
    met = got.first <= FIRST_S and got.last <= GOAL_S
    alone = anytime_seconds(moment, catalog, 1)
    print(f"{name}: the same on one warm worker ({load()}): {count} after {alone.last:.2f} s")
    started, replay, sent, size = overheads(moment)
    print(
        f"{name}: beside the fights ({load()}): a worker's start, content loaded, "
        f"{started:.2f} s (once a session); its replay of the moment {replay * 1000:.0f} ms (once "
        f"a moment); the moment sent with each chunk {sent:.2f} ms ({size:,} bytes)"
    )
    cold = anytime_seconds(moment, catalog, WORKERS, warm=False)
    cold_at = load()
    ahead_first, ahead_whole = started_ahead_seconds(moment, catalog, lead)
    print(
        f"{name}: with the workers still to start ({cold_at}): first figure after "
        f"{cold.first:.2f} s, {count} after {cold.last:.2f} s; started by the fight screen "
        f"{lead:g} s before the first f ({load()}): {ahead_first:.2f} s and {ahead_whole:.2f} s"
    )
    return not measured or met


def expert_times(catalog: Catalog, name: str, controller: str, fights: int) -> list[float]:
    """Seconds per expert decision over fights of a scenario, the expert on its first side."""
    base = catalog.scenarios[name]
    side = base.combatants[0].side
    scenario = dataclasses.replace(
        base,
        rigged=(),
        combatants=tuple(
            dataclasses.replace(c, controller=controller, script=()) if c.side == side else c
            for c in base.combatants
        ),
    )
    times: list[float] = []
    for seed in range(fights):
        with Fight(scenario, catalog, seed=seed, hashes=False) as fight:
            fight.start()
            while not fight.over:
                decision = fight.pending()[0]
                start = time.perf_counter()
                command, _ = answer(fight, decision)
                if fight.controller_for(decision) == controller:
                    times.append(time.perf_counter() - start)
                fight.apply(command)
    return times


def main(argv: list[str] | None = None) -> int:
    """Print the figures; exit 1 if the continuation goal is missed."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0], allow_abbrev=False)
    parser.add_argument("--continuations", type=int, default=500)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--ai-budget", type=int, default=DEFAULT_BUDGET_MS)
    parser.add_argument("--expert-fights", type=int, default=4, help="0: no expert rows")
    parser.add_argument(
        "--lead",
        type=float,
        default=LEAD_S,
        help="seconds between the fight screen starting the workers and the first f",
    )
    parser.add_argument(
        "--panel-only", action="store_true", help="only the live panel's figures (no sim batch)"
    )
    args = parser.parse_args(argv)
    for name in ("continuations", "jobs"):
        if getattr(args, name) < 1:
            parser.error(f"--{name} must be at least 1")
    if args.expert_fights < 0:
        parser.error("--expert-fights must be 0 or more")
    catalog = load_catalog(default_content_root())
    set_budget(args.ai_budget)
    missed = 0
    # Wall times mean little on a machine busy with other work: each row says the load.
    print(f"machine: {os.cpu_count()} cores; load: the load average over the last minute")
    with tempfile.TemporaryDirectory() as folder:
        for name in SCENARIOS:
            save = round_one_save(catalog, name, Path(folder))
            # The goal is for 500 continuations on two processes; other counts are just shown.
            measured = args.continuations == 500 and args.jobs == 2
            saved = load_save(save, catalog)
            moment = moment_of(
                saved, saved.scenario.combatants[0].side, args.continuations, as_seen=True
            )
            saved.close()
            missed += not panel_rows(name, moment, catalog, args.lead, measured)
            if not args.panel_only:
                seconds = batch_seconds(catalog, save, args.continuations, args.jobs)
                copied, replayed, rest = per_continuation(catalog, save)
                ok = seconds <= GOAL_S
                missed += measured and not ok
                verdict = ("met" if ok else "NOT met") if measured else "not this run's settings"
                print(
                    f"{name} ({load()}): {args.continuations} continuations from round 1 on "
                    f"{args.jobs} processes of arena sim --from in {seconds:.2f} s "
                    f"({args.continuations / seconds:,.0f}/s; goal "
                    f"500 within {GOAL_S:.0f} s on 2: {verdict}); per "
                    f"continuation, CPU: copy {copied:.2f} ms (replaying the save: "
                    f"{replayed:.2f} ms), the rest of the fight {rest:.2f} ms"
                )
    if args.expert_fights > 0:
        print(f"expert decisions, --ai-budget {args.ai_budget} ms:", file=sys.stderr)
    for name, controller in EXPERT_ROWS if args.expert_fights > 0 else ():
        times = expert_times(catalog, name, controller, args.expert_fights)
        if not times:
            print(f"{name}, {controller}: no expert decision in {args.expert_fights} fights")
            continue
        cut = statistics.quantiles(times, n=10)[-1] if len(times) > 1 else times[0]
        print(
            f"{name}, {controller}: median {statistics.median(times) * 1000:.1f} ms, "
            f"90th percentile {cut * 1000:.1f} ms over {len(times)} decisions "
            f"(wall time on this machine, as loaded as it is)"
        )
    return 1 if missed else 0


if __name__ == "__main__":
    raise SystemExit(main())
