"""Reading at the smallest size, 80x24: the help's text scrolls and is reached by keys."""

from __future__ import annotations

import time
from pathlib import Path

from textual.events import MouseScrollDown
from textual.widgets import Footer, OptionList, Static

from arena.content.loader import Catalog
from arena.engine.forecast import Chance
from arena.rules.actions import Move
from arena.ui.app import ArenaApp
from arena.ui.arena_screen import ArenaScreen
from arena.ui.choice_keys import keyed
from arena.ui.demo_screen import DemoScreen
from arena.ui.forecast_panel import ForecastPanel
from arena.ui.help_screen import HelpScreen, HelpText
from arena.ui.prompt import DecisionPrompt
from arena.ui.ranking_screen import RankingScreen
from arena.ui.replay_screen import ReplayScreen
from tests.ui.conftest import duel, key_for, make_app

SMALL = (80, 24)


async def test_the_help_text_scrolls_from_the_keyboard(catalog: Catalog, saves: Path) -> None:
    app = make_app(catalog, saves)
    async with app.run_test(size=SMALL) as pilot:
        await pilot.press("h")
        assert isinstance(app.screen, HelpScreen)
        pane = app.screen.query_one("#text-pane", HelpText)
        await pilot.pause()
        assert pane.max_scroll_y > 0  # the key table is longer than the screen
        await pilot.press("pagedown")  # from the topic list, a page of the text
        assert pane.scroll_y > 0
        await pilot.press("tab")
        assert app.screen.focused is pane
        await pilot.press("end")
        assert pane.scroll_y == pane.max_scroll_y
        await pilot.press("home", "down")
        assert pane.scroll_y == 1
        await pilot.press("tab")
        assert app.screen.focused is app.screen.query_one("#topics")


async def test_the_help_text_scrolls_with_the_wheel(catalog: Catalog, saves: Path) -> None:
    app = make_app(catalog, saves)
    async with app.run_test(size=SMALL) as pilot:
        await pilot.press("h")
        pane = app.screen.query_one("#text-pane", HelpText)
        await pilot.pause()
        # The Pilot has no wheel: the event a wheel turn sends.
        pane.post_message(MouseScrollDown(pane, 5, 5, 0, 0, 0, False, False, False))
        await pilot.pause()
        assert pane.scroll_y > 0


async def test_the_fight_footer_names_the_forecast_keys(catalog: Catalog, saves: Path) -> None:
    app = make_app(catalog, saves, duel(catalog))
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        shown = {
            key: active.binding.description
            for key, active in app.screen.active_bindings.items()
            if active.binding.show
        }
        assert shown["f"] == "Forecast"
        assert shown["F"] == "Each choice"
        footer = app.screen.query_one(Footer)
        assert footer.compact  # every key fits at 80 columns


async def test_keys_pressed_ahead_do_not_answer_the_next_list(
    catalog: Catalog, saves: Path
) -> None:
    fight = duel(catalog)
    # A hold that waits for a key, as players have it: keys pressed ahead are dropped.
    app = ArenaApp(catalog, saves=saves, pace=0, hold=-1, fight=fight, preferences=None)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = app.screen
        assert isinstance(screen, ArenaScreen)
        screen.SETTLE = 60  # type: ignore[misc]  # every key below comes "too soon"
        (decision,) = fight.pending()
        shift = key_for(decision, "Shift to Glabro")
        await pilot.press(shift, "1")  # the shift keeps the action open; "1" came with it
        assert len(fight.commands) == 1
        assert fight.pending()[0].actor == "tom"
        screen.SETTLE = 0  # type: ignore[misc]
        await pilot.press("1")
        assert len(fight.commands) == 2


async def test_each_choices_forecast_has_its_keys_and_shows_whole(
    catalog: Catalog, saves: Path
) -> None:
    fight = duel(catalog)
    app = make_app(catalog, saves, fight)
    async with app.run_test(size=SMALL) as pilot:
        await pilot.press("F")
        panel = app.screen.query_one(ForecastPanel)
        deadline = time.monotonic() + 120
        while not panel.ranked and time.monotonic() < deadline:
            await pilot.pause(0.1)
        await pilot.pause()
        (decision,) = fight.pending()
        keys = {c.label: k for k, c in keyed(decision.choices)}
        best = next(label for label, _ in panel.ranked if keys[label])
        assert f"[{keys[best]}] " in str(panel.render())  # the key that picks it
        assert "F again: all" in str(panel.border_subtitle)  # 80x24 shows a few
        await pilot.press("F")
        assert isinstance(app.screen, RankingScreen)
        whole = app.screen.text
        # Choices past the ninth have no key (the list and the map reach them).
        assert all(f"[{keys[label]}] " in whole for label, _ in panel.ranked if keys[label])
        await pilot.press("escape")
        assert isinstance(app.screen, ArenaScreen)


async def test_the_demo_says_paused_first_at_80_columns(catalog: Catalog, saves: Path) -> None:
    app = ArenaApp(catalog, saves=saves, pace=0, preferences=None, demo=("werewolf-duel",))
    async with app.run_test(size=SMALL) as pilot:
        demo = app.screen
        assert isinstance(demo, DemoScreen)
        await pilot.press("space")
        line = str(demo.query_one("#status", Static).content)
        assert line.startswith(" paused · scenario 1/1 · ")
        assert demo.query_one("#status").region.width <= 80


async def test_the_replay_viewers_keys_name_question_mark(catalog: Catalog, saves: Path) -> None:
    fight = duel(catalog)
    app = ArenaApp(catalog, saves=saves, pace=0, preferences=None, replay_viewer=fight)
    async with app.run_test(size=SMALL) as pilot:
        assert isinstance(app.screen, ReplayScreen)
        await pilot.press("question_mark")
        await pilot.pause()
        (notice,) = app._notifications  # the keys, in a notice
        assert "?: Keys" in notice.message
        assert "question_mark" not in notice.message


async def test_a_ranking_whose_labels_wrap_says_it_is_cut(catalog: Catalog, saves: Path) -> None:
    fight = duel(catalog)
    app = make_app(catalog, saves, fight)
    async with app.run_test(size=SMALL) as pilot:
        panel = app.screen.query_one(ForecastPanel)
        panel.display = True
        panel.heading = "Chance to win if Tom picks (turn 1):"
        sure = Chance("north", 10, 10, 0.7, 1.0)
        long = "Spend 1 Rage: actions on 4, 2, 0, and a label long enough to wrap twice over"
        panel.ranked = [(long, sure), (long + " again", sure)]  # two choices, many lines
        panel.update(panel.ranking_text())
        await pilot.pause()
        panel._say_it_is_cut()
        assert "2 choices · F again: all" in str(panel.border_subtitle)


async def test_enter_after_moving_the_look_cursor_acts_on_its_cell(
    catalog: Catalog, saves: Path
) -> None:
    fight = duel(catalog)
    app = make_app(catalog, saves, fight)
    async with app.run_test(size=SMALL) as pilot:
        app.screen.query_one(DecisionPrompt).query_one(OptionList).focus()  # the list has keys
        await pilot.pause()
        await pilot.press("l", "enter")  # from Tom at (4, 3) to (5, 3), then act there
        (command,) = fight.commands
        assert command == Move("tom", (5, 3))  # not the list's first choice
