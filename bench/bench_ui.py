"""How quickly the UI starts and answers keys, measured in one run.

1. Cold start to first frame: `arena`'s title menu against a bare Textual app, each started
   in a fresh Python process several times (goal: arena within 1.5 times the bare app).
2. Key press to updated screen in a fight of 8 combatants (1 player against 7): the median
   time from a key press until the screen has been redrawn with its effect (goal: at most
   50 ms). Choice keys and look-cursor keys are timed, in play (the AI answers afterwards, on
   its timer) and at pace 0 (the seven AI answers inside the key press, as tests run).

Start-up runs the real `arena` command in a pseudo-terminal and waits for its title menu to
be drawn. Key presses run headless: composing the screen is timed, writing it is not.

Run: python bench/bench_ui.py [--runs N] [--presses N]
"""

from __future__ import annotations

import argparse
import asyncio
import fcntl
import os
import pty
import select
import statistics
import struct
import subprocess
import sys
import tempfile
import termios
import time
from pathlib import Path
from typing import Any

PACE = 0.05
"""The AI's pace while timing keys: short, so the run is quick, but the AI still waits."""
BARE = """
from textual.app import App
from textual.widgets import Static

class Bare(App):
    def compose(self):
        yield Static("hello, first frame")

Bare().run()
"""
SIZE = (100, 30)


def first_frame(command: list[str], marker: bytes, env: dict[str, str]) -> float:
    """Seconds from starting `command` in a pseudo-terminal to `marker` appearing on it.

    The program runs as in a real terminal (a pty of 100×30); once its first frame shows,
    it gets ctrl+q and, if it lingers, is killed.

    Raises:
        RuntimeError: the marker did not show within 30 seconds.
    """
    master, slave = pty.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", SIZE[1], SIZE[0], 0, 0))
    start = time.perf_counter()
    proc = subprocess.Popen(command, stdin=slave, stdout=slave, stderr=slave, env=env)
    os.close(slave)
    seen, found = b"", None
    while found is None and time.perf_counter() - start < 30:
        ready, _, _ = select.select([master], [], [], 0.5)
        if not ready:
            continue
        try:
            seen += os.read(master, 65536)
        except OSError:
            break
        if marker in seen:
            found = time.perf_counter() - start
    os.write(master, b"\x11")  # ctrl+q
    try:
        proc.wait(timeout=5)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()
    os.close(master)
    if found is None:
        raise RuntimeError(f"{command}: no first frame; it wrote {seen[-400:]!r}")
    return found


def measure_start(runs: int) -> tuple[float, float]:
    """Median cold starts of a bare Textual app and of `arena`, interleaved."""
    env = dict(os.environ, TERM="xterm-256color", ARENA_SAVES=tempfile.mkdtemp())
    bare_cmd = [sys.executable, "-c", BARE]
    arena_cmd = [sys.executable, "-m", "arena"]
    first_frame(bare_cmd, b"first frame", env)  # warm the file cache for both
    first_frame(arena_cmd, b"Odds calculator", env)
    bare, arena = [], []
    for _ in range(runs):
        bare.append(first_frame(bare_cmd, b"first frame", env))
        arena.append(first_frame(arena_cmd, b"Odds calculator", env))
    return statistics.median(bare), statistics.median(arena)


