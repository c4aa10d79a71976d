"""The replay viewer steps back and forth, and every moment shows the view the fight recorded."""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from pathlib import Path

from textual.widgets import Static

from arena.cli.scenarios import open_scenario
from arena.content.loader import Catalog
from arena.engine import Controllers, FightView, event_lines, load_save, save_fight
from arena.engine.setup import scenario_fight
from arena.ui.app import ArenaApp
from arena.ui.panels import CombatantPanels
from arena.ui.replay_screen import ReplayScreen


def recorded_fight(catalog: Catalog, saves: Path) -> tuple[Path, list[int], list[FightView]]:
    """The Vilna fight played by the AI, saved, with the view after every decision."""
    fight = scenario_fight(catalog, "werewolf-vilna")
    fight.start()
    counts, views = [len(fight.events)], [fight.view()]
    controllers = Controllers(fight, watch=True, reasons=False)  # a save keeps no reasons
    while controllers.step() is not None:
        counts.append(len(fight.events))
        views.append(fight.view())
    saves.mkdir()
    path = saves / "vilna.yaml"
    save_fight(fight, path)
    return path, counts, views


def expected(counts: list[int], views: list[FightView], shown: int) -> FightView:
    """The view recorded after the decision the last event on screen belongs to.

    Decisions that told nothing (a secret intention) end at the same count: the last of them.
    """
    return views[bisect_right(counts, shown) - 1 if shown in counts else bisect_left(counts, shown)]


def panels_text(viewer: ReplayScreen) -> str:
    return "\n".join(str(card.render()) for card in viewer.query_one(CombatantPanels).query(Static))


async def test_stepping_back_and_forth_shows_the_recorded_views(
    catalog: Catalog, saves: Path
) -> None:
    path, counts, views = recorded_fight(catalog, saves)
    app = ArenaApp(
        catalog,
        saves=saves,
        pace=0,
        preferences=None,
        opener=open_scenario,
        replay_viewer=load_save(path, catalog),
    )
    async with app.run_test(size=(120, 40)) as pilot:
        viewer = app.screen
        assert isinstance(viewer, ReplayScreen)
        line = viewer.timeline
        assert line.views == views  # one view kept per decision, none replayed
        await pilot.press("end")
        assert line.shown == len(line.events) == counts[-1]
        keys = ["left"] * 24 + ["right"] * 6 + ["left_square_bracket"] * 2 + ["right"] * 3
        for key in keys:
            before = line.shown
            await pilot.press(key)
            if key == "left":
                assert line.shown == before - 1
            elif key == "right":
                assert line.shown == before + 1
            view = expected(counts, views, line.shown)
            assert line.view() == view
            shown = panels_text(viewer)
            for combatant in view.combatants:
                assert combatant.name in shown
                assert combatant.health in shown  # the panels show that moment's health
        # A round back lands on the first event of a round.
        await pilot.press("left_square_bracket")
        first = line.current()
        assert first is not None
        assert line.shown == 1 or line.events[line.shown - 2].round < first.round


async def test_the_log_wraps_its_lines_at_80_columns(catalog: Catalog, saves: Path) -> None:
    # Beside the stage at 80x24 the log is about 24 columns wide: cut with '…', no line
    # said more than a few words.
    path, _, _ = recorded_fight(catalog, saves)
    app = ArenaApp(
        catalog, saves=saves, pace=0, preferences=None, replay_viewer=load_save(path, catalog)
    )
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(8):
            await pilot.press("right")
        await pilot.pause()
        log = app.screen.query_one("#log")
        drawn = [log.render_line(y).text for y in range(log.size.height)]
        said = " ".join(line.strip() for line in drawn if line.strip())
        assert "…" not in said
        last = app.screen.timeline.shown  # type: ignore[attr-defined]
        event = app.screen.timeline.events[last - 1]  # type: ignore[attr-defined]
        assert " ".join(event_lines(event, "normal")[0].split()) in said
