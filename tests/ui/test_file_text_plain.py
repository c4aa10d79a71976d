"""Text from a file or a path reaches the screen as written: no markup read, no control sent.

A preferences file's problem is a notice quoting its path and what it holds; a '[/]' read as
markup ended the app, a '[@click=app.quit]' made a link, and an ESC drove the terminal.
"""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest
from rich.text import Text
from textual.content import Content
from textual.widgets import OptionList, Select

from arena.content.loader import Catalog
from arena.ui.app import ArenaApp
from arena.ui.arena_screen import ArenaScreen
from arena.ui.panels import CombatantPanels
from arena.ui.preferences import QUOTED_MAX, Preferences, load_preferences
from arena.ui.setup_screen import SetupScreen
from arena.ui.title_screen import TitleScreen

HOSTILE = "[bold]x[/] [@click=app.quit] \x1b[31m"
"""Markup for bold, a link that quits the app, and an escape code that turns the text red."""
SHOWN = "[bold]x[/] [@click=app.quit] \\x1b[31m"
"""The same, as the screen should show it."""


def _folder(tmp_path: Path) -> tuple[Path, str]:
    """A preferences folder whose name holds markup and an escape code, and its name shown."""
    folder = tmp_path / "[bold]x[/]" / "[@click=app.quit]\x1b[31m"
    folder.mkdir(parents=True)
    return folder, f"{tmp_path}/[bold]x[/]/[@click=app.quit]\\x1b[31m"


def _toasts(app: ArenaApp) -> list[tuple[str, str, list[str]]]:
    """Each notice on screen: its title, its message as drawn, the styles within the message."""
    found = []
    for toast in app.screen.query("Toast"):
        content = toast.render()
        title, message = content.plain.split("\n", 1)
        styles = [str(s.style) for s in content.spans if s.start >= len(title)]
        found.append((title, message, styles))
    return found


def _broken(folder: Path) -> str:
    """Not JSON: a raw ESC inside a string. The problem names the line and the column."""
    text = '{"verbosity": "' + HOSTILE + '"}'
    (folder / "preferences.json").write_text(text)
    return f"1: not JSON (Invalid control character at column {text.index(chr(27)) + 1})"


def _not_understood(folder: Path) -> str:
    """JSON, the ESC written as JSON writes it: the value is quoted in the problem."""
    (folder / "preferences.json").write_text(json.dumps({"verbosity": HOSTILE}))
    return f" verbosity '{SHOWN}': not understood; using the default"


@pytest.mark.parametrize(
    ("write", "ending"),
    [(_broken, "; using the defaults"), (_not_understood, "")],
    ids=["not JSON", "a value not understood"],
)
async def test_a_preferences_notice_shows_markup_and_escape_codes_as_written(
    catalog: Catalog, saves: Path, tmp_path: Path, write: object, ending: str
) -> None:
    folder, shown = _folder(tmp_path)
    said = write(folder)  # type: ignore[operator]
    app = ArenaApp(catalog, saves=saves, pace=0, hold=0, preferences=folder / "preferences.json")
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, TitleScreen)  # the app goes on, the defaults in use
        assert app.preferences == Preferences()
        expected = f"{shown}/preferences.json:{said}{ending}"
        assert _toasts(app) == [("Preferences", expected, [])]  # no bold, no link: as written
        assert "\x1b" not in app.export_screenshot()
        await pilot.click("Toast")  # a click dismisses the notice: nothing in it is a link
        await pilot.pause()
        assert app.is_running
        assert _toasts(app) == []


def test_a_long_value_not_understood_is_cut_and_still_quoted(tmp_path: Path) -> None:
    path = tmp_path / "preferences.json"
    path.write_text(json.dumps({"verbosity": "x" * 100, "pace": -1, "hold": [1]}))
    preferences, problem = load_preferences(path)
    assert preferences == Preferences()
    quoted = "'" + "x" * (QUOTED_MAX - 5) + "...'"
    assert len(quoted) == QUOTED_MAX
    assert problem == (
        f"{path}: verbosity {quoted}, pace -1, hold [1]: not understood; using the defaults"
    )


