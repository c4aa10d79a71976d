"""A long question (pushing through damage) still leaves the odds and the count of the rest
in sight at 80x24: the list keeps fewer rows rather than push them under the box's edge."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import OptionList, Static

from arena.content.loader import Catalog
from arena.engine.setup import scenario_fight
from arena.ui.prompt import DecisionPrompt
from tests.ui.conftest import make_app, pick
from tests.ui.test_fight_at_80x24 import flat, seen

SMALL = (80, 24)


async def test_a_push_through_decision_shows_its_odds_and_the_rest_at_80x24(
    catalog: Catalog, saves: Path
) -> None:
    # The lesson's rigged dice: Rook's fists leave Vic too hurt to act after round 1.
    fight = scenario_fight(catalog, "lesson-3c-pushing-through", human="vic")
    app = make_app(catalog, saves, fight)
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        await pick(pilot, fight.pending()[0], "Total defense")
        await pilot.pause()
        await pick(pilot, fight.pending()[0], "Attack Rook with knife")
        await pilot.pause()
        (decision,) = fight.pending()
        assert decision.kind == "push"
        prompt = app.screen.query_one(DecisionPrompt)
        options = prompt.query_one("#choices", OptionList)
        more = prompt.query_one("#more", Static)
        detail = prompt.query_one("#detail", Static)
        bottom = prompt.content_region.bottom
        assert prompt.query_one("#question").outer_size.height >= 4  # a long question
        assert more.display
        assert more.region.bottom <= bottom, (more.region, bottom)
        assert "more" in seen(more)
        checked = 0
        for index, choice in enumerate(prompt._choices):
            options.highlighted = index
            await pilot.pause()
            await pilot.pause()
            if not choice.odds:
                continue
            checked += 1
            odds_rows = len(flat(choice.odds)) // detail.content_region.width + 1
            assert detail.region.y + min(odds_rows, 2) <= bottom, (choice.label, detail.region)
            assert flat(choice.odds)[:30] in flat(seen(detail))
            # The highlighted choice shows whole in the list, not cut by the detail under it.
            assert prompt.in_view(choice), choice.label
        assert checked >= 3
