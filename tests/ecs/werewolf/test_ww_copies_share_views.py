"""A copy of a fight shares its view records (checked by all they read), never its views' truth."""

from __future__ import annotations

import pytest

from arena.content.loader import Catalog
from arena.engine import Controllers, Fight
from arena.engine.copies import branch, derive, stand_ins
from arena.engine.forecast import play_out


def _played(catalog: Catalog, seed: int, *, copies: int, after: int) -> Fight:
    fight = Fight(catalog.scenarios["werewolf-thugs"], catalog, seed=seed)
    Controllers(fight, watch=True, reasons=False).run(stop_after=after)
    with fight._world.entered():
        before = fight.ruleset.view(fight._ctx)
    for index in range(copies):
        play_out(branch(fight, derive(seed, index), stand_ins(fight)))
    with fight._world.entered():
        # The copies wrote their own moments' views into the records they share.
        assert fight.ruleset.view(fight._ctx) == before
    Controllers(fight, watch=True, reasons=False).run()
    return fight


@pytest.mark.parametrize("seed", [1, 2, 3])
@pytest.mark.parametrize("after", [3, 12])  # before anyone is hurt, and after blows landed
def test_playing_copies_to_their_ends_changes_nothing_the_fight_itself_shows_or_does(
    catalog: Catalog, seed: int, after: int
) -> None:
    alone = _played(catalog, seed, copies=0, after=after)
    copied = _played(catalog, seed, copies=3, after=after)
    assert copied.over
    assert copied.events == alone.events
    assert copied.view() == alone.view()
