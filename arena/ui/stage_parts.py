"""The stage's parts: the rule card (large type for the projector) and the recent log."""

from __future__ import annotations

from collections.abc import Sequence
from textwrap import wrap
from typing import Final

from rich.text import Text
from textual.strip import Strip
from textual.widget import Widget
from textual.widgets import Static

from arena.engine import Event, Verbosity, event_lines
from arena.ui import big_text
from arena.ui.rule_cards import Card


def card_text(card: Card, *, big: bool = False) -> Text:
    """A rule card: the step, its rule, what happened and this moment's numbers."""
    out = Text().append(f" {card.step} ", style="bold reverse" if big else "bold underline")
    out.append("\n")
    for line in card.rule:
        out.append(f"\n{line}", style="italic")
    out.append(f"\n\n{card.what}", style="bold")
    for line in card.numbers:
        out.append(f"\n  {line}")
    return out


SCALES: Final = ((4, 2), (2, 2), (2, 1), (1, 1), (1, 0))
"""Large type for the step name and the key numbers, largest first: the first that fits.

Scale 0 sets the key numbers in ordinary type, on one line: the last resort of a short card,
so what happened still has its line.
"""
WHOLE_RULE_FROM: Final = 4
"""A step name this large must leave room for the whole rule: it never costs a rule line."""
KEY_GAP: Final = "  "
"""Between two key numbers on one line of large type."""


def big_card_text(card: Card, width: int, height: int, accent: str = "") -> Text:
    """A rule card for the projector: the step and key numbers in large type, then the rest.

    The step name and key numbers take the largest type in which both fit `width` by `height`
    with a line left for what happened (and the whole rule, for the largest step name); the
    rule's lines follow in ordinary type if room is left. Rows still spare are shared out
    between the parts and under them, so a tall card has no empty band above the dice.
    """
    words = card.step.split()
    what_rows = len(wrap(card.what, width)) if width > 0 else 1
    for step_scale, key_scale in SCALES:
        fit = big_text.fits(words, width, step_scale) and big_text.fits(card.key, width, key_scale)
        if not fit:
            continue
        step = large(words, width, step_scale)
        keys = large(card.key, width, key_scale, KEY_GAP)
        rows = rows_of(step) + (rows_of(keys) + 1 if keys else 0)
        rule = len(card.rule) if step_scale >= WHOLE_RULE_FROM else 0
        if rows + 1 + what_rows + rule <= height:
            break
    else:  # nothing fits: the smallest, cut by the card's edges
        step, keys = large(words, width, 1), large(card.key, width, 0, KEY_GAP)
    step.stylize(f"bold {accent}".strip())
    keys.stylize("bold")
    # What happened and the rule wrap at the card's width (the card crops, never wraps):
    # at 80 columns a rule line is longer than the card.
    room = height - (rows_of(step) + (rows_of(keys) + 1 if keys else 0)) - 1
    said = said_text(card, width, room)
    parts = [part for part in (step, keys, said) if part]
    used = sum(rows_of(part) for part in parts) + len(parts) - 1
    gaps = spread(height - used, len(parts))
    out = Text(no_wrap=True, overflow="crop")
    for index, part in enumerate(parts):
        if index:
            out.append("\n" * (2 + gaps[index - 1]))
        out.append_text(part)
    return out


def said_text(card: Card, width: int, room: int) -> Text:
    """What happened (bold) and the rule (italic), wrapped to `width`, in `room` rows.

    What happened always shows; rule lines that find no room are left out whole, and the
    last row says so (the normal card, ``b``, has them all).
    """
    what = wrap(card.what, width) or [""] if width > 0 else [card.what]
    rule = [piece for line in card.rule for piece in (wrap(line, width) if width > 0 else [line])]
    if len(what) + len(rule) > room and rule:
        kept = room - len(what) - 1
        rule = [*rule[:kept], "… more of the rule: b, the normal card"] if kept >= 0 else []
    out = Text("\n".join(what), style="bold")
    if rule:
        out.append("\n").append("\n".join(rule), style="italic")
    return out


def large(words: Sequence[str], width: int, scale: int, gap: str = " ") -> Text:
    """Words in large type at `scale`, wrapped to `width`, a blank row between lines.

    Scale 0 is ordinary type: the words on one line, a dot between them.
    """
    if scale == 0:
        return Text(" · ".join(words))
    lines = big_text.wrap(words, width, scale, gap)
    return Text("\n\n").join(Text("\n".join(big_text.render(line, scale))) for line in lines)