# -- names from a scenario file or the content ---------------------------------------------------


SCENARIO = (
    'name: "Evil [bold]x[/] [@click=app.quit]"\n'
    "ruleset: werewolf\n"
    "map: duel\n"
    "seed: 7\n"
    "combatants:\n"
    '  - {id: tom, template: tom, side: north, spawn: 1, name: "Tom [/]"}\n'
    "  - {id: vilna, template: vilna, side: south, spawn: 2}\n"
)
"""A scenario file naming its fight and a fighter with markup (no control: the loader refuses
those)."""


SORCERER_SCENARIO = (
    'name: "Evil [bold]x[/] [@click=app.quit]"\n'
    "ruleset: sorcerer\n"
    "map: duel\n"
    "seed: 3\n"
    "combatants:\n"
    '  - {id: rook, template: rook, side: north, spawn: 1, name: "Tom [/]"}\n'
    "  - {id: mara, template: mara, side: south, spawn: 2, controller: ai:nearest}\n"
)
"""The same in a Sorcerer fight: its decision (an intention) comes after the AI's, in secret."""


@pytest.mark.parametrize(
    ("text", "actor", "tray_title"),
    [
        (SCENARIO, "tom", "Dice · Tom [/]'s decision"),
        (SORCERER_SCENARIO, "rook", "Dice"),  # an intention rolls nothing
    ],
    ids=["werewolf", "sorcerer"],
)
async def test_a_fighter_named_with_markup_in_a_scenario_file_is_drawn_as_written(
    catalog: Catalog, saves: Path, tmp_path: Path, text: str, actor: str, tray_title: str
) -> None:
    """The dice box's title, "Dice · Tom [/]'s decision", was read as markup: the app ended."""
    from arena.cli.scenarios import open_scenario

    path = tmp_path / "s.yaml"
    path.write_text(text)
    fight = open_scenario(catalog, str(path))
    app = ArenaApp(catalog, saves=saves, pace=0, hold=0, preferences=None, fight=fight)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, ArenaScreen)
        assert fight.pending()[0].actor == actor
        # A title is kept as markup: the name's brackets come back escaped, drawn as written.
        tray = Content.from_markup(app.screen.query_one("#about").border_title or "")
        assert (tray.plain, tray.spans) == (tray_title, [])
        # Its card draws the name as written too.
        cards = app.screen.query_one(CombatantPanels)._texts
        assert " Tom [/]  north" in cards[fight.pending()[0].actor].plain


async def test_the_new_fight_form_lists_fighters_named_with_markup_as_written(
    catalog: Catalog, saves: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The form filled its fighters as markup: a name holding '[/]' ended the app."""
    from arena.engine.setup import Entry
    from arena.ui import setup_screen

    real = setup_screen.list_fighters

    def marked(cat: Catalog, ruleset: str) -> list[Entry]:
        named = {"tom": "Tom [/]", "vilna": "Vilna [bold]x[/] [@click=app.quit]"}
        return [replace(f, name=named.get(f.id, f.name)) for f in real(cat, ruleset)]

    monkeypatch.setattr(setup_screen, "list_fighters", marked)
    app = ArenaApp(catalog, saves=saves, pace=0, hold=0, preferences=None)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.press("n")
        await pilot.pause()
        form = app.screen
        assert isinstance(form, SetupScreen)
        for ruleset in ("sorcerer", "werewolf"):  # the fighters filled in again
            form.query_one("#ruleset", Select).value = ruleset
            await pilot.pause()
        listed = form.query_one("#fighter", Select).query_one("SelectOverlay", OptionList)
        prompts = [listed.get_option_at_index(i).prompt for i in range(listed.option_count)]
        assert all(isinstance(p, Text) for p in prompts)  # drawn as written, never markup
        shown = [p.plain for p in prompts if isinstance(p, Text)]
        assert {"T Tom [/]", "V Vilna [bold]x[/] [@click=app.quit]"} <= set(shown)
