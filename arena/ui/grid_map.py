"""The arena map: the grid drawn with the line API, one cached Strip per row, and a look cursor."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from typing import ClassVar, Final

from rich.segment import Segment
from rich.style import Style
from textual import events
from textual.binding import Binding, BindingType
from textual.geometry import Size
from textual.message import Message
from textual.reactive import reactive
from textual.strip import Strip
from textual.widget import Widget

from arena.engine import MAP_CELLS, FightView

Cell = tuple[int, int]
CURSOR_MARK = "◂"
"""Drawn in the cursor cell's second column (where nothing else is): the look cursor."""
CURSOR_FROM_LEFT = "▸"
"""Drawn in the second column of the cell left of the cursor's, when the cursor's is taken."""

TERRAIN: Final[Mapping[str, tuple[str, str]]] = MAP_CELLS
"""Map glyph → (the two characters drawn, the component class of its style)."""
SIDE_CLASSES: Final = 4
"""Sides are told apart by colour and by glyph: up to four side colours, then they repeat."""
MARK_MOVE: Final = "move"
MARK_TARGET: Final = "target"


@dataclass(frozen=True, slots=True)
class Glyph:
    """One combatant as the map draws it."""

    char: str
    tag: str
    """The digit telling it from others with its glyph (drawn where cells are two wide), or ""."""
    style: str
    """A component class: ``player``, ``side-N`` or ``down``."""


@dataclass(frozen=True, slots=True)
class RowKey:
    """What one row of the map looks like; the Strip cache is keyed by it."""

    row: str
    glyphs: tuple[tuple[int, Glyph], ...]
    marks: tuple[tuple[int, str], ...]
    cursor_x: int
    """The cursor's column on this row, or -1."""
    width: int
    cell_width: int


GONE: Final = frozenset({"fled", "absent", "banished"})
"""Statuses of combatants no longer on the map (a summonable demon is not there yet)."""
DOWN: Final = frozenset({"incapacitated", "helpless", "dead", "dissipated"})
"""Statuses drawn as a body; anyone else still stands (``cannot_act`` still defends)."""


def marks_of(view: FightView, humans: frozenset[str], asking: str = "") -> dict[str, str]:
    """Each combatant's mark on the map and on its panel, by id.

    ``@`` (you) is the person at the keyboard: the only one, or in hot-seat the one asked now
    (`asking`); everyone else has their glyph, with a digit after it, in roster order, where
    several share it (three thugs are ``t1``, ``t2``, ``t3``).
    """
    letters = [c.glyph[:1] or "?" for c in view.combatants]
    shared = Counter(letters)
    seen: Counter[str] = Counter()
    out = {}
    for c, letter in zip(view.combatants, letters, strict=True):
        seen[letter] += 1
        if c.id in humans and (len(humans) == 1 or c.id == asking):
            out[c.id] = "@"
        elif shared[letter] > 1:
            out[c.id] = letter + (str(seen[letter]) if seen[letter] < 10 else "+")
        else:
            out[c.id] = letter
    return out


