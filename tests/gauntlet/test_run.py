from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest

from arena.content.gauntlet import WerewolfGroup
from arena.content.loader import Catalog, default_content_root, load_catalog
from arena.gauntlet import Carried, GauntletError, new_run, offer, play_fight
from arena.gauntlet.auto import auto_batch, auto_run
from arena.gauntlet.lineup import CARRIES_DAMAGE, fight_scenario
from arena.gauntlet.morgue import render_morgue
from arena.gauntlet.offers import ranked
from arena.gauntlet.saves import load_run, run_to_data, save_run
from arena.gauntlet.scores import add_score, load_scores


@pytest.fixture(scope="module")
def catalog() -> Catalog:
    return load_catalog(default_content_root())


@pytest.mark.parametrize("ruleset", ["werewolf", "sorcerer"])
def test_at_least_twelve_groups(catalog: Catalog, ruleset: str) -> None:
    assert len(ranked(catalog, ruleset)) >= 12


@pytest.mark.parametrize("ruleset", ["werewolf", "sorcerer"])
def test_offers_are_three_rising_and_repeatable(catalog: Catalog, ruleset: str) -> None:
    state = new_run(catalog, ruleset, 11, policy="nearest")
    first = offer(state, catalog)
    assert len(first) == 3
    assert first == offer(state, catalog)
    hardest = ranked(catalog, ruleset)[-1].danger
    late = dataclasses.replace(state, records=())
    # the last fight's band sits at the top of the ranking
    import random

    from arena.gauntlet.offers import draw_offer
    from arena.gauntlet.run import rules_for

    last = draw_offer(
        ranked(catalog, ruleset),
        fight=6,
        rules=rules_for(catalog, ruleset),
        rng=random.Random(1),
        fought=late.fought,
    )
    assert max(o.danger for o in last) == hardest
    assert min(o.danger for o in first) < min(o.danger for o in last)


def test_hospital_offers_only_the_easiest(catalog: Catalog) -> None:
    state = dataclasses.replace(new_run(catalog, "sorcerer", 3, policy="sorcerer"), hospital=True)
    only = offer(state, catalog)
    assert len(only) == 1


def test_sorcerer_carries_humanity_and_binding(catalog: Catalog) -> None:
    group = catalog.section("gauntlet", "sorcerer")["lone-bruiser"]
    carried = Carried(lasting=3, pools=(("Humanity", 2, 3),), binding=1)
    scenario = fight_scenario(
        catalog,
        ruleset="sorcerer",
        character="vic",
        group=group,  # type: ignore[arg-type]
        carried=carried,
        controller="ai:sorcerer",
        seed=1,
        max_rounds=20,
    )
    vic, scratch = scenario.combatants[0], scenario.combatants[1]
    assert scratch.overrides["binding"] == 1
    if CARRIES_DAMAGE:
        assert dict(vic.pools) == {"humanity": 2}
        assert dict(vic.damage) == {"lasting": 3}
    else:
        assert vic.overrides["humanity"] == 2


def test_werewolf_aggravated_damage_is_carried(catalog: Catalog) -> None:
    # over a few runs, each fight starts with what the rest before it left
    seen_aggravated = False
    for seed in range(1, 6):
        state = auto_run(catalog, "werewolf", seed)
        for before, after in zip(state.records, state.records[1:], strict=False):
            assert after.before == before.after_rest
            seen_aggravated |= "aggravated" in before.after_rest
    assert seen_aggravated


def test_sorcerer_lasting_damage_is_carried(catalog: Catalog) -> None:
    seen = False
    for seed in range(1, 6):
        state = auto_run(catalog, "sorcerer", seed)
        for before, after in zip(state.records, state.records[1:], strict=False):
            assert after.before == before.after_rest
            seen |= "lasting" in before.after_rest and "Humanity" in before.after_rest
    assert seen


def test_a_run_ends_by_the_rulings(catalog: Catalog) -> None:
    state = auto_run(catalog, "werewolf", 7)
    assert state.over
    assert state.end in {"won", "survived", "dead", "left for dead"}
    with pytest.raises(GauntletError, match="over"):
        play_fight(state, catalog, "lone-thug")


def test_an_offer_must_be_on_the_table(catalog: Catalog) -> None:
    state = new_run(catalog, "werewolf", 1, policy="garou")
    with pytest.raises(GauntletError, match="not on offer"):
        play_fight(state, catalog, "hive-guard")


def test_save_continue_and_a_closed_run(catalog: Catalog, tmp_path: Path) -> None:
    state = new_run(catalog, "werewolf", 4, policy="garou")
    state = play_fight(state, catalog, offer(state, catalog)[0].id)
    path = tmp_path / "run.json"
    save_run(state, catalog.digest, path)
    again = load_run(path, catalog)
    assert run_to_data(again, "") == run_to_data(state, "")
    finished = auto_run(catalog, "werewolf", 4)
    save_run(finished, catalog.digest, path)
    with pytest.raises(GauntletError, match="cannot be resumed"):
        load_run(path, catalog)
    save_run(state, "other", path)
    with pytest.raises(GauntletError, match="different content"):
        load_run(path, catalog)


def test_morgue_and_scores(catalog: Catalog, tmp_path: Path) -> None:
    state = auto_run(catalog, "sorcerer", 2)
    text = render_morgue(state, "Vic Harlan")
    assert text.startswith("# Vic Harlan: the gauntlet (sorcerer)")
    assert "## Fight 1:" in text
    assert "Dice luck" in text
    assert "**End**" in text
    add_score(tmp_path, state, "Vic Harlan")
    add_score(tmp_path, auto_run(catalog, "sorcerer", 3), "Vic Harlan")
    table = load_scores(tmp_path)
    assert len(table) == 2
    assert table[0].won >= table[1].won


def test_batch_report(catalog: Catalog) -> None:
    report = auto_batch(catalog, "werewolf", 1, 3)
    assert sum(report["fights_won"]["distribution"].values()) == 3
    assert sum(report["ends"].values()) == 3
    json.dumps(report)


def test_groups_are_werewolf_groups(catalog: Catalog) -> None:
    assert all(
        isinstance(g, WerewolfGroup) for g in catalog.section("gauntlet", "werewolf").values()
    )


@pytest.mark.parametrize(
    ("ruleset", "character", "group", "carried", "field", "value"),
    [
        # two aggravated levels carried start the next fight on the track
        ("werewolf", "ahroun", "lone-thug", Carried(aggravated=2), "aggravated", 2),
        # lasting damage carried is a penalty from the first roll of the next fight
        ("sorcerer", "vic", "lone-bruiser", Carried(lasting=3), "lasting", 3),
    ],
)
def test_the_next_fight_starts_hurt(
    catalog: Catalog,
    ruleset: str,
    character: str,
    group: str,
    carried: Carried,
    field: str,
    value: int,
) -> None:
    from arena.engine import Fight

    scenario = fight_scenario(
        catalog,
        ruleset=ruleset,
        character=character,
        group=catalog.section("gauntlet", ruleset)[group],  # type: ignore[arg-type]
        carried=carried,
        controller="ai:nearest",
        seed=1,
        max_rounds=20,
    )
    fight = Fight(scenario, catalog, hashes=False)
    try:
        fight.start()
        assert getattr(fight.view().combatant(character).wounds, field) == value
    finally:
        fight.close()
