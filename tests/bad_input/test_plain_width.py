"""Every command's plain output fits 80 columns for the shipped content, every word kept.

Long lines are the class: a log's `why:`, an injury spread, a seed line, a map's header, a
table's status column, a score's name. Each command is run over the shipped scenarios (both
rulesets), with the longest seed, as a person on every side (hot seat) and with the coach.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.bad_input.hostile import run

ROOT = Path(__file__).resolve().parents[2]
SCENARIOS = sorted(p.stem for p in (ROOT / "content" / "scenarios").glob("*.yaml"))
LONG_SEED = "18446744073709551615"
"""The longest seed a command takes: 2**64-1."""
WIDTH = 80


def wide(out: str) -> list[str]:
    """The lines of ``out`` wider than 80 columns."""
    return [line for line in out.split("\n") if len(line) > WIDTH]


def words(out: str) -> list[str]:
    """The words of ``out`` in order, whatever the lines they were folded onto."""
    return out.split()


@pytest.mark.parametrize("name", SCENARIOS)
def test_a_run_log_fits_80_columns(name: str, capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = run(["run", name, "--seed", LONG_SEED], capsys)
    assert "why:" in out
    assert wide(out) == []


@pytest.mark.parametrize("name", SCENARIOS)
def test_a_hot_seat_plain_fight_fits_80_columns(
    name: str, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    argv = ["play", name, "--plain", "--hot-seat", "--verbosity", "explain"]
    _, out, _ = run([*argv, "--saves", str(tmp_path)], capsys, stdin="l\n")
    assert "Choose:" in out
    # The save's own path is one word, as long as the temporary folder makes it.
    assert [line for line in wide(out) if str(tmp_path) not in line] == []


@pytest.mark.parametrize("name", ["werewolf-duel", "sorcerer-duel"])
def test_a_coached_run_and_its_replay_fit_80_columns(
    name: str, capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    argv = ["run", name, "--seed", LONG_SEED, "--save", "s.yaml", "--stop-after", "3"]
    status, out, err = run([*argv, "--coach", "--coach-budget", "2"], capsys)
    assert status == 0, err
    assert "coach:" in out
    assert wide(out) == []
    status, out, err = run(["replay", "s.yaml"], capsys)
    assert status == 0, err
    assert wide(out) == []


@pytest.mark.parametrize("name", SCENARIOS)
def test_a_sim_report_fits_80_columns(name: str, capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["sim", name, "-n", "6", "--jobs", "1", "-q", "--seed", LONG_SEED]
    status, out, err = run(argv, capsys)
    assert status == 0, err
    assert "health at the end:" in out
    assert wide(out) == []


def test_a_sim_table_folds_its_status_column_keeping_every_word(
    capsys: pytest.CaptureFixture[str],
) -> None:
    argv = ["sim", "sorcerer-vs-thugs", "-n", "10", "--jobs", "1", "-q", "--seed", "6"]
    _, out, _ = run([*argv, "--json"], capsys)
    import json

    report = json.loads(out)
    _, text, _ = run(argv, capsys)
    assert wide(text) == []
    table = text.split("End of fight\n\n")[1].split("\n\n")[0]
    for cid, c in report["base"]["combatants"].items():
        for status in c["status"]:
            assert status in words(table), (cid, status)


@pytest.mark.parametrize("name", ["werewolf-first-team", "sorcerer-vs-thugs"])
def test_a_sweep_report_fits_80_columns(name: str, capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["sweep", name, "-n", "3", "--jobs", "1", "-q", "--seed", LONG_SEED]
    grid = ["--grid", "option.damage_tens=reroll,plain"] if "werewolf" in name else []
    grid = grid or ["--grid", "option.tie=stalemate,reroll"]
    status, out, err = run([*argv, *grid, "--grid", "preset=seed"], capsys)
    assert status == 0, err
    assert LONG_SEED in out
    assert wide(out) == []


@pytest.mark.parametrize("style", ["yard", "street", "rooms", "ring"])
def test_a_map_sheet_fits_80_columns(style: str, capsys: pytest.CaptureFixture[str]) -> None:
    # 40 cells is the widest map whose rows fit: two columns a cell. A row is never cut.
    argv = ["map", "--seed", LONG_SEED, "--style", style, "--size", "40x12", "--cover", "much"]
    status, out, _ = run(argv, capsys)
    assert status == 0
    assert out.startswith(f"Generated {style}") or "sha256:" in out
    assert wide(out) == []


def test_a_map_sheet_folds_its_header_not_its_rows(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["map", "--seed", LONG_SEED, "--size", "60x12"]
    _, out, _ = run(argv, capsys)
    head, picture, legend = out.split("\n\n", 2)
    assert wide(head) == []
    assert wide(legend) == []
    assert max(len(row) for row in picture.split("\n")) == 120
    _, data, _ = run([*argv, "--json"], capsys)
    assert data.split('"digest": "')[1].split('"')[0] in head.split()


@pytest.mark.parametrize("ruleset", ["werewolf", "sorcerer"])
def test_a_gauntlet_fits_80_columns(
    ruleset: str,
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.chdir(tmp_path)
    saves = ["--saves", "."]
    argv = ["gauntlet", "--ruleset", ruleset, "--auto", "ai:nearest", "--seed", LONG_SEED]
    status, out, err = run([*argv, "--offer-odds", "1", "--out", "m.md", *saves], capsys)
    assert status == 0, err
    assert "fight 1: " in out
    assert wide(out) == []
    status, out, err = run([*argv, "-n", "2", *saves], capsys)
    assert status == 0, err
    assert wide(out) == []
    status, out, err = run(["gauntlet", "--scores", *saves], capsys)
    assert status == 0, err
    assert LONG_SEED in out
    assert wide(out) == []


@pytest.mark.parametrize(
    "argv",
    [
        ["roll", "storyteller", "30", "6", "--tens", "reroll", "--seed", LONG_SEED],
        ["roll", "contest", "30", "30", "--seed", LONG_SEED, "--dice", ",".join(["10"] * 40)],
        ["odds", "storyteller", "30", "6"],
        ["odds", "storyteller", "5", "11", "--willpower", "--tens", "double"],
        ["odds", "storyteller", "9", "15", "--damage", "--tens", "off"],
        ["odds", "contest", "30", "30"],
        ["odds", "table"],
    ],
)
def test_a_roll_and_the_odds_fit_80_columns(
    argv: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    status, out, err = run(argv, capsys)
    assert status == 0, err
    assert wide(out) == []


def test_validate_fits_80_columns(capsys: pytest.CaptureFixture[str]) -> None:
    files = [str(ROOT / "content" / "scenarios" / f"{name}.yaml") for name in SCENARIOS]
    status, out, err = run(["validate", *files], capsys)
    assert status == 0, err
    # A file's path is one word, as long as the checkout's folder makes it.
    assert [line for line in wide(out) if str(ROOT) not in line] == []
    assert out.count("ok: ") == len(SCENARIOS)


def test_the_listing_without_a_terminal_fits_80_columns(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status, out, err = run(["play", "werewolf-w20"], capsys)
    assert status == 0, err
    assert "20th-anniversary" in out
    assert wide(out) == []


# -- the folding itself ---------------------------------------------------------------------------


def test_a_folded_line_keeps_every_word_in_order_under_itself() -> None:
    from arena.cli.fold import fold_line

    line = "    why: " + " ".join(f"word{n}" for n in range(40))
    folded = fold_line(line)
    assert all(len(part) <= WIDTH for part in folded)
    assert folded[0].startswith("    why: ")
    assert all(part.startswith(" " * 8) for part in folded[1:])
    assert words("\n".join(folded)) == words(line)


def test_a_word_longer_than_a_line_is_kept_whole() -> None:
    from arena.cli.fold import fold_line

    digest = "sha256:" + "a" * 64
    folded = fold_line(f"Generated yard 7: 20x12, yard, some cover; first try; {digest}")
    assert folded[-1] == f"    {digest}"


@pytest.mark.parametrize(
    "path",
    [
        "/home/someone/" + "long-folder/" * 4 + "duel.yaml",
        "'/home/someone/" + "long-folder/" * 4 + "duel...'",
        "content/scenarios/lesson-2b-tom-split-segments-and-more.yaml",
        "./" + "saves/" * 8,
    ],
)
def test_a_line_naming_a_file_is_never_broken_before_its_path(path: str) -> None:
    from arena.cli.fold import fold_line

    line = f"Saved to {path}, the fight as it stands; arena run --resume plays on as saved."
    folded = fold_line(line)
    assert folded[0].startswith(f"Saved to {path}")  # beside its words, for a copy
    assert words("\n".join(folded)) == words(line)
    assert all(len(part) <= WIDTH for part in folded[1:])


def test_a_seed_rule_is_no_path() -> None:
    from arena.cli.fold import fold_line

    line = (
        f'seed: {LONG_SEED} (fight i is played with the first 63 bits of SHA-256("{LONG_SEED}/i"))'
    )
    assert len(fold_line(line)) == 2


def test_a_division_sign_is_no_path() -> None:
    from arena.cli.fold import fold_line

    line = (
        '(map m is generated from the first 63 bits of SHA-256("7/map/m"), its style one of '
        "yard, street, rooms, ring by that seed; fight i plays on map i // 5)"
    )
    folded = fold_line(line)
    assert [len(part) <= WIDTH for part in folded] == [True, True]
    assert words("\n".join(folded)) == words(line)


def test_a_list_longer_than_a_line_is_broken_after_its_commas() -> None:
    from arena.cli.fold import fold_line

    faces = ",".join(["10"] * 60)
    folded = fold_line(f"rigged: {faces}")
    assert folded == [
        "rigged:",
        "    " + ",".join(["10"] * 25) + ",",
        "    " + ",".join(["10"] * 25) + ",",
        "    " + ",".join(["10"] * 10),
    ]


def test_a_generated_map_sim_report_fits_80_columns(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["sim", "werewolf-duel", "-n", "4", "--jobs", "1", "-q"]
    status, out, err = run([*argv, "--maps", "generated", "--per-map", "2"], capsys)
    assert status == 0, err
    assert "map i // 2" in out
    assert wide(out) == []


def test_a_run_with_many_rigged_faces_fits_80_columns(capsys: pytest.CaptureFixture[str]) -> None:
    faces = ",".join(["10"] * 200)
    status, out, err = run(["run", "werewolf-duel", "--dice", faces], capsys)
    assert status == 0, err
    assert wide(out) == []
    header = out.split("\n")[4:13]
    assert "".join(line.strip() for line in header) == f"rigged:{faces}"


def test_the_odds_as_json_stay_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    import json

    argv = ["odds", "storyteller", "5", "11", "--willpower", "--tens", "double", "--json"]
    status, out, err = run(argv, capsys)
    assert status == 0, err
    assert out.count("\n") == 1
    assert json.loads(out)["difficulty"] == 11
