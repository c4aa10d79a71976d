"""`arena roll`: not built yet."""

from __future__ import annotations

import argparse
from collections.abc import Callable
from typing import Any


def add_parser(sub: Any) -> Callable[[argparse.Namespace], int]:
    """Add the roll subcommand and return its handler."""
    sub.add_parser("roll", help="(not built yet)")
    return handle


def handle(args: argparse.Namespace) -> int:
    """Say that this command is not built yet."""
    print("arena roll: not built yet")
    return 0
