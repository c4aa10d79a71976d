"""Run the test suite in two processes at once: the UI's tests beside all the others.

``python tools/run_tests.py`` runs what ``python -m pytest`` runs, in about half the time on
two cores; any pytest option given is passed to both parts (``-m slow``, ``-x``, ``-k name``).
Each part's output is printed whole once it ends, so the two never interleave. The exit status
is 0 only when both parts pass.
"""

from __future__ import annotations

import contextlib
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import IO

ROOT = Path(__file__).resolve().parents[1]
PARTS = {
    "the UI's tests": ["tests/ui"],
    "all the other tests": ["tests", "--ignore=tests/ui"],
}
"""Two parts of about the same length: the UI's Pilot tests, and the rest."""
NO_TESTS = 5
"""pytest's status when an option (``-k``) leaves a part with no test: not a failure."""


def main(argv: list[str]) -> int:
    """Start both parts, wait for both, print each one's output; 0 when both passed."""
    start = time.monotonic()
    with contextlib.ExitStack() as files:
        running = [_start(name, where, argv, files) for name, where in PARTS.items()]
        try:
            failed = [name for name, proc, out in running if not _finish(name, proc, out)]
        except KeyboardInterrupt:
            for _, proc, _ in running:
                proc.terminate()
            return 130
    took = time.monotonic() - start
    verdict = "failed: " + " and ".join(failed) if failed else "both parts passed"
    print(f"\n{verdict} ({took:.0f} s)", flush=True)
    return 1 if failed else 0


def _start(
    name: str, where: list[str], argv: list[str], files: contextlib.ExitStack
) -> tuple[str, subprocess.Popen[bytes], IO[str]]:
    """One part started on pytest, its output going to a file of its own."""
    # Closed by the caller's stack, once both parts are printed.
    out = files.enter_context(tempfile.TemporaryFile(mode="w+", encoding="utf-8"))  # noqa: SIM115
    command = [sys.executable, "-m", "pytest", *where, *argv]
    # This interpreter running pytest with the caller's own options: nothing else is run.
    proc = subprocess.Popen(command, cwd=ROOT, stdout=out, stderr=subprocess.STDOUT)  # noqa: S603
    print(f"started {name}: {' '.join(command[1:])}", flush=True)
    return name, proc, out


def _finish(name: str, proc: subprocess.Popen[bytes], out: IO[str]) -> bool:
    """Wait for a part, print its output whole; True when it passed (or had no test)."""
    status = proc.wait()
    out.seek(0)
    print(f"\n===== {name}: exit status {status} =====", flush=True)
    sys.stdout.write(out.read())
    return status in (0, NO_TESTS)


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
