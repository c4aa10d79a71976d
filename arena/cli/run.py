"""`arena run`: not built yet."""

from __future__ import annotations

import argparse
from collections.abc import Callable
from typing import Any


def add_parser(sub: Any) -> Callable[[argparse.Namespace], int]:
    """Add the run subcommand and return its handler."""
    sub.add_parser("run", help="(not built yet)")
    return handle


def handle(args: argparse.Namespace) -> int:
    """Say that this command is not built yet."""
    print("arena run: not built yet")
    return 0
