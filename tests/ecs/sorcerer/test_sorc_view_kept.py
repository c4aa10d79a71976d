"""A combatant's view made again from its last one equals the view made afresh."""

from __future__ import annotations

import importlib

import pytest

from arena.ecs.ruleset import Ctx
from arena.ecs.sorcerer import queries
from arena.rules.views import FightView
from tests.played import SORCERER, play_every_sorcerer_scenario

ruleset = importlib.import_module("arena.ecs.sorcerer")
view_module = importlib.import_module("arena.ecs.sorcerer.view")


def test_a_view_made_from_kept_parts_equals_one_made_afresh(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Every view of AI-played fights of each shipped Sorcerer scenario, compared field by
    field with the view the same moment gives once every kept part is forgotten."""
    kept = view_module.view
    compared: list[int] = []
    again: list[int] = []

    def checked(ctx: Ctx, step: str) -> FightView:
        rs = queries.round_state()
        before = dict(rs.views)
        made = kept(ctx, step)
        # Views remade from their last parts (not made afresh, not found unchanged).
        again.extend(e for e, v in rs.views.items() if e in before and v[2] is not before[e][2])
        views, states, intents = rs.views, rs.states, rs.intents
        rs.views, rs.states, rs.intents = {}, {}, {}
        try:
            fresh = kept(ctx, step)
        finally:
            rs.views, rs.states, rs.intents = views, states, intents
        assert made == fresh
        compared.append(len(made.combatants))
        return made

    monkeypatch.setattr(ruleset, "_view", checked)
    play_every_sorcerer_scenario()
    assert len(SORCERER) >= 10
    assert sum(compared) > 100
    assert len(again) > 50  # the parts kept were used, not just made afresh
