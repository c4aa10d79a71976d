"""Linters, formatter, type checker and import contracts, run as tests."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
BIN = Path(sys.executable).parent


@pytest.mark.static
@pytest.mark.parametrize(
    "argv",
    [
        ["ruff", "check", "arena", "tests", "bench", "tools"],  # lint rules of the style guide
        ["ruff", "format", "--check", "arena", "tests", "bench", "tools"],  # one formatting
        ["mypy", "--strict", "arena"],  # types
        ["lint-imports"],  # layering contracts
    ],
    ids=["ruff", "ruff-format", "mypy", "lint-imports"],
)
def test_static(argv: list[str]) -> None:
    tool = BIN / argv[0]
    exe = str(tool) if tool.exists() else argv[0]
    # Folders are checked only where they exist (bench/ holds scripts only once there are any).
    args = [a for a in argv[1:] if a not in {"tests", "bench", "tools"} or (ROOT / a).exists()]
    proc = subprocess.run([exe, *args], cwd=ROOT, capture_output=True, text=True, check=False)
    assert proc.returncode == 0, proc.stdout + proc.stderr
