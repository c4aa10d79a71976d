"""One label for Willpower, at every width: the card says it as the prompts and the rules do."""

from __future__ import annotations

import pytest
from rich.text import Text

from arena.engine import Pool
from arena.ui.panels import pool_text, pools_lines

POOLS = (Pool("Rage", 5, 5), Pool("Gnosis", 1, 1), Pool("Willpower", 4, 4))


@pytest.mark.parametrize("room", [60, 34, 20, 13])
@pytest.mark.parametrize("bar", [True, False])
def test_willpower_is_named_whole_on_a_card_of_any_width(room: int, bar: bool) -> None:
    whole = Text("  ").join(pool_text(p, bar=bar) for p in POOLS)
    lines = pools_lines(POOLS, whole, room, bar=bar).plain.split("\n")[1:]
    said = " ".join(lines)
    assert "Willpower 4/4" in said
    assert "Will 4/4" not in said
    if not bar:  # every line within the room (bars may run past a room this small)
        assert all(len(line.strip()) <= room for line in lines)
