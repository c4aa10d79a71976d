"""`arena odds` and `arena roll`: figures, JSON, explained rolls and one-line input errors."""

from __future__ import annotations

import json

import pytest

from arena.cli import main
from arena.rules.odds import contest_odds, open_odds, storyteller_odds


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


@pytest.mark.parametrize(
    ("pool", "difficulty", "header"),
    [
        ("1", "6", "1 die at difficulty 6: success 50.0%, botch 10.0%, failure 40.0%"),
        ("3", "6", "3 dice at difficulty 6: success 74.0%, botch 6.1%, failure 19.9%"),
        ("5", "6", "5 dice at difficulty 6: success 84.4%, botch 2.1%, failure 13.5%"),
        ("5", "8", "5 dice at difficulty 8: success 64.9%, botch 9.0%, failure 26.1%"),
        ("3", "9", "3 dice at difficulty 9: success 39.8%, botch 16.9%, failure 43.3%"),
    ],
)
def test_odds_shows_the_published_figures(capsys, pool, difficulty, header):
    status, out, err = run(capsys, "odds", "storyteller", pool, difficulty)
    assert (status, err) == (0, "")
    assert out.splitlines()[0].startswith(header)


def test_odds_table_and_bars(capsys):
    status, out, _ = run(capsys, "odds", "werewolf", "5", "6")
    lines = out.splitlines()
    assert status == 0
    assert lines[0] == (
        "5 dice at difficulty 6: success 84.4%, botch 2.1%, failure 13.5%, expected 2.07"
    )
    assert lines[1] == "successes  exactly  at least"
    # the most likely count, 2 successes, draws the full 30-cell bar
    assert lines[4].split() == ["2", "26.0%", "64.8%", "█" * 30]
    assert lines[7].split()[:3] == ["5", "3.1%", "3.1%"]


def test_odds_damage_and_willpower_headers(capsys):
    _, out, _ = run(capsys, "odds", "storyteller", "6", "--damage")
    assert out.startswith("6 dice at difficulty 6, 10s rerolled: success 98.4%, failure 1.6%")
    _, out, _ = run(capsys, "odds", "storyteller", "3", "8", "--willpower")
    assert out.startswith("3 dice at difficulty 8 with 1 automatic success (Willpower): success")


def test_odds_contest(capsys):
    status, out, _ = run(capsys, "odds", "sorcerer", "2", "1")
    lines = out.splitlines()
    assert status == 0
    assert (
        lines[0] == "2 dice against 1 die: first wins 71.5%, second wins 28.5%, complete tie 0.0%"
    )
    assert lines[2].split() == ["1", "43.0%", "71.5%", "28.5%", "28.5%"]
    assert "first by 2" in out
    assert "complete tie  " not in out  # unequal pools never tie, so no bar for it


@pytest.mark.parametrize(
    ("argv", "odds"),
    [
        (("storyteller", "5", "6"), storyteller_odds(5, 6)),  # a plain roll
        (("werewolf", "4", "7", "--willpower"), storyteller_odds(4, 7, automatic=1)),  # Willpower
        (("storyteller", "3", "--damage"), open_odds(3, 6)),  # damage at the default 6
    ],
)
def test_odds_json_matches_the_odds(capsys, argv, odds):
    _, out, _ = run(capsys, "odds", *argv, "--json")
    data = json.loads(out)
    assert data["form"] == "storyteller"
    assert data["exactly"] == list(odds.exactly)
    assert data["at_least"] == list(odds.at_least)
    assert (data["p_botch"], data["p_failure"], data["p_success"], data["expected"]) == (
        odds.p_botch,
        odds.p_failure,
        odds.p_success,
        odds.expected,
    )
    assert out == json.dumps(data, sort_keys=True) + "\n"  # one object, sorted keys


def test_odds_contest_json(capsys):
    _, out, _ = run(capsys, "odds", "contest", "3", "3", "--json")
    data = json.loads(out)
    odds = contest_odds(3, 3)
    assert data["first_victories"] == list(odds.first_victories)
    assert (data["p_first"], data["p_second"], data["p_tie"]) == (
        odds.p_first,
        odds.p_second,
        odds.p_tie,
    )


def test_odds_grid(capsys):
    status, out, _ = run(capsys, "odds", "table")
    lines = out.splitlines()
    assert status == 0
    assert lines[1].split() == ["dice", "3", "4", "5", "6", "7", "8", "9", "10"]
    assert lines[4].split()[0] == "3"
    assert lines[4].split()[4] == "74.0%"  # 3 dice at difficulty 6
    assert "chance of a botch" in out
    _, out, _ = run(capsys, "odds", "table", "--damage", "--json")
    data = json.loads(out)
    assert data["success"][0][3] == 0.5  # 1 die at 6 succeeds half the time, rerolls or not


def test_roll_storyteller_with_rigged_dice(capsys):
    status, out, _ = run(capsys, "roll", "storyteller", "3", "6", "--dice", "8,1,10", "--seed", "5")
    assert status == 0
    assert out.splitlines() == [
        "seed 5 (repeat with --seed 5); rigged faces first: 8, 1, 10",
        "3 dice at difficulty 6:",
        "  die 1:  8  success, cancelled by die 2",
        "  die 2:  1  a 1: cancels die 1 (8)",
        "  die 3: 10  success",
        "2 successes, 1 cancelled by 1s",
        "result: 1 net success",
    ]


