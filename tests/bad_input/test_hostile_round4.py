"""Hostile input, fourth pass: each is refused in one line with status 2, nothing changed."""

from __future__ import annotations

import pytest

from tests.bad_input.hostile import run

SEED_RANGE = "the seed must be a whole number from 0 to 18,446,744,073,709,551,615"

# -- whole numbers on the command line ---------------------------------------------------------

# Every option that takes a seed, with what its refusal's help hint names.
SEED_TAKERS = [
    (["run", "werewolf-duel"], "arena run"),
    (["play", "--plain", "werewolf-duel"], "arena play"),
    (["sim", "werewolf-duel", "-n", "1", "-q"], "arena sim"),
    (["roll", "storyteller", "3", "6"], "arena roll storyteller"),
    (["gauntlet", "--auto", "ai:garou", "--fights", "1", "-q"], "arena gauntlet"),
]


@pytest.mark.parametrize(("command", "helped"), SEED_TAKERS, ids=[c[0][0] for c in SEED_TAKERS])
@pytest.mark.parametrize(
    "seed",
    [
        " 5",  # taken for 5, though ascii_int (--jobs) and the scenario's seed: refuse it
        "5 ",
        "5\n",
        "\t5",
        "1_0",  # int() reads 10; refused already, kept here so the rule is seen whole
    ],
)
def test_a_seed_with_spaces_or_underscores_is_refused_by_every_command(
    capsys: pytest.CaptureFixture[str], command: list[str], helped: str, seed: str
) -> None:
    status, out, err = run([*command, "--seed", seed], capsys)
    assert (status, out) == (2, "")
    assert err == f"arena: argument --seed: {SEED_RANGE}, got {seed!r} (see {helped} --help)\n"


@pytest.mark.parametrize(
    ("argv", "option", "expected"),
    [
        (["sim", "werewolf-duel", "-q", "-n", " 2"], "-n/--fights", "the number of fights must be"),
        (["odds", "storyteller", "3", "6 "], "DIFFICULTY", "the difficulty must be"),
        (["odds", "contest", " 3", "3"], "FIRST", "a pool must be"),
        (["run", "werewolf-duel", "--ai-budget", " 8"], "--ai-budget", "the look-ahead in ms must"),
        (["gauntlet", "--auto", "ai:garou", "--fights", "1 "], "--fights", "expected a whole"),
        (["serve", "--port", " 8000"], "--port", "expected a whole number"),
    ],
)
def test_every_whole_number_option_refuses_spaces_alike(
    capsys: pytest.CaptureFixture[str], argv: list[str], option: str, expected: str
) -> None:
    status, out, err = run(argv, capsys)
    assert (status, out, err.count("\n")) == (2, "", 1), err
    assert err.startswith(f"arena: argument {option}: {expected}"), err
    assert repr(next(a for a in argv if a != a.strip())) in err


def test_a_seed_with_a_plus_sign_is_the_same_seed(capsys: pytest.CaptureFixture[str]) -> None:
    # A sign is taken, as a scenario's `seed: +5` is: the same seed, the same dice.
    plain = run(["roll", "storyteller", "6", "6", "--seed", "5"], capsys)
    signed = run(["roll", "storyteller", "6", "6", "--seed", "+5"], capsys)
    assert plain[0] == 0
    assert signed == plain
