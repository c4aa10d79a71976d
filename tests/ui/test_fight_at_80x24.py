"""The fight at 80x24 shows what the engine knows: the roll a decision is about, the last roll,
keys that mean one thing, and rolls named by what they are."""

from __future__ import annotations

from itertools import pairwise
from pathlib import Path

import pytest
from textual.geometry import Region
from textual.widget import Widget
from textual.widgets import OptionList

from arena.content.loader import Catalog
from arena.engine import Fight
from arena.ui.arena_screen import ArenaScreen
from arena.ui.choice_keys import keyed
from arena.ui.dice_text import SHORT_LEGENDS, roll_text
from arena.ui.dice_tray import DiceTray
from arena.ui.fight_log import FightLog
from arena.ui.prompt import DecisionPrompt
from arena.ui.summary_screen import SummaryScreen
from tests.ui.conftest import duel, make_app, pick, sorcerer_duel

SMALL = (80, 24)


def seen(widget: Widget) -> str:
    """What a widget shows inside its borders, every column of it, its lines joined."""
    size = widget.outer_size
    strips = widget.render_lines(Region(0, 0, size.width, size.height))
    return "\n".join("".join(segment.text for segment in strip) for strip in strips)


def flat(text: str) -> str:
    """Text with its line breaks and runs of spaces made single spaces."""
    return " ".join(text.split())


async def test_a_decision_at_80x24_shows_the_roll_it_is_about_with_the_choices(
    catalog: Catalog, saves: Path
) -> None:
    fight = duel(catalog)
    app = make_app(catalog, saves, fight)
    async with app.run_test(size=SMALL) as pilot:
        await pick(pilot, fight.pending()[0], "Move to (5, 3)")
        await pick(pilot, fight.pending()[0], "Punch Vilna")
        await pilot.pause()
        (decision,) = fight.pending()
        assert decision.kind == "willpower"
        screen = app.screen
        about = screen.query_one("#about", DiceTray)
        assert about.display
        assert about.region.height >= 4
        # The decision has most of the log's place: the log keeps its last two lines.
        assert screen.query_one(FightLog).region.height == 3
        shown = flat(seen(about))
        initiative = next(
            e for e in reversed(fight.events) if e.kind == "initiative_rolled" and e.actor == "tom"
        )
        whole = flat(roll_text(initiative.roll).plain)  # type: ignore[arg-type]
        assert f"Tom Initiative: {whole}" in shown  # faces, what counted and the result
        assert SHORT_LEGENDS["werewolf"] in seen(about).splitlines()[-1]  # the legend's line
        prompt = screen.query_one(DecisionPrompt)
        question = flat(str(prompt.query_one("#question").render()))
        assert question == flat(decision.prompt)  # whole, not cut in a title
        assert screen.query_one("#choices", OptionList).region.height >= len(decision.choices)


async def test_a_sorcerer_reaction_quotes_the_attackers_faces(
    catalog: Catalog, saves: Path
) -> None:
    # Rook's order roll all 1s, Mara's all 10s: she attacks first, and Rook must react.
    fight = sorcerer_duel(catalog, [1] * 4 + [10] * 5)
    app = make_app(catalog, saves, fight)
    async with app.run_test(size=SMALL) as pilot:
        await pick(pilot, fight.pending()[0], "Attack Mara")  # no bonus asked: not honour
        await pilot.pause()
        (decision,) = fight.pending()
        assert decision.kind == "reaction"
        assert decision.incoming
        faces = " ".join(str(f) for f in decision.incoming)
        about = flat(seen(app.screen.query_one("#about", DiceTray)))
        assert f"Mara Attack: {faces}" in about
        assert "Step 4" not in about  # named by what it is, not by its step


async def test_after_the_decision_the_log_comes_back(catalog: Catalog, saves: Path) -> None:
    fight = duel(catalog)
    app = make_app(catalog, saves, fight, hold=-1)
    async with app.run_test(size=SMALL) as pilot:
        await pick(pilot, fight.pending()[0], "Move to (5, 3)")
        await pick(pilot, fight.pending()[0], "Punch Vilna")
        await pick(pilot, fight.pending()[0], "Spend no Willpower")
        screen = app.screen
        assert isinstance(screen, SummaryScreen) is False
        assert screen.query_one(FightLog).display
        assert not screen.query_one("#about").display


