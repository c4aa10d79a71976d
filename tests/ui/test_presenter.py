"""The presenter's tools: the demo's keys, the replay viewer, scenarios opened by path."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from arena.cli.scenarios import open_scenario
from arena.content.loader import Catalog
from arena.engine import Controllers, load_save, save_fight, step_name
from arena.engine.controllers import play_until_human
from arena.engine.setup import scenario_fight
from arena.ui.app import ArenaApp
from arena.ui.arena_screen import ArenaScreen
from arena.ui.demo_screen import DemoScreen
from arena.ui.grid_map import GridMap
from arena.ui.replay_screen import ReplayScreen
from arena.ui.rule_cards import card_for
from arena.ui.timeline import Timeline

SIZE = (120, 40)
SCENARIOS = Path(__file__).resolve().parents[2] / "content" / "scenarios"


def presenter_app(catalog: Catalog, saves: Path, **kwargs: object) -> ArenaApp:
    return ArenaApp(catalog, saves=saves, pace=0, preferences=None, opener=open_scenario, **kwargs)  # type: ignore[arg-type]


def screen_text(app: ArenaApp) -> str:
    """The screen as drawn, without the screenshot's random class names."""
    return re.sub(r"terminal-\d+", "", app.export_screenshot())


async def test_demo_pause_holds_and_a_step_back_returns_the_same_screen(
    catalog: Catalog, saves: Path
) -> None:
    app = presenter_app(catalog, saves, demo=("werewolf-vilna",))
    async with app.run_test(size=SIZE) as pilot:
        demo = app.screen
        assert isinstance(demo, DemoScreen)
        await pilot.pause(0.3)  # at pace 0 the demo runs as fast as the screen goes
        await pilot.press("space")  # pause
        assert demo.paused
        still = demo.timeline.shown
        assert still > 1
        await pilot.pause(0.4)
        assert demo.timeline.shown == still  # pause holds the screen still
        before = screen_text(app)
        await pilot.press("right")
        assert demo.timeline.shown == still + 1
        await pilot.press("left")
        await pilot.pause()
        assert demo.timeline.shown == still
        assert screen_text(app) == before


async def test_demo_keys_pace_explain_next(catalog: Catalog, saves: Path) -> None:
    app = presenter_app(catalog, saves, demo=("werewolf-duel", "sorcerer-duel"))
    async with app.run_test(size=SIZE) as pilot:
        demo = app.screen
        assert isinstance(demo, DemoScreen)
        await pilot.press("space")
        await pilot.press("minus", "minus")
        assert demo.pace == 0.5  # two steps slower than 0
        await pilot.press("plus")
        assert demo.pace == 0.25
        await pilot.press("e")
        assert demo.level == "full"
        await pilot.press("n")
        assert demo.timeline.fight.scenario.ruleset == "sorcerer"
        await pilot.press("b")
        assert demo.has_class("-big")


async def test_the_demo_loops_its_playlist(catalog: Catalog, saves: Path) -> None:
    app = presenter_app(catalog, saves, demo=("werewolf-duel",))
    async with app.run_test(size=SIZE):
        demo = app.screen
        assert isinstance(demo, DemoScreen)
        demo.paused = True
        first = demo.timeline
        while demo.timeline is first:
            demo.advance()
        assert demo.playlist.index == 0  # round again to the only scenario
        assert demo.played == len(first.events)


def test_a_rule_card_carries_this_moment_numbers(catalog: Catalog) -> None:
    fight = scenario_fight(catalog, "werewolf-vilna")
    play_until_human(fight, humans_too=True)
    rolled = next(e for e in fight.events if e.kind == "initiative_rolled")
    card = card_for(rolled, "rule", {"vilna": "Vilna"})
    assert card.step == "1. Initiative"
    assert any("difficulty 4" in line for line in card.rule)
    assert "Pool 9 at difficulty 4: 9 9 9 9 9 9 9 9 9" in card.numbers
    assert "Acts on segments 9" in card.numbers


