"""The projector's dice: the latest roll's faces as large as the screen allows, each a tile."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Final

from rich.text import Text
from textual.color import Color
from textual.widgets import Static

from arena.engine import Contest, Event, StorytellerRoll
from arena.ui import big_text

MOST_FACES: Final = 10
"""Faces a side of a roll shows at most; more are counted in words under the tiles."""
SCALES: Final = (4, 2, 1)
"""Type sizes for the faces, largest first: the first at which every tile fits is used."""
SHARE: Final = 3
"""The dice take at most one part in this many of the screen's height."""


@dataclass(frozen=True, slots=True)
class Face:
    """One tile: the face's number and how it counted."""

    text: str
    kind: str
    """``hit`` counted, ``one`` took a success away, ``miss``, or ``versus`` between sides."""


def faces_of(roll: StorytellerRoll | Contest) -> tuple[list[Face], int]:
    """The tiles of a roll, and how many faces did not get one.

    A Storyteller roll counts its faces at or over the difficulty and loses one for each 1.
    A contest shows the first side, a ``-``, then the second; a face beating the other
    side's best is a victory.
    """
    if isinstance(roll, StorytellerRoll):
        tiles = [
            Face(str(f), "hit" if f >= roll.difficulty else "one" if f == 1 else "miss")
            for f in roll.faces
        ]
        return tiles[:MOST_FACES], max(0, len(tiles) - MOST_FACES)
    best_first, best_second = max(roll.first, default=0), max(roll.second, default=0)
    first = [Face(str(f), "hit" if f > best_second else "miss") for f in roll.first]
    second = [Face(str(f), "hit" if f > best_first else "miss") for f in roll.second]
    left_out = max(0, len(first) - MOST_FACES) + max(0, len(second) - MOST_FACES)
    tiles = first[:MOST_FACES]
    if second:
        tiles += [Face("-", "versus"), *second[:MOST_FACES]]
    return tiles, left_out


def _pad(scale: int) -> tuple[int, int]:
    """Columns and rows of a tile's margin inside its colour, around the digits."""
    return (1, 0) if scale == 1 else (scale // 2 + 1, scale // 4 + 1)


def _gap(scale: int) -> int:
    return 1 if scale == 1 else scale


def tiles_width(faces: Sequence[Face], scale: int) -> int:
    """Columns a row of tiles takes at `scale`."""
    cols, _ = _pad(scale)
    widths = [big_text.text_width(f.text, scale) + 2 * cols for f in faces]
    return sum(widths) + _gap(scale) * max(len(faces) - 1, 0)


def tiles_height(scale: int) -> int:
    """Rows a row of tiles takes at `scale`."""
    return big_text.height(scale) + 2 * _pad(scale)[1]


def best_scale(faces: Sequence[Face], width: int, height: int) -> int | None:
    """The largest scale at which every tile fits `width` by `height`; None if none does."""
    for scale in SCALES:
        if tiles_width(faces, scale) <= width and tiles_height(scale) <= height:
            return scale
    return None


def tiles_text(faces: Sequence[Face], scale: int, styles: Mapping[str, str]) -> Text:
    """The tiles drawn side by side, each in its kind's style (from `styles`)."""
    cols, rows = _pad(scale)
    blank_rows = [""] * rows
    drawn = []
    for face in faces:
        glyph = big_text.render(face.text, scale)
        inner = len(glyph[0])
        lines = [" " * inner for _ in blank_rows] + glyph + [" " * inner for _ in blank_rows]
        drawn.append([" " * cols + line + " " * cols for line in lines])
    out = Text(no_wrap=True, overflow="crop")
    gap = " " * _gap(scale)
    for row in range(tiles_height(scale)):
        if row:
            out.append("\n")
        for index, (face, lines) in enumerate(zip(faces, drawn, strict=True)):
            if index:
                out.append(gap)
            out.append(lines[row], style=styles.get(face.kind, ""))
    return out


class BigDice(Static):
    """The latest roll's faces in large type, on tiles: counted bright, ones red, others dim.

    The tiles take the largest type that fits the width and a third of the screen's height;
    the box is as tall as the tiles (and a line of words when faces are left out).
    """

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self._event: Event | None = None
        self._drawn: Text | None = None

    def show(self, event: Event | None) -> None:
        """Draw the faces of this event's roll (nothing if it has none)."""
        self._event = event
        self._draw()

    def on_resize(self) -> None:
        """The type is fitted to the screen: draw again at its new size."""
        self._draw()

    def styles_by_kind(self) -> dict[str, str]:
        """Each kind of face's colours, from the theme."""
        theme = self.app.current_theme
        success, error = theme.success or "green", theme.error or "red"
        return {
            "hit": f"bold {success} on {_dim(success)}",
            "one": f"bold {error} on {_dim(error)}",
            "miss": "bright_white on grey23",
            "versus": "bold",
        }

    def _draw(self) -> None:
        event = self._event
        roll = event.roll if event is not None else None
        faces, left_out = faces_of(roll) if roll is not None else ([], 0)
        width = self.size.width or self.screen.size.width
        budget = max(3, self.screen.size.height // SHARE)
        scale = best_scale(faces, width, budget)
        while faces and scale is None:  # a narrow screen: the faces that fit; the card has all
            faces, left_out = faces[:-1], left_out + 1
            scale = best_scale(faces, width, budget)
        text = tiles_text(faces, scale or 1, self.styles_by_kind()) if faces else Text()
        if left_out:
            text.append(f"\n+{left_out} more (on the card)", style="italic")
        if text != self._drawn:
            self._drawn = text
            self.styles.height = len(text.plain.splitlines()) if faces else 0
            self.update(text)


def _dim(colour: str) -> str:
    """A dark background for a tile of this colour."""
    return Color.parse(colour).blend(Color(0, 0, 0), 0.7).hex