async def test_the_fights_deciding_roll_stays_until_a_key(catalog: Catalog, saves: Path) -> None:
    fight = duel(catalog)
    app = make_app(catalog, saves, fight, hold=-1)
    async with app.run_test(size=SMALL) as pilot:
        screen = app.screen
        assert isinstance(screen, ArenaScreen)
        await pick(pilot, fight.pending()[0], "Move to (5, 3)")
        await pick(pilot, fight.pending()[0], "Punch Vilna")
        await pick(pilot, fight.pending()[0], "Spend no Willpower")
        await pilot.pause()
        assert fight.over
        assert app.screen is screen  # not the summary yet
        tray = screen.query_one("#dice", DiceTray)
        assert tray.border_title == "Dice · the deciding roll"
        last = next(e for e in reversed(fight.events) if e.roll is not None)
        assert flat(roll_text(last.roll).plain) in flat(seen(tray))  # type: ignore[arg-type]
        assert "Any key: the summary" in str(screen.query_one("#question").render())
        await pilot.press("q")  # any key: the summary, and nothing else (q does not leave)
        await pilot.pause()
        assert isinstance(app.screen, SummaryScreen)
        assert screen.is_attached


async def test_with_the_hold_off_the_summary_comes_at_once(catalog: Catalog, saves: Path) -> None:
    fight = duel(catalog)
    app = make_app(catalog, saves, fight, hold=0)
    async with app.run_test(size=SMALL) as pilot:
        await pick(pilot, fight.pending()[0], "Move to (5, 3)")
        await pick(pilot, fight.pending()[0], "Punch Vilna")
        await pick(pilot, fight.pending()[0], "Spend no Willpower")
        await pilot.pause()
        assert isinstance(app.screen, SummaryScreen)


async def test_the_ninth_choice_is_picked_by_9_at_once(catalog: Catalog, saves: Path) -> None:
    fight = duel(catalog)
    app = make_app(catalog, saves, fight)
    async with app.run_test(size=SMALL) as pilot:
        (decision,) = fight.pending()
        key, ninth = keyed(decision.choices)[8]
        assert key == "9"
        prompt = app.screen.query_one(DecisionPrompt)
        assert not prompt.in_view(ninth)  # 80x24 does not show it
        await pilot.press("9")
        assert len(fight.commands) == 1
        assert fight.commands[0] == ninth.command


async def test_no_letter_or_zero_picks_a_choice(catalog: Catalog, saves: Path) -> None:
    fight = duel(catalog)
    app = make_app(catalog, saves, fight)
    async with app.run_test(size=SMALL) as pilot:
        (decision,) = fight.pending()
        assert {k for k, _ in keyed(decision.choices)} == set("123456789") | {""}
        for key in ("0", "a", "b", "b", "c", "d", "e", "g", "0"):
            await pilot.press(key)
        assert fight.commands == []


async def test_the_list_says_more_choices_are_below_and_how_to_reach_them(
    catalog: Catalog, saves: Path
) -> None:
    fight = duel(catalog)
    app = make_app(catalog, saves, fight)
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        prompt = app.screen.query_one(DecisionPrompt)
        above, below = prompt.hidden_choices()
        assert above == 0
        assert below > 0
        more = str(prompt.query_one("#more").render())
        assert f"▼{below} more" in more
        assert "PgDn" in more
        assert "Tab" in more  # the map has the keys: its arrows move the look cursor
        await pilot.press("tab")  # to the list (or on): then End
        prompt.query_one("#choices", OptionList).focus()
        await pilot.press("end")
        await pilot.pause()
        assert prompt.hidden_choices()[0] > 0
        assert "▲" in str(prompt.query_one("#more").render())


async def test_page_down_from_the_map_pages_the_list_and_every_hint_reads_whole(
    catalog: Catalog, saves: Path
) -> None:
    # The hint named PgDn while the map had the keys, and PgDn there did nothing; with
    # choices both above and below, the hint was cut ("Enter pi…").
    fight = duel(catalog)
    app = make_app(catalog, saves, fight)
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        prompt = app.screen.query_one(DecisionPrompt)
        options = prompt.query_one("#choices", OptionList)
        assert not options.has_focus
        assert options.highlighted == 0
        await pilot.press("pagedown")
        await pilot.pause()
        assert options.has_focus
        assert options.highlighted is not None
        assert options.highlighted > 0
        for _ in range(3):
            await pilot.pause()
            above, below = prompt.hidden_choices()
            more = seen(prompt.query_one("#more")).strip()
            if above and below:
                break
            await pilot.press("down")
        assert above, more
        assert below, more
        assert more.startswith(f"▲{above} ▼{below} more: ↑↓ PgUp/PgDn")
        assert "…" not in more


