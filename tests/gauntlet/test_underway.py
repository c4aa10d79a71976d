"""A fight under way is saved with the run: quitting mid-fight goes on inside the same fight."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from arena.cli import main
from arena.content.loader import Catalog
from arena.engine import Controllers, Fight
from arena.engine.controllers import answer
from arena.gauntlet import (
    GauntletError,
    RunState,
    begin_fight,
    finish_fight,
    keep_moves,
    new_run,
    resume_fight,
    start_fight,
)
from arena.gauntlet.morgue import morgue_path
from arena.gauntlet.saves import load_run, save_run
from arena.gauntlet.scores import load_scores
from arena.ui.choice_keys import keyed
from arena.ui.gauntlet_arena import GauntletArena
from arena.ui.gauntlet_run import RUN_FILE, GauntletScreen
from arena.ui.gauntlet_screen import GauntletSetupScreen
from tests.ui.conftest import make_app

SIZE = (100, 36)


def play(fight: Fight, moves: int | None = None) -> None:
    """Everyone's decisions by the AI (the character's by the stand-in), `moves` at most."""
    Controllers(fight, watch=True, reasons=False).run(stop_after=moves)


def test_a_fight_under_way_goes_on_from_its_save(catalog: Catalog, tmp_path: Path) -> None:
    state = begin_fight(new_run(catalog, "werewolf", 1), catalog, "lone-thug")
    fight = resume_fight(state, catalog)
    play(fight, 5)
    state = keep_moves(state, fight)
    save_run(state, catalog.digest, tmp_path / "run.json")
    again = load_run(tmp_path / "run.json", catalog)
    resumed = resume_fight(again, catalog)
    try:
        assert resumed.commands == fight.commands  # the same five moves, played again
        assert resumed.moment_hash() == fight.moment_hash()
        play(fight)
        play(resumed)
        # the dice and the AI's streams go on from the same place: the same fight to its end
        assert resumed.events == fight.events
        assert finish_fight(again, catalog, "lone-thug", resumed).records == (
            finish_fight(state, catalog, "lone-thug", fight).records
        )
    finally:
        fight.close()
        resumed.close()


def test_a_fight_under_way_cannot_be_swapped_or_restarted(catalog: Catalog) -> None:
    state = begin_fight(new_run(catalog, "werewolf", 1), catalog, "lone-thug")
    with pytest.raises(GauntletError, match="'lone-thug' is under way"):
        start_fight(state, catalog, "fomor-pair")  # another offer, after seeing this one go
    with pytest.raises(GauntletError, match="under way"):
        begin_fight(state, catalog, "lone-operative")
    assert begin_fight(state, catalog, "lone-thug") == state  # choosing it again changes nothing


def test_a_save_whose_fight_does_not_play_back_is_refused(catalog: Catalog, tmp_path: Path) -> None:
    state = begin_fight(new_run(catalog, "werewolf", 1), catalog, "lone-thug")
    fight = resume_fight(state, catalog)
    play(fight, 3)
    state = keep_moves(state, fight)
    fight.close()
    path = tmp_path / "run.json"
    save_run(state, catalog.digest, path)
    data = json.loads(path.read_text(encoding="utf-8"))
    data["underway"]["moment"] = "0" * 64
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(GauntletError, match="does not play back"):
        resume_fight(load_run(path, catalog), catalog)
    data["underway"]["commands"][0] = "attack"
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(GauntletError, match="a damaged gauntlet save"):
        load_run(path, catalog)


def test_continue_fights_on_the_fight_under_way(
    catalog: Catalog,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("ARENA_SAVES", str(tmp_path))
    # left under way against the fomori, which the AI's own choice (the safest) would not take
    state = begin_fight(new_run(catalog, "werewolf", 1), catalog, "fomor-pair")
    save = tmp_path / "run.json"
    save_run(state, catalog.digest, save)
    args = ["gauntlet", "--continue", str(save), "--auto", "ai:garou", "--fights", "1"]
    assert main([*args, "--save", str(save)]) == 0
    assert "fight 1: Fomori in the warehouse:" in capsys.readouterr().out
    after = load_run(save, catalog)
    assert ([r.group for r in after.records], after.underway) == (["fomor-pair"], None)


async def test_quitting_mid_fight_and_continuing_goes_on_in_the_same_fight(
    catalog: Catalog, tmp_path: Path
) -> None:
    saves = tmp_path / "saves"
    app = make_app(catalog, saves)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("g", "ctrl+f", "1")
        arena = app.screen
        assert isinstance(arena, GauntletArena)
        fight = arena.driver.fight
        for _ in range(2):  # two of the Ahroun's decisions, by their keys
            decision = arena.driver.human_decision()
            assert decision is not None
            command, _ = answer(fight, decision)
            await pilot.press(next(k for k, c in keyed(decision.choices) if c.command == command))
            await pilot.pause()
        moves, moment = list(fight.commands), fight.moment_hash()
        assert not arena.unsaved()  # every move is already in the run's save
        await pilot.press("ctrl+q")  # no question asked: nothing would be lost
    assert app.return_code == 0
    saved: RunState = load_run(saves / RUN_FILE, catalog)
    assert saved.underway is not None
    assert (saved.underway.group, list(saved.underway.commands)) == ("lone-thug", moves)

    app = make_app(catalog, saves)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("g")
        setup = app.screen
        assert isinstance(setup, GauntletSetupScreen)
        assert "fight 1 is under way" in app.export_screenshot().replace("&#160;", " ")
        setup.action_continue()
        await pilot.pause()
        arena = app.screen
        assert isinstance(arena, GauntletArena)  # straight back into the fight, not the offer
        resumed = arena.driver.fight
        assert (list(resumed.commands), resumed.moment_hash()) == (moves, moment)
        assert isinstance(app.screen_stack[-2], GauntletScreen)


async def test_a_new_run_gives_up_the_one_waiting(catalog: Catalog, tmp_path: Path) -> None:
    saves = tmp_path / "saves"
    waiting = begin_fight(new_run(catalog, "werewolf", 5), catalog, "knife-pair")
    saves.mkdir()
    save_run(waiting, catalog.digest, saves / RUN_FILE)
    app = make_app(catalog, saves)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("g", "ctrl+f")  # a new run (seed 1) over the one waiting (seed 5)
        run = app.screen
        assert isinstance(run, GauntletScreen)
        assert run.state.seed == 1
    (score,) = load_scores(saves)
    assert (score.seed, score.won, score.end) == (5, 0, "abandoned")
    assert "abandoned for a new run" in morgue_path(saves, waiting).read_text("utf-8")
    assert load_run(saves / RUN_FILE, catalog).seed == 1


def test_a_run_by_hand_keeps_an_earlier_morgue(catalog: Catalog, tmp_path: Path) -> None:
    state = new_run(catalog, "werewolf", 5)
    first = morgue_path(tmp_path, state, keep_others=True)
    assert first.name == f"morgue-werewolf-{state.character}-5.md"
    first.write_text("an earlier run", encoding="utf-8")
    second = morgue_path(tmp_path, state, keep_others=True)
    assert second.name == f"morgue-werewolf-{state.character}-5-2.md"
    assert morgue_path(tmp_path, state) == first  # an AI's run: the same run, written over
    other = new_run(catalog, "sorcerer", 5)
    assert morgue_path(tmp_path, other).name != first.name
