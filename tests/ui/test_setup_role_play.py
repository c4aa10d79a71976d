"""The new-fight form's role-play choice: Sorcerer's option role_play, in the setup line too."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import Checkbox, Input, Select

from arena.content.loader import Catalog
from arena.ui.app import ArenaApp
from arena.ui.setup_screen import SetupScreen

SIZE = (100, 40)


async def test_the_form_sets_role_play_for_sorcerer_only(catalog: Catalog, saves: Path) -> None:
    app = ArenaApp(catalog, saves=saves, pace=0, preferences=None)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("n")
        form = app.screen
        assert isinstance(form, SetupScreen)
        form.query_one("#ruleset", Select).value = "sorcerer"
        await pilot.pause()
        row = form.query_one("#role-play-row")
        assert row.display
        # The default is the sheet; the option line under the preset names it.
        assert dict(form.spec().options)["role_play"] == "sheet"
        assert "role_play=sheet" in str(form.query_one("#options-text").render())
        form.query_one("#role-play", Select).value = "honour"
        assert dict(form.spec().options)["role_play"] == "honour"
        # The Options field, where it names the option, has the last word.
        form.query_one("#options", Input).value = "role_play=off"
        assert dict(form.spec().options)["role_play"] == "off"
        form.query_one("#ruleset", Select).value = "werewolf"
        form.query_one("#options", Input).value = ""
        await pilot.pause()
        assert not row.display
        assert "role_play" not in dict(form.spec().options)


async def test_the_ai_field_shows_the_chosen_games_words(catalog: Catalog, saves: Path) -> None:
    # Switching to Sorcerer kept the Werewolf line on show ("never spends Rage"): the first
    # policy is the same in both games, so the field did not redraw its words.
    app = ArenaApp(catalog, saves=saves, pace=0, preferences=None)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n")
        form = app.screen
        assert isinstance(form, SetupScreen)
        form.query_one("#ruleset", Select).value = "sorcerer"
        await pilot.pause()
        shown = " ".join(str(w.render()) for w in form.query_one("#policy", Select).query("*"))
        assert "nearest: naive" in shown
        assert "Rage" not in shown


async def test_the_forms_focused_field_is_marked_by_a_shape(catalog: Catalog, saves: Path) -> None:
    # The field with the keys was told apart by its colour alone.
    app = ArenaApp(catalog, saves=saves, pace=0, preferences=None)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n")
        await pilot.pause()
        form = app.screen
        assert isinstance(form, SetupScreen)

        def marked() -> list[str]:
            labels = [str(label.render()) for label in form.query(".row .label")]
            return [label for label in labels if label.startswith("▶")]

        assert marked() == ["▶ Ruleset"]
        await pilot.press("tab")
        await pilot.pause()
        assert marked() == ["▶ Your fighter"]
        form.query_one("#seed", Input).focus()
        await pilot.pause()
        assert marked() == ["▶ Seed"]


async def test_a_tick_box_shows_on_or_off_by_its_mark(catalog: Catalog, saves: Path) -> None:
    # Both boxes showed an X; only its colour said whether the opponents were a person's.
    app = ArenaApp(catalog, saves=saves, pace=0, preferences=None)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n")
        await pilot.pause()
        form = app.screen
        assert isinstance(form, SetupScreen)
        mine = form.query_one("#person-mine", Checkbox)
        foes = form.query_one("#person-foes", Checkbox)
        assert str(mine.render()).startswith("▐X▌")
        assert str(foes.render()).startswith("▐ ▌")
        foes.focus()
        await pilot.press("space")
        await pilot.pause()
        assert foes.value
        assert str(foes.render()).startswith("▐X▌")
        await pilot.press("space")
        await pilot.pause()
        assert str(foes.render()).startswith("▐ ▌")