async def test_a_short_list_says_nothing_more(catalog: Catalog, saves: Path) -> None:
    fight = duel(catalog)
    app = make_app(catalog, saves, fight)
    async with app.run_test(size=SMALL) as pilot:
        await pick(pilot, fight.pending()[0], "Move to (5, 3)")
        await pick(pilot, fight.pending()[0], "Punch Vilna")
        await pilot.pause()
        assert not app.screen.query_one(DecisionPrompt).query_one("#more").display


async def test_saving_again_says_it_replaces_the_fights_earlier_save(
    catalog: Catalog, saves: Path
) -> None:
    fight = duel(catalog)
    app = make_app(catalog, saves, fight)
    async with app.run_test(size=SMALL, notifications=True) as pilot:
        await pilot.press("s")
        first = [n.message for n in app._notifications]
        assert not any("replaces" in m for m in first)  # the first save replaces nothing
        await pick(pilot, fight.pending()[0], "Move to (5, 3)")
        app.clear_notifications()
        await pilot.press("s")
        await pilot.pause()
        (said,) = [n.message for n in app._notifications]
        assert "replaces this fight's earlier save" in said
        assert len(list(saves.glob("*.yaml"))) == 1


async def test_the_look_line_at_80x24_is_whole(catalog: Catalog, saves: Path) -> None:
    fight = duel(catalog)
    app = make_app(catalog, saves, fight)
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()  # the cursor starts on Tom
        look = flat(seen(app.screen.query_one("#look")))
        assert "…" not in look
        assert look.endswith("played by you")


async def test_the_log_written_while_hidden_wraps_at_its_own_width(
    catalog: Catalog, saves: Path
) -> None:
    fight = duel(catalog)
    app = make_app(catalog, saves, fight, hold=-1)
    async with app.run_test(size=SMALL) as pilot:
        await pick(pilot, fight.pending()[0], "Move to (5, 3)")
        await pick(pilot, fight.pending()[0], "Punch Vilna")
        await pick(pilot, fight.pending()[0], "Spend no Willpower")
        await pilot.pause()
        await pilot.pause()
        log = app.screen.query_one(FightLog)
        assert log.display
        width = log.scrollable_content_region.width
        lengths = [strip.cell_length for strip in log.lines]
        assert len(lengths) > 10
        assert max(lengths) <= width
        # The latest lines, written while the decision had the log's place, are wrapped at
        # the log's width (38), not at the 20 columns of a hidden log.
        assert max(lengths[-6:]) > 21


async def test_focus_is_shown_by_a_heavy_edge_and_the_highlight_by_a_mark(
    catalog: Catalog, saves: Path
) -> None:
    fight = duel(catalog)
    app = make_app(catalog, saves, fight)
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        screen = app.screen
        board, prompt = screen.query_one("#board"), screen.query_one(DecisionPrompt)
        assert board.styles.border_top[0] == "heavy"  # the map has the keys
        assert prompt.styles.border_top[0] != "heavy"
        prompt.query_one("#choices", OptionList).focus()
        await pilot.press("down")
        await pilot.pause()
        assert board.styles.border_top[0] != "heavy"
        assert prompt.styles.border_top[0] == "heavy"
        lines = seen(prompt.query_one("#choices")).splitlines()
        marked = [line for line in lines if line.startswith("▶")]
        assert len(marked) == 1
        assert marked[0].startswith("▶[2]")  # the highlight moved, and its mark with it


async def test_the_list_keeps_the_keys_from_one_decision_to_the_next(
    catalog: Catalog, saves: Path
) -> None:
    # The list was disabled while nothing was asked, which took the focus from it and gave it
    # to nothing: the next decision's arrows did nothing, and no box showed the heavy edge.
    fight = sorcerer_duel(catalog)
    app = make_app(catalog, saves, fight, hold=-1)
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ArenaScreen)
        options = screen.query_one(DecisionPrompt).query_one("#choices", OptionList)
        options.focus()
        await pilot.pause()
        first = fight.pending()[0]
        await pilot.press("1")
        for _ in range(10):
            await pilot.pause()
            if screen.holding:
                await pilot.press("space")  # the dice in the tray: any key goes on
            elif fight.pending() and fight.pending()[0] is not first:
                break
        assert fight.pending()[0] is not first, "a second decision of the player's"
        assert app.screen.focused is options
        await pilot.press("down")
        await pilot.pause()
        assert options.highlighted == 1


