"""The order track marks whoever acts, from the view's numbers (or leads with them)."""

from __future__ import annotations

import dataclasses

import pytest

from arena.engine import CombatantView, FightView, MapView
from arena.rules.views import SorcererState, WerewolfState
from arena.ui.order_track import track_text

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
