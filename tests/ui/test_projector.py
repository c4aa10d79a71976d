"""Projector mode: the dice as tiles in large type, fitted with the card to 80x24 and 120x40."""

from __future__ import annotations

from pathlib import Path

import pytest

from arena.content.loader import Catalog
from arena.engine import Contest
from arena.rules.dice import score_storyteller
from arena.ui import big_text
from arena.ui.app import ArenaApp
from arena.ui.demo_screen import DemoScreen
from arena.ui.stage_dice import BigDice, Face, best_scale, faces_of, tiles_height, tiles_text
from arena.ui.stage_parts import RuleCardView

SIZES = [(80, 24), (120, 40)]


def test_a_storyteller_roll_tiles_count_hits_and_ones() -> None:
    roll = score_storyteller((9, 4, 1, 6), 6)
    assert faces_of(roll) == (
        [Face("9", "hit"), Face("4", "miss"), Face("1", "one"), Face("6", "hit")],
        0,
    )


def test_a_contest_shows_both_sides_and_what_beat_the_other_best() -> None:
    contest = Contest(first=(10,), second=(8, 5, 2), set_aside=(), winner="first", victories=1)
    tiles, left_out = faces_of(contest)
    assert [(f.text, f.kind) for f in tiles] == [
        ("10", "hit"),
        ("-", "versus"),
        ("8", "miss"),
        ("5", "miss"),
        ("2", "miss"),
    ]
    assert left_out == 0


def test_many_faces_leave_the_rest_to_the_card() -> None:
    roll = score_storyteller((7,) * 14, 6)
    tiles, left_out = faces_of(roll)
    assert len(tiles) == 10
    assert left_out == 4


@pytest.mark.parametrize(
    ("faces", "width", "height", "scale"),
    [
        ("10 - 8 5 2", 118, 13, 2),  # 120x40: five-row digits on seven-row tiles
        ("10 - 8 5 2", 78, 8, 2),  # 80x24: the same size
        ("9", 118, 14, 4),  # one die, a tall screen: ten-row digits
        ("2 2 2 2 2 2 2 2 2 2", 78, 8, 1),  # ten dice at 80 columns: three rows
        ("2 2 2 2 2 2 2 2 2 2", 118, 13, 2),  # ten dice at 120 columns
        ("10 10 10", 10, 3, None),  # nothing fits
    ],
)
def test_the_largest_type_that_fits(faces: str, width: int, height: int, scale: int | None) -> None:
    tiles = [Face(f, "versus" if f == "-" else "hit") for f in faces.split()]
    assert best_scale(tiles, width, height) == scale


def test_tiles_are_the_large_digits_padded_in_their_colour() -> None:
    text = tiles_text([Face("7", "hit"), Face("1", "one")], 2, {"hit": "green", "one": "red"})
    rows = text.plain.split("\n")
    assert len(rows) == tiles_height(2) == 7
    seven, one = big_text.render("7", 2), big_text.render("1", 2)
    assert rows[1] == "  " + seven[0] + "  " + "  " + "  " + one[0] + "  "
    assert rows[0].strip() == rows[6].strip() == ""
    assert {span.style for span in text.spans} == {"green", "red"}


def demo_app(catalog: Catalog, saves: Path, lesson: str, *, big: bool) -> ArenaApp:
    """The demo of one lesson, at pace 0, with no preferences file."""
    from arena.cli.scenarios import open_scenario

    return ArenaApp(
        catalog,
        saves=saves,
        pace=0,
        preferences=None,
        opener=open_scenario,
        demo=(lesson,),
        big=big,
    )


@pytest.mark.parametrize("size", SIZES)
async def test_projector_dice_are_as_large_as_the_letters(
    catalog: Catalog, tmp_path: Path, size: tuple[int, int]
) -> None:
    app = demo_app(catalog, tmp_path, "lesson-3e-snapshot-ritual", big=True)
    async with app.run_test(size=size) as pilot:
        demo = app.screen
        assert isinstance(demo, DemoScreen)
        await pilot.press("space")
        while demo.timeline.shown < 13:  # Ada's Banish: [10] against the demon's [8 5 2]
            demo.action_forward()
        while demo.timeline.shown > 13:
            demo.action_back()
        await pilot.pause()
        assert demo.timeline.current().kind == "ritual_performed"  # type: ignore[union-attr]
        dice = demo.query_one(BigDice)
        drawn = str(dice.render()).split("\n")
        assert len(drawn) == 7  # five-row digits on tiles, like the card's largest letters
        assert big_text.render("10", 2)[0] in drawn[1]
        assert big_text.render("2", 2)[4] in drawn[5]  # the last face is there, whole
        card = demo.query_one(RuleCardView)
        status = demo.query_one("#status")
        # Nothing is cut: the card, the dice and the status line each have their own rows.
        assert card.region.bottom <= dice.region.y
        assert dice.region.bottom <= status.region.y
        assert dice.region.right <= size[0]


@pytest.mark.parametrize("big", [False, True])
@pytest.mark.parametrize("size", SIZES)
async def test_every_presenter_key_is_in_the_footer(
    catalog: Catalog, tmp_path: Path, size: tuple[int, int], big: bool
) -> None:
    from textual.binding import Binding
    from textual.widgets._footer import FooterKey

    app = demo_app(catalog, tmp_path, "lesson-1-initiative", big=big)
    async with app.run_test(size=size) as pilot:
        await pilot.press("space")
        await pilot.pause()
        shown = {
            key.description
            for key in app.screen.query(FooterKey)
            if key.region.width and key.region.right <= size[0]
        }
        for binding in DemoScreen.BINDINGS:
            assert isinstance(binding, Binding)
            # `-` shares the `+/-` entry: the footer then fits 80 columns, Quit too.
            assert binding.description in shown or not binding.show
        assert "Quit" in shown
