"""Every choice says what it does to the chances: its roll's, each part's, or no roll."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import OptionList

from arena.content.loader import Catalog
from arena.ui.forecast_panel import ForecastPanel
from arena.ui.prompt import DecisionPrompt
from tests.ui.conftest import duel, make_app, pick, sorcerer_duel
from tests.ui.test_choice_forecast import HeldPool, held  # noqa: F401  (a fixture)


def _lines(app: object) -> dict[str, str]:
    """Each choice's line in the prompt, by the choice's label."""
    prompt = app.screen.query_one(DecisionPrompt)  # type: ignore[attr-defined]
    options = prompt.query_one("#choices", OptionList)
    return {
        c.label: str(options.get_option_at_index(i).prompt) for i, c in enumerate(prompt._choices)
    }


async def test_a_choice_with_no_roll_says_no_roll_and_a_split_each_parts_chance(
    catalog: Catalog, tmp_path: Path
) -> None:
    app = make_app(catalog, tmp_path, duel(catalog))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        lines = _lines(app)
        assert lines["Shift to Glabro"].split("] ")[1].startswith("no roll Shift to Glabro")
        assert "no roll Wait" in lines["Wait"]
        splits = [line for label, line in lines.items() if label.startswith("Split")]
        assert splits
        assert all("%" in line for line in splits)
        assert any("  –/72% Split 4 dice" in line for line in splits)  # move, then punch
        dodge = lines["Dodge (4 dice at 6)"]
        assert "    80% Dodge" in dodge  # the column is as wide as its widest entry
        assert all(line[5:12].strip() for line in lines.values())  # none blank, keyed or not


async def test_a_sorcerer_choice_with_no_roll_says_no_roll(
    catalog: Catalog, tmp_path: Path
) -> None:
    app = make_app(catalog, tmp_path, sorcerer_duel(catalog))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        lines = _lines(app)
        total = next(line for label, line in lines.items() if label.startswith("Total defense"))
        assert "no roll Total defense" in total
        assert "no roll Move to (3, 2)" in lines["Move to (3, 2)"]
        attack = next(line for label, line in lines.items() if label.startswith("Attack"))
        assert "    42% Attack Mara" in attack


async def test_with_the_forecast_on_a_choice_with_no_roll_says_its_change_to_win(
    catalog: Catalog,
    tmp_path: Path,
    held: HeldPool,  # noqa: F811
) -> None:
    app = make_app(catalog, tmp_path, duel(catalog))
    async with app.run_test(size=(80, 24)) as pilot:
        panel = app.screen.query_one(ForecastPanel)
        panel.continuations = 6
        await pilot.press("f", "F")
        await held.answer_all(pilot)
        ranked = dict(panel.ranked)
        assert panel.chance is not None
        change = ranked["Shift to Glabro"].share - panel.chance.share
        line = _lines(app)["Shift to Glabro"]
        assert f"{change * 100:+.0f} pts Shift to Glabro" in line
        assert "80% Dodge" in _lines(app)["Dodge (4 dice at 6)"]  # a roll keeps its chance
        await pilot.press("f")  # the chance again
        await pilot.press("f")  # hidden: the forecast is off
        await pilot.pause()
        assert "no roll Shift to Glabro" in _lines(app)["Shift to Glabro"]


async def test_the_ranking_panel_goes_once_its_choice_is_made(
    catalog: Catalog,
    tmp_path: Path,
    held: HeldPool,  # noqa: F811
) -> None:
    fight = duel(catalog)
    app = make_app(catalog, tmp_path, fight)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("F")
        await held.answer(pilot)
        panel = app.screen.query_one(ForecastPanel)
        assert panel.display
        assert app.screen.has_class("-forecasting")
        await pick(pilot, fight.pending()[0], "Move to (5, 3)")
        await pilot.pause()
        assert not panel.display  # not left over the tray, saying it was answered
        assert not app.screen.has_class("-forecasting")


async def test_in_hot_seat_f_forecasts_for_the_person_whose_turn_it_is(
    catalog: Catalog,
    tmp_path: Path,
    held: HeldPool,  # noqa: F811
) -> None:
    from arena.cli.scenarios import scenario_fight_for
    from arena.ui.arena_screen import ArenaScreen

    fight = scenario_fight_for(catalog, "werewolf-duel", hot_seat=True)
    app = make_app(catalog, tmp_path, fight)
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(12):  # through the curtains, to the second person's decision
            await pilot.pause()
            if not isinstance(app.screen, ArenaScreen):
                await pilot.press("space")
                continue
            screen = app.screen
            decision = screen.driver.human_decision()
            assert decision is not None
            if decision.actor != next(iter(screen.driver.humans)):
                break
            await pick(pilot, decision, decision.choices[0].label)
        else:
            raise AssertionError("the second person was never asked")
        screen.query_one(ForecastPanel).continuations = 6
        await pilot.press("f")
        await held.answer_all(pilot)
        name = fight.view().combatant(decision.actor).name
        assert str(screen.query_one(ForecastPanel).render()).startswith(f"{name} wins ")


async def test_the_first_figures_of_each_choice_come_from_a_few_continuations(
    catalog: Catalog,
    tmp_path: Path,
    held: HeldPool,  # noqa: F811
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from arena.ui import forecast_panel

    monkeypatch.setattr(forecast_panel, "PER_CHOICE", 100)
    app = make_app(catalog, tmp_path, duel(catalog))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("F")
        first = sorted(n for _, _, (_, numbers) in held.asked for n in numbers)
        assert first == [0, 1, 2]  # 3 of 100 a choice: figures within a second, then sharper
        await held.answer(pilot)
        panel = app.screen.query_one(ForecastPanel)
        assert panel.ranked
        assert "3/100" in str(panel.border_subtitle)
