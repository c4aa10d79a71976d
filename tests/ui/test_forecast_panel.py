"""The forecast panel: a percentage from continuations on a worker process, keys still free."""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from textual.app import App, ComposeResult
from textual.widgets import Input

from arena.content.loader import Catalog
from arena.engine import Controllers, Fight
from arena.sim.plan import batch_scenario
from arena.ui.forecast_panel import ForecastPanel
from tests.ui.conftest import duel, make_app


class PanelApp(App[None]):
    """The panel beside an input that takes keys while the panel computes."""

    def __init__(self, fight: Fight) -> None:
        super().__init__()
        self.fight = fight
        self.typed_at: list[float] = []
        """When each key changed the input."""

    def compose(self) -> ComposeResult:
        yield Input(id="typed")
        yield ForecastPanel(continuations=60, id="forecast")

    def on_input_changed(self, _: Input.Changed) -> None:
        self.typed_at.append(time.perf_counter())


async def test_the_panel_shows_a_chance_and_keys_stay_free(catalog: Catalog) -> None:
    scenario = batch_scenario(catalog.scenarios["werewolf-duel"])
    fight = Fight(scenario, catalog, seed=2)
    Controllers(fight, watch=True).run(stop_after=2)
    side = scenario.combatants[0].side
    app = PanelApp(fight)
    async with app.run_test() as pilot:
        panel = app.query_one(ForecastPanel)
        panel.within = 0  # no early stop: all 60 continuations
        panel.toggle(fight, side, "North")
        assert panel.display
        start = time.perf_counter()
        await pilot.press("a", "b", "c")
        # Keys answered while it computes: the first continuations are played on the UI's own
        # thread, one at a time with the keys let through between them. (The pilot's press
        # itself returns once the process is idle, so it is timed from the input's change.)
        assert app.typed_at[0] - start < 1.0
        assert app.query_one(Input).value == "abc"
        deadline = time.monotonic() + 20
        while not panel.final and time.monotonic() < deadline:
            await pilot.pause(0.1)
        assert panel.chance is not None, str(panel.render())
        assert panel.chance.fights == 60
        assert "%" in str(panel.render())
        panel.toggle(fight, side, "North")
        assert not panel.display
    fight.close()


async def test_f_toggles_the_panel_in_a_fight(catalog: Catalog, tmp_path: Path) -> None:
    fight = duel(catalog)
    app = make_app(catalog, tmp_path, fight)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("f")
        panel = app.screen.query_one(ForecastPanel)
        assert panel.display
        deadline = time.monotonic() + 60
        while panel.chance is None and time.monotonic() < deadline:
            await pilot.pause(0.1)
        assert panel.chance is not None, str(panel.render())
        assert "Tom wins" in str(panel.render())
        await pilot.press("f")
        assert not panel.display


async def test_shift_f_ranks_the_choices(catalog: Catalog, tmp_path: Path) -> None:
    fight = duel(catalog)
    app = make_app(catalog, tmp_path, fight)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("F")
        panel = app.screen.query_one(ForecastPanel)
        deadline = time.monotonic() + 120
        while not panel.ranked and time.monotonic() < deadline:
            await pilot.pause(0.1)
        shares = [c.share for _, c in panel.ranked]
        assert len(shares) == len(fight.pending()[0].choices)
        assert shares == sorted(shares, reverse=True)
        assert "%" in str(panel.render())


@pytest.mark.parametrize(("size", "dice_shown"), [((80, 24), False), ((120, 40), True)])
async def test_a_short_screen_shows_the_forecast_in_the_dice_trays_place(
    catalog: Catalog, tmp_path: Path, size: tuple[int, int], dice_shown: bool
) -> None:
    fight = duel(catalog)
    app = make_app(catalog, tmp_path, fight)
    async with app.run_test(size=size) as pilot:
        screen = app.screen
        before = screen.query_one("#prompt").region.height
        await pilot.press("f")
        await pilot.pause()
        assert screen.query_one(ForecastPanel).display
        assert screen.query_one("#dice").display is dice_shown
        if not dice_shown:
            # The panel sits where the dice were (while deciding, the decision's rolls are
            # under the map): the choices keep four lines or more.
            assert screen.query_one("#prompt").region.height < before
            assert screen.query_one("#choices").region.height >= 4
        await pilot.press("f")
        await pilot.pause()
        assert not screen.query_one(ForecastPanel).display
        # The rolls are back: in the tray, or (deciding at 80x24) under the map.
        assert screen.query_one("#dice").display or screen.query_one("#about").display
