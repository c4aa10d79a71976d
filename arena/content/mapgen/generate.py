"""Generate a map from its params: drawn, checked, drawn again from a derived seed if it fails."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Final

from arena.content.mapgen.canvas import FLOOR, LOW, ROUGH, SPAWNS_PER_SIDE, WALL, Canvas
from arena.content.mapgen.checks import Fairness, connected, fairness, point_blank
from arena.content.mapgen.params import MapParams, map_digest, try_seed
from arena.content.mapgen.styles import DRAW
from arena.content.maps import MapDef

TRIES_MAX: Final = 50
"""Tries before the safe layout is used: generation always ends."""
DISORDER: Final = {"low": 1, "some": 2, "much": 3}
"""Unmirrored cells of rough ground or low obstacles per try (by cover): the checks then
decide whether the map is still fair."""


@dataclass(frozen=True, slots=True)
class GeneratedMap:
    """A generated map, how it was reached, and what it is fair by."""

    params: MapParams
    map: MapDef
    tries: int
    """How many tries were drawn (1 when the first passed every check)."""
    fallback: bool
    """True when every try failed and the safe layout was used."""
    digest: str
    """``sha256:`` over the params line and the rows (see `map_digest`)."""
    sides: tuple[tuple[int, ...], tuple[int, ...]]
    """The spawn points of the west side and of the east side."""
    fairness: Fairness

    @property
    def rows(self) -> tuple[str, ...]:
        """The map's rows of glyphs."""
        return self.map.rows

    def text(self) -> str:
        """The map as plain text, one row a line."""
        return "\n".join(self.map.rows) + "\n"


SIDES: Final = (
    tuple(range(1, SPAWNS_PER_SIDE + 1)),
    tuple(range(SPAWNS_PER_SIDE + 1, 2 * SPAWNS_PER_SIDE + 1)),
)


def generate(params: MapParams) -> GeneratedMap:
    """The map these params give: the same one in every process.

    Each try draws from its own ``random.Random``, seeded from SHA-256 of the params and the
    try's number; the first try that passes every check is the map. After `TRIES_MAX` failed
    tries the safe layout (`safe_layout`) is the map, and ``fallback`` says so.
    """
    for attempt in range(TRIES_MAX):
        canvas = Canvas(params.width, params.height, random.Random(try_seed(params, attempt)))
        DRAW[params.style](canvas, params.cover)
        spawns = _place_spawns(canvas)
        if spawns is None:
            continue
        _disorder(canvas, params, spawns)
        result = _checked(params, canvas, spawns, attempt + 1, fallback=False)
        if result is not None:
            return result
    canvas = safe_layout(params)
    spawns = _safe_spawns(canvas)
    result = _checked(params, canvas, spawns, TRIES_MAX, fallback=True)
    if result is None:  # the safe layout is valid at every size; a test holds it so
        raise AssertionError(f"the safe layout failed its checks: {params.text()}")
    return result


def safe_layout(params: MapParams) -> Canvas:
    """A plain walled room, two pillars, an exit each end: fair and connected at every size."""
    canvas = Canvas(params.width, params.height, random.Random(0))
    w, h = params.width, params.height
    canvas.pair(0, h // 2, ">")
    canvas.pair(w // 2 - 1, h // 2 - 2 if h > 10 else 2, WALL)
    return canvas


def _safe_spawns(canvas: Canvas) -> list[tuple[int, int]]:
    h = canvas.height
    ys = [1 + (i * (h - 3)) // (SPAWNS_PER_SIDE - 1) for i in range(SPAWNS_PER_SIDE)]
    west = [(1, y) for y in ys]
    return west + [canvas.mirror(x, y) for x, y in west]


def _place_spawns(canvas: Canvas) -> list[tuple[int, int]] | None:
    """Four spawn points in the west band, apart where they can be, and their mirrors east."""
    band = [
        (x, y)
        for x in range(1, canvas.band() + 1)
        for y in range(1, canvas.height - 1)
        if canvas.get(x, y) == FLOOR
    ]
    if len(band) < SPAWNS_PER_SIDE:
        return None
    canvas.rng.shuffle(band)
    chosen: list[tuple[int, int]] = []
    for cell in band:
        if all(max(abs(cell[0] - c[0]), abs(cell[1] - c[1])) >= 2 for c in chosen):
            chosen.append(cell)
        if len(chosen) == SPAWNS_PER_SIDE:
            break
    for cell in band:
        if len(chosen) == SPAWNS_PER_SIDE:
            break
        if cell not in chosen:
            chosen.append(cell)
    chosen.sort(key=lambda c: (c[1], c[0]))
    return chosen + [canvas.mirror(x, y) for x, y in chosen]


def _disorder(canvas: Canvas, params: MapParams, spawns: list[tuple[int, int]]) -> None:
    """A few unmirrored cells of rough ground or low obstacles, off the spawn points."""
    taken = set(spawns)
    for _ in range(DISORDER[params.cover]):
        x = canvas.rng.randrange(1, canvas.width - 1)
        y = canvas.rng.randrange(1, canvas.height - 1)
        if (x, y) not in taken and canvas.get(x, y) == FLOOR:
            canvas.put(x, y, ROUGH if canvas.rng.random() < 0.6 else LOW)


def _checked(
    params: MapParams,
    canvas: Canvas,
    spawns: list[tuple[int, int]],
    tries: int,
    *,
    fallback: bool,
) -> GeneratedMap | None:
    """The map with its spawn digits drawn, if it passes every check."""
    w, h = canvas.width, canvas.height
    index = [y * w + x for x, y in spawns]
    half = len(spawns) // 2
    cells = canvas.cells
    if not connected(cells, w, h, index):
        return None
    measured = fairness(cells, w, h, (index[:half], index[half:]))
    if measured is None or not measured.fair():
        return None
    for number, i in enumerate(index, start=1):
        cells[i] = str(number)
    rows = canvas.rows()
    if point_blank(rows, spawns[:half], spawns[half:]):
        return None
    name = f"Generated {params.style} {params.seed}"[:40]
    description = (
        f"A generated {params.style} of {w} x {h} cells ({params.cover} cover), seed "
        f"{params.seed}. Spawn points 1-{half} are at the west end, "
        f"{half + 1}-{2 * half} at the east."
    )
    return GeneratedMap(
        params,
        MapDef(name, rows, description),
        tries,
        fallback,
        map_digest(params, rows),
        SIDES,
        measured,
    )
