"""Every shipped scenario of a ruleset played to its end by the AI, for tests that watch a fight."""

from __future__ import annotations

from arena.content.loader import default_content_root, load_catalog
from arena.engine import Controllers, Fight
from arena.sim.plan import batch_scenario

CATALOG = load_catalog(default_content_root())
SORCERER = sorted(n for n, s in CATALOG.scenarios.items() if s.ruleset == "sorcerer")
"""The shipped Sorcerer scenarios, by name."""
WEREWOLF = sorted(n for n, s in CATALOG.scenarios.items() if s.ruleset == "werewolf")
"""The shipped Werewolf scenarios, by name."""


def play_every_sorcerer_scenario(seeds: tuple[int, ...] = (1, 2, 3)) -> None:
    """Play each shipped Sorcerer scenario once per seed, as a batch plays it (the AI answers
    every decision, no reasons put in words)."""
    _play_every(SORCERER, seeds)


def play_every_werewolf_scenario(seeds: tuple[int, ...] = (1, 2, 3)) -> None:
    """Play each shipped Werewolf scenario once per seed, as a batch plays it."""
    _play_every(WEREWOLF, seeds)


def _play_every(names: list[str], seeds: tuple[int, ...]) -> None:
    for name in names:
        scenario = batch_scenario(CATALOG.scenarios[name])
        for seed in seeds:
            fight = Fight(scenario, CATALOG, seed=seed, rigged=())
            try:
                Controllers(fight, watch=True, reasons=False).run()
            finally:
                fight.close()
