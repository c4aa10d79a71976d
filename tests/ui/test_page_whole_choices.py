"""PgDn and PgUp scroll the choices by whole choices: the list never starts mid-choice."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import OptionList

from arena.content.loader import Catalog
from arena.engine import Fight
from arena.ui.prompt import DecisionPrompt
from tests.ui.conftest import duel, make_app, sorcerer_duel
from tests.ui.test_fight_at_80x24 import SMALL


@pytest.mark.parametrize("focus", ["list", "map"])
@pytest.mark.parametrize("ruleset", ["werewolf", "sorcerer"])
async def test_paging_the_choices_starts_the_list_at_a_whole_choice(
    catalog: Catalog, saves: Path, ruleset: str, focus: str
) -> None:
    fight: Fight = duel(catalog) if ruleset == "werewolf" else sorcerer_duel(catalog)
    app = make_app(catalog, saves, fight)
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        prompt = app.screen.query_one(DecisionPrompt)
        options = prompt.query_one("#choices", OptionList)
        if focus == "list":
            options.focus()
        await pilot.pause()
        starts = set(options._index_to_line.values())
        tops = []
        for key in ["pagedown"] * 4 + ["pageup"] * 4:
            await pilot.press(key)
            await pilot.pause()
            top = round(options.scroll_y)
            tops.append(top)
            # At the list's very end the last choice shows whole at the bottom instead.
            at_end = top == round(options.max_scroll_y)
            assert top in starts or at_end, (key, tops, sorted(starts))
            highlighted = prompt._choices[options.highlighted or 0]
            assert prompt.in_view(highlighted), (key, tops, highlighted.label)
        assert max(tops) > 0  # the list did scroll
