"""Seeded Werewolf fights tell their events in the same words, fight after fight.

Event lines and explanations are kept once made (a phrase of a few small numbers, a line of a
setup's names): a line kept wrongly would say another fight's numbers. Each scenario's digest
is a SHA-256 over every event's words (line and explanation) of fights played one after
another in one process, so later fights read what earlier ones kept.
"""

from __future__ import annotations

import hashlib

import pytest

from arena.content.loader import Catalog
from arena.engine import Controllers, Fight
from arena.sim.plan import batch_scenario

FIGHTS = 12
RECORDED = {
    "werewolf-duel": "873d2b0b46cb15fd",
    "werewolf-thugs": "33249ada9b9fffb9",
}
"""The digests as the words were drawn before any line was kept."""


def words_digest(catalog: Catalog, name: str) -> str:
    """The digest of every event's words in `FIGHTS` seeded AI fights of this scenario."""
    scenario = batch_scenario(catalog.scenarios[name])
    digest = hashlib.sha256()
    for seed in range(1, FIGHTS + 1):
        fight = Fight(scenario, catalog, seed=seed, rigged=())
        try:
            Controllers(fight, watch=True, reasons=False).run()
        finally:
            fight.close()
        for e in fight.events:
            digest.update(f"{e.kind}\t{e.text}\t{e.why}\n".encode())
    return digest.hexdigest()[:16]


@pytest.mark.parametrize("name", sorted(RECORDED))
def test_seeded_fights_tell_their_events_in_the_words_they_always_had(
    name: str, catalog: Catalog
) -> None:
    assert words_digest(catalog, name) == RECORDED[name]
