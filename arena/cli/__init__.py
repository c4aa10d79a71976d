"""The command line: one subcommand per module, each with --help; bad input exits 2."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Sequence
from importlib import import_module

from arena import __version__
from arena.cli.errors import InputError

# Each module adds its own subparser and returns its handler; listed here, in --help order.
SUBCOMMANDS: Sequence[str] = ("play", "run", "sim", "odds", "roll", "validate")

Handler = Callable[[argparse.Namespace], int]


class _Parser(argparse.ArgumentParser):
    """An argparse parser whose usage errors exit 2 with one line, never a traceback."""

    def error(self, message: str) -> None:  # type: ignore[override]
        raise InputError(f"{message} (see {self.prog} --help)")


def build_parser(only: str | None = None) -> argparse.ArgumentParser:
    """The command line, one subparser per subcommand module.

    Args:
        only: build just this subcommand (so `arena run` never imports the UI or the batch
            machinery, and `arena` starts fast); None or an unknown name builds them all.
    """
    parser = _Parser(
        prog="arena",
        description="A terminal combat simulator for Sorcerer and Werewolf: The Apocalypse.",
    )
    parser.add_argument("--version", action="version", version=f"arena {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    names = [only] if only is not None and only in SUBCOMMANDS else SUBCOMMANDS
    for name in names:
        module = import_module(f"arena.cli.{name}")
        handler: Handler = module.add_parser(sub)
        # The handler rides on the namespace so main() needs no table of its own.
        sub.choices[name].set_defaults(handler=handler)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run arena's command line and return the exit status."""
    args_list = list(sys.argv[1:] if argv is None else argv)
    try:
        if not args_list:
            args_list = ["play"]
        parser = build_parser(args_list[0])
        args = parser.parse_args(args_list)
        handler: Handler = args.handler
        return handler(args)
    except InputError as err:
        print(f"arena: {err}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("arena: interrupted", file=sys.stderr)
        return 130
