"""`arena sim`: not built yet."""

from __future__ import annotations

import argparse
from typing import Any


def add_parser(sub: Any) -> Any:
    """Add the sim subcommand and return its handler."""
    sub.add_parser("sim", help="(not built yet)")
    return handle


def handle(args: argparse.Namespace) -> int:
    """Say that this command is not built yet."""
    print("arena sim: not built yet")
    return 0
