"""A gauntlet run on generated maps: each fight's map from the run's seed, kept by its save."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from arena.cli import main
from arena.content.loader import Catalog
from arena.content.mapgen import generate
from arena.content.saves import body_digest
from arena.gauntlet import new_run, offer, play_fight
from arena.gauntlet.auto import safest
from arena.gauntlet.run import fight_map, start_fight
from arena.gauntlet.saves import load_run, run_from_data, run_to_data, save_run


@pytest.mark.parametrize(("ruleset", "policy"), [("werewolf", "garou"), ("sorcerer", "sorcerer")])
def test_gauntlet_generated_maps_each_fight_on_the_map_of_its_number(
    catalog: Catalog, ruleset: str, policy: str
) -> None:
    state = new_run(catalog, ruleset, 7, policy=policy, maps="generated")
    for number in range(2):
        chosen = safest(state, offer(state, catalog)).id
        with start_fight(state, catalog, chosen) as fight:
            made = generate(fight_map(7, number))
            assert fight.scenario.inline_map == made.map
            assert fight.scenario.map == made.map.name
        state = play_fight(state, catalog, chosen)
        assert state.records[-1].map == made.map.name


def test_gauntlet_drawn_maps_are_the_default(catalog: Catalog) -> None:
    state = new_run(catalog, "werewolf", 7, policy="garou")
    assert state.maps == "drawn"
    chosen = safest(state, offer(state, catalog)).id
    with start_fight(state, catalog, chosen) as fight:
        assert fight.scenario.inline_map is None


def test_gauntlet_fight_map_is_drawn_from_the_run_seed() -> None:
    assert fight_map(7, 0) == fight_map(7, 0)
    assert fight_map(7, 0) != fight_map(7, 1) != fight_map(8, 1)


def test_gauntlet_save_keeps_generated_maps_and_a_drawn_save_has_no_key(
    catalog: Catalog, tmp_path: Path
) -> None:
    for maps in ("generated", "drawn"):
        state = new_run(catalog, "werewolf", 7, policy="garou", maps=maps)  # type: ignore[arg-type]
        state = play_fight(state, catalog, safest(state, offer(state, catalog)).id)
        data = run_to_data(state, catalog.digest)
        assert ("maps" in data) == (maps == "generated")
        path = tmp_path / f"{maps}.json"
        save_run(state, catalog.digest, path)
        assert load_run(path, catalog).maps == maps


def test_gauntlet_save_with_a_bad_maps_value_is_refused(catalog: Catalog) -> None:
    state = new_run(catalog, "werewolf", 7, policy="garou", maps="generated")
    data: dict[str, Any] = run_to_data(state, catalog.digest)
    data["maps"] = "painted"
    data["digest"] = body_digest(data)  # sealed again: only the value is wrong
    from arena.gauntlet.errors import GauntletError

    with pytest.raises(GauntletError, match="maps: expected drawn or generated, got 'painted'"):
        run_from_data(data, catalog, "run.json")


def test_gauntlet_cli_maps_generated(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    morgue = tmp_path / "m.md"
    argv = ["gauntlet", "--auto", "ai:garou", "--seed", "7", "--maps", "generated"]
    assert (
        main([*argv, "--fights", "1", "--out", str(morgue), "--save", str(tmp_path / "r.json")])
        == 0
    )
    assert "fight 1:" in capsys.readouterr().out
    assert main(["gauntlet", "--continue", str(tmp_path / "r.json"), "--maps", "drawn"]) == 2
    assert "--maps: not with --continue" in capsys.readouterr().err


def test_gauntlet_cli_bad_maps_value(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["gauntlet", "--auto", "ai:garou", "--maps", "painted"]) == 2
    assert "invalid choice: 'painted'" in capsys.readouterr().err


def test_gauntlet_offer_names_the_generated_map_where_the_group_fits(catalog: Catalog) -> None:
    from arena.gauntlet.offers import ranked
    from arena.gauntlet.run import fits_generated
    from arena.ui.gauntlet_text import map_names, offer_text

    maps = map_names(catalog)
    offers = ranked(catalog, "werewolf")
    small = next(o for o in offers if fits_generated(o.group))
    big = next(o for o in offers if not fits_generated(o.group))  # the big gang: five
    assert (
        "on a map generated for this fight" in offer_text(small, {}, maps, (), generated=True).plain
    )
    drawn = maps[big.group.map]
    assert f"on {drawn}" in offer_text(big, {}, maps, (), generated=True).plain
    assert f"on {maps[small.group.map]}" in offer_text(small, {}, maps, ()).plain
