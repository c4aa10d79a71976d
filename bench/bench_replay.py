"""Step-back time in the replay viewer (a 20-round fight), and the demo's memory over 10,000 events.

Usage: python bench/bench_replay.py [--steps N] [--events N] [--only replay|demo]

Step back: from a key press to the frame drawn (turned into the bytes a terminal would get),
over every event of a saved fight of 20 rounds or more, back from its end; beside it, what
replaying the fight from its start would cost instead. Demo memory: the self-playing demo at
pace 0 on its own clock, sampled every 1,000 events, and at each return to the playlist's
first scenario (the same moment each time round), and whether those figures stay flat.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import os
import statistics
import sys
import time
import tracemalloc
from pathlib import Path
from tempfile import TemporaryDirectory
from typing import Any

from textual._compositor import CompositorUpdate

from arena.cli.scenarios import open_scenario
from arena.engine import Controllers, Fight, load_save, save_fight
from arena.engine.setup import load_catalog, scenario_fight
from arena.ui.app import ArenaApp
from arena.ui.demo_screen import DemoScreen
from arena.ui.replay_screen import ReplayScreen
from arena.ui.timeline import Timeline

ROUNDS = 20
LONG = ("sorcerer-ai-street", "sorcerer-gunman", "sorcerer-vs-thugs")
"""Scenarios whose fights can run to 20 rounds; the first seed that does is used."""
SETTLE = 2000
"""Events after the warm-up before the memory goal is judged: most of Textual's and Rich's
bounded caches (cell widths, styles, regions) have filled by then; the few still filling up to
their bounds count against the goal."""
FLAT = 0.05
"""MB per 1,000 events the figures may rise and still count as flat (a leak of the size seen
before, a widget's drawn lines kept for every fight, rose 0.55)."""


class TimedApp(ArenaApp):
    """The app, telling when a frame has been drawn (and encoding it as a terminal would)."""

    drawn: asyncio.Event | None = None

    def _display(self, screen: Any, renderable: Any) -> None:
        if isinstance(renderable, CompositorUpdate):
            renderable.render_segments(self.console)  # the headless driver skips this
        super()._display(screen, renderable)
        if self.drawn is not None and renderable is not None:
            self.drawn.set()


def long_fight() -> Fight:
    """A finished fight of at least `ROUNDS` rounds, played by the AI."""
    cat = load_catalog()
    for name in LONG:
        for seed in range(1, 300):
            fight = scenario_fight(cat, name, seed=seed)
            Controllers(fight, watch=True).run()
            if fight.round >= ROUNDS:
                return fight
            fight.close()
    raise SystemExit(f"no fight of {ROUNDS} rounds among {', '.join(LONG)}")


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


async def step_back(path: Path, steps: int) -> None:
    cat = load_catalog()
    saved = load_save(path, cat)
    start = time.perf_counter()
    Timeline.recorded(saved)
    from_start = (time.perf_counter() - start) * 1000
    app = TimedApp(cat, saves=path.parent, pace=0, preferences=None, replay_viewer=saved)
    async with app.run_test(size=(120, 40)) as pilot:
        viewer = app.screen
        if not isinstance(viewer, ReplayScreen):
            raise SystemExit("no viewer")
        line = viewer.timeline
        await pilot.press("end")
        await pilot.pause()
        count = min(steps, len(line.events) - 1)
        frames, cpu = [], []
        for _ in range(count):
            app.drawn = asyncio.Event()
            begin, begin_cpu = time.perf_counter(), time.process_time()
            app.simulate_key("left")  # the whole way: key, binding, step, layout, frame
            await asyncio.wait_for(app.drawn.wait(), 5)
            frames.append((time.perf_counter() - begin) * 1000)
            cpu.append((time.process_time() - begin_cpu) * 1000)
        await pilot.press("end")
        await pilot.pause()
        lookups, updates = [], []
        for _ in range(count):
            begin = time.perf_counter()
            line.back()
            line.view()
            looked = time.perf_counter()
            viewer.show_moment()
            lookups.append((looked - begin) * 1000)
            updates.append((time.perf_counter() - looked) * 1000)
            app.drawn = asyncio.Event()
            await asyncio.wait_for(app.drawn.wait(), 5)
        rounds = line.events[-1].round
        print(f"replay: {rounds} rounds, {len(line.events)} events, {len(line.views)} views kept")
        print(f"  replaying from the start instead: {from_start:.0f} ms a step")
        print(f"  step back, the moment looked up: median {statistics.median(lookups):.3f} ms")
        print(f"  step back, widgets updated: median {statistics.median(updates):.1f} ms")
        print(
            f"  step back, key to frame drawn: median {statistics.median(frames):.1f} ms, "
            f"95% under {percentile(frames, 0.95):.1f} ms, max {max(frames):.1f} ms, "
            f"{sum(f < 50 for f in frames)}/{len(frames)} under 50 ms"
        )
        print(
            f"  step back, this process's CPU from key to frame: median "
            f"{statistics.median(cpu):.1f} ms, 95% under {percentile(cpu, 0.95):.1f} ms, "
            f"max {max(cpu):.1f} ms (the rest of the time above is waiting: the screen's frame "
            f"clock, and other processes; load average {os.getloadavg()[0]:.1f} on "
            f"{os.cpu_count()} CPUs)"
        )
        print(
            f"  ratio, replaying from the start / the median step back: "
            f"{from_start / statistics.median(frames):.0f}x"
        )


async def demo_memory(events: int) -> None:
    cat = load_catalog()
    app = ArenaApp(
        cat, saves=Path("/nonexistent"), pace=0, preferences=None, opener=open_scenario, demo=()
    )
    async with app.run_test(size=(120, 40)):
        demo = app.screen
        if not isinstance(demo, DemoScreen):
            raise SystemExit("no demo")
        # One round of the playlist first: Textual's and Rich's own bounded caches fill.
        while demo.fights <= len(demo.playlist.names):
            await asyncio.sleep(0.05)
            if not app.is_running:
                raise SystemExit("the demo stopped while warming up")
        gc.collect()
        tracemalloc.start()
        base = demo.played
        samples: list[tuple[int, float]] = []
        starts: list[tuple[int, float]] = []
        fights = demo.fights
        while demo.played - base < events:
            # The demo runs on its own clock at pace 0; a plain sleep lets it (a pilot's pause
            # would wait for the screen to be still, which at pace 0 it never quite is).
            await asyncio.sleep(0.02)
            if not app.is_running or app.screen is not demo:
                raise SystemExit(f"the demo stopped after {demo.played - base} events")
            played = demo.played - base
            if demo.fights != fights and demo.playlist.index == 0:
                gc.collect()
                starts.append((played, tracemalloc.get_traced_memory()[0] / 1e6))
            fights = demo.fights
            if not samples or played >= samples[-1][0] + 1000:
                print(f"  ... {played:,} events", file=sys.stderr, flush=True)
                gc.collect()
                samples.append((played // 1000 * 1000, tracemalloc.get_traced_memory()[0] / 1e6))
        peak = tracemalloc.get_traced_memory()[1] / 1e6
        tracemalloc.stop()
        print(f"demo memory over {events:,} events at pace 0 (MB traced since the warm-up):")
        for played, mb in samples:
            print(f"  {played:>6,} events  {mb:6.2f}")
        print("  at each start of the playlist's first scenario:")
        for played, mb in starts:
            print(f"  {played:>6,} events  {mb:6.2f}")
        print(f"  peak {peak:.2f} MB; fights played: {demo.fights}, looping")
        print(f"  kept now: {len(demo.timeline.events)} events, {len(demo.timeline.views)} views")
        if len(starts) > 1:
            print(f"  ratio, last start / first start: {starts[-1][1] / starts[0][1]:.2f}")
        settled = [(played, mb) for played, mb in starts if played >= SETTLE]
        if len(settled) > 2:
            rise = slope(settled) * 1000
            flat = "yes" if rise < FLAT else "no"
            print(
                f"  goal, flat memory: the figures at each start after {SETTLE:,} events rise "
                f"{rise:.3f} MB per 1,000 events (under {FLAT} wanted): {flat}"
            )


def slope(points: list[tuple[int, float]]) -> float:
    """The least-squares slope of y over x."""
    mean_x = statistics.fmean(x for x, _ in points)
    mean_y = statistics.fmean(y for _, y in points)
    num = sum((x - mean_x) * (y - mean_y) for x, y in points)
    return num / sum((x - mean_x) ** 2 for x, _ in points)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0], allow_abbrev=False)
    parser.add_argument("--steps", type=int, default=10_000, help="steps back (at most the fight)")
    parser.add_argument("--events", type=int, default=10_000, help="demo events")
    parser.add_argument("--only", choices=("replay", "demo"))
    args = parser.parse_args()
    if args.only != "demo":
        with TemporaryDirectory() as folder:
            path = Path(folder) / "long.yaml"
            fight = long_fight()
            save_fight(fight, path)
            fight.close()
            asyncio.run(step_back(path, args.steps))
    if args.only != "replay":
        asyncio.run(demo_memory(args.events))


if __name__ == "__main__":
    main()
