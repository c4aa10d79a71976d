"""``--level easy|normal|hard|expert``: how well every AI fighter plays, for run, sim and play."""

from __future__ import annotations

import argparse
import dataclasses
import textwrap
from typing import TYPE_CHECKING, Any, Final

from arena.content.errors import quote
from arena.rules.level_names import LEVEL_NAMES

if TYPE_CHECKING:
    from arena.content.scenario import ScenarioDef

# The ladder (arena.ai.levels) loads when a level is used or the help is shown: importing it
# loads every AI policy and the rules under them, and `arena` builds this parser before the
# title menu's first frame.

WIDTH: Final = 96
"""Characters a level's lines in the help take at most."""
HELP: Final = (
    f"how well every AI fighter plays: {', '.join(LEVEL_NAMES)} (each keeps its own policy; "
    "expert looks ahead, --ai-budget); default: as the scenario says"
)


def level_arg(text: str) -> str:
    """Parse --level; an unknown one is a one-line usage error naming the legal ones (exit 2).

    Raises:
        argparse.ArgumentTypeError: no level has that name.
    """
    from arena.ai.levels import UnknownLevel, rung

    try:
        return rung(text).name
    except UnknownLevel as err:
        # argparse names --level before the message: the refusal says the rest, built from
        # its fields, so the option is named once.
        said = f"expected one of {', '.join(LEVEL_NAMES)}, got {quote(err.name)}"
        raise argparse.ArgumentTypeError(said) from None


def add_level_arg(parser: Any, what: str = "") -> None:
    """Add --level LEVEL to a subcommand's parser (``what`` words its help's start)."""
    said = HELP if not what else f"{what}: {', '.join(LEVEL_NAMES)} (default: the groups' own)"
    # The choices are for shell completion: an unknown level is refused by level_arg first.
    parser.add_argument("--level", type=level_arg, choices=LEVEL_NAMES, metavar="LEVEL", help=said)


def at_level(scenario: ScenarioDef, level: str | None) -> ScenarioDef:
    """The scenario with every ``ai:`` fighter at the level (people and scripts as they are)."""
    if level is None:
        return scenario
    from arena.ai.levels import controller_at

    combatants = tuple(
        dataclasses.replace(c, controller=controller_at(c.controller, level))
        for c in scenario.combatants
    )
    return dataclasses.replace(scenario, combatants=combatants)


def levels_epilog() -> str:
    """The levels as the help's epilog lists them, each with its measured win rates."""
    from arena.ai.levels import LADDER, described

    lines = [
        textwrap.fill(described(r), WIDTH, initial_indent="  ", subsequent_indent="    ")
        for r in LADDER
    ]
    return "levels (--level), each measured against the one below:\n" + "\n".join(lines) + "\n"
