"""A newcomer's findings at 80x24: room for the record, holding on a roll, saves and quitting."""

from __future__ import annotations

from pathlib import Path

from textual.geometry import Region
from textual.widget import Widget
from textual.widgets import OptionList, Static

from arena.content.loader import Catalog
from arena.engine import Fight
from arena.engine.setup import FightSpec, new_fight, scenario_fight
from arena.ui.arena_screen import ArenaScreen
from arena.ui.dice_text import roll_text
from arena.ui.dice_tray import DiceTray
from arena.ui.fight_log import FightLog
from arena.ui.opponent_picker import OpponentPicker
from arena.ui.order_track import OrderTrack
from arena.ui.panels import CombatantPanels
from arena.ui.quit_screen import QuitScreen
from arena.ui.save_files import list_saves, resumable, write_save
from arena.ui.summary_screen import SummaryScreen
from arena.ui.title_screen import TitleScreen
from tests.ui.conftest import BOTCH, duel, make_app, pick, sorcerer_duel

SMALL = (80, 24)

# Turn 1 as in TOM_WINS (Tom steps next to Vilna, who botches). Turn 2: Tom's punch rolls
# six 2s and misses. Turn 3: both roll well; Vilna acts first, so the AI moves next.
TOM_MISSES = [9] * 4 + BOTCH + [9] * 4 + BOTCH + [2] * 6 + [9] * 4 + [9] * 7


def seen(widget: Widget) -> str:
    """The text a widget shows on screen now, its lines joined by newlines."""
    size = widget.outer_size  # every column, the padding's too
    strips = widget.render_lines(Region(0, 0, size.width, size.height))
    return "\n".join("".join(segment.text for segment in strip) for strip in strips)


def pit_fight(catalog: Catalog) -> Fight:
    """Tom against Vilna on the Pit, the 20x12 map the setup form offers for crowds."""
    return new_fight(catalog, FightSpec("werewolf", "tom", (("vilna", 1),), "pit", seed=3))


async def test_at_80x24_the_decisions_rolls_show_whole(catalog: Catalog, saves: Path) -> None:
    fight = pit_fight(catalog)
    app = make_app(catalog, saves, fight)
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        (decision,) = fight.pending()
        tray = " ".join(seen(app.screen.query_one("#about", DiceTray)).split())
        # The decider's own latest roll comes first: its faces and the result after the arrow,
        # however the line wraps.
        own = next(e for e in reversed(fight.events) if e.roll and e.actor == decision.actor)
        whole = roll_text(own.roll, "", "").plain  # type: ignore[arg-type]
        assert " ".join(whole.split()) in tray
        # Any other roll shows whole or not at all: never cut after its faces.
        for event in fight.events:
            if event.roll is not None and event is not own:
                faces = " ".join(roll_text(event.roll, "", "").plain.split())
                head = faces.split("→")[0]
                assert (head in tray) == (faces in tray), faces


async def test_at_80x24_the_log_and_the_choices_keep_room(catalog: Catalog, saves: Path) -> None:
    fight = pit_fight(catalog)
    app = make_app(catalog, saves, fight)
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        screen = app.screen
        assert screen.query_one("#map").size.height == 12  # the whole map
        # While the player decides, the rolls the decision is about have most of the log's
        # room; the log keeps its last two lines.
        assert screen.query_one("#about").content_region.height >= 3
        assert screen.query_one(FightLog).scrollable_content_region.height == 2
        assert screen.query_one("#choices", OptionList).size.height >= 4  # four choices fit


