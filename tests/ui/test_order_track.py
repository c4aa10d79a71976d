"""The order track marks whoever acts, from the view's numbers (or leads with them)."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from arena.cli.scenarios import scenario_fight_for
from arena.content.loader import Catalog
from arena.engine import CombatantView, FightView, MapView
from arena.rules.views import SorcererState, WerewolfState
from arena.ui.arena_screen import ArenaScreen
from arena.ui.order_track import OrderTrack, track_text
from tests.ui.conftest import make_app
from tests.ui.test_fight_at_80x24 import seen

NAMES = {"tom": "Tom", "vilna": "Vilna", "rook": "Rook", "mara": "Mara"}


def fighter(cid: str, **numbers: object) -> CombatantView:
    view = CombatantView(
        cid, NAMES[cid], cid, cid, cid[0].upper(), "ai:nearest", (1, 1), "active", "", 0, ()
    )
    return dataclasses.replace(view, **numbers)  # type: ignore[arg-type]


def fight(ruleset: str, *combatants: CombatantView, order: tuple[str, ...] = ()) -> FightView:
    step = "ww_segments" if ruleset == "werewolf" else "sorc_reactions"
    return FightView(
        ruleset, 2, step, False, None, "", combatants, MapView("m", ("...",)), order, (), ()
    )


WOLVES = fight(
    "werewolf",
    fighter("tom", werewolf=WerewolfState("garou", "homid", acts_on=(4,))),
    fighter("vilna", werewolf=WerewolfState("garou", "homid", acts_on=(4, 1))),
    order=("4: Tom, Vilna", "1: Vilna"),
)
SORCERERS = fight(
    "sorcerer",
    fighter("rook", sorcerer=SorcererState("human", place=1)),
    fighter("mara", sorcerer=SorcererState("human", place=2)),
    order=("1. Rook: 9 8", "2. Mara: 7"),
)
WORDS_ONLY = fight("werewolf", fighter("tom"), fighter("vilna"), order=("3: Vilna", "1: Tom"))


@pytest.mark.parametrize(
    ("view", "acting", "segment", "stale", "second_line"),
    [
        # Vilna acts on segment 1: only that entry of hers is marked
        (WOLVES, "vilna", 1, False, "4: Tom, Vilna  │  1: ▶ Vilna"),
        # Tom on segment 4, the first segment
        (WOLVES, "tom", 4, False, "4: ▶ Tom, Vilna  │  1: Vilna"),
        # Tom reacts on segment 1, where he does not act: he leads the line
        (WOLVES, "tom", 1, False, "▶ Tom · 4: Tom, Vilna  │  1: Vilna"),
        # a Sorcerer order by place
        (SORCERERS, "mara", None, False, "1. Rook  │  2. ▶ Mara"),
        # Steps 1-2: this round's order is not rolled; last round's is shown as such
        (
            SORCERERS,
            "rook",
            None,
            True,
            "▶ Rook · order: rolled in Step 3 · last round: 1. Rook: 9 8  │  2. Mara: 7",
        ),
        # a view without numbers: the actor leads the line, the words follow
        (WORDS_ONLY, "tom", None, False, "▶ Tom · 3: Vilna  │  1: Tom"),
    ],
)
def test_the_order_track_marks_the_actor(
    view: FightView, acting: str, segment: int | None, stale: bool, second_line: str
) -> None:
    text = track_text(view, NAMES, acting=acting, segment=segment, stale=stale)
    assert text.plain.split("\n")[1] == second_line


def test_a_fight_over_says_who_won_not_the_step_it_stopped_at() -> None:
    over = dataclasses.replace(
        fight("werewolf", fighter("tom", side="north"), fighter("vilna", side="south")),
        step="ww_initiative",
        over=True,
        winner="south",
        outcome_text="The fight is over after 2 turns: south wins.",
    )
    text = track_text(over, NAMES, acting="", segment=None, stale=False).plain
    assert text.splitlines()[0] == "Turn 2 · over: Vilna wins"
    assert "Initiative" not in text
    assert "no order yet" not in text


GANG_NAMES = {
    "tom": "Young Ahroun",
    "t1": "Thug 1",
    "t2": "Thug 2",
    "t3": "Thug 3",
    "t4": "Thug 4",
}
GANG_MARKS = {"tom": "@", "t1": "t1", "t2": "t2", "t3": "t3", "t4": "t4"}


def gang_fighter(cid: str, *acts_on: int) -> CombatantView:
    view = CombatantView(
        cid, GANG_NAMES[cid], cid, cid, cid[0], "ai:nearest", (1, 1), "active", "", 0, ()
    )
    return dataclasses.replace(view, werewolf=WerewolfState("garou", "homid", acts_on=acts_on))


GANG = fight(
    "werewolf",
    gang_fighter("tom", 4, 2),
    gang_fighter("t1", 3),
    gang_fighter("t2", 2),
    gang_fighter("t3", 1),
    gang_fighter("t4", 0),
)


@pytest.mark.parametrize(
    ("width", "acting", "segment", "second_line"),
    [
        # room for every name
        (
            0,
            "tom",
            4,
            "4: ▶ Young Ahroun  │  3: Thug 1  │  2: Young Ahroun, Thug 2  │  1: Thug 3  │  "
            "0: Thug 4",
        ),
        # narrower bars, then the others by their marks on the map
        (60, "tom", 4, "4: ▶ Young Ahroun │ 3: t1 │ 2: @, t2 │ 1: t3 │ 0: t4"),
        # then from whoever acts now, as many segments as fit, the rest counted
        (36, "tom", 4, "4: ▶ Young Ahroun │ 3: t1 │ 3 more"),
        # the segments already gone are left out first, and said to be
        (36, "t2", 2, "… 2: @, ▶ Thug 2 │ 1: t3 │ 0: t4"),
        (30, "t2", 2, "… 2: @, ▶ Thug 2 │ 2 more"),
        # at the least, whoever acts now
        (10, "tom", 2, "▶ Young Ahroun"),
    ],
)
def test_a_long_order_is_told_shorter_and_keeps_who_acts_now(
    width: int, acting: str, segment: int, second_line: str
) -> None:
    text = track_text(
        GANG, GANG_NAMES, acting=acting, segment=segment, stale=False, width=width, marks=GANG_MARKS
    )
    line = text.split("\n")[1]
    assert line.plain == second_line
    assert not width or len(line.plain) <= width or line.plain == f"▶ {GANG_NAMES[acting]}"


def test_a_sorcerer_order_not_yet_rolled_is_told_shorter() -> None:
    line = track_text(SORCERERS, NAMES, acting="rook", segment=None, stale=True, width=36)
    assert line.plain.split("\n")[1] == "▶ Rook · order: rolled in Step 3"
    line = track_text(SORCERERS, NAMES, acting="rook", segment=None, stale=True, width=24)
    assert line.plain.split("\n")[1] == "▶ Rook · order: Step 3"


@pytest.mark.parametrize("scenario", ["werewolf-thugs", "sorcerer-vs-thugs"])
async def test_a_gangs_order_fits_the_track_at_80x24_with_who_acts_now(
    catalog: Catalog, saves: Path, scenario: str
) -> None:
    fight = scenario_fight_for(catalog, scenario)
    app = make_app(catalog, saves, fight)
    checked = 0
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(8):
            await pilot.pause()
            screen = app.screen
            if not isinstance(screen, ArenaScreen) or fight.over:
                break
            decision = screen.driver.human_decision()
            assert decision is not None
            track = screen.query_one(OrderTrack)
            line = seen(track).splitlines()[1].rstrip()
            assert not line.endswith("…"), line  # told whole, not cut
            name = screen.driver.fight.view().combatant(decision.actor).name
            assert f"▶ {name}" in line, line
            checked += 1
            await pilot.press("1")
    assert checked >= 4
