"""A damaged run in the saves folder is refused in a few words, kept as it is, and never
turned into a fresh choice of offers."""

from __future__ import annotations

import json
from pathlib import Path

from arena.content.loader import Catalog
from arena.engine import Controllers
from arena.gauntlet import RunState, Underway, begin_fight, keep_moves, new_run, resume_fight
from arena.gauntlet.saves import save_run
from arena.rules.commands import command_from_mapping
from arena.ui.gauntlet_offers import OfferMenu
from arena.ui.gauntlet_run import RUN_FILE, GauntletScreen
from arena.ui.gauntlet_screen import GauntletSetupScreen
from tests.ui.conftest import make_app

SIZE = (80, 24)
ILLEGAL = {"kind": "move", "actor": "ahroun", "to": [0, 0]}  # a wall, never a legal move


def _damaged(catalog: Catalog, saves: Path) -> bytes:
    """A run left in its first fight after six moves, its third move made illegal."""
    state = begin_fight(new_run(catalog, "werewolf", 1), catalog, "lone-thug")
    fight = resume_fight(state, catalog)
    Controllers(fight, watch=True, reasons=False).run(stop_after=6)
    state = keep_moves(state, fight)
    fight.close()
    saves.mkdir()
    save_run(state, catalog.digest, saves / RUN_FILE)
    data = json.loads((saves / RUN_FILE).read_text())
    data["underway"]["commands"][2] = ILLEGAL
    (saves / RUN_FILE).write_text(json.dumps(data))
    return (saves / RUN_FILE).read_bytes()


def _screen_text(text: str) -> str:
    return " ".join(text.replace("&#160;", " ").split())


async def test_continue_on_a_damaged_run_says_why_briefly_and_keeps_it(
    catalog: Catalog, tmp_path: Path
) -> None:
    saves = tmp_path / "saves"
    kept = _damaged(catalog, saves)
    app = make_app(catalog, saves)
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await pilot.press("g")
        await pilot.pause()
        setup = app.screen
        assert isinstance(setup, GauntletSetupScreen)
        shown = _screen_text(app.export_screenshot())
        assert "The run saved cannot be continued:" in shown
        setup.action_continue()
        await pilot.pause()
        # It went on to the offers, three fresh ones, after a notice of every legal move.
        assert app.screen is setup
        (notice,) = app._notifications
        assert notice.title == "Cannot continue this run"
        assert "underway.commands[2] (move by ahroun) is not legal" in notice.message
        assert "Legal choices" not in notice.message
        assert len(notice.message) < 400
        assert "Start the run begins a new run in its place" in notice.message
    assert (saves / RUN_FILE).read_bytes() == kept
    assert sorted(p.name for p in saves.iterdir()) == [RUN_FILE]


async def test_a_fight_under_way_that_cannot_go_on_offers_no_other(
    catalog: Catalog, tmp_path: Path
) -> None:
    saves = tmp_path / "saves"
    saves.mkdir()
    state = RunState(
        "werewolf",
        "ahroun",
        1,
        underway=Underway("lone-thug", (command_from_mapping(ILLEGAL),), ("r",)),
    )
    app = make_app(catalog, saves)
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await app.push_screen(GauntletScreen(catalog, saves, state, odds=0))
        await pilot.pause()
        run = app.screen
        assert isinstance(run, GauntletScreen)
        assert run.offers == ()
        assert not run.query_one(OfferMenu).display
        shown = _screen_text(app.export_screenshot())
        assert "The fight under way cannot be fought on" in shown
        assert "Legal choices" not in " ".join(n.message for n in app._notifications)
    assert list(saves.iterdir()) == []  # nothing written over the save it came from
