"""Every shipped scenario of a ruleset played to its end by the AI, for tests that watch a fight."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from arena.content.loader import default_content_root, load_catalog
from arena.engine import Controllers, Fight
from arena.rules.views import Board, CombatantView, Piece
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


def boards_held_to_views(
    monkeypatch: pytest.MonkeyPatch,
    shown: Callable[[CombatantView], tuple[object, ...]],
    seen: Callable[[Piece], tuple[object, ...]],
) -> list[Board]:
    """Every board the fights played next make, each held to the view of the same moment:
    each combatant's view as ``shown`` reads it equal to its piece as ``seen`` reads it, and
    the same ruleset. The boards, in order, for the caller's further checks."""
    glance = Fight.board
    boards: list[Board] = []

    def checked(fight: Fight) -> Board:
        board = glance(fight)
        view = fight.ruleset.view(fight._ctx)
        assert [seen(p) for p in board.combatants] == [shown(c) for c in view.combatants]
        assert board.ruleset == view.ruleset
        boards.append(board)
        return board

    monkeypatch.setattr(Fight, "board", checked)
    return boards
