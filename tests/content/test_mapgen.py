"""Generated maps: connected, fair to both sides, bounded in tries, the same in every process."""

from __future__ import annotations

import importlib
import json
import os
import subprocess
import sys

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from arena.content.mapgen import COVERS, SIZE_MAX, SIZE_MIN, STYLES, MapParams, generate
from arena.content.mapgen.checks import (
    COVER_TOLERANCE,
    POINT_BLANK_MARGIN,
    UNREACHED,
    Fairness,
    connected,
    exit_tolerance,
    fairness,
    steps_from,
)
from arena.content.mapgen.generate import TRIES_MAX, _checked, _safe_spawns, safe_layout
from arena.rules.grid import Grid, distance, line_of_sight

SEEDS = st.integers(min_value=0, max_value=2**64 - 1)
SIZES = st.tuples(st.integers(SIZE_MIN, SIZE_MAX), st.integers(SIZE_MIN, SIZE_MAX))
PARAMS = st.builds(MapParams, SEEDS, SIZES, st.sampled_from(STYLES), st.sampled_from(COVERS))
QUICK = settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
THOUSANDS = settings(max_examples=1000, deadline=None, suppress_health_check=list(HealthCheck))


def _spawns(rows: tuple[str, ...]) -> dict[int, tuple[int, int]]:
    return {
        int(ch): (x, y) for y, row in enumerate(rows) for x, ch in enumerate(row) if ch.isdigit()
    }


def _flat(rows: tuple[str, ...]) -> tuple[list[str], int, int]:
    return [ch for row in rows for ch in row], len(rows[0]), len(rows)


def _walks(rows: tuple[str, ...]) -> None:
    """Every spawn point walks to every other spawn point and to an exit (rules' own grid)."""
    cells, w, h = _flat(rows)
    spawns = _spawns(rows)
    exits = [y * w + x for y, row in enumerate(rows) for x, ch in enumerate(row) if ch == ">"]
    assert exits, "no exit"
    for x, y in spawns.values():
        dist = steps_from(cells, w, h, [y * w + x])
        assert all(dist[b * w + a] < UNREACHED for a, b in spawns.values())
        assert any(dist[e] < UNREACHED for e in exits)


def _holds_every_check(params: MapParams) -> None:
    made = generate(params)
    rows = made.rows
    assert len(rows) == params.height
    assert all(len(r) == params.width for r in rows)
    assert set("".join(rows)) <= set("#.+~=>12345678")
    spawns = _spawns(rows)
    assert sorted(spawns) == [*made.sides[0], *made.sides[1]] == list(range(1, 9))
    _walks(rows)
    assert made.fairness.fair()
    grid = Grid(rows)
    for a in made.sides[0]:
        for b in made.sides[1]:
            near = distance(spawns[a], spawns[b]) <= POINT_BLANK_MARGIN
            assert not (near and line_of_sight(grid, spawns[a], spawns[b]))
    assert 1 <= made.tries <= TRIES_MAX
    if made.fallback:
        assert made.tries == TRIES_MAX
    assert made.digest.startswith("sha256:")
    assert len(made.digest) == 71


@QUICK
@given(PARAMS)
def test_generated_map_passes_connectivity_fairness_and_point_blank_checks(
    params: MapParams,
) -> None:
    _holds_every_check(params)


@pytest.mark.slow
@pytest.mark.parametrize("style", STYLES)
def test_generated_map_checks_hold_over_a_thousand_params_per_style(style: str) -> None:
    @THOUSANDS
    @given(SEEDS, SIZES, st.sampled_from(COVERS))
    def run(seed: int, size: tuple[int, int], cover: str) -> None:
        _holds_every_check(MapParams(seed, size, style, cover))  # type: ignore[arg-type]

    run()


@pytest.mark.slow
@pytest.mark.parametrize("style", STYLES)
def test_generated_map_20x12_first_thousands_seeds_per_style(style: str) -> None:
    fallbacks = 0
    for seed in range(3000):
        made = generate(MapParams(seed, (20, 12), style, COVERS[seed % 3]))  # type: ignore[arg-type]
        _walks(made.rows)
        assert made.fairness.fair()
        assert made.tries <= TRIES_MAX
        fallbacks += made.fallback
    assert fallbacks == 0  # the safe layout is a last resort, never the usual map


@QUICK
@given(PARAMS)
def test_generated_map_is_the_same_for_the_same_params(params: MapParams) -> None:
    first, second = generate(params), generate(params)
    assert first == second
    assert first.text() == second.text()


@settings(max_examples=50, deadline=None)
@given(PARAMS, SEEDS)
def test_generated_map_differs_with_the_seed(params: MapParams, other: int) -> None:
    changed = MapParams(other, params.size, params.style, params.cover)
    if other != params.seed:
        assert generate(changed).digest != generate(params).digest


ACROSS = [(s, st) for s in (0, 7, 2**63 + 5) for st in STYLES]
"""Seeds (one past 2^63) and styles generated in fresh processes as well as here."""


