"""Hostile saves folder: no escape code from a file's name or the index reaches the terminal."""

from __future__ import annotations

import json
import os
import re
from pathlib import Path
from typing import Any

import pytest
from textual.app import App
from textual.widgets import OptionList

from arena.content.loader import Catalog
from arena.ui.plain import plain
from arena.ui.save_files import INDEX, continue_from, list_saves, write_save
from arena.ui.saves_screen import SavesScreen, save_text
from arena.ui.title_screen import TitleScreen
from tests.ui.conftest import duel, make_app

RAW = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")
"""A control character as the terminal would take it (a line break and a tab are words)."""
ESC = "\x1b"
NAME = f"evil{ESC}[2J{ESC}]0;pwned\x07.yaml"
"""A save's file name that clears the screen and retitles the window, drawn raw."""


def _hostile(catalog: Catalog, saves: Path) -> Path:
    """A good save under a name holding escape codes, its index entry holding more."""
    fight = duel(catalog)
    fight.start()
    fight.apply(fight.pending()[0].choices[0].command)
    good = write_save(fight, saves)
    evil = good.rename(saves / NAME)
    (saves / INDEX).write_text(
        json.dumps(
            {
                NAME: {
                    "scenario": f"A {ESC}[31mred{ESC}[0m fight",
                    "ruleset": "werewolf",
                    "round": 2,
                    "combatants": [f"T{ESC}]0;x\x07om", "\u202eVilna"],
                }
            }
        )
    )
    return evil


async def test_the_load_list_writes_out_escape_codes_from_a_name_and_the_index(
    catalog: Catalog, saves: Path
) -> None:
    """A hand-edited index or a renamed save drew escape codes raw in the Load list."""
    evil = _hostile(catalog, saves)
    (save,) = list_saves(saves)
    shown = save_text(save).plain
    assert not RAW.search(shown), repr(shown)
    assert shown.startswith("evil\\x1b[2J\\x1b]0;pwned\\x07\n")  # the index was not trusted
    assert shown.endswith("\n  evil\\x1b[2J\\x1b]0;pwned\\x07.yaml")
    app = make_app(catalog, saves)
    async with app.run_test(size=(100, 30)) as pilot:
        assert isinstance(app.screen, TitleScreen)
        await pilot.press("l")
        await pilot.pause()
        assert isinstance(app.screen, SavesScreen)
        listed = app.screen.query_one("#saves-list", OptionList)
        prompt = listed.get_option_at_index(0).prompt
        assert not RAW.search(str(getattr(prompt, "plain", prompt)))
        await pilot.press("enter")  # and it still opens: the name is only shown escaped
        await pilot.pause()
        assert app.screen.saved_to == evil  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    "ruleset", ["chess", ["werewolf"], 7], ids=["unknown", "a list", "a number"]
)
async def test_an_index_naming_no_ruleset_arena_knows_still_lists_the_save(
    ruleset: Any, catalog: Catalog, saves: Path
) -> None:
    """The Load list raised ValueError (unknown ruleset) or TypeError, and the app ended."""
    _hostile(catalog, saves)
    index = json.loads((saves / INDEX).read_text())
    index[NAME] = {"scenario": "Edited", "ruleset": ruleset, "round": 3}
    (saves / INDEX).write_text(json.dumps(index))
    (save,) = list_saves(saves)
    assert save_text(save).plain.startswith("evil\\x1b[2J")  # known as a file, no more
    app = make_app(catalog, saves)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("l")
        await pilot.pause()
        assert isinstance(app.screen, SavesScreen)


def test_continue_names_a_save_passed_over_escaped(catalog: Catalog, saves: Path) -> None:
    """The notice of saves passed over named a damaged save by its raw name."""
    evil = _hostile(catalog, saves)
    broken = saves / f"crash{ESC}[2J.yaml"
    broken.write_bytes(b"\xff\xfe not a save")
    os.utime(evil, (1_000_000, 1_000_000))  # the broken file is the newest
    found = continue_from(saves, catalog)
    assert found.path == evil
    (said,) = found.passed
    assert said == "crash\\x1b[2J.yaml:1: not UTF-8 text"


async def test_a_notice_writes_out_a_control_character(
    catalog: Catalog, saves: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every notice carries paths and reasons: none reaches Textual with an escape code."""
    shown: list[tuple[str, str]] = []

    def kept(self: App[Any], message: str, *, title: str = "", **kwargs: Any) -> None:
        shown.append((title, message))

    monkeypatch.setattr(App, "notify", kept)
    app = make_app(catalog, saves)
    app.notify(f"Saved to {ESC}[2J\nnext line\tand a tab", title=f"T{ESC}]0;x\x07")
    assert shown == [("T\\x1b]0;x\\x07", "Saved to \\x1b[2J\nnext line\tand a tab")]


def test_plain_text_keeps_lines_and_tabs_and_writes_out_other_controls() -> None:
    assert plain(f"a{ESC}[31mb\nc\td\u202ee").plain == "a\\x1b[31mb\nc\td\\u202ee"