async def test_the_map_keeps_the_keys_from_one_decision_to_the_next(
    catalog: Catalog, saves: Path
) -> None:
    fight = sorcerer_duel(catalog)
    app = make_app(catalog, saves, fight, hold=-1)
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ArenaScreen)
        grid = screen.query_one("GridMap")
        assert screen.focused is grid
        first = fight.pending()[0]
        await pilot.press("1")
        for _ in range(10):
            await pilot.pause()
            if screen.holding:
                await pilot.press("space")
            elif fight.pending() and fight.pending()[0] is not first:
                break
        assert fight.pending()[0] is not first
        assert screen.focused is grid


async def test_a_long_question_reads_whole_at_80x24(catalog: Catalog, saves: Path) -> None:
    # The role-playing bonus's question, four lines at this width, was cut after three:
    # "... (0 to 3 dice; option" and no more.
    scenario = sorcerer_duel(catalog).scenario
    fight = Fight(scenario, catalog, rigged=[1] * 4 + [10] * 5, options={"role_play": "honour"})
    app = make_app(catalog, saves, fight)
    async with app.run_test(size=SMALL) as pilot:
        await pick(pilot, fight.pending()[0], "Attack Mara")
        await pilot.pause()
        (decision,) = fight.pending()
        assert decision.kind == "bonus"
        question = app.screen.query_one(DecisionPrompt).query_one("#question")
        assert flat(seen(question)) == flat(decision.prompt)


async def test_the_look_cursor_shows_on_a_target_too(catalog: Catalog, saves: Path) -> None:
    # On a target ("V!") the cursor's mark had no column to go in: reverse video alone.
    fight = duel(catalog)
    app = make_app(catalog, saves, fight)
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        grid = app.screen.query_one("GridMap")
        assert "@◂: V!" in seen(grid)
        await pilot.press("right", "right")
        await pilot.pause()
        assert "@ :▸V!" in seen(grid)  # the cell left of Vilna's points at hers
        assert "◂" not in seen(grid)


@pytest.mark.parametrize("ruleset", ["werewolf", "sorcerer"])
def test_the_short_dice_legend_names_each_mark_in_the_long_ones_word(ruleset: str) -> None:
    # At 80 columns the legend said "(1) cancel" and "=n= tie" where 120 said "(1) cancels"
    # and "=n= tied": fewer words, but each mark read the same word at any width.
    from arena.ui.dice_text import LEGENDS

    def marks(legend: str) -> dict[str, str]:
        words = legend.replace(",", "").split()
        return {mark: word for mark, word in pairwise(words) if not mark.isalpha()}

    long, short = marks(LEGENDS[ruleset]), marks(SHORT_LEGENDS[ruleset])
    shared = sorted(set(long) & set(short))
    assert shared  # the marks both legends explain
    assert {m: short[m] for m in shared} == {m: long[m] for m in shared}


async def test_the_summarys_tables_fit_beside_its_scroll_bar_at_80(
    catalog: Catalog, saves: Path
) -> None:
    # The tables were drawn for the width before the scroll bar came, then wrapped their right
    # edge ("━┓", "┃") onto a line of its own under the bar.
    from textual.widgets import Static

    fight = duel(catalog)
    app = make_app(catalog, saves, fight, hold=0)
    async with app.run_test(size=SMALL) as pilot:
        await pick(pilot, fight.pending()[0], "Move to (5, 3)")
        await pick(pilot, fight.pending()[0], "Punch Vilna")
        await pick(pilot, fight.pending()[0], "Spend no Willpower")
        for _ in range(6):
            await pilot.pause()
        screen = app.screen
        assert isinstance(screen, SummaryScreen)
        body = screen.query_one("#summary-body")
        assert body.max_scroll_y > 0  # taller than the screen: the bar is there
        box = screen.query_one("#summary", Static)
        lines = str(box.render()).splitlines()
        assert any("Injuries" in line for line in lines)
        widest = max(len(line) for line in lines)
        assert widest <= box.content_size.width
        assert not [line for line in lines if line.strip() in {"┓", "┃", "┩", "│", "┘", "━┓"}]
