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


PAGE_KEY: Final = "m"
"""The key that turns a projector card's page when its rule does not fit at once."""


def big_card_text(card: Card, width: int, height: int, accent: str = "", page: int = 0) -> Text:
    """A rule card for the projector: the step and key numbers in large type, then the rest.

    The step name and key numbers take the largest type in which both fit `width` by `height`
    with a line left for what happened (and the whole rule, for the largest step name); the
    rule's lines follow in ordinary type. A rule too long for the room left is paged, never
    cut: `page` (counted round) picks which of its lines show, and the last row says how to
    turn to the next. Rows still spare are shared out between the parts and under them, so a
    tall card has no empty band above the dice.
    """
    step, keys, room = card_layout(card, width, height)
    step.stylize(f"bold {accent}".strip())
    pages = rule_pages(card, width, room)
    said = said_text(card, width, pages, page)
    parts = [part for part in (step, keys, said) if part]
    used = sum(rows_of(part) for part in parts) + len(parts) - 1
    gaps = spread(height - used, len(parts))
    out = Text(no_wrap=True, overflow="crop")
    for index, part in enumerate(parts):
        if index:
            out.append("\n" * (2 + gaps[index - 1]))
        out.append_text(part)
    return out


def card_layout(card: Card, width: int, height: int) -> tuple[Text, Text, int]:
    """The step and key numbers in the largest type that fits, and the rows left under them."""
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
    keys.stylize("bold")
    room = height - (rows_of(step) + (rows_of(keys) + 1 if keys else 0)) - 1
    return step, keys, room


def card_pages(card: Card, width: int, height: int) -> int:
    """How many pages a projector card's rule takes at `width` by `height` (1: all at once)."""
    _, _, room = card_layout(card, width, height)
    return len(rule_pages(card, width, room))


def rule_pages(card: Card, width: int, room: int) -> list[list[str]]:
    """The rule's lines, wrapped to `width`, in pages that fit `room` rows under what happened.

    One page when all fit; else each page keeps a row for the line that says how to turn it.
    No room for even one rule line: no pages of rule (what happened keeps the room).
    """
    what = len(wrap(card.what, width) or [""]) if width > 0 else 1
    rule = [piece for line in card.rule for piece in (wrap(line, width) if width > 0 else [line])]
    if what + len(rule) <= room or not rule:
        return [rule]
    per_page = room - what - 1
    if per_page <= 0:
        return [[]]
    return [rule[start : start + per_page] for start in range(0, len(rule), per_page)]


def said_text(card: Card, width: int, pages: list[list[str]], page: int = 0) -> Text:
    """What happened (bold) and a page of the rule (italic), wrapped to `width`.

    What happened always shows; a rule of several pages ends with the line that turns them.
    """
    what = wrap(card.what, width) or [""] if width > 0 else [card.what]
    rule = list(pages[page % len(pages)]) if pages else []
    if len(pages) > 1:
        number = page % len(pages) + 1
        turn = "more" if number < len(pages) else "from its start"
        rule.append(f"… the rule, page {number}/{len(pages)} · {PAGE_KEY}: {turn}")
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
        self.page = 0
        """The page of a projector card's rule on show; a new card starts at its first."""

    def show(self, card: Card | None, *, big: bool = False, level: str = "rule") -> None:
        """Show a card (or a word that nothing has happened yet)."""
        self.border_title = f"Rule · explain: {level} (e)"
        if card != self._card:
            self.page = 0
        self._card, self._big = card, big
        self._draw()

    def pages(self) -> int:
        """Pages the card on show takes in projector mode at the box's size (1: it all fits)."""
        size = self.content_size
        if self._card is None or not self._big or size.width <= 0:
            return 1
        return card_pages(self._card, size.width, size.height)

    def turn_page(self) -> bool:
        """The next page of the rule (after the last, the first); False if it has one page."""
        pages = self.pages()
        if pages <= 1:
            return False
        self.page = (self.page + 1) % pages
        self._draw()
        return True

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
            text = big_card_text(card, size.width, size.height, accent, self.page)
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
