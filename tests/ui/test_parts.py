"""The UI's pure parts: choice keys, map marks, dice text, dice statistics, help topics."""

from __future__ import annotations

import dataclasses
import subprocess
import sys
from pathlib import Path

import pytest
from textual.app import App, ComposeResult

from arena.engine import (
    VERBOSITIES,
    Choice,
    CombatantView,
    Command,
    Decision,
    Event,
    FightView,
    MapView,
    Reason,
)
from arena.rules.actions import Attack, Move, Wait
from arena.rules.dice import resolve_contest, score_open, score_storyteller
from arena.ui.choice_keys import choices_at, keyed, marks_for
from arena.ui.dice_text import roll_text
from arena.ui.help_screen import HELP, ORDER, topic_for
from arena.ui.panels import card_text
from arena.ui.preferences import VERBOSITY_NAMES
from arena.ui.reasons import without_stale_reasons
from arena.ui.stats import CONTEST_COLUMNS, STORYTELLER_COLUMNS, stats_table

PUNCH = Choice("punch:vilna", "Punch Vilna", Attack("tom", "vilna", "punch"), target="vilna")
WAIT = Choice("wait", "Wait", Wait("tom"))


def move(x: int, y: int) -> Choice:
    return Choice(
        f"move:{x},{y}", f"Move to ({x}, {y})", Move("tom", (x, y)), tags=("move",), cell=(x, y)
    )


def fighter(cid: str, pos: tuple[int, int], side: str) -> CombatantView:
    return CombatantView(
        cid, cid.title(), cid, side, cid[0].upper(), "ai:nearest", pos, "active", "Healthy", 0, ()
    )


VIEW = FightView(
    "werewolf", 1, "ww_segments", False, None, "",
    (fighter("tom", (1, 1), "north"), fighter("vilna", (2, 1), "south")),
    MapView("duel", ("#####", "#...#", "#####")), (), (), (),
)  # fmt: skip
DECISION = Decision("tom", "action", "ww_segments", "Tom acts", (move(3, 1), PUNCH, WAIT))


def test_actions_get_keys_before_moves() -> None:
    assert keyed(DECISION.choices) == (("1", PUNCH), ("2", WAIT), ("3", move(3, 1)))


def test_only_the_digits_1_to_9_are_choice_keys() -> None:
    many = tuple(move(x, 1) for x in range(40))
    keys = [key for key, _ in keyed(many)]
    # No 0 and no letter: a letter pressed by mistake never commits a move or a split.
    assert keys[:10] == ["1", "2", "3", "4", "5", "6", "7", "8", "9", ""]
    assert keys[9:] == [""] * 31  # the rest: arrows, Page Down and Enter, or the map


def test_the_map_marks_targets_and_moves() -> None:
    # Vilna stands at (2, 1): a target; (3, 1) is a move.
    assert marks_for(DECISION, VIEW) == {(2, 1): "target", (3, 1): "move"}
    assert marks_for(None, VIEW) == {}


@pytest.mark.parametrize(
    ("cell", "expected"),
    [
        ((2, 1), (PUNCH,)),  # Vilna's cell: the action on her
        ((3, 1), (move(3, 1),)),  # an empty cell: the move there
        ((1, 1), ()),  # Tom's own cell: nothing
    ],
)
def test_choices_at_a_cell(cell: tuple[int, int], expected: tuple[Choice, ...]) -> None:
    assert choices_at(DECISION, VIEW, cell) == expected


class Reach:
    """Moves to any of a few cells, beyond the one the menu lists."""

    cells = frozenset({(3, 1), (3, 2), (4, 2)})

    def by_key(self, key: str) -> Choice | None:
        return None

    def by_command(self, command: Command) -> Choice | None:
        return None

    def move_cells(self) -> frozenset[tuple[int, int]]:
        return self.cells

    def move_to(self, cell: tuple[int, int]) -> Choice | None:
        return move(*cell) if cell in self.cells else None


def test_the_map_marks_and_takes_every_reachable_cell_not_only_listed_moves() -> None:
    decision = dataclasses.replace(DECISION, resolver=Reach())
    assert marks_for(decision, VIEW) == {
        (2, 1): "target",
        (3, 1): "move",
        (3, 2): "move",
        (4, 2): "move",
    }
    assert choices_at(decision, VIEW, (4, 2)) == (move(4, 2),)  # unlisted, yet legal
    assert choices_at(decision, VIEW, (3, 1)) == (move(3, 1),)  # the listed one, once
    assert choices_at(decision, VIEW, (1, 2)) == ()  # out of reach


