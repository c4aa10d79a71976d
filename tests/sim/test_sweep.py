"""`arena sweep`: settings on the base's seeds, its report in three forms, its picture, Ctrl-C."""

from __future__ import annotations

import json
import os
import signal
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest

import arena.cli.sweep
from arena.cli import main
from arena.content.loader import Catalog, default_content_root
from arena.sim.plan import derive_seed
from arena.sim.sweep import SweepPlan, SweepStats, make_sweep, play_sweep_chunk, sweep

GRID = ["--grid", "tom.dexterity=3,4", "--grid", "option.damage_tens=reroll,plain"]
QUICK = ["sweep", "werewolf-duel", *GRID, "-n", "16", "--seed", "5", "-q"]


def _json(capsys: pytest.CaptureFixture[str], argv: list[str]) -> dict:
    assert main(argv) == 0
    return json.loads(capsys.readouterr().out)


@pytest.fixture(scope="module")
def sweeps_played() -> dict[str, SweepStats]:
    """The sweeps the tests of a report's forms played, by plan."""
    return {}


@pytest.fixture
def played_once(sweeps_played: dict[str, SweepStats], monkeypatch: pytest.MonkeyPatch) -> None:
    """Each sweep is played once for the tests of its forms: they read the same one.

    That a sweep gives the same report on every run and any number of processes is tested
    without it (`test_the_same_sweep_gives_the_same_report_on_one_process_or_two`).
    """

    def once(plan: SweepPlan, catalog: Catalog, **kwargs: Any) -> SweepStats:
        key = repr(plan)
        if key not in sweeps_played:
            sweeps_played[key] = sweep(plan, catalog, **kwargs)
        return sweeps_played[key]

    monkeypatch.setattr(arena.cli.sweep, "sweep", once)


def _plan(catalog: Catalog, fights: int, *grid: str) -> SweepPlan:
    return make_sweep(
        catalog.scenarios["werewolf-duel"],
        catalog,
        source="werewolf-duel",
        content_root=default_content_root(),
        fights=fights,
        grid=grid,
        seed=5,
    )


def test_every_setting_plays_the_base_seeds(catalog: Catalog) -> None:
    plan = _plan(catalog, 4, "tom.dexterity=2,4")
    rows = play_sweep_chunk(plan, catalog, 1, 3)
    for index, (base, settings) in zip((1, 2), rows, strict=True):
        assert len(settings) == 2
        assert {base.seed, *(s.seed for s in settings)} == {derive_seed(5, index)}


