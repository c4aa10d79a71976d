"""At 80x24 a decision's rolls take most of the log's place, not all of it: the log keeps its
last two lines, scrolled to the end, so the player sees what just happened while choosing.
With no roll to quote yet (the fight's first decision), the log keeps its whole place."""

from __future__ import annotations

from pathlib import Path

import pytest

from arena.cli.scenarios import scenario_fight_for
from arena.content.loader import Catalog
from arena.engine import event_lines
from arena.ui.arena_screen import ArenaScreen
from arena.ui.curtain import CurtainScreen
from arena.ui.dice_tray import about
from arena.ui.fight_log import FightLog
from tests.ui.conftest import make_app
from tests.ui.test_fight_at_80x24 import flat, seen

SMALL = (80, 24)


@pytest.mark.parametrize(
    ("scenario", "hot_seat"),
    [
        ("werewolf-duel", False),
        ("werewolf-thugs", False),
        ("sorcerer-duel", True),
        ("sorcerer-vs-thugs", False),
    ],
)
async def test_the_log_keeps_its_last_lines_beside_each_decision(
    catalog: Catalog, saves: Path, scenario: str, hot_seat: bool
) -> None:
    fight = scenario_fight_for(catalog, scenario, hot_seat=hot_seat)
    app = make_app(catalog, saves, fight)
    checked = quoted = 0
    async with app.run_test(size=SMALL) as pilot:
        for _ in range(6):
            await pilot.pause()
            if isinstance(app.screen, CurtainScreen):
                await pilot.press("enter")
                await pilot.pause()
            screen = app.screen
            if not isinstance(screen, ArenaScreen) or fight.over:
                break
            decision = screen.driver.human_decision()
            assert decision is not None
            await pilot.pause()
            log = screen.query_one(FightLog)
            assert log.display, decision.kind
            quoting = screen.query_one("#about").display
            assert quoting == bool(decision.incoming or about(decision, fight.events))
            rows = log.scrollable_content_region.height
            assert rows == 2 if quoting else rows >= 5, (decision.kind, rows)
            quoted += quoting
            assert log.scroll_y == log.max_scroll_y, decision.kind  # at its end
            # The latest event's words end what the log shows.
            last = next(e for e in reversed(fight.events) if event_lines(e, log.verbosity))
            words = flat(event_lines(last, log.verbosity)[-1])
            assert flat(seen(log)).endswith(words[-12:]), (decision.kind, seen(log), words)
            checked += 1
            await pilot.press("1")
    assert checked >= 3
    assert quoted >= 1
