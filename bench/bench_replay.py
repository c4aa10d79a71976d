"""Step-back time in the replay viewer, and the demo's memory over 10,000 events.

Usage: python bench/bench_replay.py
"""

from __future__ import annotations

import asyncio
import gc
import statistics
import time
import tracemalloc
from pathlib import Path
from tempfile import TemporaryDirectory

from arena.cli.scenarios import open_scenario
from arena.engine import Controllers, load_save, save_fight
from arena.engine.setup import load_catalog, scenario_fight
from arena.ui.app import ArenaApp
from arena.ui.demo_screen import DemoScreen
from arena.ui.replay_screen import ReplayScreen

EVENTS = 10_000


def long_save(folder: Path) -> Path:
    """A saved fight of 20 rounds: the Sorcerer duel, stopped at 20 rounds at the latest."""
    cat = load_catalog()
    best = None
    for seed in range(1, 200):
        fight = scenario_fight(cat, "sorcerer-vs-thugs", seed=seed)
        Controllers(fight, watch=True).run()
        if best is None or fight.round > best.round:
            best = fight
        if fight.round >= 20:
            break
    if best is None:
        raise SystemExit("no fight")
    path = folder / "long.yaml"
    save_fight(best, path)
    return path


async def step_back(path: Path) -> None:
    cat = load_catalog()
    app = ArenaApp(
        cat, saves=path.parent, pace=0, preferences=None, replay_viewer=load_save(path, cat)
    )
    async with app.run_test(size=(120, 40)) as pilot:
        viewer = app.screen
        if not isinstance(viewer, ReplayScreen):
            raise SystemExit("no viewer")
        line = viewer.timeline
        rounds = line.events[-1].round
        await pilot.press("end")
        times, lookups, updates = [], [], []
        for _ in range(100):
            start = time.perf_counter()
            line.back()
            line.view()
            looked = time.perf_counter()
            viewer.show_moment()
            updated = time.perf_counter()
            await pilot.pause()  # the screen redrawn
            end = time.perf_counter()
            lookups.append((looked - start) * 1000)
            updates.append((updated - looked) * 1000)
            times.append((end - start) * 1000)
        print(f"replay: {rounds} rounds, {len(line.events)} events, {len(line.views)} views kept")
        print(f"step back, the moment looked up: median {statistics.median(lookups):.3f} ms")
        print(f"step back, widgets updated: median {statistics.median(updates):.1f} ms")
        print(
            f"step back, drawn: median {statistics.median(times):.1f} ms, "
            f"max {max(times):.1f} ms over {len(times)} steps"
        )


async def demo_memory() -> None:
    cat = load_catalog()
    app = ArenaApp(
        cat, saves=Path("/nonexistent"), pace=0, preferences=None, opener=open_scenario, demo=()
    )
    async with app.run_test(size=(120, 40)) as pilot:
        demo = app.screen
        if not isinstance(demo, DemoScreen):
            raise SystemExit("no demo")
        demo.paused = True
        gc.collect()
        tracemalloc.start()
        samples = []
        while demo.played < EVENTS:
            demo.advance()
            if (
                demo.played % 1000 == 0
                and demo.played
                and (not samples or samples[-1][0] != demo.played)
            ):
                await pilot.pause()
                gc.collect()
                samples.append((demo.played, tracemalloc.get_traced_memory()[0] / 1e6))
        tracemalloc.stop()
        print("demo memory (events shown, MB traced):")
        for played, mb in samples:
            print(f"  {played:>6,}  {mb:6.2f}")
        print(f"  fights played: {demo.fights} (playlist of {len(demo.playlist.names)}, looping)")


def main() -> None:
    with TemporaryDirectory() as folder:
        asyncio.run(step_back(long_save(Path(folder))))
    asyncio.run(demo_memory())


if __name__ == "__main__":
    main()
