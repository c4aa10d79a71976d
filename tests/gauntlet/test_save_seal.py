"""A run's save is sealed with a digest and must belong to its run: an edit is refused by key."""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from arena.cli import main
from arena.content.loader import Catalog
from arena.content.saves import body_digest
from arena.gauntlet import new_run, offer, play_fight
from arena.gauntlet.auto import safest
from arena.gauntlet.errors import GauntletError
from arena.gauntlet.saves import run_from_data, run_to_data

Edit = Callable[[dict[str, Any]], None]


def _run_after(catalog: Catalog, ruleset: str, policy: str, fights: int) -> dict[str, Any]:
    state = new_run(catalog, ruleset, 7, policy=policy)
    for _ in range(fights):
        state = play_fight(state, catalog, safest(state, offer(state, catalog)).id)
    assert not state.over
    return run_to_data(state, catalog.digest)


@pytest.fixture(scope="module")
def werewolf(catalog: Catalog) -> dict[str, Any]:
    """A Garou's run saved after two fights, as data."""
    return _run_after(catalog, "werewolf", "garou", 2)


@pytest.fixture(scope="module")
def sorcerer(catalog: Catalog) -> dict[str, Any]:
    """Vic's run saved after two fights, as data."""
    return _run_after(catalog, "sorcerer", "sorcerer", 2)


def _edited(data: dict[str, Any], edit: Edit, *, reseal: bool) -> dict[str, Any]:
    changed = copy.deepcopy(data)
    edit(changed)
    if reseal:  # the digest written again to match: what the ruleset allows is checked too
        changed.pop("digest")
        changed["digest"] = body_digest(changed)
    return changed


def _set(key: str, value: object) -> Edit:
    def edit(data: dict[str, Any]) -> None:
        *outer, last = key.split(".")
        place: Any = data
        for name in outer:
            place = place[int(name) if name.isdigit() else name]
        place[last] = value

    return edit


def _pool_name(data: dict[str, Any]) -> None:
    data["carried"]["pools"][0][0] = "zzz"


def _pool_most(data: dict[str, Any]) -> None:
    data["carried"]["pools"][0][1:] = [9, 9]


WEREWOLF_EDITS = [
    # Each was continued with status 0: the run went on changed.
    (_set("records", []), "(carried: unhurt; Rage 0/5, Gnosis 1/1, Willpower 2/4, but no fight"),
    (_set("carried.pools", []), "(carried.pools: none, but ahroun has Rage, Gnosis, Willpower)"),
    (_pool_name, "(carried.pools: 'zzz', 'Gnosis', 'Willpower', but ahroun has Rage, Gnosis"),
    (_pool_most, "(carried.pools.Rage: most 9, but ahroun's is 5)"),
    (_set("policy", "zzz"), "(policy: no AI policy 'ai:zzz'; known: nearest, random, thug"),
    (_set("hospital", True), "(hospital: true, but a werewolf run has no hospital)"),
    (_set("carried.binding", -1), "(carried.binding: -1, but ahroun in a werewolf run has no"),
    (_set("carried.lasting", 2), "(carried.lasting: 2, but ahroun in a werewolf run has no"),
    (_set("records.0.group", "zzz"), "(records[0].group: no werewolf group 'zzz')"),
]


@pytest.mark.parametrize("reseal", [False, True], ids=["as edited", "digest rewritten"])
@pytest.mark.parametrize(("edit", "said"), WEREWOLF_EDITS)
def test_an_edit_that_changes_the_run_is_refused_by_its_key(
    catalog: Catalog, werewolf: dict[str, Any], edit: Edit, said: str, reseal: bool
) -> None:
    data = _edited(werewolf, edit, reseal=reseal)
    with pytest.raises(GauntletError) as caught:
        run_from_data(data, catalog, "run.json")
    assert str(caught.value).startswith("run.json: a damaged gauntlet save ("), caught.value
    assert said in str(caught.value)


