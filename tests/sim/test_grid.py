"""`arena sweep --grid`: parsing keys, values and ranges, and every bad grid refused in one line."""

from __future__ import annotations

from pathlib import Path

import pytest

from arena.cli import main
from arena.sim.grid import MAX_CELLS, GridError, cells, parse_axis, parse_grid


def test_a_range_stands_for_each_whole_number_in_it() -> None:
    axis = parse_axis("tom.dexterity=2..5")
    assert axis.key == "tom.dexterity"
    assert axis.values == ("2", "3", "4", "5")
    assert [c.value for c in axis.changes] == [2, 3, 4, 5]
    assert all(c.kind == "trait" and c.trait == "dexterity" for c in axis.changes)


def test_ranges_and_values_mix_in_one_list() -> None:
    assert parse_axis("tom.strength=1,3..4,7").values == ("1", "3", "4", "7")


@pytest.mark.parametrize(
    ("text", "kind", "value"),
    [
        ("option.damage_tens=reroll,plain", "option", "plain"),  # an option's words
        ("option.stun=true,false", "option", False),  # read as YAML reads it
        ("preset=seed,w20", "preset", "w20"),
        ("tom.controller=ai:nearest,ai:garou/hard", "controller", "ai:garou/hard"),
    ],
)
def test_every_key_vary_takes_sweeps_too(text: str, kind: str, value: object) -> None:
    axis = parse_axis(text)
    assert axis.changes[-1].kind == kind
    assert axis.changes[-1].value == value


def test_cells_are_every_combination_the_last_key_fastest() -> None:
    axes = parse_grid(("tom.dexterity=2,3", "option.damage_tens=reroll,plain"))
    assert [c.values for c in cells(axes)] == [
        ("2", "reroll"),
        ("2", "plain"),
        ("3", "reroll"),
        ("3", "plain"),
    ]
    assert cells(axes)[1].texts == ("tom.dexterity=2", "option.damage_tens=plain")


@pytest.mark.parametrize(
    ("grid", "says"),
    [
        # The form of a grid.
        (["tom.dexterity"], "expected KEY=V1,V2,..."),
        (["=2,3"], "expected KEY=V1,V2,..."),
        (["tom.dexterity="], "expected KEY=V1,V2,..."),
        (["tom.dexterity=2,,3"], "an empty value between commas"),
        (["tom.dexterity=2,"], "an empty value between commas"),
        (["tom.dexterity=2,3,2"], "2 given twice"),
        (["tom.dexterity=2..4,3"], "3 given twice"),  # a range and a value overlap
        (["tom.dexterity=2,3", "tom.dexterity=4"], "tom.dexterity: given twice"),
        # Ranges.
        (["tom.dexterity=5..2"], "the range 5..2 runs backwards; write 2..5"),
        (["tom.dexterity=2..x"], "a range is A..B with A and B two whole numbers"),
        (["tom.dexterity=2...5"], "a range is A..B with A and B whole numbers"),
        (["tom.dexterity=-1..3"], "a range is A..B"),
        (["tom.dexterity=..3"], "a range is A..B"),
        (["tom.dexterity=0..99"], "at most 50 values a key"),
        # Too many settings at once.
        (["tom.dexterity=1..10", "tom.strength=1..10", "vilna.brawl=1..5"], "at most 400"),
        # Keys and values --vary refuses.
        (["tom=2,3"], "unknown key;"),
        (["tom.dexterity=2,x"], "a trait takes a whole number from 0, got 'x'"),
        (["tom.controller=ai:nearest,person"], "a controller is ai:POLICY"),
        (["tim.dexterity=2,3"], "no combatant 'tim' (did you mean 'tom'?)"),
        (["tom.dexterity=2,11"], "'tom.dexterity=11': must be 0 to 10"),
        (["tom.dexterty=2,3"], "tom has no trait 'dexterty' (did you mean 'dexterity'?)"),
        (["option.damage_tens=reroll,twice"], "--grid option.damage_tens=twice"),
        (["preset=seed,nope"], "--grid preset=nope"),
        (["tom.controller=ai:nobody"], "unknown AI policy 'ai:nobody'"),
    ],
)
def test_a_bad_grid_is_refused_in_one_line_before_any_fight(
    capsys: pytest.CaptureFixture[str], grid: list[str], says: str
) -> None:
    argv = ["sweep", "werewolf-duel", "-n", "2", "--jobs", "1", "-q"]
    for g in grid:
        argv += ["--grid", g]
    assert main(argv) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    err = captured.err
    assert says in err
    assert err.startswith("arena: ")
    assert err.count("\n") == 1
    assert "--grid" in err


def test_a_grid_of_too_many_settings_names_its_sizes() -> None:
    with pytest.raises(GridError, match=rf"21 x 20 = 420 combinations; at most {MAX_CELLS}"):
        parse_grid(("a.b=0..20", "c.d=1..20"))


def test_a_sweep_without_a_grid_says_what_is_missing(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["sweep", "werewolf-duel", "-n", "2", "-q"]) == 2
    assert "--grid: give at least one KEY=V1,V2,..." in capsys.readouterr().err


@pytest.mark.parametrize(
    ("extra", "says"),
    [
        (["--side", "west"], "--side west: not a side of werewolf-duel; sides: north, south"),
        (["--plot", "chart.pdf"], "--plot: chart.pdf: draws .svg, .html, .png files"),
        (["--plot", "nowhere/chart.svg"], "--plot: nowhere/chart.svg"),
        (["--jobs", "0"], "--jobs: expected a whole number from 1 to 256"),
        (["-n", "0"], "expected a whole number from 1"),
        (["--cluster", "somewhere"], "--cluster 'somewhere': expected tcp://HOST:PORT"),
        (["--cluster", "local:0"], "--cluster local:0: local:N takes 1 to 64 workers"),
        (["--cluster", "local:2", "--jobs", "2"], "--jobs: not with --cluster"),
    ],
)
def test_a_bad_option_of_a_sweep_exits_2_before_any_fight(
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    extra: list[str],
    says: str,
) -> None:
    monkeypatch.chdir(tmp_path)
    argv = ["sweep", "werewolf-duel", "--grid", "tom.dexterity=2,3", "-n", "2", "-q", *extra]
    assert main(argv) == 2
    captured = capsys.readouterr()
    assert says in captured.err
    assert captured.out == ""
    assert list(tmp_path.iterdir()) == []


def test_plot_never_draws_over_the_scenario_it_reads(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    shipped = Path(__file__).resolve().parents[2] / "content" / "scenarios" / "werewolf-duel.yaml"
    scenario = tmp_path / "duel.svg"  # a scenario may have any name
    scenario.write_text(shipped.read_text())
    before = scenario.read_bytes()
    argv = ["sweep", str(scenario), "--grid", "tom.dexterity=2,3", "-n", "2", "-q"]
    assert main([*argv, "--plot", str(scenario)]) == 2
    assert "is the scenario this sweep reads; writing there would replace it" in (
        capsys.readouterr().err
    )
    assert scenario.read_bytes() == before


def test_a_png_without_matplotlib_says_how_to_get_it(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(__import__("sys").modules, "matplotlib", None)  # as if not installed
    plot = tmp_path / "chart.png"
    argv = ["sweep", "werewolf-duel", "--grid", "tom.dexterity=2,3", "-n", "2", "-q"]
    assert main([*argv, "--plot", str(plot)]) == 2
    assert 'pip install "arena-combat[png]"' in capsys.readouterr().err
    assert not plot.exists()
