"""The expert plays a thug's fighters as a gang: its own pick and its rollouts alike."""

from __future__ import annotations

import dataclasses

from arena.content.loader import Catalog
from arena.engine.expert import own, tactical_scenario


def test_the_expert_plays_a_thug_as_a_gang(catalog: Catalog) -> None:
    scenario = catalog.scenarios["werewolf-thugs"]
    first, second, *rest = scenario.combatants
    people = (
        dataclasses.replace(first, controller="ai:thug/expert", script=()),
        dataclasses.replace(second, controller="ai:garou/expert"),
        *rest,
    )
    played = tactical_scenario(dataclasses.replace(scenario, combatants=people))
    controllers = [c.controller for c in played.combatants]
    assert controllers[:2] == ["ai:gang/hard", "ai:garou/hard"]
    assert controllers[2:] == [c.controller for c in rest]
    assert (own("thug"), own("garou"), own("coward")) == ("gang", "garou", "coward")