def _maps_here() -> list[str]:
    return [
        generate(MapParams(s, (20 + s % 7, 12 + s % 5), st, "much")).text()  # type: ignore[arg-type]
        for s, st in ACROSS
    ]


def test_generated_map_is_byte_identical_across_processes() -> None:
    probe = (
        "import json\n"
        "from tests.content.test_mapgen import _maps_here\n"
        "print(json.dumps(_maps_here()))\n"
    )
    seen = []
    for hashseed in ("0", "4242"):  # str hashes differ from process to process: maps may not
        env = {**os.environ, "PYTHONHASHSEED": hashseed}
        proc = subprocess.run(
            [sys.executable, "-c", probe], capture_output=True, text=True, env=env, check=True
        )
        seen.append(json.loads(proc.stdout))
    assert seen[0] == seen[1] == _maps_here()


def test_generated_map_digest_is_sha256_of_params_line_and_rows() -> None:
    import hashlib

    params = MapParams(7)
    made = generate(params)
    text = "seed=7;size=20x12;style=yard;cover=some\n" + "\n".join(made.rows) + "\n"
    assert made.digest == "sha256:" + hashlib.sha256(text.encode()).hexdigest()


@pytest.mark.parametrize("width", range(SIZE_MIN, SIZE_MAX + 1, 5))
@pytest.mark.parametrize("height", [SIZE_MIN, 11, 17, 24, SIZE_MAX // 2, SIZE_MAX])
def test_safe_layout_passes_every_check_at_every_size(width: int, height: int) -> None:
    params = MapParams(1, (width, height))
    canvas = safe_layout(params)
    made = _checked(params, canvas, _safe_spawns(canvas), TRIES_MAX, fallback=True)
    assert made is not None
    assert made.fallback
    assert made.tries == TRIES_MAX
    _walks(made.rows)


def test_generate_falls_back_to_the_safe_layout_when_every_try_fails(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    module = importlib.import_module("arena.content.mapgen.generate")
    monkeypatch.setattr(module, "_place_spawns", lambda canvas: None)  # every try fails
    made = module.generate(MapParams(3, (20, 12), "rooms"))
    assert made.fallback
    assert made.tries == TRIES_MAX
    _walks(made.rows)
    assert made.fairness.fair()


def test_failed_check_draws_again_from_a_derived_seed(monkeypatch: pytest.MonkeyPatch) -> None:
    module = importlib.import_module("arena.content.mapgen.generate")
    real = module.connected
    calls: list[int] = []

    def first_fails(*args: object) -> bool:
        calls.append(1)
        return len(calls) > 1 and real(*args)  # type: ignore[arg-type]

    monkeypatch.setattr(module, "connected", first_fails)
    made = module.generate(MapParams(3))
    assert made.tries == 2
    assert not made.fallback


# Fairness: the measure and its tolerance.
def test_fairness_within_tolerance_is_fair() -> None:
    assert Fairness((2.0, 2.0 + COVER_TOLERANCE), (10.0, 12.0)).fair()


def test_fairness_cover_beyond_tolerance_is_unfair() -> None:
    assert not Fairness((2.0, 2.0 + COVER_TOLERANCE + 0.25), (10.0, 10.0)).fair()


def test_fairness_exit_tolerance_is_a_share_of_the_farther_side_but_at_least_two() -> None:
    assert exit_tolerance(4.0, 5.0) == 2.0
    assert exit_tolerance(30.0, 40.0) == 4.0
    assert not Fairness((1.0, 1.0), (30.0, 34.5)).fair()


def test_fairness_measures_steps_with_rough_ground_costing_two() -> None:
    rows = (
        "###########",
        "#1~~.....5>",
        "#==.......#",
        "#....#....#",
        "###########",
    )
    cells, w, h = _flat(rows)
    measured = fairness(cells, w, h, ([1 * w + 1], [1 * w + 9]))
    assert measured is not None
    # 1 must cross the rough cell (2, 1): 2, then (3, 2) and (4, 2), next to the wall: 4.
    # 5 walks (8, 2), (7, 2), (6, 2): 3.
    assert measured.cover == (4.0, 3.0)
    # 1: 2 for the rough cell, then 7 cells along row 2 and the exit: 10; 5 is next to it.
    assert measured.exit == (10.0, 1.0)
    assert not measured.fair()


def test_connectivity_fails_when_a_spawn_is_walled_in() -> None:
    rows = (
        "#######",
        "#1#...>",
        "###.5.#",
        "#######",
    )
    cells, w, h = _flat(rows)
    assert not connected(cells, w, h, [1 * w + 1, 2 * w + 4])
    assert connected(cells, w, h, [2 * w + 4])


def test_connectivity_treats_low_obstacles_as_blocking_a_walk() -> None:
    rows = (
        "#######",
        "#1=...>",
        "#=====#",
        "#######",
    )
    cells, w, h = _flat(rows)
    assert not connected(cells, w, h, [1 * w + 1])