def rows_of(text: Text) -> int:
    """Rows a text takes, one a line (nothing wraps on the card)."""
    return text.plain.count("\n") + 1 if text else 0


def spread(spare: int, parts: int) -> list[int]:
    """Spare rows shared evenly between `parts` and under the last (under it, what is left)."""
    share = max(spare, 0) // parts
    return [share] * (parts - 1)


class RuleCardView(Static):
    """The rule card of the moment on screen; in projector mode, large type fitted to the box."""

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.border_title = "Rule"
        self._card: Card | None = None
        self._big = False
        self._drawn: Text | None = None

    def show(self, card: Card | None, *, big: bool = False, level: str = "rule") -> None:
        """Show a card (or a word that nothing has happened yet)."""
        self.border_title = f"Rule · explain: {level} (e)"
        self._card, self._big = card, big
        self._draw()

    def on_resize(self) -> None:
        """Large type is fitted to the box: draw again at the new size."""
        if self._big:
            self._draw()

    def _draw(self) -> None:
        card = self._card
        if card is None:
            text = Text("Nothing has happened yet.", style="dim")
        elif self._big and self.content_size.width > 0:
            size = self.content_size
            accent = self.app.current_theme.accent or ""
            text = big_card_text(card, size.width, size.height, accent)
        else:
            text = card_text(card, big=self._big)
        if text != self._drawn:
            self._drawn = text
            # The card's box has a fixed height (stage.tcss): a new card needs no new layout.
            self.update(text, layout=False)


class RecentLog(Widget):
    """The last events on screen, newest at the bottom, drawn a line at a time.

    Lines wrap at the box's width (beside an 80-column stage the box is narrow), the rest of a
    line indented. A step moves the log by a line or two: every other line comes from the
    Strip cache.
    """

    KEPT: Final = 40
    """Events looked at for the lines on screen."""

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.border_title = "Log"
        self._said: list[tuple[str, bool]] = []
        """Each line the events say, and whether it is a reason (drawn dim)."""
        self._lines: list[tuple[str, bool]] = []
        """Each line on screen, wrapped at the box's width."""
        self._strips: dict[tuple[str, bool, int], Strip] = {}

    def show(self, events: Sequence[Event], verbosity: Verbosity = "normal") -> None:
        """Show the last events (as many lines as the box holds)."""
        self._said = [
            (line, index > 0)
            for event in events[-self.KEPT :]
            for index, line in enumerate(event_lines(event, verbosity))
        ]
        self._fill()

    def _fill(self) -> None:
        width = self.size.width
        lines = [
            (piece, reason)
            for line, reason in self._said
            for piece in (wrap(line, width, subsequent_indent="  ") if width > 2 else [line])
        ]
        room = self.size.height or len(lines)
        lines = lines[-room:]
        if lines != self._lines:
            self._lines = lines
            # Only the lines on screen keep their Strips (each Strip keeps its own caches).
            kept = {(line, reason, width) for line, reason in lines}
            self._strips = {key: strip for key, strip in self._strips.items() if key in kept}
            self.refresh()

    def on_resize(self) -> None:
        """A new size holds more or fewer lines, wrapped elsewhere."""
        self._strips.clear()
        self._fill()

    def notify_style_update(self) -> None:
        """A theme or CSS change: forget the drawn lines."""
        super().notify_style_update()
        self._strips.clear()

    def render_line(self, y: int) -> Strip:
        """One line of the log, from the cache when it was drawn at this width before."""
        width = self.size.width
        if y >= len(self._lines):
            return Strip.blank(width, self.rich_style)
        line, reason = self._lines[y]
        key = (line, reason, width)
        strip = self._strips.get(key)
        if strip is None:
            text = Text(line, style="dim italic" if reason else "", end="")
            text.truncate(width, overflow="ellipsis")
            segments = list(text.render(self.app.console))
            strip = Strip(segments).apply_style(self.rich_style)
            strip = strip.extend_cell_length(width, self.rich_style)
            self._strips[key] = strip
        return strip


def latest_roll(events: Sequence[Event], look_back: int = 12) -> Event | None:
    """The latest event with a roll among the last few on screen."""
    for event in reversed(events[-look_back:]):
        if event.roll is not None:
            return event
    return None
