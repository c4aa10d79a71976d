"""`arena gauntlet --level`: every opponent of a run at a named difficulty level, kept in saves."""

from __future__ import annotations

from pathlib import Path

import pytest

from arena.cli import main
from arena.content.loader import Catalog, default_content_root, load_catalog
from arena.gauntlet import GauntletError, new_run, offer
from arena.gauntlet.lineup import FOES_SIDE, PLAYER_SIDE
from arena.gauntlet.run import start_fight
from arena.gauntlet.saves import load_run, run_to_data, save_run


@pytest.fixture(scope="module")
def catalog() -> Catalog:
    return load_catalog(default_content_root())


@pytest.mark.parametrize("ruleset", ["werewolf", "sorcerer"])
@pytest.mark.parametrize(("level", "ends"), [("hard", "/hard"), ("expert", "/expert")])
def test_a_run_at_a_level_plays_every_opponent_at_it(
    catalog: Catalog, ruleset: str, level: str, ends: str
) -> None:
    state = new_run(catalog, ruleset, 5, policy="nearest", level=level)
    with start_fight(state, catalog, offer(state, catalog)[0].id) as fight:
        sides = {c.id: c.side for c in fight.scenario.combatants}
        foes = [c.controller for c in fight.scenario.combatants if c.side == FOES_SIDE]
        mine = [c.controller for c in fight.scenario.combatants if sides[c.id] == PLAYER_SIDE]
    assert foes
    assert all(c.endswith(ends) for c in foes)
    assert mine[0] == "ai:nearest"  # the character is played as asked, not at the level


def test_a_run_at_easy_faces_naive_opponents(catalog: Catalog) -> None:
    state = new_run(catalog, "werewolf", 5, policy="nearest", level="easy")
    with start_fight(state, catalog, offer(state, catalog)[0].id) as fight:
        foes = {c.controller for c in fight.scenario.combatants if c.side == FOES_SIDE}
    assert foes == {"ai:nearest/easy"}


def test_a_run_without_a_level_saves_as_before(catalog: Catalog) -> None:
    state = new_run(catalog, "werewolf", 5, policy="nearest")
    assert "level" not in run_to_data(state, catalog.digest)


def test_a_saved_run_keeps_its_level(catalog: Catalog, tmp_path: Path) -> None:
    state = new_run(catalog, "sorcerer", 5, policy="nearest", level="hard")
    save_run(state, catalog.digest, tmp_path / "run.json")
    assert load_run(tmp_path / "run.json", catalog).level == "hard"


def test_an_unknown_level_stops_a_run_before_it_starts(catalog: Catalog) -> None:
    with pytest.raises(GauntletError, match="levels: easy, normal, hard, expert"):
        new_run(catalog, "werewolf", 5, level="heroic")


def test_a_continued_run_keeps_the_level_it_was_saved_with(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    args = ["gauntlet", "--continue", str(tmp_path / "run.json"), "--auto", "ai:nearest"]
    assert main([*args, "--level", "hard", "--saves", str(tmp_path)]) == 2
    assert "--level: not with --continue" in capsys.readouterr().err
