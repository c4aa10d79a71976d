"""A batch plan of a shipped scenario, as the sim tests build them."""

from __future__ import annotations

from arena.content.loader import Catalog, default_content_root
from arena.sim import make_plan
from arena.sim.plan import BatchPlan


def shipped_plan(
    catalog: Catalog, name: str, fights: int, *changes: str, seed: int = 1
) -> BatchPlan:
    """`fights` fights of the shipped scenario `name` from `seed`, with `changes` if any."""
    return make_plan(
        catalog.scenarios[name],
        catalog,
        source=name,
        content_root=default_content_root(),
        fights=fights,
        seed=seed,
        changes=changes,
    )
