"""The dice legend reads whole on the tray beside the map at 80x24, in both rulesets: where
even the short legend is too wide, it takes two lines, broken between marks, and the tray
keeps both in sight."""

from __future__ import annotations

from pathlib import Path

import pytest
from rich.text import Text

from arena.content.loader import Catalog
from arena.ui.arena_screen import ArenaScreen
from arena.ui.dice_text import SHORT_LEGENDS, legend_for
from arena.ui.dice_tray import DiceTray, fitted, wrapped_rows
from tests.ui.conftest import duel, make_app, pick, sorcerer_duel
from tests.ui.test_fight_at_80x24 import SMALL, seen


@pytest.mark.parametrize(
    ("ruleset", "width", "lines"),
    [
        ("sorcerer", 36, ["[n] beats all · =n= tied, aside"]),
        ("werewolf", 39, ["[n] counts (1) cancels !1 botch ^ again"]),
        # narrower: two lines, each mark with its word
        ("werewolf", 37, ["[n] counts (1) cancels !1 botch", "^ again"]),
        ("sorcerer", 20, ["[n] beats all", "=n= tied, aside"]),
        # narrower than one mark and its word: cut there
        ("sorcerer", 12, ["[n] beats a…", "=n= tied, a…"]),
    ],
)
def test_the_legend_fits_its_width_mark_by_mark(ruleset: str, width: int, lines: list[str]) -> None:
    assert legend_for(ruleset, width).plain.split("\n") == lines


@pytest.mark.parametrize("ruleset", ["werewolf", "sorcerer"])
async def test_the_held_trays_last_line_is_its_whole_legend(
    catalog: Catalog, saves: Path, ruleset: str
) -> None:
    fight = duel(catalog) if ruleset == "werewolf" else sorcerer_duel(catalog)
    app = make_app(catalog, saves, fight, hold=-1)
    async with app.run_test(size=SMALL) as pilot:
        screen = app.screen
        assert isinstance(screen, ArenaScreen)
        if ruleset == "werewolf":
            await pick(pilot, fight.pending()[0], "Move to (5, 3)")
            await pick(pilot, fight.pending()[0], "Punch Vilna")
            await pick(pilot, fight.pending()[0], "Spend no Willpower")
        else:
            await pick(pilot, fight.pending()[0], "Attack Mara")
        await pilot.pause()
        assert screen.holding or screen._ending
        tray = screen.query_one("#dice", DiceTray)
        lines = [line.strip() for line in seen(tray).splitlines() if line.strip()]
        legend = SHORT_LEGENDS[ruleset].split()
        shown = " ".join(lines[-2:]).split()
        assert shown[-len(legend) :] == legend, lines  # every mark and its word, in sight


def test_a_two_line_legend_gives_way_to_the_newest_roll() -> None:
    legend = legend_for("werewolf", 36)
    roll = Text("Young Ahroun Initiative: 4d@4: [8] [8] [8] [8] → 4 successes")
    rows = wrapped_rows(roll, 36)
    assert rows == 2
    # Room for the roll and both legend lines: all of them.
    assert fitted([roll], legend, 36, 4).plain.split("\n")[-2:] == legend.plain.split("\n")
    # Room for the roll and one line: the legend's first, nothing under the box's edge.
    shown = fitted([roll], legend, 36, 3).plain.split("\n")
    assert shown[-1] == legend.plain.split("\n")[0]
    assert len(shown) == 2  # the roll (wrapped into two rows when drawn) and the legend