async def test_the_screen_holds_on_the_players_roll_until_a_key(
    catalog: Catalog, saves: Path
) -> None:
    fight = duel(catalog, TOM_MISSES)
    app = make_app(catalog, saves, fight, hold=-1)
    async with app.run_test(size=SMALL) as pilot:
        screen = app.screen
        assert isinstance(screen, ArenaScreen)
        await pick(pilot, fight.pending()[0], "Move to (5, 3)")  # no dice: no hold
        assert not screen.holding
        await pick(pilot, fight.pending()[0], "Punch Vilna")
        await pick(pilot, fight.pending()[0], "Spend no Willpower")
        assert screen.holding
        answered = len(fight.commands)
        await pilot.pause()
        assert len(fight.commands) == answered  # the AI waits while the screen holds
        tray = screen.query_one("#dice", DiceTray)
        assert "your action" in str(tray.border_title)
        assert "Tom Attack: punch" in " ".join(seen(tray).split())
        await pilot.press("space")
        assert not screen.holding
        assert len(fight.commands) > answered  # the others go on


async def test_a_won_fight_is_not_offered_by_continue(catalog: Catalog, saves: Path) -> None:
    fight = duel(catalog)
    app = make_app(catalog, saves, fight)
    async with app.run_test(size=SMALL) as pilot:
        await pick(pilot, fight.pending()[0], "Move to (5, 3)")
        await pilot.press("s")  # saved mid-fight
        assert resumable(saves) is not None
        await pick(pilot, fight.pending()[0], "Punch Vilna")
        await pick(pilot, fight.pending()[0], "Spend no Willpower")
        await pilot.pause()
        assert fight.over
        assert isinstance(app.screen, SummaryScreen)
        await pilot.press("t")
        assert isinstance(app.screen, TitleScreen)
        # The save now holds the finished fight: one file, and nothing to continue.
        (only,) = list_saves(saves)
        assert only.over
        assert resumable(saves) is None
        await pilot.press("c")
        assert isinstance(app.screen, TitleScreen)


async def test_replaying_a_save_then_quitting_writes_no_second_copy(
    catalog: Catalog, saves: Path
) -> None:
    fight = sorcerer_duel(catalog)
    app = make_app(catalog, saves, fight)
    async with app.run_test(size=SMALL) as pilot:
        await pick(pilot, fight.pending()[0], "Attack Mara")
        await pilot.press("q")  # saved on the way out
        assert len(list_saves(saves)) == 1
        await pilot.press("r", "enter")  # replay it
        assert isinstance(app.screen, ArenaScreen)
        await pilot.pause()
        await pilot.press("q")
        assert len(list_saves(saves)) == 1


async def test_ctrl_q_in_a_fight_asks_first(catalog: Catalog, saves: Path) -> None:
    fight = duel(catalog)
    app = make_app(catalog, saves, fight)
    async with app.run_test(size=SMALL) as pilot:
        await pick(pilot, fight.pending()[0], "Move to (5, 3)")
        await pilot.press("ctrl+q")
        assert isinstance(app.screen, QuitScreen)
        await pilot.press("escape")  # back to the fight, nothing lost
        assert isinstance(app.screen, ArenaScreen)
        assert not list_saves(saves)
        await pilot.press("ctrl+q", "s")  # save and quit
        await pilot.pause()
        (save,) = list_saves(saves)
        assert (save.round, save.over) == (2, False)  # turn 2: Tom has moved
    assert app.return_code == 0


async def test_ctrl_q_twice_quits_without_saving(catalog: Catalog, saves: Path) -> None:
    fight = duel(catalog)
    app = make_app(catalog, saves, fight)
    async with app.run_test(size=SMALL) as pilot:
        await pick(pilot, fight.pending()[0], "Move to (5, 3)")
        await pilot.press("ctrl+q")
        assert isinstance(app.screen, QuitScreen)
        await pilot.press("ctrl+q")  # the question's own key for "quit without saving"
        await pilot.pause()
        assert app.return_code == 0  # set by the exit itself, before the test leaves the app
    assert not list_saves(saves)


async def test_ctrl_q_with_nothing_to_lose_quits_at_once(catalog: Catalog, saves: Path) -> None:
    app = make_app(catalog, saves, duel(catalog))
    async with app.run_test(size=SMALL) as pilot:
        await pilot.press("ctrl+q")  # no move made yet: nothing to save
        await pilot.pause()
        assert not isinstance(app.screen, QuitScreen)
    assert not list_saves(saves)


