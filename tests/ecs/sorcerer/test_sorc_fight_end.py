"""Nothing after the end: a Sorcerer fight's last event is its one `fight_ended`."""

from __future__ import annotations

import contextlib

import pytest

from arena.content.loader import Catalog, default_content_root
from arena.engine import Fight, ScriptError, play_until_human
from tests.ecs.sorcerer.conftest import MakeFight

SORCERER = sorted(
    p.stem
    for p in (default_content_root() / "scenarios").glob("*.yaml")
    if "ruleset: sorcerer" in p.read_text()
)
SEEDS = range(6)


def test_every_shipped_sorcerer_scenario_is_checked() -> None:
    assert len(SORCERER) >= 13
    assert "sorcerer-ai-street" in SORCERER


@pytest.mark.parametrize("name", SORCERER)
def test_no_event_follows_fight_ended(catalog: Catalog, name: str) -> None:
    # Over seeded fights of every shipped Sorcerer scenario, everyone played by its controller
    # (people by the stand-in AI): the fight's end is its last word, and each AI reason is
    # told in the round its decision was asked, never after the end.
    for seed in (None, *SEEDS):
        fight = Fight(catalog.scenarios[name], catalog, seed=seed)
        with fight, contextlib.suppress(ScriptError):
            play_until_human(fight, humans_too=True)
        if not fight.over:
            continue  # a script that no longer fits this seed stopped it
        kinds = [e.kind for e in fight.events]
        assert kinds.count("fight_ended") == 1, (name, seed)
        assert kinds[-1] == "fight_ended", (name, seed, kinds[kinds.index("fight_ended") :])
        last_round = fight.events[-1].round
        assert all(e.round <= last_round for e in fight.events), (name, seed)


def test_the_reasons_of_a_last_round_without_questions_come_before_the_end(
    make_fight: MakeFight,
) -> None:
    # Two AIs far apart in a one-round fight: after their secret intentions nothing more is
    # asked, and the round runs on to the end. Their reasons are told at Step 1 of round 1,
    # with the reveal, before Step 2 and before the fight's end.
    fight = make_fight(
        ("a", "brawler", "north", 1),
        ("b", "brawler", "south", 8),
        controller="ai:nearest",
        max_rounds=1,
        strict=False,
    )
    play_until_human(fight, humans_too=True)
    assert fight.over
    kinds = [(e.kind, e.step) for e in fight.events]
    assert kinds[-1][0] == "fight_ended"
    reasons = [i for i, (kind, _) in enumerate(kinds) if kind == "ai_reasoned"]
    revealed = [i for i, (kind, _) in enumerate(kinds) if kind == "intention_revealed"]
    assert len(reasons) == 2
    assert min(reasons) > max(revealed)
    assert {step for _, step in kinds[: max(reasons) + 1]} == {"sorc_setup", "sorc_intentions"}
    assert all(e.round == 1 for e in fight.events if e.kind == "ai_reasoned")