@pytest.mark.parametrize(
    ("edit", "said"),
    [
        (_set("hospital", True), "(hospital: true, but the last fight did not send the "),
        (_set("carried.bashing", 1), "(carried.bashing: 1, but vic in a sorcerer run has no"),
        (_set("carried.pools", []), "(carried.pools: none, but vic has Humanity)"),
    ],
)
def test_a_sorcerer_run_holds_only_what_sorcerer_runs_carry(
    catalog: Catalog, sorcerer: dict[str, Any], edit: Edit, said: str
) -> None:
    with pytest.raises(GauntletError, match="a damaged gauntlet save") as caught:
        run_from_data(_edited(sorcerer, edit, reseal=True), catalog, "run.json")
    assert said in str(caught.value)


@pytest.mark.parametrize(
    "edit",
    [
        _set("records.0.after_fight", "barely a scratch"),  # only words: the morgue tells them
        _set("records.0.luck.actual", 99),  # luckier dice than were rolled
        _set("records.0.rounds", 9),  # a longer fight than was fought
    ],
)
def test_any_other_edit_is_refused_by_the_digest(
    catalog: Catalog, werewolf: dict[str, Any], edit: Edit
) -> None:
    data = _edited(werewolf, edit, reseal=False)
    assert data != werewolf
    with pytest.raises(GauntletError) as caught:
        run_from_data(data, catalog, "run.json")
    assert str(caught.value) == (
        "run.json: a damaged gauntlet save (digest: does not match the save: it was changed "
        "after arena wrote it, or damaged; a run's save cannot be edited)"
    )


@pytest.mark.parametrize(
    ("edit", "said"),
    [
        (
            _set("format", "arena-gauntlet/1"),
            "run.json: a gauntlet run made by an older arena, format 1; this arena continues "
            "format 2 only",
        ),
        # It said "not a gauntlet save (arena-gauntlet/1)": the format wanted, not the one found.
        (
            _set("format", "arena-gauntlet/3"),
            "run.json: a gauntlet run made by a newer arena, format 3; this arena continues "
            "format 2 only",
        ),
        (_set("format", "zzz"), "run.json: not a gauntlet save (format: 'zzz')"),
        (_set("format", 2), "run.json: not a gauntlet save (format: 2)"),
        (lambda d: d.pop("format"), "run.json: not a gauntlet save (format: missing)"),
        (
            lambda d: d.pop("digest"),
            "run.json: a damaged gauntlet save (digest: missing: the file was not written by "
            "arena, or cut short)",
        ),
    ],
)
def test_a_save_of_another_format_says_which(
    catalog: Catalog, werewolf: dict[str, Any], edit: Edit, said: str
) -> None:
    with pytest.raises(GauntletError) as caught:
        run_from_data(_edited(werewolf, edit, reseal=False), catalog, "run.json")
    assert str(caught.value) == said


def test_continue_refuses_an_edited_save_in_one_line_and_leaves_it_as_it_was(
    werewolf: dict[str, Any],
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    path = tmp_path / "run.json"
    text = json.dumps(_edited(werewolf, _set("records", []), reseal=True))
    path.write_text(text)
    argv = ["gauntlet", "--continue", str(path), "--auto", "ai:garou", "-q"]
    assert main([*argv, "--saves", str(tmp_path)]) == 2
    out, err = capsys.readouterr()
    assert (out, err.count("\n")) == ("", 1)
    assert err.startswith(f"arena: {path}: a damaged gauntlet save (carried: unhurt; Rage 0/5")
    assert [p.name for p in tmp_path.iterdir()] == ["run.json"]
    assert path.read_text() == text


@pytest.mark.parametrize(("ruleset", "policy"), [("werewolf", "garou"), ("sorcerer", "sorcerer")])
def test_every_save_a_run_makes_goes_on(catalog: Catalog, ruleset: str, policy: str) -> None:
    state = new_run(catalog, ruleset, 3, policy=policy)
    while True:
        state = play_fight(state, catalog, safest(state, offer(state, catalog)).id)
        if state.over:
            break
        assert run_from_data(run_to_data(state, catalog.digest), catalog, "r") == state
