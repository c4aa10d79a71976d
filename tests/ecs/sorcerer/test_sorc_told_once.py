from __future__ import annotations

from arena.content.loader import default_content_root, load_catalog
from arena.engine import Controllers, Fight
from arena.rules.events import Event
from arena.words.core import render

CATALOG = load_catalog(default_content_root())


def _revealed(seed: int) -> list[Event]:
    fight = Fight(CATALOG.scenarios["sorcerer-duel"], CATALOG, seed=seed)
    Controllers(fight, watch=True, reasons=False).run()
    fight.close()
    return [e for e in fight.events if e.kind == "intention_revealed"]


def test_a_revealed_intention_says_its_command_in_words_and_numbers() -> None:
    first = _revealed(3)
    assert [render(e.line) for e in first[:3]] == [
        "Rook states: attack Mara with fists.",
        "Mara states: attack Rook with fists.",
        "Rook states: total defense.",
    ]
    assert first[0].data == {"kind": "attack", "target": "mara", "means": "fists", "cell": None}
    assert first[2].data == {"kind": "total_defense", "target": "", "means": "", "cell": None}


def test_the_same_intention_is_told_by_one_kept_line_with_its_own_numbers() -> None:
    first, again = _revealed(3), _revealed(3)
    assert again == first
    assert len(first) == 5
    for a, b in zip(first, again, strict=True):
        assert b.line is a.line  # the same command, fight after fight: told once
        assert b.data is not a.data  # each event holds numbers of its own
