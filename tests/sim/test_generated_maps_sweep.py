"""`arena sweep --maps generated`: each group of seeds on its own map, every setting on it."""

from __future__ import annotations

import dataclasses
import json

import pytest

from arena.cli import main
from arena.content.loader import Catalog, default_content_root
from arena.sim.batch import play
from arena.sim.maps import MapsPlan, map_params, setup_on_map
from arena.sim.plan import derive_seed
from arena.sim.sweep import make_sweep, play_sweep_chunk

GEN = [
    "sweep",
    "werewolf-duel",
    "--grid",
    "tom.dexterity=3,4",
    "-n",
    "4",
    "--seed",
    "5",
    "-q",
    "--maps",
    "generated",
    "--per-map",
    "2",
]


def test_sweep_maps_generated_plays_every_setting_of_a_seed_on_that_seeds_map(
    catalog: Catalog,
) -> None:
    plan = make_sweep(
        catalog.scenarios["werewolf-duel"],
        catalog,
        source="werewolf-duel",
        content_root=default_content_root(),
        fights=4,
        grid=("tom.dexterity=3,4",),
        seed=5,
    )
    maps = MapsPlan(per_map=2)
    on_maps = dataclasses.replace(plan, batch=dataclasses.replace(plan.batch, maps=maps))
    rows = play_sweep_chunk(on_maps, catalog, 1, 4)  # seeds 1-3: maps 0, 1, 1
    for index, (base, settings) in zip((1, 2, 3), rows, strict=True):
        params = map_params(maps, 5, index // 2)
        seed = derive_seed(5, index)
        assert base == play(setup_on_map(plan.batch.base, params), catalog, seed)
        assert settings == tuple(
            play(setup_on_map(setup, params), catalog, seed) for setup in plan.setups
        )
    drawn = play_sweep_chunk(plan, catalog, 1, 4)
    assert [row[0] for row in drawn] != [row[0] for row in rows]


def test_sweep_maps_generated_is_the_same_with_one_job_or_two(
    capsys: pytest.CaptureFixture[str],
) -> None:
    reports = []
    for jobs in ("1", "2"):
        assert main([*GEN, "--jobs", jobs, "--json"]) == 0
        reports.append(json.loads(capsys.readouterr().out))
    assert reports[0] == reports[1]
    assert any("own generated map, the same in every setting" in n for n in reports[0]["notes"])


def test_sweep_maps_generated_report_says_so(capsys: pytest.CaptureFixture[str]) -> None:
    assert main([*GEN, "--jobs", "1"]) == 0
    # Read as words: a long note folds at 80 columns.
    out = " ".join(capsys.readouterr().out.split())
    assert "note: each group of 2 seeds played on its own generated map" in out
    assert "fight i plays on map i // 2" in out


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        ([*GEN, "--per-map", "0"], "--per-map: expected a whole number from 1"),
        ([*GEN, "--maps", "made"], "invalid choice: 'made'"),
        (
            ["sweep", "sorcerer-diner", "--grid", "option.tie=reroll", "--maps", "generated"],
            "--maps generated: sorcerer-diner: its tasks name cells of its own map",
        ),
    ],
)
def test_sweep_maps_generated_bad_arguments_exit_2(
    capsys: pytest.CaptureFixture[str], argv: list[str], said: str
) -> None:
    assert main([*argv, "--jobs", "1", "-q"]) == 2
    err = capsys.readouterr().err
    assert said in err
    assert "Traceback" not in err
