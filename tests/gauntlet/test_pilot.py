"""A whole gauntlet played through the UI: the title menu, two rigged fights, a rest, the end."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import pytest
from textual.pilot import Pilot
from textual.widgets import Static

from arena.content.loader import Catalog
from arena.engine import Fight
from arena.engine.controllers import answer
from arena.gauntlet import RunState
from arena.gauntlet.morgue import morgue_path
from arena.gauntlet.saves import load_run
from arena.ui import gauntlet_run
from arena.ui.app import ArenaApp
from arena.ui.choice_keys import keyed
from arena.ui.gauntlet_arena import GauntletArena
from arena.ui.gauntlet_run import RUN_FILE, GauntletScreen
from arena.ui.gauntlet_screen import GauntletSetupScreen
from arena.ui.prompt import DecisionPrompt
from arena.ui.title_screen import TitleScreen
from tests.ui.conftest import make_app

SIZE = (100, 36)
# Ahroun, seed 1. Fight 1, a thug with a bat: every die a 9, so every roll of both sides
# succeeds and the thug's hits soak to 1 bashing; the Ahroun wins in 2 turns, and the rest
# regenerates the bashing. Fight 2, two knife thugs: every die a 10, so their knives go through
# every soak; the Ahroun dies in the third turn and the run is over with 1 fight won.
NINES = [9] * 400
TENS = [10] * 400


@pytest.fixture
def saves(tmp_path: Path) -> Path:
    return tmp_path / "saves"


@pytest.fixture
def rigged(monkeypatch: pytest.MonkeyPatch) -> list[Sequence[int]]:
    """Each fight the screen starts deals the next list of faces, then the run's own dice."""
    faces: list[Sequence[int]] = []
    real = gauntlet_run.resume_fight

    def resume(state: RunState, catalog: Catalog) -> Fight:
        unrigged = real(state, catalog)
        unrigged.close()
        fight = Fight(unrigged.scenario, catalog, rigged=faces.pop(0))
        fight.start()
        return fight

    monkeypatch.setattr(gauntlet_run, "resume_fight", resume)
    return faces


def words(app: ArenaApp) -> str:
    """The screen's text as a person reads it."""
    return app.export_screenshot().replace("&#160;", " ")


async def fight_it_out(pilot: Pilot[None], arena: GauntletArena) -> Fight:
    """Answer each of the character's decisions by its key, as the stand-in AI would pick."""
    fight = arena.driver.fight
    for _ in range(100):
        await pilot.pause()
        decision = arena.driver.human_decision()
        if fight.over or decision is None:
            break
        command, _ = answer(fight, decision)
        key, chosen = next((k, c) for k, c in keyed(decision.choices) if c.command == command)
        if key:
            await pilot.press(key)
        else:  # past the ninth choice: no digit, the list's highlight and Enter
            arena.query_one(DecisionPrompt).highlight(chosen)
            await pilot.pause()
            await pilot.press("enter")
    assert fight.over
    return fight


async def test_a_gauntlet_from_the_title_through_two_fights_and_a_rest(
    catalog: Catalog, saves: Path, rigged: list[Sequence[int]]
) -> None:
    rigged += [NINES, TENS]
    app = make_app(catalog, saves)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("g")  # Gauntlet, from the title menu
        assert isinstance(app.screen, GauntletSetupScreen)
        await pilot.press("ctrl+f")  # the form's defaults: Werewolf, the Ahroun, seed 1
        run = app.screen
        assert isinstance(run, GauntletScreen)
        assert [o.id for o in run.offers] == ["lone-thug", "fomor-pair", "street-corner"]
        assert "Fight 1 of 7" in words(app)

        await pilot.press("1")  # a thug with a bat
        arena = app.screen
        assert isinstance(arena, GauntletArena)
        assert arena.query_one("#board").border_subtitle == "Gauntlet: fight 1 of 7"
        first = await fight_it_out(pilot, arena)
        assert (first.view().winner, first.round) == ("player", 2)
        await pilot.pause()
        question = str(arena.query_one("#question", Static).render())
        assert question.endswith(". Enter or q: back to the gauntlet.")  # not the summary
        await pilot.press("q")  # back to the run
        await pilot.pause()
        assert app.screen is run
        (record,) = run.state.records
        assert (record.winner, record.after_fight, record.after_rest) == (
            "player",
            "1 bashing; Rage 5/5, Gnosis 1/1, Willpower 4/4",
            "unhurt; Rage 5/5, Gnosis 1/1, Willpower 4/4",
        )
        text = words(app)
        assert "Fight 1: A thug with a bat: won in 2 turns" in text
        assert "after the rest: unhurt" in text  # the rest regenerated the bashing
        assert "Fight 2 of 7" in text
        assert [o.id for o in run.offers] == ["knife-pair", "street-corner", "lone-bane"]
        assert load_run(saves / RUN_FILE, catalog).records == run.state.records
        await pilot.press("enter")  # one Enter too many after the fight picks nothing unseen
        assert app.screen is run

        await pilot.press("1")  # two knife thugs
        arena = app.screen
        assert isinstance(arena, GauntletArena)
        second = await fight_it_out(pilot, arena)
        assert (second.view().winner, second.round) == ("opponents", 3)
        await pilot.press("q")
        await pilot.pause()
        assert (run.state.end, run.state.won) == ("dead", 1)
        text = words(app)
        assert "The run is over: died." in text
        assert "Fights won: 1 of 2." in text
        assert not (saves / RUN_FILE).exists()  # permadeath: nothing to continue
        morgue = morgue_path(saves, run.state).read_text(encoding="utf-8")
        assert morgue.startswith("# Young Ahroun: the gauntlet (werewolf)\n")
        assert "## Fight 2: Two knife thugs (lost)" in morgue

        await pilot.press("escape")  # the title menu, with the run on its high-score table
        assert isinstance(app.screen, TitleScreen)
        await app.workers.wait_for_complete()
        await pilot.pause()
        text = words(app)
        assert "Gauntlet high scores" in text
        assert "1. Young Ahroun (werewolf, seed 1): 1 won, dead" in text