async def test_ctrl_q_before_the_first_move_of_a_sorcerer_fight_quits_at_once(
    catalog: Catalog, saves: Path
) -> None:
    fight = sorcerer_duel(catalog)
    app = make_app(catalog, saves, fight)
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        assert fight.commands  # the AI has stated its intention, in secret, first
        await pilot.press("ctrl+q")  # the player has made no move: nothing of theirs to lose
        await pilot.pause()
        assert not isinstance(app.screen, QuitScreen)
    assert app.return_code == 0
    assert not list_saves(saves)


async def test_ctrl_q_after_a_move_in_a_sorcerer_fight_asks(catalog: Catalog, saves: Path) -> None:
    fight = sorcerer_duel(catalog)
    app = make_app(catalog, saves, fight)
    async with app.run_test(size=SMALL) as pilot:
        await pick(pilot, fight.pending()[0], "Attack Mara")
        await pilot.press("ctrl+q")
        assert isinstance(app.screen, QuitScreen)
        await pilot.press("escape")
        await pilot.press("s")  # saved: the others' moves after it are made again on Continue
        await pilot.pause()
        assert not app.screen.unsaved()  # type: ignore[attr-defined]
        # A move of theirs again (one that does not end the fight: no summary then).
        await pick(pilot, fight.pending()[0], "Total defense")
        await pilot.press("ctrl+q")
        assert isinstance(app.screen, QuitScreen)


async def test_ctrl_q_on_a_continued_save_asks_only_after_a_move(
    catalog: Catalog, saves: Path
) -> None:
    fight = sorcerer_duel(catalog)
    fight.start()
    write_save(fight, saves)  # saved before anyone decided anything
    app = make_app(catalog, saves)
    async with app.run_test(size=SMALL) as pilot:
        await pilot.press("c")  # Continue: the AI states its intention again
        await pilot.pause()
        arena = app.screen
        assert isinstance(arena, ArenaScreen)
        assert arena.driver.fight.commands
        assert not arena.unsaved()
        await pick(pilot, arena.driver.fight.pending()[0], "Attack Mara")
        assert arena.unsaved()


async def test_the_setup_form_shows_whom_you_face(catalog: Catalog, saves: Path) -> None:
    app = make_app(catalog, saves)
    async with app.run_test(size=SMALL) as pilot:
        await pilot.press("n")
        picker = app.screen.query_one(OpponentPicker)
        summary = app.screen.query_one("#opponents-text", Static)
        # The default opponent is highlighted, so the list shows it, and the line names it.
        assert picker.highlighted is not None
        assert picker.entries[picker.highlighted].id == "vilna"
        assert str(summary.content) == "You face: Vilna ×1"
        picker.focus()
        picker.highlighted = [e.id for e in picker.entries].index("thug")
        await pilot.press("plus", "plus")
        assert str(summary.content) == "You face: Thug ×2, Vilna ×1"


async def test_the_order_track_marks_who_decides(catalog: Catalog, saves: Path) -> None:
    app = make_app(catalog, saves, duel(catalog))
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        assert "▶ Tom" in seen(app.screen.query_one(OrderTrack))


async def test_after_a_resize_the_log_wraps_to_the_new_width(catalog: Catalog, saves: Path) -> None:
    app = make_app(catalog, saves, duel(catalog))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        log = app.screen.query_one(FightLog)
        for size in ((80, 24), (120, 40), (80, 24)):
            await pilot.resize_terminal(*size)
            log.set_class(False, "-deciding")  # the log as it shows between decisions
            await pilot.pause()
            width = log.scrollable_content_region.width
            assert max(strip.cell_length for strip in log.lines) <= width


async def test_at_120x40_five_fighters_show_without_a_scroll(catalog: Catalog, saves: Path) -> None:
    fight = scenario_fight(catalog, "werewolf-first-team", human="tom")
    app = make_app(catalog, saves, fight)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        panels = app.screen.query_one(CombatantPanels)
        assert len(panels.children) == 5
        assert panels.max_scroll_y == 0  # every card in view