async def measure_keys(presses: int, pace: float) -> tuple[list[float], list[float]]:
    """Milliseconds from each key press to the redrawn screen: choice keys, look keys.

    At a pace above 0 the AI answers on its timer after the screen has shown the player's
    choice, as in play; at pace 0 all seven AI answers happen inside the key press.
    """
    from arena.engine.setup import FightSpec, load_catalog, new_fight
    from arena.ui.app import ArenaApp
    from arena.ui.arena_screen import ArenaScreen
    from arena.ui.choice_keys import keyed

    stamps: list[float] = []
    refresh_fight = ArenaScreen.refresh_fight
    moved = ArenaScreen.on_grid_map_moved

    def stamp(screen: ArenaScreen) -> None:
        screen.app.call_after_refresh(lambda: stamps.append(time.perf_counter()))

    def timed_refresh(self: ArenaScreen) -> None:
        refresh_fight(self)
        stamp(self)

    def timed_moved(self: ArenaScreen, message: Any) -> None:
        moved(self, message)
        stamp(self)

    ArenaScreen.refresh_fight = timed_refresh  # type: ignore[method-assign]
    ArenaScreen.on_grid_map_moved = timed_moved  # type: ignore[method-assign]
    catalog = load_catalog()
    choice_ms: list[float] = []
    look_ms: list[float] = []
    seed = 11
    while len(choice_ms) < presses:
        spec = FightSpec("werewolf", "tom", (("vilna", 7),), "pit", seed=seed, max_rounds=200)
        fight = new_fight(catalog, spec)
        seed += 1
        # No hold on the player's rolls (each press picks a choice) and no preferences file;
        # the fight set aside from full garbage collections and the forecast's workers started as
        # the fight opens, as `arena play` does (so the summary's chart finds them running).
        app = ArenaApp(
            catalog,
            saves=Path(tempfile.mkdtemp()),
            pace=pace,
            hold=0,
            fight=fight,
            preferences=None,
            warm=True,
            set_aside=True,
        )
        async with app.run_test(size=(100, 30)) as pilot:
            screen = app.screen
            if not isinstance(screen, ArenaScreen):
                raise RuntimeError(f"the fight did not open: {screen!r}")
            while not fight.over and len(choice_ms) < presses:
                while not fight.over and screen.driver.human_decision() is None:
                    await pilot.pause(0.01)  # the AI's turn: wait for the player's
                decision = screen.driver.human_decision()
                if decision is None:
                    break
                for key, bucket in (("l", look_ms), ("h", look_ms), (None, choice_ms)):
                    stamps.clear()
                    start = time.perf_counter()
                    await pilot.press(key or keyed(decision.choices)[0][0])
                    await pilot.pause()
                    if stamps:
                        # The first redraw after the key shows its effect.
                        bucket.append((min(stamps) - start) * 1000)
    ArenaScreen.refresh_fight = refresh_fight  # type: ignore[method-assign]
    ArenaScreen.on_grid_map_moved = moved  # type: ignore[method-assign]
    return choice_ms, look_ms


def main() -> int:
    """Print both measurements and whether they meet their goals."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0], allow_abbrev=False)
    parser.add_argument("--runs", type=int, default=7, help="cold starts of each app")
    parser.add_argument("--presses", type=int, default=40, help="choice keys to time")
    args = parser.parse_args()
    bare, arena = measure_start(args.runs)
    ratio = arena / bare
    print(f"cold start to first frame (median of {args.runs}, in a pseudo-terminal):")
    print(f"  bare Textual app  {bare * 1000:7.1f} ms")
    print(f"  arena (title menu){arena * 1000:7.1f} ms")
    verdict = "meets" if ratio <= 1.5 else "MISSES"
    print(f"  ratio             {ratio:7.2f}   ({verdict} the goal of 1.5)")
    print("key press to updated screen, 8 combatants (median ms):")
    choice_ms, look_ms = asyncio.run(measure_keys(args.presses, PACE))
    print(f"  in play (the 7 AI answers follow on their {PACE} s timer):")
    print(f"    choice keys              {statistics.median(choice_ms):6.1f}  n={len(choice_ms)}")
    print(f"    look keys                {statistics.median(look_ms):6.1f}  n={len(look_ms)}")
    median = statistics.median(choice_ms + look_ms)
    verdict = "meets" if median <= 50 else "MISSES"
    print(f"    all keys                 {median:6.1f}  ({verdict} the goal of 50 ms)")
    print(f"    slowest choice key       {max(choice_ms):6.1f}")
    busy, _ = asyncio.run(measure_keys(args.presses, 0))
    print("  at pace 0 (the 7 AI answers inside the key press, as in tests):")
    print(f"    choice keys              {statistics.median(busy):6.1f}  n={len(busy)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
