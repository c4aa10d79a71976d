"""`arena sim --maps generated`: a map per group of fights, the map's effect, any --jobs alike."""

from __future__ import annotations

import json
import math
from collections import Counter

import pytest

from arena.cli import main
from arena.content.mapgen import STYLES
from arena.sim.maps import MapsPlan, MapSpread, map_params, map_seed

GEN = ["sim", "sorcerer-duel", "-n", "12", "-q", "--maps", "generated", "--per-map", "3"]


def test_sim_maps_generated_is_the_same_with_one_job_or_two(
    capsys: pytest.CaptureFixture[str],
) -> None:
    reports = []
    for jobs in ("1", "2"):
        assert main([*GEN, "--jobs", jobs, "--json"]) == 0
        reports.append(json.loads(capsys.readouterr().out))
    assert reports[0] == reports[1]
    maps = reports[0]["maps"]
    assert maps["generated"]
    assert maps["per_map"] == 3
    assert maps["maps"] == 4
    assert set(maps["sides"]) == {"north", "south"}


def test_sim_maps_generated_report_says_so(capsys: pytest.CaptureFixture[str]) -> None:
    assert main([*GEN, "--jobs", "1"]) == 0
    out = capsys.readouterr().out
    assert "each group of 3 fights played on its own generated map" in out
    assert "how much the map moves the win rate, over 4 whole maps" in out
    assert "across maps" in out
    assert "one map" in out


def test_sim_maps_generated_plays_other_fights_than_the_drawn_map(
    capsys: pytest.CaptureFixture[str],
) -> None:
    wins = []
    for maps in ("drawn", "generated"):
        shared = GEN[:5] if maps == "drawn" else GEN  # --per-map goes only with generated maps
        assert main([*shared, "--jobs", "1", "--json", "--maps", maps, "-n", "20"]) == 0
        report = json.loads(capsys.readouterr().out)
        wins.append(report["base"]["rounds"]["histogram"])
        assert (report["maps"] is None) == (maps == "drawn")
    assert wins[0] != wins[1]


@pytest.mark.parametrize(
    ("extra", "said"),
    [
        (["--per-map", "0"], "--per-map: expected a whole number from 1"),
        (["--maps", "made"], "invalid choice: 'made'"),
        (["--map", "generate:3"], "--maps generated: not with --map"),
    ],
)
def test_sim_maps_generated_bad_arguments_exit_2(
    capsys: pytest.CaptureFixture[str], extra: list[str], said: str
) -> None:
    assert main([*GEN, "--jobs", "1", *extra]) == 2
    assert said in capsys.readouterr().err


def test_sim_maps_generated_refuses_a_scenario_with_tasks(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["sim", "sorcerer-diner", "-n", "2", "-q", "--maps", "generated"]) == 2
    assert "its tasks name cells of its own map" in capsys.readouterr().err


def test_map_seed_is_sha256_of_base_map_and_number() -> None:
    import hashlib

    expected = int.from_bytes(hashlib.sha256(b"7/map/3").digest()[:8], "big") >> 1
    assert map_seed(7, 3) == expected
    params = map_params(MapsPlan(), 7, 3)
    assert params.seed == expected
    assert params.style == STYLES[expected % 4]


def test_map_spread_measures_across_maps_against_binomial() -> None:
    spread = MapSpread(("a", "b"), per_map=4)
    # Map 1: a wins 4 of 4; map 2: a wins 0 of 4 (b wins all); a partial third map is left out.
    for winner in ["a"] * 4 + ["b"] * 4 + ["a"]:
        spread.add(winner)
    report = spread.report()
    assert report["maps"] == 2
    a = report["sides"]["a"]
    assert a["rate"] == 0.5
    assert a["across"] == round(math.sqrt(0.5), 4)  # rates 1 and 0: sample sd sqrt(0.5)
    assert a["binomial"] == 0.25  # sqrt(0.5 * 0.5 / 4)
    assert a["ratio"] == round(math.sqrt(0.5) / 0.25, 4)
    assert a["map_sd"] == round(math.sqrt(0.5 - 0.0625), 4)


def test_map_spread_needs_two_whole_maps() -> None:
    spread = MapSpread(("a", "b"), per_map=1)
    for winner in ("a", "b", None):
        spread.add(winner)
    assert spread.report()["sides"]["a"]["across"] is None


def test_map_spread_counts_draws_as_no_win() -> None:
    spread = MapSpread(("a",), per_map=2)
    for winner in ("a", None, None, None):
        spread.add(winner)
    assert [m["a"] for m in spread.maps] == [1, 0]
    assert spread.maps == [Counter({"": 2, "a": 1}), Counter({"": 2})]
