"""A sweep: the base scenario and every combination of a grid, each played on the same seeds."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from arena.content.loader import Catalog
from arena.content.scenario import ScenarioDef
from arena.engine.expert import set_budget
from arena.sim.aggregate import BatchStats, PairedStats
from arena.sim.batch import play, run_chunks
from arena.sim.chunks import Progress
from arena.sim.grid import FLAG, Axis, Cell, cells, parse_grid
from arena.sim.maps import map_params, setup_on_map
from arena.sim.plan import BatchPlan, check_changes, derive_seed, first_view, make_plan
from arena.sim.simulate import ctrl_c
from arena.sim.summary import FightSummary
from arena.sim.vary import Setup, apply_changes

if TYPE_CHECKING:
    from arena.sim.cluster import Cluster

Row = tuple[FightSummary, tuple[FightSummary, ...]]
"""One seed: the base fight, and the same seed's fight in each cell of the grid."""


@dataclass(frozen=True, slots=True)
class SweepPlan:
    """A batch plan for the base, the grid's axes, and each cell's setup: sent to every worker."""

    batch: BatchPlan
    axes: tuple[Axis, ...]
    cells: tuple[Cell, ...]
    setups: tuple[Setup, ...]
    """One per cell, in the cells' order."""

    @property
    def fights(self) -> int:
        """Every fight of the sweep: the base and each cell, on each seed."""
        return self.batch.fights * (len(self.cells) + 1)


def make_sweep(
    scenario: ScenarioDef,
    catalog: Catalog,
    *,
    source: str,
    content_root: Path,
    fights: int,
    grid: tuple[str, ...],
    seed: int | None = None,
) -> SweepPlan:
    """Check a sweep's grid against its scenario, cell by cell, and build the plan.

    Raises:
        SimError: a bad count, a malformed grid, or a cell the scenario or ruleset rejects.
    """
    axes = parse_grid(grid)
    batch = make_plan(
        scenario, catalog, source=source, content_root=content_root, fights=fights, seed=seed
    )
    view = first_view(batch.base, catalog, source)
    for axis in axes:
        apply_changes(batch.base, axis.changes)  # an unknown combatant, a value out of range
        check_changes(axis.changes, view)
    every = cells(axes)
    setups = []
    for cell in every:
        setup = apply_changes(batch.base, cell.changes)
        first_view(setup, catalog, f"{FLAG} {', '.join(cell.texts)}")
        setups.append(setup)
    return SweepPlan(batch, axes, every, tuple(setups))


def play_sweep_chunk(
    plan: SweepPlan,
    catalog: Catalog,
    start: int,
    stop: int,
    halted: Callable[[], bool] | None = None,
) -> list[Row]:
    """Play seeds ``start`` to ``stop - 1`` of a sweep: the base, then every cell, on each."""
    set_budget(plan.batch.ai_budget)
    rows: list[Row] = []
    maps = plan.batch.maps
    drawn: tuple[int, Setup, tuple[Setup, ...]] | None = None  # the map in play, made once
    for index in range(start, stop):
        if halted is not None and halted():
            break
        seed = derive_seed(plan.batch.seed, index)
        first, others = plan.batch.base, plan.setups
        if maps is not None:  # every setting of a seed on that seed's map: still paired
            number = index // maps.per_map
            if drawn is None or drawn[0] != number:
                params = map_params(maps, plan.batch.seed, number)
                on_map = tuple(setup_on_map(setup, params) for setup in others)
                drawn = (number, setup_on_map(first, params), on_map)
            first, others = drawn[1], drawn[2]
        base = play(first, catalog, seed)
        rows.append((base, tuple(play(setup, catalog, seed) for setup in others)))
    return rows


@dataclass(frozen=True, slots=True)
class SweepStats:
    """A sweep's figures: the base, each cell, and each cell's per-seed differences."""

    base: BatchStats
    cells: tuple[BatchStats, ...]
    paired: tuple[PairedStats, ...]
    left_out: int


def sweep(
    plan: SweepPlan,
    catalog: Catalog,
    *,
    jobs: int = 1,
    progress: Progress | None = None,
    cluster: Cluster | None = None,
) -> SweepStats:
    """Play a sweep and gather its figures; Ctrl-C stops it as it stops `simulate`.

    The first Ctrl-C stops between two seeds: the figures then cover the first seeds, every
    cell on each, as a sweep of that many fights would; a second one stops at once.

    Args:
        plan: the sweep.
        catalog: the content.
        jobs: worker processes (1 plays in this process).
        progress: told the number of fights finished (every cell's), now and then.
        cluster: a Dask cluster to play on instead of local processes (the same figures).

    Raises:
        SimError: a fight stopped on an illegal command, or a cluster lost fights for good.
    """
    sides = tuple(dict.fromkeys(c.side for c in plan.batch.base.scenario.combatants))
    base = BatchStats(sides)
    each = tuple(BatchStats(sides) for _ in plan.cells)
    paired = tuple(PairedStats(sides) for _ in plan.cells)
    per_seed = len(plan.cells) + 1
    told = None if progress is None else (lambda done: progress(done * per_seed))
    with ctrl_c() as stop:
        rows = run_chunks(play_sweep_chunk, plan, plan.batch, catalog, jobs, told, stop, cluster)
        try:
            for first, others in rows:
                base.add(first)
                for stats, diff, other in zip(each, paired, others, strict=True):
                    stats.add(other)
                    diff.add(first, other)
        finally:
            rows.close()
    return SweepStats(base, each, paired, stop.left_out)
