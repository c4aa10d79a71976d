"""Combatant cards at 80x24: an intention, stated or revealed, reads whole at every decision."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from arena.content.loader import Catalog
from arena.engine import CombatantView, Decision, Pool
from arena.engine.setup import scenario_fight
from arena.rules.views import SorcererHealth, SorcererState
from arena.ui.arena_screen import ArenaScreen
from arena.ui.panels import CombatantPanels, card_text
from arena.words.sorcerer_templates import TEMPLATES
from tests.ui.conftest import make_app, pick
from tests.ui.test_fight_at_80x24 import SMALL, flat, seen

PREFERRED = ("Command", "Ritual: Summon", "Ritual", "Attack", "Aim")
"""The choices played, first found first: the longest intentions a Sorcerer states."""


def wanted(decision: Decision) -> str:
    """The label of the first preferred choice the decision offers, else its first choice's."""
    labels = [c.label for c in decision.choices]
    for start in PREFERRED:
        found = next((label for label in labels if label.startswith(start)), None)
        if found is not None:
            return found
    return labels[0]


def expected(c: CombatantView) -> str:
    """What the card must show of an intention: whole, or hidden in short."""
    hidden = c.sorcerer is not None and c.sorcerer.intent is None
    return TEMPLATES["sorc_intention_hidden_short"] if hidden else c.intention


@pytest.mark.parametrize(
    ("scenario", "human"),
    [("sorcerer-duel", "rook"), ("sorcerer-summoning", "ada"), ("sorcerer-vs-thugs", "vic")],
)
async def test_a_sorcerer_intention_reads_whole_on_its_card_at_every_decision(
    catalog: Catalog, saves: Path, scenario: str, human: str
) -> None:
    fight = scenario_fight(catalog, scenario, human=human, rigged=None)
    app = make_app(catalog, saves, fight)
    checked = 0
    async with app.run_test(size=SMALL) as pilot:
        for _ in range(40):
            await pilot.pause()
            screen = app.screen
            if fight.over or not isinstance(screen, ArenaScreen):
                break
            decision = screen.driver.human_decision()
            if decision is None:
                await pilot.pause(0.05)
                continue
            panels = screen.query_one(CombatantPanels)
            for c in fight.view().combatants:
                if not c.intention:
                    continue
                shown = flat(seen(panels._cards[c.id]))
                assert f"intends: {flat(expected(c))}" in shown, (decision.kind, shown)
                assert "…" not in shown.partition("intends:")[2], shown
                checked += 1
            await pick(pilot, decision, wanted(decision))
            if checked >= 24:
                break
    assert checked >= 4  # intentions were on the cards, stated and revealed


@pytest.mark.parametrize(
    ("health", "width", "lines"),
    [
        # short: the health and the kind share the line, the pool after them
        ("unhurt", 38, ["    unhurt · sorcerer  Humanity 3/3"]),
        # a Sorcerer's lasting and temporary damage: the kind and pool go to the next line
        (
            "lasting 4, temporary 3 (penalty 7)",
            38,
            ["    lasting 4, temporary 3 (penalty 7)", "    sorcerer  Humanity 3/3"],
        ),
        # narrower still: the health itself wraps, indented under its first line
        (
            "lasting 4, temporary 3 (penalty 7)",
            30,
            ["    lasting 4, temporary 3", "      (penalty 7) · sorcerer", "    Humanity 3/3"],
        ),
    ],
)
def test_a_long_health_wraps_on_its_card_never_cut(
    health: str, width: int, lines: list[str]
) -> None:
    vic = CombatantView(
        "vic",
        "Vic",
        "vic",
        "north",
        "@",
        "human",
        (1, 1),
        "cannot_act",
        health,
        0 if health == "unhurt" else 7,
        (),
    )
    # Its numbers as the view carries them: the card reads the penalty its words state there.
    wounds = SorcererHealth() if health == "unhurt" else SorcererHealth(3, 4, 7)
    vic = dataclasses.replace(
        vic,
        pools=(Pool("Humanity", 3, 3),),
        form="sorcerer",
        sorcerer=SorcererState("sorcerer"),
        wounds=wounds,
    )
    text = card_text(vic, side_style="", acting=False, width=width)
    shown = text.plain.split("\n")[1:]
    assert shown == lines
    assert all(len(line) <= width for line in shown)


@pytest.mark.parametrize(
    ("width", "first"),
    [
        (60, "▶ @ Young Ahroun  garou · player 1  ● active"),
        # no room for the side, the player and the status: the player tells the side
        (37, "▶ @ Young Ahroun  player 1  ● active"),
    ],
)
def test_a_hot_seat_card_keeps_its_status_in_sight(width: int, first: str) -> None:
    ahroun = CombatantView(
        "ah", "Young Ahroun", "ahroun", "garou", "A", "human", (1, 1), "active", "Healthy", 0, ()
    )
    text = card_text(ahroun, side_style="", acting=True, width=width, glyph="@", player="player 1")
    assert text.plain.split("\n")[0] == first
