"""A run save's numbers are read exactly: a fraction, a string or a flag is refused by key."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from arena.content.loader import Catalog
from arena.gauntlet import new_run
from arena.gauntlet.errors import GauntletError
from arena.gauntlet.saves import run_from_data, run_to_data


def _saved(catalog: Catalog, ruleset: str = "werewolf") -> dict[str, Any]:
    return run_to_data(new_run(catalog, ruleset, 7), catalog.digest)


def _set(data: dict[str, Any], path: str, value: object) -> dict[str, Any]:
    changed = copy.deepcopy(data)
    *outer, last = path.split(".")
    place = changed
    for key in outer:
        place = place[key]
    place[last] = value
    return changed


def test_a_save_reads_back_as_it_was_written(catalog: Catalog) -> None:
    for ruleset in ("werewolf", "sorcerer"):
        state = new_run(catalog, ruleset, 7)
        assert run_from_data(run_to_data(state, catalog.digest), catalog, "r") == state


@pytest.mark.parametrize(
    ("path", "value", "said"),
    [
        ("seed", 7.5, "seed: a whole number expected, not float"),
        ("seed", "7", "seed: a whole number expected, not str"),
        ("seed", True, "seed: a whole number expected, not bool"),
        ("seed", -1, "seed: -1 is not from 0 to"),
        ("seed", 2**64, "seed: 18446744073709551616 is not from 0 to"),
        ("carried.bashing", 1.5, "carried.bashing: a whole number expected, not float"),
        ("carried.lethal", -2, "carried.lethal: -2 is not from 0 to 1000"),
        ("carried.aggravated", 10**30, "carried.aggravated: 10000000000000"),
        ("carried.demon_gone", "false", "carried.demon_gone: true or false expected, not str"),
        ("carried.binding", 2.0, "carried.binding: a whole number expected, not float"),
        ("hospital", 0, "hospital: true or false expected, not int"),
    ],
)
def test_a_number_not_as_written_is_refused_by_its_key(
    catalog: Catalog, path: str, value: object, said: str
) -> None:
    data = _set(_saved(catalog), path, value)
    with pytest.raises(GauntletError, match="a damaged gauntlet save") as caught:
        run_from_data(data, catalog, "run.json")
    assert said in str(caught.value)


def test_a_pool_not_as_written_is_refused_by_its_name(catalog: Catalog) -> None:
    data = _saved(catalog)
    data["carried"]["pools"] = [["Rage", 3, 5]]
    with pytest.raises(GauntletError, match=r"carried: unhurt; Rage 3/5, but no fight was"):
        run_from_data(data, catalog, "run.json")  # well formed, but no fresh run has it
    data["carried"]["pools"] = [["Rage", "3", 5]]
    with pytest.raises(GauntletError, match=r"carried\.pools\.Rage: a whole number expected"):
        run_from_data(data, catalog, "run.json")
    data["carried"]["pools"] = [["Rage", 6, 5]]
    with pytest.raises(GauntletError, match=r"carried\.pools\.Rage: 6 is not from 0 to 5"):
        run_from_data(data, catalog, "run.json")