def test_roll_botch_and_willpower(capsys):
    _, out, _ = run(capsys, "roll", "storyteller", "3", "6", "--dice", "1,2,5")
    assert out.splitlines()[-1] == "result: botch: a 1 and no success"
    _, out, _ = run(capsys, "roll", "werewolf", "2", "8", "--willpower", "--dice", "1,3")
    assert out.splitlines()[-1] == "result: 1 net success"


def test_roll_damage_rerolls_tens(capsys):
    _, out, _ = run(capsys, "roll", "storyteller", "3", "--damage", "--dice", "10,3,1,10,6")
    assert "  die 1: 10  success, rerolled: adds die 4" in out
    assert "  die 3:  1  miss" in out  # a 1 cancels nothing on damage
    assert "  die 5:  6  success (extra die)" in out
    assert out.splitlines()[-1] == "result: 3 net successes"


@pytest.mark.parametrize(
    ("faces", "pools", "expected"),
    [
        # sorcerer.md §2: one pair of 10s set aside, then 10 beats 5
        (
            "10,10,3,10,5",
            ("3", "2"),
            [
                "set aside: 1 tied pair, 10-10",
                "first wins: its 10 beats second's 5",
                "result: first wins with 1 victory (10 above 5)",
            ],
        ),
        # sorcerer.md §2: the 6s set aside, the first side has nothing left
        (
            "6,6,3",
            ("1", "2"),
            [
                "set aside: 1 tied pair, 6-6",
                "second wins: its 3 beats first's 0 (first has no dice left)",
                "result: second wins with 1 victory (3 above 0)",
            ],
        ),
        # every die pairs off
        (
            "5,3,3,5",
            ("2", "2"),
            [
                "set aside: 2 tied pairs, 5-5, 3-3",
                "result: complete tie, every die paired off; nobody wins",
            ],
        ),
    ],
)
def test_roll_contest_with_rigged_dice(capsys, faces, pools, expected):
    status, out, _ = run(capsys, "roll", "contest", *pools, "--dice", faces, "--seed", "1")
    lines = out.splitlines()
    assert status == 0
    assert lines[1].startswith("first  (")
    assert lines[3:] == expected


def test_roll_is_repeatable_by_seed(capsys):
    _, first, _ = run(capsys, "roll", "contest", "4", "4")
    seed = first.split()[1]
    _, again, _ = run(capsys, "roll", "contest", "4", "4", "--seed", seed)
    assert again == first


def test_unused_rigged_faces_are_reported(capsys):
    _, out, _ = run(capsys, "roll", "storyteller", "2", "--dice", "5,5,5")
    assert out.splitlines()[-1] == "(1 rigged face was not needed)"


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (("odds", "storyteller", "31", "6"), "from 0 to 30, got '31'"),  # pool too big
        (("odds", "storyteller", "-1", "6"), "from 0 to 30, got '-1'"),  # negative pool
        (("odds", "werewolf", "2.5", "6"), "got '2.5'"),  # not a whole number
        (("odds", "storyteller", "5", "1"), "from 2 to 15, got '1'"),  # difficulty too low
        (("odds", "storyteller", "5", "16"), "from 2 to 15, got '16'"),  # difficulty too high
        (("odds", "contest", "3", "x"), "got 'x'"),  # not a number at all
        (("odds", "storyteller", "5", "--damage", "--willpower"), "--willpower adds no"),
        (("odds",), "required: FORM"),  # no form given
        (("roll", "contest", "1", "1", "--dice", "3,x"), "faces 1-10"),  # not a face
        (("roll", "contest", "1", "1", "--dice", "11"), "got '11'"),  # not a d10 face
        (("roll", "storyteller", "2", "--seed", "-4"), "--seed: expected a whole"),  # negative
    ],
)
def test_bad_input_is_one_line_and_exit_2(capsys, argv, message):
    status, out, err = run(capsys, *argv)
    assert status == 2
    assert out == ""
    assert err.count("\n") == 1
    assert err.startswith("arena: ")
    assert message in err
    assert "Traceback" not in err


@pytest.mark.parametrize(
    "argv",
    [("odds", "storyteller"), ("odds", "contest"), ("roll", "storyteller"), ("roll", "contest")],
)
def test_help_has_examples(capsys, argv):
    with pytest.raises(SystemExit) as exit_info:
        main([*argv, "--help"])
    assert exit_info.value.code == 0
    out = capsys.readouterr().out
    assert "examples:" in out
    assert f"arena {argv[0]} " in out


def test_roll_json_is_one_object_with_the_seed_and_every_face(capsys):
    status, out, err = run(capsys, "roll", "contest", "4", "3", "--seed", "7", "--json")
    assert (status, err) == (0, "")
    data = json.loads(out)
    assert data["form"] == "contest"
    assert data["seed"] == 7
    assert len(data["first"]) == 4
    assert len(data["second"]) == 3
    status, out, _ = run(capsys, "roll", "storyteller", "3", "6", "--dice", "8,1,10,4", "--json")
    data = json.loads(out)
    assert (data["faces"], data["net"], data["unused_rigged"]) == ([8, 1, 10], 1, 1)
