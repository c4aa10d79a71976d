"""The explanation under a decision's choices reads in whole sentences at every size: the odds
line first, the lines that fit after it, and when some are left out a last line saying that
`e` shows them all; `e` then shows every line, whatever the decision's kind."""

from __future__ import annotations

from pathlib import Path

import pytest
from rich.text import Text
from textual.pilot import Pilot
from textual.widgets import OptionList, Static

from arena.cli.scenarios import scenario_fight_for
from arena.content.loader import Catalog
from arena.engine import Decision
from arena.ui.arena_screen import ArenaScreen
from arena.ui.curtain import CurtainScreen
from arena.ui.dice_tray import wrapped_rows
from arena.ui.explain_screen import ExplainScreen
from arena.ui.odds_text import detail_lines
from arena.ui.prompt import EXPLAIN_NOTE, DecisionPrompt, fitted_detail
from tests.ui.conftest import duel, make_app, pick
from tests.ui.test_fight_at_80x24 import flat, seen

SIZES = [(80, 24), (100, 30)]
LOOKED = 6
"""Choices of each decision whose explanation is read: the first ones, and every attack."""
WANTED = {
    "werewolf-duel": {"werewolf:action", "werewolf:reaction", "werewolf:willpower"},
    "sorcerer-duel": {"sorcerer:intention", "sorcerer:reaction"},
    "lesson-2-rage": {"werewolf:rage"},
    "lesson-2a-tom-split": {"werewolf:action"},
    "lesson-3a-abort": {"sorcerer:reaction"},
    "lesson-3c-pushing-through": {"sorcerer:push"},
}
"""The kinds of decision each fight is played for (at least)."""
DECISIONS = 14
"""Decisions played in a fight before the test stops."""


def readings(lines: list[str]) -> list[str]:
    """What the detail may show: the first k lines whole, then the note if any is left out
    (on a box too small for the odds line and the highlighted choice, the note alone)."""
    whole = [flat(line) for line in lines]
    shown = [" ".join([*whole[:k], EXPLAIN_NOTE]) for k in range(len(whole))]
    return [*shown, " ".join(whole)]


async def read_every_choice(pilot: Pilot[None], prompt: DecisionPrompt) -> int:
    """Highlight the choices in turn; each explanation reads whole. Returns how many left some
    out (and were then read whole with `e`)."""
    options = prompt.query_one("#choices", OptionList)
    detail = prompt.query_one("#detail", Static)
    decision = prompt._decision
    assert decision is not None
    looked = [
        i for i, c in enumerate(prompt._rolled) if i < LOOKED or c.harm is not None or c.parts[1:]
    ]
    short = 0
    for index in looked:
        choice = prompt._rolled[index]
        options.highlighted = index
        for _ in range(3):  # the detail, then the list's rows, then the detail fitted again
            await pilot.pause()
        lines = [line.plain for line in detail_lines(choice, decision, prompt._view)]
        if not lines:
            assert not detail.display, choice.label
            continue
        shown = flat(seen(detail))
        where = (decision.kind, choice.label, shown)
        assert shown in readings(lines), where
        # Inside the box: nothing pushed under its edge.
        assert detail.region.bottom <= prompt.content_region.bottom, where
        if prompt._detail_rows > wrapped_rows(Text(lines[0]), detail.content_region.width):
            assert shown.startswith(flat(lines[0])), where  # the odds line, when it fits
        # The list keeps the highlighted choice whole where the box has room for it beside
        # the question, the line counting the rest and the explanation's note.
        label_rows = options._heights.get(index, 1)
        question = prompt.query_one("#question").outer_size.height
        if label_rows + question + 2 <= prompt.content_region.height:
            assert prompt.in_view(prompt._choices[index]), where
        if EXPLAIN_NOTE in shown:
            short += 1
            await pilot.press("e")
            await pilot.pause()
            assert isinstance(pilot.app.screen, ExplainScreen), where
            told = flat(pilot.app.screen.text.plain)
            assert all(flat(line) in told for line in lines), (told, lines)
            assert flat(choice.label) in told
            await pilot.press("escape")
            await pilot.pause()
            assert isinstance(pilot.app.screen, ArenaScreen)
    return short


def attack_or_first(decision: Decision) -> str:
    """A choice's label that keeps the fight going toward blows: an attack if any."""
    found = next((c for c in decision.choices if c.harm is not None), decision.choices[0])
    return found.label


async def play_reading(pilot: Pilot[None], kinds: set[str]) -> int:
    """Play up to `DECISIONS` decisions, reading every explanation; the kinds met go in
    `kinds`. Returns how many explanations left lines out."""
    app = pilot.app
    short = 0
    for _ in range(DECISIONS):
        await pilot.pause()
        if isinstance(app.screen, CurtainScreen):  # hot-seat: the next person's turn
            await pilot.press("enter")
            await pilot.pause()
        screen = app.screen
        if not isinstance(screen, ArenaScreen):
            break
        decision = screen.driver.human_decision()
        if decision is None:
            break
        prompt = screen.query_one(DecisionPrompt)
        kinds.add(f"{screen.driver.fight.view().ruleset}:{decision.kind}")
        short += await read_every_choice(pilot, prompt)
        await pick(pilot, decision, attack_or_first(decision))
    return short


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize(
    "scenario",
    [
        "werewolf-duel",
        "sorcerer-duel",
        "lesson-2-rage",
        "lesson-2a-tom-split",
        "lesson-3a-abort",
        "lesson-3c-pushing-through",
    ],
)
async def test_every_decisions_explanation_reads_in_whole_sentences(
    catalog: Catalog, saves: Path, scenario: str, size: tuple[int, int]
) -> None:
    # Hot-seat: every decision of both sides is a person's, so every kind met is read.
    fight = scenario_fight_for(catalog, scenario, hot_seat=True)
    app = make_app(catalog, saves, fight)
    kinds: set[str] = set()
    async with app.run_test(size=size) as pilot:
        await play_reading(pilot, kinds)
    print(scenario, sorted(kinds))
    assert kinds >= WANTED[scenario], kinds


async def test_an_attacks_harm_that_does_not_fit_gives_way_to_the_key_that_shows_it(
    catalog: Catalog, saves: Path
) -> None:
    # Turn 2 of the rigged duel: Tom stands by Vilna, and a punch's harm takes three rows.
    fight = duel(catalog)
    app = make_app(catalog, saves, fight)
    async with app.run_test(size=(80, 24)) as pilot:
        await pick(pilot, fight.pending()[0], "Move to (5, 3)")
        await pilot.pause()
        kinds: set[str] = set()
        assert await play_reading(pilot, kinds) >= 1
        assert "werewolf:action" in kinds


def test_fitted_detail_keeps_whole_lines_in_order_and_says_when_some_are_left_out() -> None:
    lines = [Text("odds " * 9), Text("incoming " * 3), Text("harm " * 12)]
    # 20 columns: the odds take 3 rows, the incoming 2, the harm 3.
    assert fitted_detail(lines, 20, 8).plain.count("\n") == 7  # all of it
    cut = fitted_detail(lines, 20, 7).plain.split("\n")
    assert cut[-1] == EXPLAIN_NOTE[:20] or cut[-1] == "▼ e: all"
    assert len(cut) == 6  # odds and incoming whole, then the note
    assert fitted_detail(lines, 20, 4).plain.split("\n")[-1] in {EXPLAIN_NOTE, "▼ e: all"}
    assert "incoming" not in fitted_detail(lines, 20, 5).plain  # 3 + 2 leave no row for it
