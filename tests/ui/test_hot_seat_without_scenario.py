"""`arena play --hot-seat` (or --seed) without a scenario opens the new-fight form so filled;
--as and --watch, which only a scenario's fight takes, are refused, never ignored."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pytest
from textual.widgets import Checkbox, Input

from arena.cli import main
from arena.content.loader import Catalog
from arena.ui.app import ArenaApp
from arena.ui.messages import NewFightForm
from arena.ui.setup_screen import SetupScreen


async def test_the_new_fight_form_opens_in_hot_seat(catalog: Catalog, saves: Path) -> None:
    form = NewFightForm(hot_seat=True, seed=42)
    app = ArenaApp(catalog, saves=saves, pace=0, preferences=None, new_fight=form)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, SetupScreen)
        assert screen.query_one("#person-mine", Checkbox).value is True
        assert screen.query_one("#person-foes", Checkbox).value is True
        assert screen.query_one("#seed", Input).value == "42"
        # The toggles are below the fold at 80x24: a notice says hot-seat is on.
        assert [n.title for n in app._notifications] == ["Hot-seat"]


async def test_the_new_fight_form_opens_as_always_without_options(
    catalog: Catalog, saves: Path
) -> None:
    app = ArenaApp(catalog, saves=saves, pace=0, preferences=None, new_fight=NewFightForm())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, SetupScreen)
        assert screen.query_one("#person-foes", Checkbox).value is False


@pytest.fixture
def terminal(monkeypatch: pytest.MonkeyPatch, saves: Path) -> list[ArenaApp]:
    """A terminal on both ends, and an app that records itself instead of running."""
    ran: list[ArenaApp] = []
    monkeypatch.setattr(sys.stdout, "isatty", lambda: True)
    monkeypatch.setattr(sys.stdin, "isatty", lambda: True)
    monkeypatch.setenv("ARENA_SAVES", str(saves))

    def run(self: ArenaApp, *args: Any, **kwargs: Any) -> None:
        ran.append(self)

    monkeypatch.setattr(ArenaApp, "run", run)
    return ran


@pytest.mark.parametrize(
    ("argv", "hot_seat", "seed"),
    [
        (["play", "--hot-seat"], True, None),
        (["play", "--seed", "7"], False, 7),
        (["play", "--hot-seat", "--seed", "7"], True, 7),
    ],
)
def test_play_hot_seat_without_a_scenario_opens_the_form_in_hot_seat(
    terminal: list[ArenaApp], argv: list[str], hot_seat: bool, seed: int | None
) -> None:
    assert main(argv) == 0
    (app,) = terminal
    assert app._new_fight == NewFightForm(hot_seat=hot_seat, seed=seed)


def test_play_without_options_opens_the_title_alone(terminal: list[ArenaApp]) -> None:
    assert main(["play"]) == 0
    (app,) = terminal
    assert app._new_fight is None


@pytest.mark.parametrize("argv", [["play", "--as", "tom"], ["play", "--watch"]])
def test_play_refuses_scenario_options_without_a_scenario(
    terminal: list[ArenaApp], argv: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert f"play: {argv[1]} needs a scenario" in err
    assert "Traceback" not in err
    assert terminal == []
