"""Pick opponents: every fighter of the ruleset with a count that + and − change."""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from rich.text import Text
from textual.binding import Binding, BindingType
from textual.message import Message
from textual.widgets import OptionList
from textual.widgets.option_list import Option

from arena.engine.setup import Entry

MAX_EACH = 8
LINE = 68
"""Characters a fighter's line keeps before the list is laid out: one line at 80 columns."""


class OpponentPicker(OptionList):
    """A list of fighters, each with how many of them you face."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("plus,equals_sign,right", "change(1)", "One more"),
        Binding("minus,underscore,left", "change(-1)", "One fewer"),
    ]

    class Changed(Message):
        """The counts changed."""

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.entries: tuple[Entry, ...] = ()
        self.counts: dict[str, int] = {}

    def set_fighters(self, entries: Sequence[Entry], counts: dict[str, int]) -> None:
        """Offer these fighters, with starting counts."""
        self.entries = tuple(entries)
        self.counts = {e.id: counts.get(e.id, 0) for e in self.entries}
        self.set_options(Option(self._prompt(e), id=e.id) for e in self.entries)
        # The first fighter already chosen is highlighted, so it is in view, not below the fold.
        chosen = [i for i, e in enumerate(self.entries) if self.counts[e.id]]
        self.highlighted = chosen[0] if chosen else 0 if self.entries else None
        if self.highlighted is not None:
            self.scroll_to_highlight()

    def summary(self) -> str:
        """``You face: Vilna ×1, Thug ×2`` (or that nobody is picked yet)."""
        names = [f"{e.name} ×{self.counts[e.id]}" for e in self.entries if self.counts[e.id]]
        return f"You face: {', '.join(names)}" if names else "You face nobody yet: pick someone"

    def chosen(self) -> tuple[tuple[str, int], ...]:
        """(fighter, count) for every fighter with a count, in list order."""
        return tuple((e.id, self.counts[e.id]) for e in self.entries if self.counts[e.id])

    def action_change(self, step: int) -> None:
        """One more or one fewer of the highlighted fighter."""
        if self.highlighted is None or not self.entries:
            return
        entry = self.entries[self.highlighted]
        self.counts[entry.id] = max(0, min(MAX_EACH, self.counts[entry.id] + step))
        self.replace_option_prompt(entry.id, self._prompt(entry))
        self.post_message(self.Changed())

    def on_resize(self) -> None:
        """Cut the descriptions anew to the list's width."""
        for entry in self.entries:
            self.replace_option_prompt(entry.id, self._prompt(entry))

    def _line(self) -> int:
        """Characters a fighter's line may take: the list's width once laid out, else `LINE`."""
        width = self.scrollable_content_region.width
        return width - 1 if width > 1 else LINE

    def _prompt(self, entry: Entry) -> Text:
        count = self.counts.get(entry.id, 0)
        out = Text(
            f"− {count} + ", style="bold" if count else "dim", no_wrap=True, overflow="ellipsis"
        )
        out.append(f"{entry.glyph} {entry.name}", "bold" if count else "")
        if entry.description:
            # One line a fighter: the full description is under "Your fighter" when picked.
            room = max(0, self._line() - len(out) - 2)
            short = entry.description
            short = short if len(short) <= room else short[: max(0, room - 1)] + "…"
            out.append(f"  {short}", "dim")
        return out
