"""arena odds and arena roll with --tens: a specialty's 10s, and damage under damage_tens: plain."""

from __future__ import annotations

import json

import pytest

from arena.cli import main


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def test_odds_of_one_die_whose_ten_counts_twice(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "odds", "storyteller", "1", "6", "--tens", "double", "--json")
    assert status == 0
    odds = json.loads(out)
    # 2-5 nothing with 6-9 one success and 10 two; a 1 is a botch.
    assert odds["exactly"] == pytest.approx([0.5, 0.4, 0.1])
    assert (odds["tens"], odds["p_botch"], odds["expected"]) == ("double", 0.1, pytest.approx(0.6))


def test_plain_damage_odds_say_so(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = run(capsys, "odds", "storyteller", "2", "--damage", "--tens", "off")
    # Two dice at 6 with no rerolls: 0, 1 or 2 successes with 25%, 50%, 25%.
    # Folded to 80 columns: the expectation goes on under the first line.
    assert out.splitlines()[:2] == [
        "2 dice at difficulty 6, 10s not rerolled: success 75.0%, failure 25.0%, expected",
        "    1.00",
    ]
    _, out, _ = run(capsys, "odds", "storyteller", "2", "--damage")
    assert out.splitlines()[0].startswith("2 dice at difficulty 6, 10s rerolled: success 75.0%")


def test_the_odds_table_takes_the_rule(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = run(capsys, "odds", "table", "--tens", "double", "--json")
    table = json.loads(out)
    assert table["tens"] == "double"
    # Two dice at 6: a 10 and a 1 is now a success (plain 65%, 2% more).
    pools, columns = table["pools"], table["difficulties"]
    assert table["success"][pools.index(2)][columns.index(6)] == pytest.approx(0.67)


def test_a_specialty_roll_explains_the_added_die(capsys: pytest.CaptureFixture[str]) -> None:
    argv = (
        "roll",
        "storyteller",
        "3",
        "6",
        "--tens",
        "reroll",
        "--dice",
        "10,4,1,9",
        "--seed",
        "1",
    )
    _, out, _ = run(capsys, *argv)
    assert out.splitlines()[1:] == [
        "3 dice at difficulty 6, 10s roll again:",
        "  die 1: 10  success, cancelled by die 3, rolls again: adds die 4",
        "  die 2:  4  miss",
        "  die 3:  1  a 1: cancels die 1 (10)",
        "  die 4:  9  success (extra die)",
        "2 successes (1 extra die from 10s rolled again), 1 cancelled by 1s",
        "result: 1 net success",
    ]


def test_plain_damage_rolls_no_ten_again(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ("roll", "storyteller", "2", "--damage", "--tens", "off", "--dice", "10,3", "--json")
    _, out, _ = run(capsys, *argv)
    roll = json.loads(out)
    assert (roll["faces"], roll["rerolls"], roll["net"], roll["tens"]) == ([10, 3], 0, 1, "off")


def test_a_doubled_ten_on_damage_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    status, _, err = run(capsys, "odds", "storyteller", "3", "--damage", "--tens", "double")
    assert status == 2
    assert "--tens double is for a specialty roll" in err
