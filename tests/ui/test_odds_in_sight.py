"""At 80x24 the highlighted choice's odds line is in sight at every decision, whatever else
the detail under the list says (the attacker's faces, a split's parts)."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import OptionList, Static

from arena.content.loader import Catalog
from arena.ui.prompt import DecisionPrompt
from tests.ui.conftest import duel, make_app, pick, sorcerer_duel
from tests.ui.test_fight_at_80x24 import flat, seen

SMALL = (80, 24)


async def _every_odds_line_shows(prompt: DecisionPrompt, pilot: object) -> int:
    """Highlight each choice in turn; each one's odds line must read whole in the detail."""
    options = prompt.query_one("#choices", OptionList)
    detail = prompt.query_one("#detail", Static)
    checked = 0
    for index, choice in enumerate(prompt._choices):
        options.highlighted = index
        await pilot.pause()  # type: ignore[attr-defined]
        if choice.odds:
            # A line for each roll's odds (a split's parts), every one of them in sight.
            each = " ".join(flat(roll.odds_words()) for roll in choice.rolls)
            assert each in flat(seen(detail)), (choice.label, seen(detail))
            checked += 1
    return checked


async def test_the_odds_line_shows_at_a_sorcerer_reaction_at_80x24(
    catalog: Catalog, saves: Path
) -> None:
    # Rook's order roll all 1s, Mara's all 10s: she attacks first, and Rook must react.
    fight = sorcerer_duel(catalog, [1] * 4 + [10] * 5)
    app = make_app(catalog, saves, fight)
    async with app.run_test(size=SMALL) as pilot:
        await pick(pilot, fight.pending()[0], "Attack Mara")
        await pilot.pause()
        (decision,) = fight.pending()
        assert decision.kind == "reaction"
        prompt = app.screen.query_one(DecisionPrompt)
        assert await _every_odds_line_shows(prompt, pilot) >= 1


async def test_the_odds_line_shows_at_a_werewolf_split_at_80x24(
    catalog: Catalog, saves: Path
) -> None:
    fight = duel(catalog)
    app = make_app(catalog, saves, fight)
    async with app.run_test(size=SMALL) as pilot:
        await pick(pilot, fight.pending()[0], "Move to (5, 3)")
        await pilot.pause()
        (decision,) = fight.pending()
        assert any("split" in c.tags for c in decision.choices)
        prompt = app.screen.query_one(DecisionPrompt)
        assert await _every_odds_line_shows(prompt, pilot) >= 1
