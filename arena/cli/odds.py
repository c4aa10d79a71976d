"""`arena odds`: exact odds of Storyteller rolls and Sorcerer contests, as tables and bars."""

from __future__ import annotations

import argparse
import json
from collections.abc import Callable, Sequence
from dataclasses import asdict
from typing import Any, Final, get_args

from arena.cli.args import whole_arg
from arena.cli.errors import InputError
from arena.cli.fold import fold
from arena.cli.plot import bar, percent, table
from arena.rules.dice import Tens
from arena.rules.odds import (
    DIFFICULTY_MAX,
    DIFFICULTY_MIN,
    POOL_MAX,
    ContestOdds,
    StorytellerOdds,
    contest_odds,
    open_odds,
    storyteller_odds,
)
from arena.words.core import dice as dice
from arena.words.odds import describe_contest, storyteller_parts, tens_note

TRIM: Final = 0.0005
"""Rows whose chance rounds to 0.0% are left out of the tables."""
BAR_WIDTH: Final = 30
TABLE_POOLS: Final = range(1, 11)
TABLE_DIFFICULTIES: Final = range(3, 11)

EPILOG: Final = """\
examples:
  arena odds storyteller 5 6            5 dice at difficulty 6
  arena odds werewolf 3 8 --willpower   3 dice at 8 with a point of Willpower
  arena odds storyteller 6 --damage     6 damage dice at 6, 10s rerolled
  arena odds storyteller 6 --damage --tens off
                                        the same under damage_tens: plain
  arena odds storyteller 5 6 --tens double
                                        a specialty: each 10 counts twice
  arena odds contest 4 3                Sorcerer: 4 dice against 3
  arena odds table                      success for pools 1-10 at difficulties 3-10
  arena odds contest 10 10 --json       every number as one JSON object
"""


pool_arg: Final = whole_arg(0, POOL_MAX)
difficulty_arg: Final = whole_arg(DIFFICULTY_MIN, DIFFICULTY_MAX)