@pytest.mark.parametrize(
    ("roll", "text"),
    [
        # two successes, one cancelled by the 1
        (score_storyteller((9, 7, 3, 1), 6), "4d@6: [9] [7] 3 (1) → 1 success (1 cancelled by 1s)"),
        # a 1 and no success: a botch
        (score_storyteller((1, 3), 6), "2d@6: !1 3 → botch"),
        # a damage roll: the 10 rolled again, the extra die marked
        (score_open((10, 7, 2), 2), "2d@6: [10]^ [7] +2 → 2 successes (1 rerolled)"),
        # no dice at all
        (score_storyteller((), 6), "0d@6: no dice → 0 successes"),
        # Sorcerer: a pair of 10s set aside, then 10 beats 5; the 3 does not
        (resolve_contest((10, 10, 3), (10, 5)), "=10= [10] 3 vs =10= 5 → Rook wins, 1 victory"),
        # the second side wins: it is named too
        (resolve_contest((4,), (9, 5)), "4 vs [9] [5] → Mara wins, 2 victories"),
        # every die pairs off
        (resolve_contest((6,), (6,)), "=6= vs =6= → complete tie"),
        # a roll against nobody: the order roll, faces high to low, placed by its highest
        (resolve_contest((3, 10, 8), ()), "10 8 3 → highest 10"),
        # an order roll with no dice at all
        (resolve_contest((), ()), "no dice to roll"),
    ],
)
def test_roll_text(roll: object, text: str) -> None:
    assert roll_text(roll, "Rook", "Mara").plain == text  # type: ignore[arg-type]


def test_storyteller_statistics_per_roller_and_in_all() -> None:
    events = [
        Event("a", 1, "s", "", actor="tom", roll=score_storyteller((9, 7, 3, 1), 6)),
        Event("b", 1, "s", "", actor="vilna", roll=score_open((10, 7, 2), 2)),
        Event("c", 1, "s", ""),  # no roll: not counted
    ]
    columns, rows = stats_table(events, {"tom": "Tom", "vilna": "Vilna"})
    assert columns == STORYTELLER_COLUMNS
    assert rows == [
        ("Tom", "1", "4", "1", "1", "0", "0"),  # two successes, one cancelled by the 1
        ("Vilna", "1", "3", "2", "0", "1", "0"),  # the 10 rolled again
        ("all", "2", "7", "3", "1", "1", "0"),
    ]


def test_contest_statistics_count_both_sides() -> None:
    events = [
        # Rook attacks Mara: a pair of 10s set aside, then his 10 beats her 5
        Event(
            "a", 1, "s", "", actor="rook", target="mara", roll=resolve_contest((10, 10, 3), (10, 5))
        ),
        # Mara's order roll, against nobody
        Event("b", 1, "s", "", actor="mara", roll=resolve_contest((7, 2), ())),
    ]
    columns, rows = stats_table(events, {"rook": "Rook", "mara": "Mara"})
    assert columns == CONTEST_COLUMNS
    assert rows == [
        ("Rook", "1", "3", "1", "1", "1", "0", "1"),
        ("Mara", "2", "4", "1", "0", "0", "0", "1"),
        ("all", "2", "7", "1", "", "", "0", "2"),
    ]


def test_every_help_file_is_listed_once() -> None:
    assert sorted(ORDER) == sorted(p.stem for p in HELP.glob("*.md"))


@pytest.mark.parametrize(
    ("ruleset", "step", "topic"),
    [
        ("werewolf", "ww_initiative", "werewolf-initiative"),
        ("werewolf", "ww_segments", "werewolf-segments"),
        ("werewolf", "ww_soak", "werewolf-attack"),
        ("werewolf", "something new", "werewolf-overview"),  # unknown step: the overview
        ("sorcerer", "sorc_reactions", "sorcerer-reactions"),
        ("sorcerer", "sorc_consequences", "sorcerer-damage"),
        ("sorcerer", "sorc_order", "sorcerer-order"),
        ("chess", "e4", "keys"),  # no help for this ruleset at all
    ],
)
def test_help_topic_for_a_step(ruleset: str, step: str, topic: str) -> None:
    assert topic_for(ruleset, step) == topic


def test_a_reason_from_an_earlier_round_leaves_the_card() -> None:
    tom = fighter("tom", (1, 1), "north")
    noted = dataclasses.replace(
        tom, notes_text=("Passer demon, Power 3",), reason=Reason("closes in", 1)
    )
    view = dataclasses.replace(VIEW, round=2, combatants=(noted,))
    # told in round 1, and it is round 2: the reason goes, the notes stay
    kept = without_stale_reasons(view).combatant("tom")
    assert kept.reason is None
    assert kept.notes == ("Passer demon, Power 3",)
    # told this round: kept, and drawn on the card after the notes
    now = dataclasses.replace(VIEW, round=1, combatants=(noted,))
    assert without_stale_reasons(now) == now
    assert "AI: closes in" in card_text(noted, side_style="", acting=False).plain
    # never reasoned (a person): nothing to drop, nothing drawn
    plain = dataclasses.replace(VIEW, round=2, combatants=(tom,))
    assert without_stale_reasons(plain) == plain
    assert "AI:" not in card_text(tom, side_style="", acting=False).plain


