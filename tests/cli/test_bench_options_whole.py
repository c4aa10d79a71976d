"""The benchmarks take their options whole, as the command line does: a prefix is refused."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

BENCH = Path(__file__).resolve().parents[2] / "bench"
SCRIPTS = sorted(p for p in BENCH.glob("bench_*.py"))


def test_every_benchmark_is_checked() -> None:
    assert len(SCRIPTS) >= 8


@pytest.mark.parametrize("script", SCRIPTS, ids=lambda p: p.stem)
def test_a_benchmark_refuses_an_option_prefix(script: Path) -> None:
    # Every benchmark has --help; "--hel" would run it as --help if prefixes were taken.
    done = subprocess.run(
        [sys.executable, str(script), "--hel"], capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 2
    assert "unrecognized arguments: --hel" in done.stderr