class GridMap(Widget, can_focus=True):
    """The grid, its combatants, the legal moves and targets, and the look cursor."""

    COMPONENT_CLASSES: ClassVar[set[str]] = {
        "grid-map--wall",
        "grid-map--floor",
        "grid-map--door",
        "grid-map--rough",
        "grid-map--low",
        "grid-map--exit",
        "grid-map--move",
        "grid-map--target",
        "grid-map--cursor",
        "grid-map--player",
        "grid-map--down",
        *(f"grid-map--side-{n}" for n in range(SIDE_CLASSES)),
    }
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("up", "move_cursor(0, -1)", "Look up", show=False),
        Binding("down", "move_cursor(0, 1)", "Look down", show=False),
        Binding("left", "move_cursor(-1, 0)", "Look left", show=False),
        Binding("right", "move_cursor(1, 0)", "Look right", show=False),
        Binding("enter", "activate", "Act here", show=False),
    ]

    cursor: reactive[Cell] = reactive((0, 0), init=False)
    """The look cursor's cell."""

    class Moved(Message):
        """The look cursor moved to a cell."""

        def __init__(self, cell: Cell) -> None:
            super().__init__()
            self.cell = cell

    class Activated(Message):
        """The player pressed Enter (or clicked twice) on a cell: act on it."""

        def __init__(self, cell: Cell) -> None:
            super().__init__()
            self.cell = cell

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self._rows: tuple[str, ...] = ()
        self._glyphs: dict[Cell, Glyph] = {}
        self._marks: dict[Cell, str] = {}
        self._strips: dict[RowKey, Strip] = {}
        self._styles: dict[str, Style] = {}
        self.cell_width = 2
        """Columns a cell takes: 2 looks square, 1 fits a wide map on a narrow terminal."""

    # -- attributes down --------------------------------------------------------------------

    def show(
        self,
        view: FightView,
        humans: frozenset[str],
        marks: Mapping[Cell, str],
        asking: str = "",
    ) -> None:
        """Draw a fight's view, with marked cells (legal moves and targets).

        Args:
            view: the fight to draw.
            humans: ids of the combatants people play.
            marks: cell → ``move`` or ``target``.
            asking: whoever decides now: in hot-seat the person asked is drawn ``@``.
        """
        sides = list(dict.fromkeys(c.side for c in view.combatants))
        said = marks_of(view, humans, asking)
        glyphs: dict[Cell, Glyph] = {}
        # The downed first, so someone standing on a body is drawn on top of it.
        for c in sorted(view.combatants, key=lambda c: c.status not in DOWN):
            if c.status in GONE:
                continue
            mark = said[c.id]
            if c.status in DOWN:
                glyphs[c.pos] = Glyph("%", "", "down")
            elif mark == "@":
                glyphs[c.pos] = Glyph(mark, "", "player")
            else:
                side = f"side-{sides.index(c.side) % 4}"
                glyphs[c.pos] = Glyph(mark[0], mark[1:], side)
        if view.map.rows != self._rows:
            self._rows = view.map.rows
            self.refresh(layout=True)
        self._glyphs, self._marks = glyphs, dict(marks)
        self.refresh()

    def fit(self, room: int) -> None:
        """Draw cells two columns wide if the map fits in `room` columns that way, else one."""
        width = 1 if 2 * self.map_width > room else 2
        if width != self.cell_width:
            self.cell_width = width
            self.refresh(layout=True)

    @property
    def map_width(self) -> int:
        """Cells across."""
        return max((len(r) for r in self._rows), default=0)

    def place_cursor(self, cell: Cell) -> None:
        """Put the cursor on a cell without telling anyone (where a fight starts)."""
        self.set_reactive(GridMap.cursor, cell)
        self.refresh()

    def move_cursor(self, dx: int, dy: int) -> None:
        """Move the look cursor by a step, staying on the map."""
        x, y = self.cursor
        right, bottom = max(1, self.map_width) - 1, max(1, len(self._rows)) - 1
        self.cursor = (min(max(0, x + dx), right), min(max(0, y + dy), bottom))

    def cell_text(self, cell: Cell) -> str:
        """What the map shows at a cell, in words (for the look line and screen readers)."""
        x, y = cell
        inside = 0 <= y < len(self._rows) and 0 <= x < len(self._rows[y])
        name = TERRAIN.get(self._rows[y][x] if inside else "#", ("", "floor"))[1]
        return "low obstacle" if name == "low" else name

    # -- Textual ----------------------------------------------------------------------------

    def watch_cursor(self, old: Cell, new: Cell) -> None:
        """Redraw and tell the screen where the cursor is."""
        self.refresh()
        self.post_message(self.Moved(new))

    def action_move_cursor(self, dx: int, dy: int) -> None:
        """Move the look cursor (bound to the arrows when the map has focus)."""
        self.move_cursor(dx, dy)

    def action_activate(self) -> None:
        """Act on the cursor's cell."""
        self.post_message(self.Activated(self.cursor))

    def on_click(self, event: events.Click) -> None:
        """A click moves the cursor; a second click on the same cell acts on it."""
        cell = (event.x // self.cell_width, event.y)
        if cell == self.cursor:
            self.post_message(self.Activated(cell))
        elif 0 <= event.y < len(self._rows):
            self.cursor = cell

    def notify_style_update(self) -> None:
        """A theme or CSS change: forget the cached styles and Strips."""
        super().notify_style_update()
        self._styles.clear()
        self._strips.clear()

    def get_content_width(self, container: Size, viewport: Size) -> int:
        """Two columns per cell, so the grid looks square (one when space is short)."""
        return self.cell_width * self.map_width

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        """One line per row of the map."""
        return len(self._rows)

    def render_line(self, y: int) -> Strip:
        """One row of the map, from the cache when nothing in it changed."""
        if y >= len(self._rows):
            return Strip.blank(self.size.width, self.rich_style)
        key = self._row_key(y)
        strip = self._strips.get(key)
        if strip is None:
            if len(self._strips) > 4 * len(self._rows) + 64:
                self._strips.clear()  # old frames: a bounded cache
            strip = self._draw_row(key).extend_cell_length(self.size.width, self.rich_style)
            self._strips[key] = strip
        return strip

    # -- drawing ----------------------------------------------------------------------------

    def _row_key(self, y: int) -> RowKey:
        """Everything a row's look depends on: equal keys draw equal Strips."""
        cx, cy = self.cursor
        glyphs = tuple(sorted((x, g) for (x, gy), g in self._glyphs.items() if gy == y))
        marks = tuple(sorted((x, m) for (x, my), m in self._marks.items() if my == y))
        cursor_x = cx if cy == y else -1
        return RowKey(self._rows[y], glyphs, marks, cursor_x, self.size.width, self.cell_width)

    def _style(self, name: str) -> Style:
        style = self._styles.get(name)
        if style is None:
            base = self.rich_style
            style = base + self.get_component_rich_style(f"grid-map--{name}", partial=True)
            self._styles[name] = style
        return style

    def _overlay(self, name: str) -> Style:
        """A component's own style alone, to lay over another without the widget's colours."""
        key = f"over-{name}"
        style = self._styles.get(key)
        if style is None:
            style = self._styles[key] = self.get_component_rich_style(
                f"grid-map--{name}", partial=True
            )
        return style

    def _draw_row(self, key: RowKey) -> Strip:
        glyphs, marks = dict(key.glyphs), dict(key.marks)
        segments = []
        for x, ch in enumerate(key.row):
            text, name = TERRAIN.get(ch, (". ", "floor"))
            mark, glyph = marks.get(x), glyphs.get(x)
            if glyph is not None:
                # A target is underlined too: its digit, where it has one, keeps the place of '!'.
                after = glyph.tag or ("!" if mark == MARK_TARGET else " ")
                text, name = glyph.char + after, glyph.style
            elif mark == MARK_MOVE:
                text, name = (": " if ch == "." else text[0] + ":"), "move"
            style = self._style(name)
            text = text[: key.cell_width]
            if glyph is not None and mark == MARK_TARGET:
                # Only the target's own look (underline): the glyph keeps its side's colour.
                style += self._overlay("target")
            if x == key.cursor_x and glyph is not None:
                # Only the cursor's own look (reverse) over a combatant: its cell takes the
                # side's colour, so friend or foe still reads under the cursor.
                style += self._overlay("cursor")
            elif x == key.cursor_x:
                style += self._style("cursor")
            if x == key.cursor_x and len(text) > 1 and text[1] == " ":
                # A shape, not only reverse video: the cursor points at its cell.
                text = text[0] + CURSOR_MARK
            segments.append(Segment(text, style))
        at = key.cursor_x
        if 0 < at < len(segments) and CURSOR_MARK not in segments[at].text:
            # Its own second column is taken (a target's '!', a tag): the cell to its left
            # points at it instead, where that one has room.
            left = segments[at - 1]
            if len(left.text) > 1 and left.text[1] == " ":
                segments[at - 1] = Segment(left.text[0] + CURSOR_FROM_LEFT, left.style)
        return Strip(segments)
