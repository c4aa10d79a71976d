"""An option is taken by its whole name only; a mistyped one is named as typed, with its near ones.

argparse took any unambiguous prefix of a long option: ``--ai zz`` was read as ``--ai-budget
zz``, and the error named ``--ai-budget``, an option the user never typed.
"""

from __future__ import annotations

import argparse
from collections.abc import Iterator

import pytest

from arena.cli import build_parser
from arena.cli.typos import hints, near_options
from tests.bad_input.hostile import run


def _parsers(parser: argparse.ArgumentParser) -> Iterator[argparse.ArgumentParser]:
    """The parser and every subcommand's, subcommands of subcommands included."""
    yield parser
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for child in dict.fromkeys(action.choices.values()):
                yield from _parsers(child)


def test_no_parser_takes_a_prefix_for_an_option() -> None:
    parsers = list(_parsers(build_parser()))
    assert len(parsers) > 15  # every command and the forms of odds and roll
    assert [p.prog for p in parsers if p.allow_abbrev] == []


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        # The brief's case: a prefix of --ai-budget, once taken as it.
        (["sim", "sorcerer-duel", "--ai", "zz"], "--ai zz (--ai: did you mean --ai-budget?"),
        (["sim", "sorcerer-duel", "--ai=zz"], "--ai=zz (--ai: did you mean --ai-budget?"),
        # A prefix of two options, once refused as ambiguous: both are named.
        (["run", "werewolf-duel", "--co"], "--co (--co: did you mean --coach or --coach-budget?"),
        # A misspelling that is no prefix: the nearest by spelling.
        (["run", "werewolf-duel", "--sed", "3"], "--sed 3 (--sed: did you mean --seed?"),
        # Two at once, each with its own.
        (
            ["sim", "werewolf-duel", "--jbs", "2", "--quite"],
            "--jbs 2 --quite (--jbs: did you mean --jobs?; --quite: did you mean --quiet?",
        ),
        # A form's options (odds contest), and arena's own.
        (["odds", "contest", "3", "3", "--jso"], "--jso (--jso: did you mean --json?"),
        (["--verison"], "--verison (--verison: did you mean --version?"),
    ],
)
def test_a_mistyped_option_is_named_as_typed_with_the_options_it_may_mean(
    capsys: pytest.CaptureFixture[str], argv: list[str], said: str
) -> None:
    command = f"arena {argv[0]}" if not argv[0].startswith("-") else "arena"
    expected = f"arena: unrecognized arguments: {said}; see {command} --help)\n"
    assert run(argv, capsys) == (2, "", expected)


def test_an_option_given_whole_is_still_checked_as_itself(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status, out, err = run(["sim", "sorcerer-duel", "--ai-budget", "zz"], capsys)
    assert (status, out) == (2, "")
    assert err == (
        "arena: argument --ai-budget: expected a whole number from 1 to 60,000, got 'zz' "
        "(see arena sim --help)\n"
    )


@pytest.mark.parametrize(
    ("typed", "expected"),
    [
        ("--ai", ("--ai-budget",)),  # begins one option; --as (ratio 0.5) is not near enough
        ("--co", ("--coach", "--coach-budget")),  # begins two, in the parser's order
        ("--sed", ("--seed",)),  # near by spelling, the shared dashes aside
        ("--seed", ()),  # an option itself is no mistake of one
        ("--bogus", ()),  # near nothing
        ("-x", ()),  # a short option begins nothing: one dash and one letter
        ("zz", ()),  # no option at all
        ("-", ()),  # standard input's name
        ("--", ()),  # begins every option: names none
    ],
)
def test_near_options(typed: str, expected: tuple[str, ...]) -> None:
    known = ["-h", "--help", "--seed", "--coach", "--coach-budget", "--ai-budget", "--as"]
    assert near_options(typed, known) == expected


def test_hints_name_each_option_once_and_pass_over_those_with_none() -> None:
    meant = {"--ai": ("--ai-budget", "--as"), "zz": (), "--x=1": ("--y",)}
    said = hints(["--ai", "zz", "--ai", "--x=1"], meant)
    assert said == "--ai: did you mean --ai-budget or --as?; --x: did you mean --y?"
