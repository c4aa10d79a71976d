"""The command line: one subcommand per job, each with --help."""

from __future__ import annotations

import sys


def main(argv: list[str] | None = None) -> int:
    """Run arena's command line and return the exit status."""
    args = sys.argv[1:] if argv is None else argv
    print("arena", " ".join(args))
    return 0
