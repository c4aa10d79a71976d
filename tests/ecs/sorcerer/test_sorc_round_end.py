"""Step 6 in whole fights: the same statuses end a fight (or not) in every fight of a content."""

from __future__ import annotations

from arena.content.loader import default_content_root, load_catalog
from arena.engine import Controllers, Fight
from arena.rules.events import Event
from arena.words.core import render

CATALOG = load_catalog(default_content_root())


def _events(seed: int) -> list[Event]:
    fight = Fight(CATALOG.scenarios["sorcerer-duel"], CATALOG, seed=seed)
    Controllers(fight, watch=True, reasons=False).run()
    fight.close()
    return fight.events


def _ends(events: list[Event]) -> tuple[list[int], list[tuple[int, object]]]:
    rounds = [e.round for e in events if e.kind == "round_ended"]
    over = [(e.round, e.data) for e in events if e.kind == "fight_over"]
    return rounds, over


def test_a_fight_played_again_ends_where_it_ended_the_first_time() -> None:
    # Seed 5: eleven rounds end with both standing; Mara is helpless in the twelfth.
    expected = (
        list(range(1, 12)),
        [(12, {"over": True, "winner": "north", "status": {"rook": "active", "mara": "helpless"}})],
    )
    assert _ends(_events(5)) == expected
    assert _ends(_events(5)) == expected  # the statuses met before settle it again


def test_a_rollover_lapses_in_the_round_after_its_own_and_only_then() -> None:
    # Seed 5: Mara's defence rollover won in round 8 goes unspent through round 9.
    lost = [e for e in _events(5) if e.kind == "rollover_lost"]
    assert [(e.round, render(e.line)) for e in lost] == [
        (9, "Mara's rollover (1 die, defense, Rook) lapses."),
    ]
    assert lost[0].data == {
        "holder": "mara",
        "link": "defense",
        "other": "rook",
        "dice": 1,
        "earned": 8,
    }
