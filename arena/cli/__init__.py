"""The command line: one subcommand per module, each with --help; bad input exits 2."""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable, Sequence
from importlib import import_module
from pathlib import Path
from typing import Any, Final

from arena import __version__
from arena.cli.errors import InputError, printable
from arena.cli.helpwrap import fit, help_width
from arena.cli.terminal import OutputError, prepare_streams, silence_stdout
from arena.cli.typos import either, hints, near_names, near_options
from arena.content.roots import default_content_root

# Each module adds its own subparser and returns its handler; listed here, in --help order.
SUBCOMMANDS: Sequence[str] = (
    "play",
    "demo",
    "serve",
    "run",
    "replay",
    "sim",
    "sweep",
    "gauntlet",
    "map",
    "odds",
    "roll",
    "validate",
    "completion",
)

Handler = Callable[[argparse.Namespace], int]

MEANT: Final = "_arena_meant"
"""Where a parser leaves, on the namespace, what each option it did not know may have meant."""


class _Parser(argparse.ArgumentParser):
    """An argparse parser whose usage errors exit 2 with one line, never a traceback.

    No option is taken by a prefix of its name: ``--ai zz`` was read as ``--ai-budget zz``,
    and its error named an option the user never typed. An unrecognized option is named as
    typed, with the options it may have meant.
    """

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        """An argparse parser (subcommands' parsers are made of this class too)."""
        super().__init__(*args, **{**kwargs, "allow_abbrev": False})

    def error(self, message: str) -> None:  # type: ignore[override]
        raise InputError(f"{message} (see {self.prog} --help)")

    def parse_known_args(  # type: ignore[override]
        self, args: Sequence[str] | None = None, namespace: argparse.Namespace | None = None
    ) -> tuple[argparse.Namespace, list[str]]:
        """Parse, keeping what each option this parser did not know may have meant.

        A subcommand's parser runs first and hands its leftovers up on the namespace, so the
        innermost parser that saw an option says what it meant.
        """
        parsed, extra = super().parse_known_args(args, namespace)
        meant: dict[str, tuple[str, ...]] = getattr(parsed, MEANT, {})
        known = list(self._option_string_actions)  # this class's own table of its options
        for typed in extra:
            meant.setdefault(typed, near_options(typed, known))
        if meant:
            setattr(parsed, MEANT, meant)
        return parsed, extra

    def parse_args(  # type: ignore[override]
        self, args: Sequence[str] | None = None, namespace: argparse.Namespace | None = None
    ) -> argparse.Namespace:
        """Parse, naming in an unrecognized argument's message the subcommand's --help."""
        parsed, extra = self.parse_known_args(args, namespace)
        if extra:
            command = getattr(parsed, "command", None)
            where = f"{self.prog} {command}" if command else self.prog
            hint = hints(extra, getattr(parsed, MEANT, {}))
            see = f"{hint}; see {where} --help" if hint else f"see {where} --help"
            raise InputError(f"unrecognized arguments: {' '.join(extra)} ({see})")
        return parsed

    def format_help(self) -> str:
        """The help, fitted to the terminal; an epilog given as a function is written now."""
        epilog: object = self.epilog
        if callable(epilog):
            # Such an epilog loads what it lists (the levels' ladder loads the AI): `arena`
            # builds its parser before the title menu's first frame and seldom shows it.
            self.epilog = epilog()
        # The description and epilog are written as they read best wide: argparse leaves
        # such raw text as it is, so the lines wider than the terminal are refilled here.
        width = help_width()
        return fit(super().format_help(), width)


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


TOP_LEVEL: Final = ("-h", "--help", "--version")
"""The options of `arena` itself; any other option belongs to `play`, the default command."""


def _means_play(first: str) -> bool:
    """Whether a command line starting with `first` is `play`'s, its command left out.

    `play` is the default command: ``arena --hot-seat``, ``arena sorcerer-duel`` and
    ``arena duel.yaml`` play. A word that is neither a command nor a scenario stays a command
    mistyped, so its message names the commands it may have meant.

    Raises:
        InputError: `first` is spelt nearly as a shipped scenario's name (it names them).
    """
    if first in SUBCOMMANDS or first in TOP_LEVEL:
        return False
    if first.startswith("-"):
        # A top-level option mistyped (``--verison``) stays arena's, to be named as meant.
        return not near_options(first, list(TOP_LEVEL))
    scenarios = default_content_root() / "scenarios"
    if (scenarios / f"{first}.yaml").is_file() or os.path.isfile(first):
        return True
    _refuse_a_scenario_mistyped(first, scenarios)
    return False


def _refuse_a_scenario_mistyped(first: str, scenarios: Path) -> None:
    """Name the shipped scenarios (in `scenarios`) a word that is none may have meant.

    Raises:
        InputError: `first` is spelt nearly as a shipped scenario's name.
    """
    near = near_names(first, sorted(p.stem for p in scenarios.glob("*.yaml")))
    if near:
        raise InputError(
            f"{first!r} is neither a command nor a shipped scenario: did you mean "
            f"{either(near)}? (see arena --help)"
        )


def main(argv: Sequence[str] | None = None) -> int:
    """Run arena's command line and return the exit status.

    Bad input gives one line and status 2, and so does a standard output that takes no more
    (a full disk); a closed pipe ends quietly (status 1); anything else is a bug, reported in
    one line (status 70) unless ``ARENA_TRACEBACK`` is set.
    """
    prepare_streams()
    args_list = list(sys.argv[1:] if argv is None else argv)
    try:
        if not args_list or _means_play(args_list[0]):
            args_list = ["play", *args_list]
        parser = build_parser(args_list[0])
        args = parser.parse_args(args_list)
        handler: Handler = args.handler
        status = handler(args)
        sys.stdout.flush()  # a closed pipe shows here, not after main has returned
        return status
    except InputError as err:
        print(f"arena: {printable(str(err))}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("arena: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        # The reader went away (`| head`): stop quietly, as other command-line tools do.
        silence_stdout()
        return 1
    except OutputError as err:
        silence_stdout()  # what is left in its buffer goes nowhere, not to a second failure
        print(f"arena: cannot write to standard output: {err.strerror}", file=sys.stderr)
        return 2
    except Exception as err:
        if os.environ.get("ARENA_TRACEBACK"):
            raise
        what = printable(f"{type(err).__name__}: {err}".splitlines()[0][:200])
        print(f"arena: internal error ({what}); ARENA_TRACEBACK=1 shows where", file=sys.stderr)
        return 70
