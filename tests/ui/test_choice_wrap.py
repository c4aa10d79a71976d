"""A long choice goes on under its own label, clear of the keys' and chances' columns."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from textual.widgets import OptionList, Static

from arena.content.loader import Catalog
from arena.engine import Fight
from arena.ui.odds_text import detail_text
from arena.ui.prompt import DecisionPrompt
from tests.ui.conftest import duel, make_app, sorcerer_duel
from tests.ui.test_fight_at_80x24 import flat, seen


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
@pytest.mark.parametrize("ruleset", ["werewolf", "sorcerer"])
async def test_a_long_choice_wraps_under_its_label(
    catalog: Catalog, tmp_path: Path, ruleset: str, size: tuple[int, int]
) -> None:
    fight: Fight = duel(catalog) if ruleset == "werewolf" else sorcerer_duel(catalog)
    app = make_app(catalog, tmp_path, fight)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        await pilot.pause()
        prompt = app.screen.query_one(DecisionPrompt)
        options = prompt.query_one("#choices", OptionList)
        hang = 1 + 4 + prompt._width + 1  # mark, key, chance, space
        width = options.scrollable_content_region.width
        said = [str(options.get_option_at_index(i).prompt) for i in range(options.option_count)]
        wrapped = [line for text in said for line in text.split("\n")[1:]]
        assert wrapped, said  # some choice is longer than the list is wide
        for line in wrapped:
            assert line.startswith(" " * hang), (line, said)
            assert line[hang] != " ", (line, said)
        assert all(len(line) <= width for text in said for line in text.split("\n")), said
        # A short group is never cut in two: "(5," on one line and "3)" on the next.
        labels = [c.label for c in prompt._choices]
        for label, text in zip(labels, said, strict=True):
            for group in re.findall(r"\([^()]{1,14}\)", label):
                assert any(group in line for line in text.split("\n")), (group, text)
        # The list draws each line as given: nothing wrapped again at its key's column.
        drawn = seen(options).splitlines()
        for line in drawn:
            if line.strip() and not line.lstrip().startswith(("[", "no roll", "▶")):
                assert line.startswith(" " * hang) or "%" in line[:hang], (line, drawn)


@pytest.mark.parametrize("ruleset", ["werewolf", "sorcerer"])
async def test_the_highlighted_choices_harm_and_odds_read_whole_at_80x24(
    catalog: Catalog, tmp_path: Path, ruleset: str
) -> None:
    fight: Fight = duel(catalog) if ruleset == "werewolf" else sorcerer_duel(catalog)
    app = make_app(catalog, tmp_path, fight)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        prompt = app.screen.query_one(DecisionPrompt)
        detail = prompt.query_one("#detail", Static)
        options = prompt.query_one("#choices", OptionList)
        for index in range(3):  # the first choices, one after another
            options.highlighted = index
            await pilot.pause()
            choice = prompt._choices[index]
            whole = detail_text(choice, prompt._decision, prompt._view).plain
            if whole:
                assert flat(seen(detail)) == flat(whole), choice.label
        assert options.region.height >= 4  # and four choices keep their rows