async def test_the_replay_viewer_steps_back_to_the_recorded_views(
    catalog: Catalog, saves: Path
) -> None:
    # Play a fight, keeping the view after every decision, then save it.
    fight = scenario_fight(catalog, "werewolf-vilna")
    fight.start()
    recorded = [(len(fight.events), fight.view())]
    # No AI reasons: a replayed save has none, so its events are the same, one for one.
    controllers = Controllers(fight, watch=True, reasons=False)
    while (got := controllers.step()) is not None:
        recorded.append((len(fight.events), fight.view()))
        assert got is not None
    path = saves / "vilna.yaml"
    saves.mkdir()
    save_fight(fight, path)
    app = presenter_app(catalog, saves, replay_viewer=load_save(path, catalog))
    async with app.run_test(size=SIZE) as pilot:
        viewer = app.screen
        assert isinstance(viewer, ReplayScreen)
        line = viewer.timeline
        await pilot.press("end")
        for _ in range(30):
            await pilot.press("left")
        assert line.views == [view for _, view in recorded]
        # Decisions that told nothing end at the same count: the moment is after the last.
        for count, view in dict(recorded).items():
            line.go(count)
            assert line.view() == view
        line.go(len(line.events) // 2)
        at = line.shown
        await pilot.press("right", "right", "left", "left")
        assert line.shown == at
        await pilot.press("left_square_bracket")
        assert line.current() is not None
        first_of_round = line.current()
        assert first_of_round is not None
        assert line.events[line.shown - 2].round < first_of_round.round


def test_a_timeline_steps_back_without_replaying(catalog: Catalog) -> None:
    fight = scenario_fight(catalog, "werewolf-duel")
    line = Timeline(fight, Controllers(fight, watch=True))
    while line.forward():
        pass
    commands = len(fight.commands)
    while line.back():
        assert len(fight.commands) == commands  # nothing replayed, nothing applied
    assert line.shown == 1


async def test_a_scenario_file_opens_from_the_title_menu(
    catalog: Catalog, saves: Path, tmp_path: Path
) -> None:
    hot = tmp_path / "hot.yaml"
    shutil.copy(SCENARIOS / "werewolf-vilna.yaml", hot)
    app = presenter_app(catalog, saves)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("s")
        await pilot.press("tab")
        await pilot.press(*str(hot), "enter")
        await pilot.pause()
        assert isinstance(app.screen, ArenaScreen)
        fight = app.screen.driver.fight
        # Rigged dice play as rigged: Vilna's nine 9s on initiative.
        rolled = next(e for e in fight.events if e.kind == "initiative_rolled")
        assert rolled.data["faces"] == (9,) * 9


def test_play_opens_a_path_and_a_name(catalog: Catalog, tmp_path: Path) -> None:
    hot = tmp_path / "hot.yaml"
    shutil.copy(SCENARIOS / "werewolf-duel.yaml", hot)
    by_path = open_scenario(catalog, str(hot))
    by_name = open_scenario(catalog, "werewolf-duel")
    assert by_path.scenario == by_name.scenario
    assert by_name.scenario.combatants[0].controller == "human"


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_projector_mode_fits(catalog: Catalog, saves: Path, size: tuple[int, int]) -> None:
    app = presenter_app(catalog, saves, demo=("werewolf-vilna",), big=True)
    async with app.run_test(size=size) as pilot:
        demo = app.screen
        assert isinstance(demo, DemoScreen)
        await pilot.press("space")
        for _ in range(6):
            await pilot.press("right")
        card = demo.query_one("#card")
        assert card.region.height >= size[1] // 3


async def test_hot_seat_curtain_and_glyphs(catalog: Catalog, saves: Path) -> None:
    from arena.cli.scenarios import scenario_fight_for
    from arena.ui.curtain import CurtainScreen
    from arena.ui.grid_map import marks_of

    fight = scenario_fight_for(catalog, "sorcerer-duel", hot_seat=True)
    people = frozenset(c.id for c in fight.scenario.combatants)
    started = scenario_fight_for(catalog, "sorcerer-duel", hot_seat=True)
    started.start()
    for asked in people:  # only the person asked now is '@' (you)
        marks = marks_of(started.view(), people, asked)
        assert [cid for cid in people if marks[cid] == "@"] == [asked]
    app = presenter_app(catalog, saves, fight=fight)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, CurtainScreen)  # the first person's secret intention
        first = app.screen.person
        await pilot.press("space")
        assert isinstance(app.screen, ArenaScreen)
        decision = app.screen.driver.human_decision()
        assert decision is not None
        assert decision.secret
        await pilot.press("1")  # the first person states an intention, unseen
        await pilot.pause()
        assert isinstance(app.screen, CurtainScreen)
        assert app.screen.person != first  # the keyboard goes to the other person


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_b_toggles_projector_mode_with_the_step_in_large_type(
    catalog: Catalog, saves: Path, size: tuple[int, int]
) -> None:
    from arena.ui import big_text
    from arena.ui.stage_parts import RuleCardView

    app = presenter_app(catalog, saves, demo=("lesson-1-initiative",))
    async with app.run_test(size=size) as pilot:
        demo = app.screen
        assert isinstance(demo, DemoScreen)
        await pilot.press("space", "right", "right", "right")
        await pilot.press("b")
        await pilot.pause()
        assert demo.has_class("-big")
        view = demo.query_one(RuleCardView)
        drawn = str(view.render())
        step = step_name(demo.timeline.current().step)  # type: ignore[union-attr]
        first_word = big_text.render(step.split()[0])[0]
        assert first_word in drawn or big_text.render(step.split()[0], 2)[0] in drawn
        assert view.region.width >= size[0] - 2  # the card has the whole width
        await pilot.press("b")
        assert not demo.has_class("-big")
        assert step in str(view.render())  # ordinary type again


def test_large_type_glyphs_are_five_pixels_and_fit_the_projector_cards() -> None:
    from arena.ui import big_text
    from arena.ui.rule_cards import RULES

    for char, glyph in big_text._GLYPHS.items():
        rows = glyph.split("/")
        assert len(rows) == big_text.PIXEL_ROWS, char
        assert len({len(r) for r in rows}) == 1, char
    for step in map(step_name, RULES):
        for word in step.split():
            assert big_text.text_width(word) <= 74, step  # an 80-column card holds each word
    assert big_text.render("A1", 1) == ["▄▀▄ ▄█ ", "█▀█  █ ", "▀ ▀ ▀▀▀"]


async def test_the_next_scenario_fits_its_own_map_to_the_room(
    catalog: Catalog, saves: Path
) -> None:
    # The alley is 25 cells across: one column a cell at 80x24; the ring fits two.
    app = presenter_app(catalog, saves, demo=("werewolf-vilna", "werewolf-duel"))
    async with app.run_test(size=(80, 24)) as pilot:
        demo = app.screen
        assert isinstance(demo, DemoScreen)
        await pilot.press("space")
        grid = demo.query_one(GridMap)
        assert grid.cell_width == 1
        await pilot.press("n")
        await pilot.pause()
        assert demo.timeline.fight.scenario.map == "duel"
        assert grid.cell_width == 2
        # The map's box, padding and border included, is whole inside its column.
        board, left = demo.query_one("#board"), demo.query_one("#left")
        assert board.region.right <= left.region.right