def test_the_preferences_know_every_verbosity() -> None:
    assert VERBOSITY_NAMES == VERBOSITIES


def test_the_title_menu_starts_without_the_engine() -> None:
    code = "import sys, arena.ui.app; print('arena.engine' in sys.modules)"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "False"


def map_host() -> App[None]:
    """An app holding the map alone, with its own styles."""
    from arena.ui import grid_map
    from arena.ui.grid_map import GridMap

    class Host(App[None]):
        CSS_PATH = Path(grid_map.__file__).with_name("grid_map.tcss")

        def compose(self) -> ComposeResult:
            yield GridMap()

    return Host()


# Ann on one side; Tom and Tim on the other share a glyph (T1, T2).
ANN_TOM_TIM = dataclasses.replace(
    VIEW,
    combatants=tuple(
        fighter(n, (x, 1), s) for n, x, s in (("ann", 1, "n"), ("tom", 2, "s"), ("tim", 3, "s"))
    ),
)


async def test_a_numbered_target_keeps_its_side_s_colour() -> None:
    from arena.ui.grid_map import GridMap

    # A digit takes the place of the target's '!'.
    view = ANN_TOM_TIM
    async with map_host().run_test(size=(40, 8)) as pilot:
        grid = pilot.app.query_one(GridMap)
        grid.show(view, frozenset(), {(2, 1): "target"})
        await pilot.pause()
        cells = [s for s in grid.render_line(1) if s.text.strip(" .#")]
        target, other = (s for s in cells if s.text.startswith("T"))
        assert (target.text, other.text) == ("T1", "T2")
        assert target.style is not None
        assert other.style is not None
        assert target.style.color == other.style.color  # the side's colour, target or not
        assert target.style.color != grid.rich_style.color
        assert target.style.underline
        assert not other.style.underline


async def test_the_look_cursor_on_a_combatant_keeps_its_side_s_colour() -> None:
    from arena.ui.grid_map import GridMap

    async with map_host().run_test(size=(40, 8)) as pilot:
        grid = pilot.app.query_one(GridMap)
        grid.show(ANN_TOM_TIM, frozenset(), {(2, 1): "target"})
        grid.place_cursor((2, 1))  # on Tom, a marked target
        await pilot.pause()
        _, ann, tom, tim, _ = grid.render_line(1)
        assert (ann.text, tom.text, tim.text) == (
            "A▸",
            "T1",
            "T2",
        )  # the cursor beside a full cell: a shape, not only colour
        assert tom.style is not None
        assert tim.style is not None
        assert tom.style.color == tim.style.color  # still his side's colour: a foe reads as one
        assert tom.style.reverse  # and the cursor still shows: the cell is in that colour
        assert tom.style.underline  # and still a target
        assert not tim.style.reverse
        grid.place_cursor((1, 1))  # on Ann, no target: her side's colour too
        await pilot.pause()
        _, ann, tom, _, _ = grid.render_line(1)
        assert ann.style is not None
        assert tom.style is not None
        assert ann.style.reverse
        assert ann.style.color != tom.style.color
        assert ann.style.color != grid.rich_style.color
        grid.place_cursor((1, 0))  # on a wall: the cursor's own colours, as before
        await pilot.pause()
        _, wall, *_ = grid.render_line(0)
        assert wall.style is not None
        assert wall.style.reverse
        assert wall.style.color == grid.rich_style.color


async def test_the_look_cursor_has_a_shape_not_only_reverse_video() -> None:
    from arena.ui.grid_map import CURSOR_MARK, GridMap

    async with map_host().run_test(size=(40, 8)) as pilot:
        grid = pilot.app.query_one(GridMap)
        grid.show(ANN_TOM_TIM, frozenset(), {})
        grid.place_cursor((1, 1))  # on Ann: her glyph, then the pointer in the free column
        await pilot.pause()
        _, ann, tom, _, _ = grid.render_line(1)
        assert ann.text == "A" + CURSOR_MARK
        assert tom.text == "T1"  # a cell with a tag keeps it (reverse video alone there)


def test_a_big_2_is_not_a_z() -> None:
    from arena.ui import big_text

    for scale in (1, 2):
        two, zed = big_text.render("2", scale), big_text.render("Z", scale)
        assert two != zed
    assert big_text.render("2", 2)[0].strip() != big_text.render("Z", 2)[0].strip()  # round top
