"""A setup's placing is worked out once: every fight of it still starts from its own components.

`spawn` keeps who stands where, with what traits, pools, track and words, per setup (content,
scenario, options); each fight makes its own components from them. A fight played to its end
(wounds, spent pools, moves, shifts) must leave the next fight of the setup starting as the first
did, with the same start events.
"""

from __future__ import annotations

import pytest

from arena.content.loader import Catalog, default_content_root, load_catalog
from arena.content.scenario import ScenarioDef
from arena.engine import Controllers, Fight, FightView
from arena.sim.plan import batch_scenario

CATALOG: Catalog = load_catalog(default_content_root())


def _start(scenario: ScenarioDef, seed: int) -> tuple[Fight, FightView, list[tuple[object, ...]]]:
    fight = Fight(scenario, CATALOG, seed=seed, rigged=())
    fight.start()
    # Each start event with its words: the placing's are made once per setup, with it.
    events: list[tuple[object, ...]] = [
        (e.kind, e.actor, dict(e.data), e.text, e.why) for e in fight.events
    ]
    return fight, fight.view(), events


@pytest.mark.parametrize("name", ["werewolf-duel", "werewolf-thugs", "werewolf-ai-pack"])
def test_a_fight_played_out_leaves_the_next_fight_of_its_setup_starting_afresh(name: str) -> None:
    scenario = batch_scenario(CATALOG.scenarios[name])
    first, view, events = _start(scenario, 1)
    try:
        Controllers(first, watch=True, reasons=False).run()
        assert first.over
        assert first.view().combatants != view.combatants  # the fight changed its components
    finally:
        first.close()
    second, again, events_again = _start(scenario, 1)
    second.close()
    assert again.combatants == view.combatants
    assert events_again == events
    placed = [e for e in events if e[0] == "combatant_placed"]
    assert [e[1] for e in placed] == [c.id for c in view.combatants]