def test_a_setting_is_the_same_paired_comparison_as_sim_vary(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # One process each: that one job and two give the same report is a test of its own.
    swept = _json(
        capsys,
        [
            "sweep",
            "werewolf-duel",
            "--grid",
            "tom.dexterity=3,5",
            *QUICK[6:],
            "--jobs",
            "1",
            "--json",
        ],
    )
    sim = _json(
        capsys,
        [
            "sim",
            "werewolf-duel",
            "--vary",
            "tom.dexterity=5",
            "-n",
            "16",
            "--seed",
            "5",
            "-q",
            "--jobs",
            "1",
            "--json",
        ],
    )
    same, five = swept["cells"]
    assert five["values"] == {"tom.dexterity": "5"}
    assert five["wins"] == sim["varied"]["wins"]
    assert five["difference"] == sim["difference"]
    assert swept["base"]["wins"] == sim["base"]["wins"]
    # Tom's dexterity is 3 already: that setting is the base, fight for fight.
    assert same["wins"] == swept["base"]["wins"]
    assert all(d["rate"] == d["low"] == d["high"] == 0 for d in same["difference"]["wins"].values())


@pytest.mark.usefixtures("played_once")
def test_the_json_report_lists_the_grid_and_every_setting(
    capsys: pytest.CaptureFixture[str],
) -> None:
    report = _json(capsys, [*QUICK, "--jobs", "1", "--json"])
    assert report["grid"] == [
        {"key": "tom.dexterity", "values": ["3", "4"]},
        {"key": "option.damage_tens", "values": ["reroll", "plain"]},
    ]
    assert [c["changes"] for c in report["cells"]] == [
        ["tom.dexterity=3", "option.damage_tens=reroll"],
        ["tom.dexterity=3", "option.damage_tens=plain"],
        ["tom.dexterity=4", "option.damage_tens=reroll"],
        ["tom.dexterity=4", "option.damage_tens=plain"],
    ]
    assert (report["fights"], report["planned"], report["interrupted"]) == (16, 16, False)
    for outcome in (report["base"], *report["cells"]):
        counts = sum(w["count"] for w in outcome["wins"].values()) + outcome["draws"]["count"]
        assert counts == 16


def test_the_same_sweep_gives_the_same_report_on_one_process_or_two(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # 8 seeds are 8 chunks on two workers (see chunk_size): enough to interleave them.
    argv = [*QUICK[:-5], "-n", "8", "--seed", "5", "-q"]
    assert main([*argv, "--jobs", "1"]) == 0
    one = capsys.readouterr().out
    assert main([*argv, "--jobs", "2"]) == 0
    assert capsys.readouterr().out == one


@pytest.mark.usefixtures("played_once")
def test_the_text_report_has_a_table_per_outcome_and_a_chart(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main([*QUICK, "--jobs", "1"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Tom and Vilna trade punches: sweep of 4 settings and the base, 16 ")
    for part in (
        "grid: tom.dexterity = 3, 4; option.damage_tens = reroll, plain",
        "every setting plays the same seeds",
        "north won\n\ntom.dexterity  option.damage_tens  share  95% interval",
        "south won\n",
        "draw\n",
        "turns\n",
        "(base)",
        "north won by tom.dexterity, option.damage_tens",
        "4 plain",
    ):
        assert part in out, part


@pytest.mark.usefixtures("played_once")
def test_the_markdown_report_is_tables(capsys: pytest.CaptureFixture[str]) -> None:
    assert main([*QUICK, "--jobs", "1", "--markdown"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("# Tom and Vilna trade punches: sweep of 4 settings")
    assert "## north won\n\n| tom.dexterity | option.damage_tens | share |" in out
    assert "█" not in out  # the chart is the terminal's


@pytest.mark.usefixtures("played_once")
def test_plot_draws_a_valid_svg_a_line_per_value_of_the_second_key(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    plot = tmp_path / "tens.svg"
    assert main([*QUICK, "--jobs", "1", "--plot", str(plot)]) == 0
    root = ET.fromstring(plot.read_text(encoding="utf-8"))  # noqa: S314  # our own file
    ns = "{http://www.w3.org/2000/svg}"
    assert root.tag == f"{ns}svg"
    lines = root.findall(f"{ns}g")
    assert [g.findtext(f"{ns}title") for g in lines] == [
        "option.damage_tens=reroll",
        "option.damage_tens=plain",
    ]
    for g in lines:
        assert len(g.findall(f"{ns}circle")) == 2  # a point per dexterity
        assert len(g.findall(f"{ns}line")) == 2 * 3  # each with its interval bar and caps
    assert "north won" in root.findtext(f"{ns}title", "")


@pytest.mark.usefixtures("played_once")
def test_plot_draws_an_html_page_around_the_svg(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    plot = tmp_path / "tens.html"
    argv = [*QUICK, "--jobs", "1", "--plot", str(plot), "--side", "south"]
    assert main(argv) == 0
    page = plot.read_text(encoding="utf-8")
    assert page.startswith("<!DOCTYPE html>")
    assert "<svg" in page
    assert "south won" in page
    assert "south won by" in capsys.readouterr().out


def test_ctrl_c_stops_a_sweep_between_seeds_with_every_setting_on_each(catalog: Catalog) -> None:
    plan = _plan(catalog, 300, "tom.dexterity=2,4")
    seen: list[int] = []

    def interrupt_once(done: int) -> None:
        seen.append(done)
        if len(seen) == 1:
            os.kill(os.getpid(), signal.SIGINT)

    before = signal.getsignal(signal.SIGINT)
    stats = sweep(plan, catalog, progress=interrupt_once)
    # Progress counts every fight: three a seed here (the base and two settings).
    assert seen[0] % 3 == 0
    assert stats.base.fights == seen[0] // 3 < 300
    assert [c.fights for c in stats.cells] == [stats.base.fights] * 2
    assert signal.getsignal(signal.SIGINT) is before
