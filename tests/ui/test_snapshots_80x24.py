"""Snapshots at 80x24: a decision with the roll it is about, a split, a Sorcerer reaction, the
fight's deciding roll, and a rule card in projector mode."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

from textual.pilot import Pilot

from arena.content.loader import Catalog
from arena.ui.choice_keys import keyed
from arena.ui.demo_screen import DemoScreen
from arena.ui.fight_log import FightLog
from arena.ui.prompt import DecisionPrompt
from tests.ui.conftest import duel, make_app, pick, sorcerer_duel
from tests.ui.test_projector import demo_app

SMALL = (80, 24)


def test_an_attack_decision_with_the_roll_it_is_about(
    snap_compare: Any, catalog: Catalog, tmp_path: Path
) -> None:
    fight = duel(catalog)

    async def turn_two(pilot: Pilot[None]) -> None:
        await pick(pilot, fight.pending()[0], "Move to (5, 3)")  # turn 2: Tom's action
        await pilot.pause()

    assert snap_compare(
        make_app(catalog, tmp_path, fight), terminal_size=SMALL, run_before=turn_two
    )


def test_a_werewolf_split(snap_compare: Any, catalog: Catalog, tmp_path: Path) -> None:
    fight = duel(catalog)

    async def on_a_split(pilot: Pilot[None]) -> None:
        await pick(pilot, fight.pending()[0], "Move to (5, 3)")
        (decision,) = fight.pending()
        split = next(c for _, c in keyed(decision.choices) if "split" in c.tags)
        pilot.app.screen.query_one(DecisionPrompt).highlight(split)
        await pilot.pause()

    assert snap_compare(
        make_app(catalog, tmp_path, fight), terminal_size=SMALL, run_before=on_a_split
    )


def test_a_sorcerer_suck_it_up_decision(
    snap_compare: Any, catalog: Catalog, tmp_path: Path
) -> None:
    # Rook's order roll all 1s, Mara's all 10s: she attacks first, and Rook must react.
    fight = sorcerer_duel(catalog, [1] * 4 + [10] * 5)

    async def reacting(pilot: Pilot[None]) -> None:
        await pick(pilot, fight.pending()[0], "Attack Mara")  # no bonus asked: not honour
        await pilot.pause()

    assert snap_compare(
        make_app(catalog, tmp_path, fight), terminal_size=SMALL, run_before=reacting
    )


async def at_the_log_end(pilot: Pilot[None]) -> None:
    """Wait until the log has scrolled to its last line: it follows a frame or two after."""
    log = pilot.app.screen.query_one(FightLog)
    deadline = time.monotonic() + 10
    while log.scroll_y < log.max_scroll_y and time.monotonic() < deadline:
        await pilot.wait_for_scheduled_animations()
        await pilot.pause(0.02)


def test_the_last_roll_of_a_fight(snap_compare: Any, catalog: Catalog, tmp_path: Path) -> None:
    fight = duel(catalog)

    async def to_the_end(pilot: Pilot[None]) -> None:
        await pick(pilot, fight.pending()[0], "Move to (5, 3)")
        await pick(pilot, fight.pending()[0], "Punch Vilna")
        await pick(pilot, fight.pending()[0], "Spend no Willpower")
        await pilot.pause()
        await at_the_log_end(pilot)

    app = make_app(catalog, tmp_path, fight, hold=-1)
    assert snap_compare(app, terminal_size=SMALL, run_before=to_the_end)


def test_a_rule_card_in_projector_mode(snap_compare: Any, catalog: Catalog, tmp_path: Path) -> None:
    async def on_a_reaction(pilot: Pilot[None]) -> None:
        demo = pilot.app.screen
        assert isinstance(demo, DemoScreen)
        if not demo.paused:
            await pilot.press("space")  # paused: the card stays
        assert demo.paused
        while demo.timeline.back():
            pass
        for _ in range(16):  # Rook's attack lands on Mara, who sucked it up
            demo.timeline.forward()
        demo.show_moment()
        await pilot.pause()

    app = demo_app(catalog, tmp_path, "lesson-3-sorcerer-round", big=True)
    assert snap_compare(app, terminal_size=SMALL, run_before=on_a_reaction)