def add_parser(sub: Any) -> Callable[[argparse.Namespace], int]:
    """Add the odds subcommand and its forms, and return its handler."""
    odds = sub.add_parser(
        "odds",
        help="exact odds of a roll or contest",
        description="Exact odds of a Storyteller roll or a Sorcerer contest.",
        epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    forms = odds.add_subparsers(dest="form", metavar="FORM", required=True)
    storyteller = forms.add_parser(
        "storyteller",
        aliases=["werewolf"],
        help="successes of a Storyteller roll (Werewolf)",
        description="Net successes of POOL d10 against DIFFICULTY: each 1 cancels a success; "
        "a 1 with no success is a botch. Above 10 the difficulty counts as 10 and each point "
        "over needs one more success.",
        epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    add_storyteller_arguments(storyteller)
    storyteller.add_argument("--json", action="store_true", help="print one JSON object")
    storyteller.set_defaults(show=show_storyteller)
    contest = forms.add_parser(
        "contest",
        aliases=["sorcerer"],
        help="winner and victories of a Sorcerer contest",
        description="A Sorcerer contest of FIRST dice against SECOND dice: highest dice "
        "compared, tied pairs set aside, victories are the winner's dice above the loser's best.",
        epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    add_contest_arguments(contest)
    contest.add_argument("--json", action="store_true", help="print one JSON object")
    contest.set_defaults(show=show_contest)
    grid = forms.add_parser(
        "table",
        help="success for pools 1-10 at difficulties 3-10",
        description="Chance of at least one net success for pools 1-10 at difficulties 3-10.",
        epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    grid.add_argument("--damage", action="store_true", help="damage or soak: 10s rerolled")
    _add_tens_argument(grid)
    grid.add_argument("--json", action="store_true", help="print one JSON object")
    grid.set_defaults(show=show_table)
    return handle


def add_storyteller_arguments(parser: argparse.ArgumentParser) -> None:
    """Add POOL, DIFFICULTY, --damage and --willpower (shared with `arena roll`)."""
    parser.add_argument("pool", metavar="POOL", type=pool_arg, help=f"dice, 0-{POOL_MAX}")
    parser.add_argument(
        "difficulty",
        metavar="DIFFICULTY",
        type=difficulty_arg,
        nargs="?",
        default=6,
        help=f"target number, {DIFFICULTY_MIN}-{DIFFICULTY_MAX} (default 6)",
    )
    parser.add_argument(
        "--damage", action="store_true", help="a damage or soak roll: 10s rerolled, no botch"
    )
    parser.add_argument(
        "--willpower", action="store_true", help="spend Willpower: one automatic success"
    )
    _add_tens_argument(parser)


def _add_tens_argument(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--tens",
        choices=get_args(Tens),
        help="what a 10 does: off (nothing more), double (two successes: option specialty), "
        "reroll (adds a die: option specialty, and damage or soak under the seed); "
        "default off, or reroll with --damage (off there is damage_tens: plain)",
    )


def tens_rule(args: argparse.Namespace) -> Tens:
    """What the 10s do: --tens, or the roll's own rule (damage and soak reroll them).

    Raises:
        InputError: --tens double with --damage (a damage 10 rerolls or not).
    """
    if args.tens is None:
        return "reroll" if args.damage else "off"
    if args.damage and args.tens == "double":
        raise InputError("--tens double is for a specialty roll; with --damage use reroll or off")
    tens: Tens = args.tens
    return tens


def add_contest_arguments(parser: argparse.ArgumentParser) -> None:
    """Add the two pools FIRST and SECOND (shared with `arena roll`)."""
    parser.add_argument("first", metavar="FIRST", type=pool_arg, help="the first side's dice")
    parser.add_argument("second", metavar="SECOND", type=pool_arg, help="the second side's dice")


def automatic_successes(args: argparse.Namespace) -> int:
    """Return the automatic successes asked for, refusing Willpower on damage and soak.

    Raises:
        InputError: --willpower with --damage.
    """
    if args.willpower and args.damage:
        raise InputError("--willpower adds no success to damage or soak rolls (--damage)")
    return 1 if args.willpower else 0


def handle(args: argparse.Namespace) -> int:
    """Print the odds of the form asked for."""
    show: Callable[[argparse.Namespace], list[str]] = args.show
    text = "\n".join(show(args))
    # A difficulty above 10, a tens rule and Willpower run the header past 80 columns.
    print(text if args.json else fold(text))
    return 0


def _json(form: str, values: dict[str, Any]) -> list[str]:
    """One JSON object with sorted keys, naming its form."""
    return [json.dumps({"form": form, **values}, sort_keys=True)]


def show_storyteller(args: argparse.Namespace) -> list[str]:
    """Lines for `arena odds storyteller`: a header, a table and bars, or JSON."""
    automatic, tens = automatic_successes(args), tens_rule(args)
    if args.damage:
        odds = open_odds(args.pool, args.difficulty, tens=tens)
    else:
        odds = storyteller_odds(args.pool, args.difficulty, automatic=automatic, tens=tens)
    if args.json:
        return _json("storyteller", asdict(odds))
    lines = distribution_lines("successes", odds.exactly, odds.at_least)
    return [storyteller_header(odds), *lines]


def storyteller_header(odds: StorytellerOdds) -> str:
    """The odds in words: "5 dice at difficulty 6: success 84.4%, botch 2.1%, ..."."""
    what = f"{dice(odds.pool)} at difficulty {odds.difficulty}"
    if odds.difficulty > 10:
        what += f" (counts as 10 with {odds.difficulty - 10} extra successes needed)"
    if odds.open_ended and odds.tens == "reroll":
        what += ", 10s rerolled"
    elif note := tens_note(odds.tens, open_ended=odds.open_ended):
        what += f", {note}"
    if odds.automatic:
        what += f" with {odds.automatic} automatic success (Willpower)"
    summary = storyteller_parts(odds)
    # The failure share goes before the expectation, which stays last.
    summary.insert(-1, f"failure {percent(odds.p_failure)}")
    return f"{what}: {', '.join(summary)}"


def distribution_lines(label: str, exactly: Sequence[float], tails: Sequence[float]) -> list[str]:
    """A table of exactly/at least k with a bar for each k; negligible rows left out."""
    shown = [k for k in range(len(exactly)) if tails[k] >= TRIM]
    top = max(exactly, default=0.0) or 1.0
    rows = [
        (str(k), percent(exactly[k]), percent(tails[k]), bar(exactly[k] / top, BAR_WIDTH))
        for k in shown
    ]
    lines = table((label, "exactly", "at least", ""), rows, "rrrl")
    if len(shown) < len(exactly):
        lines.append(f"(more than {shown[-1]} {label}: under {TRIM:.2%})")
    return lines


def show_contest(args: argparse.Namespace) -> list[str]:
    """Lines for `arena odds contest`: a header, a table of victories and bars, or JSON."""
    odds = contest_odds(args.first, args.second)
    if args.json:
        return _json("contest", asdict(odds))
    return [contest_header(odds), *victory_table(odds), "", *outcome_bars(odds)]


def contest_header(odds: ContestOdds) -> str:
    """The odds in words: "4 dice against 3 dice: first wins ..."."""
    return f"{dice(odds.first)} against {dice(odds.second)}: {describe_contest(odds)}"


def victory_table(odds: ContestOdds) -> list[str]:
    """Each side's chance to win with exactly and at least v victories."""
    first, second = odds.first_victories, odds.second_victories
    rows = []
    for v in range(1, max(len(first), len(second))):
        cells = [sum(side[v:]) if v < len(side) else 0.0 for side in (first, second)]
        if max(cells) < TRIM:
            continue
        exact = [side[v] if v < len(side) else 0.0 for side in (first, second)]
        rows.append(
            (str(v), percent(exact[0]), percent(cells[0]), percent(exact[1]), percent(cells[1]))
        )
    header = ("victories", "first wins", "at least", "second wins", "at least")
    return table(header, rows) if rows else ["(nobody can win: both sides have no dice)"]


def outcome_bars(odds: ContestOdds) -> list[str]:
    """A bar per result, from the first side's biggest win to the second side's."""
    results: list[tuple[str, float]] = [
        (f"first by {v}", odds.first_victories[v])
        for v in range(len(odds.first_victories) - 1, 0, -1)
    ]
    if odds.first == odds.second:
        results.append(("complete tie", odds.p_tie))
    results += [(f"second by {v}", p) for v, p in enumerate(odds.second_victories) if v]
    results = [(name, p) for name, p in results if p >= TRIM or name == "complete tie"]
    top = max((p for _, p in results), default=0.0) or 1.0
    rows = [(name, percent(p), bar(p / top, BAR_WIDTH)) for name, p in results]
    return table(("result", "chance", ""), rows, "lrl")


def show_table(args: argparse.Namespace) -> list[str]:
    """Lines for `arena odds table`: success (and botch) by pool and difficulty, or JSON."""
    tens = tens_rule(args)
    grid = [
        [
            open_odds(pool, difficulty, tens=tens)
            if args.damage
            else storyteller_odds(pool, difficulty, tens=tens)
            for difficulty in TABLE_DIFFICULTIES
        ]
        for pool in TABLE_POOLS
    ]
    success = [[odds.p_success for odds in row] for row in grid]
    botch = [[odds.p_botch for odds in row] for row in grid]
    if args.json:
        values: dict[str, Any] = {
            "pools": list(TABLE_POOLS),
            "difficulties": list(TABLE_DIFFICULTIES),
            "open_ended": args.damage,
            "tens": tens,
        }
        return _json("table", {**values, "success": success, "botch": botch})
    kind = "damage or soak, 10s rerolled" if args.damage else "each 1 cancels a success"
    if note := tens_note(tens, open_ended=args.damage):
        kind = kind.removesuffix(", 10s rerolled") + f", {note}"
    # One line within 80 columns, the longest note on the 10s included: rows are dice, as the
    # first column's heading says.
    lines = [f"chance of success by difficulty ({kind})"]
    lines += _grid(success)
    if not args.damage:
        lines += ["", "chance of a botch by difficulty", *_grid(botch)]
    return lines


def _grid(values: list[list[float]]) -> list[str]:
    """Lay out a pools-by-difficulties grid of percentages."""
    header = ("dice", *(str(d) for d in TABLE_DIFFICULTIES))
    rows = [
        (str(pool), *(percent(p) for p in row))
        for pool, row in zip(TABLE_POOLS, values, strict=True)
    ]
    return table(header, rows)
