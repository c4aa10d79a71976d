"""Hostile input, eighth pass: help at 80 columns, saves' lines, an AI's level."""

from __future__ import annotations

import argparse
from collections.abc import Iterator

import pytest

from arena.cli import build_parser
from arena.cli.helpwrap import fit

# -- every --help at 80 columns ----------------------------------------------------------------
#
# argparse fits the options to the terminal but leaves a raw description or epilog as written,
# and those were written about 96 columns wide: `arena run --help` at 80 columns had lines of
# 100 characters, each broken by the terminal in mid-word.


def _parsers(parser: argparse.ArgumentParser) -> Iterator[argparse.ArgumentParser]:
    """The parser and every subcommand's, subcommands of subcommands included."""
    yield parser
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for child in dict.fromkeys(action.choices.values()):
                yield from _parsers(child)


def _helps(columns: int, monkeypatch: pytest.MonkeyPatch) -> dict[str, str]:
    monkeypatch.setenv("COLUMNS", str(columns))
    return {p.prog: p.format_help() for p in _parsers(build_parser())}


def test_every_help_fits_80_columns(monkeypatch: pytest.MonkeyPatch) -> None:
    helps = _helps(80, monkeypatch)
    assert len(helps) > 15  # every command and the subcommands of odds and roll
    wide = {
        prog: line for prog, text in helps.items() for line in text.splitlines() if len(line) > 80
    }
    assert wide == {}


def test_a_help_fitted_to_80_columns_loses_no_word(monkeypatch: pytest.MonkeyPatch) -> None:
    wide = _helps(300, monkeypatch)
    narrow = _helps(80, monkeypatch)
    assert {p: t.split() for p, t in narrow.items()} == {p: t.split() for p, t in wide.items()}


def test_a_help_item_that_fits_is_left_as_written() -> None:
    text = "usage: x\n\nexamples:\n  arena run a    does a\n\nshort\nlines\n"
    assert fit(text, 40) == text


def test_a_wide_paragraph_is_refilled_whole() -> None:
    text = "one two three four five six\nseven eight\n\nnext"
    assert fit(text, 12) == "one two\nthree four\nfive six\nseven eight\n\nnext"


def test_a_wide_example_goes_on_under_its_second_column() -> None:
    text = "  arena x  " + "word " * 8 + "end"
    refilled = "  arena x  " + "word " * 6 + "word\n" + " " * 11 + "word end"
    assert fit(text, 46) == refilled


def test_a_second_column_too_far_right_goes_on_two_columns_in() -> None:
    text = "  " + "x" * 30 + "  does one thing and another"
    assert fit(text, 50) == "  " + "x" * 30 + "  does one thing\n    and another"


def test_a_wide_indented_item_keeps_the_indent_of_its_later_lines() -> None:
    text = "  easy: one two three four\n    five six\n  hard: seven"
    assert fit(text, 16) == "  easy: one two\n    three four\n    five six\n  hard: seven"
