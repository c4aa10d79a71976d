"""Progress of a batch on standard error: a bar on a terminal, plain counts otherwise."""

from __future__ import annotations

import time
from typing import Final, TextIO

from arena.rules.proportion import wilson

WIDTH: Final = 30
"""Cells in the bar."""
STEPS: Final = 10
"""Plain-count lines per batch when standard error is not a terminal."""
REDRAW: Final = 0.1
"""Seconds between redraws of a continuation batch's line on a terminal."""


class ProgressBar:
    """Redraws one line on a terminal; elsewhere prints a count at each tenth."""

    def __init__(
        self,
        total: int,
        stream: TextIO,
        *,
        label: str = "sim",
        unit: str = "fights",
        one: str | None = None,
    ) -> None:
        """Prepare to report on ``total`` things done to ``stream``.

        Args:
            total: how many things there are to do.
            stream: where the progress goes.
            label: what each line starts with.
            unit: the things, in the plural.
            one: one of them (default: ``unit`` without its final s).
        """
        self.total = total
        self.stream = stream
        self.label = label
        self.unit = unit
        self.one = unit.removesuffix("s") if one is None else one
        self.tty = stream.isatty()
        self.started = time.perf_counter()
        self._next_step = 1

    def __call__(self, done: int) -> None:
        """Report that ``done`` of them have finished."""
        if self.tty:
            filled = WIDTH * done // self.total
            bar = "#" * filled + "." * (WIDTH - filled)
            rate = done / max(1e-9, time.perf_counter() - self.started)
            self.stream.write(
                f"\r{self.label} [{bar}] {done}/{self.total} ({rate:.0f} {self.unit}/s)"
            )
            self.stream.flush()
            return
        if self._next_step > STEPS or done * STEPS < self._next_step * self.total:
            return
        while self._next_step <= STEPS and done * STEPS >= self._next_step * self.total:
            self._next_step += 1  # a big chunk may cross several tenths: one line for them all
        self.stream.write(f"{self.label}: {done}/{self.total} {self.unit}\n")
        self.stream.flush()

    def finish(self, done: int) -> None:
        """End the line and say how long the batch took."""
        elapsed = time.perf_counter() - self.started
        if self.tty:
            self.stream.write("\n")
        rate = done / max(1e-9, elapsed)
        unit = self.one if done == 1 else self.unit
        # A slow batch stopped early still shows its pace: 0.1 a second, not 0.
        pace = f"{rate:.1f}" if rate < 10 else f"{rate:.0f}"
        self.stream.write(f"{self.label}: {done} {unit} in {elapsed:.1f} s ({pace} a second)\n")
        self.stream.flush()


class ChanceProgress:
    """Progress of a batch of continuations: each side's chance so far with its 95% interval.

    As the forecast panel shows it: a figure from the first fights in, sharpened as more come.
    On a terminal one line is redrawn at most every `REDRAW` s; elsewhere a line at each tenth.
    """

    def __init__(
        self, total: int, stream: TextIO, sides: tuple[str, ...], *, first: int = 1
    ) -> None:
        """Report on ``total`` continuations to ``stream``, for each of ``sides``.

        The first figure waits for ``first`` continuations (all of them, if fewer).
        """
        self.total = total
        self.at_first = max(1, min(first, total))
        self.stream = stream
        self.sides = sides
        self.tty = stream.isatty()
        self.started = time.perf_counter()
        self._drawn = 0.0
        self._next_step = 1
        self.first: float | None = None
        """Seconds from the start to the first figure, once shown."""

    def __call__(self, fights: int, wins: dict[str, int]) -> None:
        """Take in the figures after ``fights`` continuations (``wins``: by side)."""
        now = time.perf_counter()
        if self.first is None:
            if fights < self.at_first:
                return
            self.first = now - self.started
            self._passed(fights)  # the tenths it reaches are said by it
            self._say(fights, wins)
            return
        if self.tty:
            if now - self._drawn >= REDRAW or fights == self.total:
                self._say(fights, wins)
            return
        if self._next_step > STEPS or fights * STEPS < self._next_step * self.total:
            return
        self._passed(fights)
        self._say(fights, wins)

    def _passed(self, fights: int) -> None:
        while self._next_step <= STEPS and fights * STEPS >= self._next_step * self.total:
            self._next_step += 1

    def _say(self, fights: int, wins: dict[str, int]) -> None:
        self._drawn = time.perf_counter()
        parts = []
        for side in self.sides:
            interval = wilson(wins.get(side, 0), fights)
            low, high = interval.low, interval.high
            share = wins.get(side, 0) / fights if fights else 0.0
            parts.append(f"{side} {share:.0%} (95%: {low:.0%}–{high:.0%})")
        line = f"sim: {fights}/{self.total} continuations · " + " · ".join(parts)
        if self.tty:
            self.stream.write(f"\r{line}\x1b[K")
        else:
            self.stream.write(line + "\n")
        self.stream.flush()

    def finish(self, done: int) -> None:
        """End the line and say how long the batch took, and when its first figure came."""
        elapsed = time.perf_counter() - self.started
        if self.tty:
            self.stream.write("\n")
        first = "" if self.first is None else f", first figure after {self.first:.2f} s"
        self.stream.write(f"sim: {done} continuations in {elapsed:.1f} s{first}\n")
        self.stream.flush()
