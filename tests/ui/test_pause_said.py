"""p says it paused (or went on) even while the player's own choices fill the prompt."""

from __future__ import annotations

from pathlib import Path

from arena.content.loader import Catalog
from tests.ui.conftest import duel, make_app

SMALL = (80, 24)


async def test_p_during_the_players_decision_says_the_opponents_wait(
    catalog: Catalog, saves: Path
) -> None:
    fight = duel(catalog)
    app = make_app(catalog, saves, fight)
    async with app.run_test(size=SMALL, notifications=True) as pilot:
        await pilot.pause()
        assert fight.pending()[0].actor == "tom"  # the prompt shows Tom's choices
        await pilot.press("p")
        await pilot.pause()
        said = [n.message for n in app._notifications]
        assert any(m.startswith("Paused") for m in said), said
        await pilot.press("p")
        await pilot.pause()
        said = [n.message for n in app._notifications]
        assert any(m.startswith("Going on") for m in said), said
