"""Declining Willpower shows the odds of the roll it leaves as it is, not ``no roll``."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import OptionList

from arena.content.loader import Catalog
from arena.ui.prompt import DecisionPrompt
from tests.ui.conftest import duel, make_app, pick


async def test_spend_no_willpower_shows_the_bare_rolls_odds(catalog: Catalog, saves: Path) -> None:
    fight = duel(catalog)
    app = make_app(catalog, saves, fight)
    async with app.run_test(size=(80, 24)) as pilot:
        await pick(pilot, fight.pending()[0], "Move to (5, 3)")
        await pick(pilot, fight.pending()[0], "Punch Vilna")
        await pilot.pause()
        (decision,) = fight.pending()
        assert decision.kind == "willpower"
        prompt = app.screen.query_one(DecisionPrompt)
        options = prompt.query_one("#choices", OptionList)
        lines = [str(options.get_option_at_index(i).prompt) for i in range(2)]
        # The punch: 6 dice at difficulty 5 (success 92.7%); with Willpower it cannot fail.
        assert "[1]  93% Spend no Willpower" in lines[0]
        assert "[2] 100% Spend 1 Willpower on punch" in lines[1]
        detail = str(prompt.query_one("#detail").render())
        assert "6 dice at 5: success 92.7%, botch 0.3%" in " ".join(detail.split())
        assert [c.label for c in prompt._choices] == [c.label for c in decision.choices]
        await pick(pilot, decision, "Spend no Willpower")  # the fight's own choice is sent
        await pilot.pause()
        assert fight.commands[-1] == decision.choices[0].command
