"""Progress of a batch on standard error: a bar on a terminal, plain counts otherwise."""

from __future__ import annotations

import time
from typing import Final, TextIO

WIDTH: Final = 30
"""Cells in the bar."""
STEPS: Final = 10
"""Plain-count lines per batch when standard error is not a terminal."""


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
