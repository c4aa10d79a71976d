"""The four styles: each draws walls, cover, doors and exits, mirrored half a turn."""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from arena.content.mapgen.canvas import DOOR, EXIT, FLOOR, LOW, ROUGH, WALL, Canvas
from arena.content.mapgen.params import Cover, Style

PIECES: Final = {"low": 2, "some": 4, "much": 7}
"""Pieces of cover each side gets, by the cover asked for (on a 20 x 12 map; more when larger)."""


def pieces(canvas: Canvas, cover: Cover) -> int:
    """How many pieces of cover per side: scaled by the map's area against 20 x 12."""
    area = (canvas.width - 2) * (canvas.height - 2)
    return max(1, round(PIECES[cover] * area / 180))


def _side_exits(canvas: Canvas) -> None:
    """An exit in the west wall and its mirror in the east wall, with floor inside each."""
    y = canvas.rng.randrange(1, canvas.height - 1)
    canvas.pair(0, y, EXIT)
    canvas.pair(1, y, FLOOR)


def _end_exits(canvas: Canvas) -> None:
    """An exit in the north wall and its mirror in the south wall, with floor inside each."""
    x = canvas.rng.randrange(canvas.band() + 1, canvas.width - canvas.band() - 1)
    canvas.pair(x, 0, EXIT)
    canvas.pair(x, 1, FLOOR)


def _middle_cell(canvas: Canvas) -> tuple[int, int]:
    """A random cell of the west half, outside the spawn band."""
    x = canvas.rng.randrange(canvas.band() + 1, max(canvas.band() + 2, canvas.width // 2))
    return x, canvas.rng.randrange(1, canvas.height - 1)


def _patches(canvas: Canvas, glyph: str, count: int, longest: int) -> None:
    """Short runs of a glyph (mud, tables, cars) on floor cells, mirrored."""
    for _ in range(count):
        x, y = _middle_cell(canvas)
        across = canvas.rng.random() < 0.5
        for step in range(canvas.rng.randint(1, longest)):
            cx, cy = (x + step, y) if across else (x, y + step)
            if canvas.inside(cx, cy) and canvas.get(cx, cy) == FLOOR:
                canvas.pair(cx, cy, glyph)


def yard(canvas: Canvas, cover: Cover) -> None:
    """An open yard: wrecks and stacks of walls, low wrecks, mud; gates east and west."""
    _side_exits(canvas)
    for _ in range(pieces(canvas, cover)):
        x, y = _middle_cell(canvas)
        canvas.block(x, y, canvas.rng.randint(1, 2), canvas.rng.randint(1, 3), WALL)
    _patches(canvas, LOW, max(1, pieces(canvas, cover) // 2), 2)
    _patches(canvas, ROUGH, 2, 3)


def street(canvas: Canvas, cover: Cover) -> None:
    """A street between two rows of shops, a door into each; parked cars and bins; open ends."""
    w, h, rng = canvas.width, canvas.height, canvas.rng
    front = max(1, (h - 2) // 4)
    canvas.block(1, front, w - 2, 1, WALL)
    x = 1
    while x <= w - 2 and front > 1:
        end = min(x + rng.randint(3, 5), w - 2)  # the shop's last cell
        canvas.pair(rng.randint(x, end), front, DOOR)
        x = end + 1
        if x >= w - 2:
            break  # a last cell with no room for a shop of its own joins this one
        canvas.block(x, 1, 1, front, WALL)
        x += 1
    y = rng.randrange(front + 1, h - 1 - front)
    canvas.pair(0, y, EXIT)
    canvas.pair(1, y, FLOOR)
    for _ in range(pieces(canvas, cover)):
        x, y = _middle_cell(canvas)
        if y <= front or y >= h - 1 - front:
            continue
        if rng.random() < 0.5:
            canvas.block(x, y, rng.randint(2, 3), 1, LOW)
        else:
            canvas.block(x, y, 1, 1, WALL)
    _patches(canvas, ROUGH, 1, 2)


def rooms(canvas: Canvas, cover: Cover) -> None:
    """Rooms off a hall: partition walls with doors and gaps, furniture; exits east and west."""
    w, h, rng = canvas.width, canvas.height, canvas.rng
    wall_x = rng.randrange(canvas.band() + 2, max(canvas.band() + 3, w // 2 - 1))
    for y in range(1, h - 1):
        canvas.pair(wall_x, y, WALL)
    for _ in range(2):
        canvas.pair(wall_x, rng.randrange(1, h - 1), DOOR)
    canvas.pair(wall_x, rng.randrange(1, h - 1), FLOOR)
    split = rng.randrange(2, h - 2)
    for x in range(wall_x + 1, w // 2 + 1):
        canvas.pair(x, split, WALL)
    canvas.pair(rng.randrange(wall_x + 1, w // 2 + 1), split, DOOR)
    _side_exits(canvas)
    _patches(canvas, LOW, pieces(canvas, cover), 2)
    for _ in range(max(1, pieces(canvas, cover) // 2)):
        canvas.block(*_middle_cell(canvas), 1, 1, WALL)
    _patches(canvas, ROUGH, 1, 2)


def ring(canvas: Canvas, cover: Cover) -> None:
    """A ring round a central block, pillars in the corners; exits north and south."""
    w, h, rng = canvas.width, canvas.height, canvas.rng
    bw, bh = max(2, w // 3), max(1, h // 3)
    canvas.block((w - bw) // 2, (h - bh) // 2, bw, bh, WALL)
    if rng.random() < 0.5:
        canvas.pair(w // 2, (h - bh) // 2, DOOR)
    _end_exits(canvas)
    for _ in range(pieces(canvas, cover)):
        x, y = _middle_cell(canvas)
        glyph = LOW if rng.random() < 0.4 else WALL
        canvas.block(x, y, 1, rng.randint(1, 2), glyph)
    _patches(canvas, ROUGH, 2, 2)


DRAW: Final[dict[Style, Callable[[Canvas, Cover], None]]] = {
    "yard": yard,
    "street": street,
    "rooms": rooms,
    "ring": ring,
}
