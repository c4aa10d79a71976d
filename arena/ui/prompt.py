"""The decision prompt: every legal choice of the pending decision, its key and exact odds."""

from __future__ import annotations

import re
import textwrap
from collections.abc import Mapping, Sequence
from typing import Final

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.css.query import NoMatches
from textual.message import Message
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from arena.engine import Choice, Decision, FightView, move_groups, move_summary
from arena.ui.dice_tray import MEASURE, wrapped_rows
from arena.ui.odds_text import NO_ROLL, ODDS_STYLE, as_rolled, chance_text, detail_lines
from arena.ui.plain import plain

MORE_FOCUSED: Final = ("more: ↑↓ PgUp/PgDn, Enter picks", "more: ↑↓ PgUp/PgDn", "more: ↑↓")
"""How to reach the choices out of sight with the list focused, longest first (to fit)."""
MORE_UNFOCUSED: Final = ("more: PgUp/PgDn, or Tab then ↑↓", "more: PgUp/PgDn", "more: PgDn")
"""The same with the map focused: there the arrows move the look cursor, not the list."""
GROUP: Final = re.compile(r"\([^()]{1,14}\)")
"""A short group in brackets, read as one: a cell ``(5, 3)``, a roll ``(1 die at 7)``."""
HELD: Final = "\x00"
"""Stands for a space no line may break at while a label is wrapped."""
KEPT_ROWS: Final = 6
"""Rows the list keeps for its choices before the detail under it may grow (to its max)."""
DETAIL_KEPT: Final = 2
"""Rows the detail keeps under a long question: the highlighted choice's odds line."""
LISTED_LEAST: Final = 4
"""Rows a list that scrolls anyway may shrink to, so that a whole explanation shows."""
DETAIL_MOST: Final = 6
"""Rows the detail may take where the choices leave them (its CSS ``max-height``)."""
EXPLAIN_NOTE: Final = "▼ more: e explains it all"
"""The detail's last line when it leaves sentences out, and the key that shows them all."""
MIN_LABEL: Final = 16
"""Columns a label needs beside the keys and chances to go on under itself, not the key."""
MARK: Final = "▶"
"""Before the highlighted choice: the highlight is a shape too, not only a colour."""


def choice_text(
    key: str,
    choice: Choice,
    *,
    width: int = 4,
    marked: bool = False,
    change: float | None = None,
    room: int = 0,
) -> Text:
    """``[1]  93% Punch Vilna (6 dice at 5)``: one line, the chance in a column of its own.

    The chance is of the first roll the choice makes (to hit, to win the contest), of each
    part's for a split, or ``no roll`` (``+3 pts`` to win, with the forecast's `change`);
    the detail under the list gives every roll's odds in full. `width`: the column's.
    `marked`: the highlighted one. `room`: the list's width; a longer label goes on under
    itself, clear of the keys' and chances' columns (0: the list wraps it).
    """
    out = Text(MARK if marked else " ", style="bold")
    out.append(f"[{key}] " if key else "    ", style="bold")
    chance = chance_text(choice, change)
    style = "bold cyan" if chance != NO_ROLL else "dim"
    out.append(f"{chance:>{width}} ", style)
    label = choice.label
    hang = len(out)
    if room - hang >= MIN_LABEL and len(label) > room - hang:
        # A short group ("(5, 3)") stays on one line: its spaces are held while wrapping.
        held = GROUP.sub(lambda m: m.group(0).replace(" ", HELD), label)
        lines = textwrap.wrap(held, room - hang, break_on_hyphens=False) or [held]
        label = ("\n" + " " * hang).join(lines).replace(HELD, " ")
    return out.append(label)


def _moves_hint(
    decision: Decision, keyed: Sequence[tuple[str, Choice]], view: FightView
) -> Text | str:
    """``or move: 80 cells, 1 to 4 away (on the map)`` when the list leaves moves out."""
    cells = decision.move_cells()
    listed = {c.cell for _, c in keyed if c.cell is not None and "move" in c.tags}
    if not cells - listed:
        return ""
    here = view.combatant(decision.actor).pos
    return plain(f"or {move_summary(move_groups(here, cells))} (on the map)")


class ChoiceList(OptionList):
    """The list of choices; it says when its height changes (more or fewer choices show)."""

    class Resized(Message):
        """The list's height changed."""

    _paged = False
    """Paged since the last decision: a new height keeps the top on a whole choice."""

    def on_resize(self) -> None:
        """Tell the prompt, whose line under the list counts the choices out of sight."""
        self.post_message(self.Resized())
        # Shorter (the detail under it grew): the highlighted choice stays whole in sight.
        self.call_after_refresh(self._whole_top if self._paged else self.scroll_to_highlight)

    def action_page_down(self) -> None:
        """A page down, the list's top on a whole choice."""
        super().action_page_down()  # type: ignore[no-untyped-call]  # Textual's own
        self._paged = True
        self.call_after_refresh(self._whole_top)

    def action_page_up(self) -> None:
        """A page up, the list's top on a whole choice."""
        super().action_page_up()  # type: ignore[no-untyped-call]  # Textual's own
        self._paged = True
        self.call_after_refresh(self._whole_top)

    def _whole_top(self) -> None:
        """Move the top line to where a choice starts, the highlighted one kept in sight.

        Textual scrolls by lines, so a page can start halfway through a wrapped choice.
        """
        # The list's height may have changed with the detail under it since the page moved.
        self.scroll_to_highlight()
        # The list's own map from line to option: Textual keeps it private.
        self._update_lines()
        lines, starts = self._lines, self._index_to_line
        top = round(self.scroll_y)
        if not lines or not 0 <= top < len(lines):
            return
        index = lines[top][0]
        if starts.get(index, top) == top:
            return
        seen = self.scrollable_content_region.height
        high = self.highlighted if self.highlighted is not None else index
        high_top = starts.get(high, top)
        high_end = high_top + self._heights.get(high, 1)
        after = starts.get(index + 1)
        # Down to the next choice's start if the highlighted one still shows whole there;
        # else up to this choice's start, if it does there. At the list's end neither may
        # hold: then the last choice shows whole at the bottom, the top cut.
        if after is not None and after <= min(high_top, self.max_scroll_y):
            target = after if high_end <= after + seen else top
        elif starts[index] <= high_top and high_end <= starts[index] + seen:
            target = starts[index]
        else:
            return
        self.scroll_to(y=target, animate=False, immediate=True, force=True)


class DecisionPrompt(Vertical):
    """What is asked, of whom, and the legal answers: a key picks one, or arrows and Enter."""

    class Chosen(Message):
        """The player picked a choice from the list."""

        def __init__(self, choice: Choice) -> None:
            super().__init__()
            self.choice = choice

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.border_title = "Decision"
        self._choices: tuple[Choice, ...] = ()
        self._rolled: tuple[Choice, ...] = ()
        """The choices as shown: with the rolls they leave as they are (`as_rolled`)."""
        self._shown: object = None
        self._decision: Decision | None = None
        self._view: FightView | None = None
        self._keys: tuple[str, ...] = ()
        self._marked = 0
        """The choice the list's mark is on."""
        self._kept_focus = False
        """The list had the keys when it was last disabled (which takes them from it)."""
        self._width = 4
        """The width of the column of chances."""
        self._room = 0
        """The list's width the long labels are wrapped to (0: not known yet)."""
        self._changes: dict[str, float] = {}
        """What each choice does to the chance to win, by label, from the forecast."""
        self._lines: tuple[Text, ...] = ()
        """The highlighted choice explained, one sentence a line, the most telling first."""
        self._detail_rows = DETAIL_MOST
        """Rows the detail has under the list as the list now keeps its rows."""

    def compose(self) -> ComposeResult:
        """The question in full, the list of choices, how to reach the rest, and the odds."""
        yield Static(id="question")
        yield ChoiceList(id="choices")
        yield Static(id="more")
        yield Static(id="detail")

    def on_mount(self) -> None:
        """The line under the list follows its scrolling."""
        self.watch(self.query_one("#choices", OptionList), "scroll_y", self._more, init=False)

    def ask(
        self,
        decision: Decision,
        keyed: Sequence[tuple[str, Choice]],
        view: FightView,
        *,
        player: str = "",
    ) -> None:
        """Show a decision; `keyed` is its choices in order, each with its key.

        `player`: in hot-seat, who is asked (``player 2``), named in the title.
        """
        if self._shown is decision:
            return
        self._shown, self._decision, self._view = decision, decision, view
        self._choices = tuple(c for _, c in keyed)
        self._rolled = tuple(as_rolled(c, decision) for c in self._choices)
        self._keys = tuple(k for k, _ in keyed)
        self._marked = 0
        self.set_class(False, "-waiting")
        # The question wraps inside the box: a title would cut it where its numbers are.
        who = next((c.name for c in view.combatants if c.id == decision.actor), decision.actor)
        self.border_title = plain(f"Decision · {who}" + (f" ({player})" if player else ""))
        # The moves the list leaves out are offered on the map, every one marked, counted here.
        self.border_subtitle = _moves_hint(decision, keyed, view)
        self.query_one("#question", Static).update(Text(decision.prompt, style="bold"))
        options = self.query_one("#choices", OptionList)
        options.clear_options()
        self._changes = {}
        self._width = self._column_width()
        self._room = self._room_now()
        options.add_options(
            [
                Option(
                    choice_text(key, c, width=self._width, marked=i == 0, room=self._room),
                    id=str(i),
                )
                for i, (key, c) in enumerate(zip(self._keys, self._rolled, strict=True))
            ]
        )
        options.highlighted = 0
        self._keep_rows()
        options.disabled = False
        if self._kept_focus and self.screen.focused is None:
            options.focus()  # the keys come back to the list that had them
        self._kept_focus = False
        self._detail(0)
        self.call_after_refresh(self._keep_rows)  # once the question has its height
        self.call_after_refresh(self._more)

    def wait(self, message: str) -> None:
        """Show that nothing is asked of the player now, and why."""
        if self._shown == message:
            return
        self._shown, self._decision = message, None
        self._choices = self._rolled = ()
        self.set_class(True, "-waiting")
        self.border_title = "Decision"
        self.border_subtitle = ""
        self.query_one("#question", Static).update(Text(message, style="italic"), layout=False)
        options = self.query_one("#choices", OptionList)
        options.clear_options()
        self._kept_focus = self._kept_focus or options.has_focus
        options.disabled = True
        self._detail(None)
        self._more()

    def highlight(self, choice: Choice) -> None:
        """Move the list's highlight to a choice (when the map cursor points at several)."""
        if choice in self._choices:
            options = self.query_one("#choices", OptionList)
            options.highlighted = self._choices.index(choice)
            options.focus()
            # The detail under the list changes height with the highlight: scroll once it has.
            options.call_after_refresh(options.scroll_to_highlight)

    @property
    def keeps_focus(self) -> bool:
        """The list will take the keys back at the next decision."""
        return self._kept_focus

    def highlighted_choice(self) -> Choice | None:
        """The choice under the list's highlight, if any."""
        index = self.query_one("#choices", OptionList).highlighted
        return self._choices[index] if index is not None and index < len(self._choices) else None

    def in_view(self, choice: Choice) -> bool:
        """True if the whole of a choice's line(s) is on screen now, not scrolled away."""
        if choice not in self._choices:
            return False
        options = self.query_one("#choices", OptionList)
        index = self._choices.index(choice)
        # The list's own map from option to line: Textual keeps it private.
        top = options._index_to_line.get(index)
        height = options._heights.get(index, 1)
        seen = options.scrollable_content_region.height
        if top is None or not options.display or seen <= 0:
            return False
        return options.scroll_y <= top and top + height <= options.scroll_y + seen

    def hidden_choices(self) -> tuple[int, int]:
        """How many choices are scrolled away: above the list's top, and below its bottom."""
        above = below = 0
        for choice in self._choices:
            if self.in_view(choice):
                continue
            options = self.query_one("#choices", OptionList)
            top = options._index_to_line.get(self._choices.index(choice), 0)
            if top < options.scroll_y:
                above += 1
            else:
                below += 1
        return above, below

    def _more(self, *_: object) -> None:
        """Say that more choices exist than show, and the keys that reach them."""
        try:
            more = self.query_one("#more", Static)
        except NoMatches:
            return  # asked after a refresh, by which time the prompt had gone

        above, below = self.hidden_choices() if self._decision is not None else (0, 0)
        if not above and not below:
            more.display = False
            return
        parts = (f"▲{above}" if above else "", f"▼{below}" if below else "")
        where = " ".join(part for part in parts if part)
        # The arrows move the list only when it has the focus; else they move the map's cursor.
        focused = self.query_one("#choices", OptionList).has_focus
        ways = MORE_FOCUSED if focused else MORE_UNFOCUSED
        room = more.content_region.width or len(f"{where} more: {ways[0]}")
        line = next((f"{where} {w}" for w in ways if len(f"{where} {w}") <= room), where)
        more.update(Text(line, style="bold"))
        more.display = True

    def on_descendant_focus(self) -> None:
        """The list took the focus: the keys that reach the rest are the list's own."""
        self.call_after_refresh(self._more)

    def on_descendant_blur(self) -> None:
        """The list gave the focus away (to the map, whose arrows move its cursor)."""
        self.call_after_refresh(self._more)

    def on_choice_list_resized(self, event: ChoiceList.Resized) -> None:
        """More or fewer choices show: count those out of sight again.

        A new width wraps the long labels again.
        """
        event.stop()
        room = self._room_now()
        if room != self._room:
            self._room = room
            self._redraw()
        self.call_after_refresh(self._more)

    def _redraw(self) -> None:
        """Every choice's line again (a new width, or the forecast's changes)."""
        options = self.query_one("#choices", OptionList)
        for at in range(min(len(self._choices), options.option_count)):
            options.replace_option_prompt_at_index(at, self._line(at, marked=at == self._marked))
        self._keep_rows()

    def _keep_rows(self) -> None:
        """The list keeps the rows its choices take, up to `KEPT_ROWS`.

        The detail under it has only the rest: a choice is never hidden for its odds. But a
        long question (a push through damage takes five lines at 80x24) leaves less: then the
        list keeps fewer, so the line counting the choices out of sight and the detail's
        first `DETAIL_KEPT` rows (the odds) still show, not pushed under the box's edge.
        """
        options = self.query_one("#choices", OptionList)
        heights = [
            len(str(options.get_option_at_index(at).prompt).split("\n"))
            for at in range(options.option_count)
        ]
        rows = sum(heights)
        kept = min(rows, KEPT_ROWS)
        room = self.content_region.height
        self._detail_rows = DETAIL_MOST
        if room > 0 and self._decision is not None:
            # Kept whether the highlighted choice has a detail or not: the list takes the
            # rows while it has none (its height is a share of the rest; this is its least).
            left = room - self.query_one("#question").outer_size.height
            spare = left - max(DETAIL_KEPT, self._first_rows())
            if kept + (1 if rows > kept else 0) > spare:
                kept = max(1, spare - 1)  # a row for the line that counts the rest
            # The highlighted choice shows whole before its explanation does (on a tiny box
            # the explanation is then only the line saying which key shows it).
            if self._marked < len(heights):
                kept = max(kept, min(heights[self._marked], left - 2))
            # The list at its least shows every choice, or counts the rest on a line.
            self._detail_rows = min(DETAIL_MOST, left - kept - (1 if rows > kept else 0))
            # A list that scrolls anyway gives a row or two (down to `LISTED_LEAST`) when
            # that lets the whole explanation show.
            short = self._all_rows() - self._detail_rows
            if 0 < short <= kept - LISTED_LEAST and rows > kept:
                marked = heights[self._marked] if self._marked < len(heights) else 1
                if kept - short >= marked:
                    kept -= short
                    self._detail_rows += short
        options.styles.min_height = kept
        self._fit_detail()

    def _all_rows(self) -> int:
        """Rows the whole explanation takes."""
        width = self._detail_width()
        return sum(wrapped_rows(line, width) for line in self._lines)

    def _first_rows(self) -> int:
        """Rows the explanation's odds lines take (one a roll), with the note if more follow."""
        odds = [line for line in self._lines if line.style == ODDS_STYLE] or self._lines[:1]
        width = self._detail_width()
        rows = sum(wrapped_rows(line, width) for line in odds)
        return rows + (1 if len(self._lines) > len(odds) else 0)

    def _detail_width(self) -> int:
        """The detail's width for its text: the box's less the detail's padding, until shown."""
        detail = self.query_one("#detail", Static)
        return detail.content_region.width or max(0, self.content_region.width - 2)

    def _fit_detail(self) -> None:
        """The explanation's whole lines that fit the detail's rows, the first first.

        A line is never cut: those that do not fit are left out, and the last row says which
        key shows them all (`EXPLAIN_NOTE`).
        """
        detail = self.query_one("#detail", Static)
        if not self._lines:
            detail.update("")
            detail.display = False
            return
        width = self._detail_width()
        detail.update(fitted_detail(self._lines, width, self._detail_rows))
        detail.display = True

    def on_resize(self) -> None:
        """A new height: the list keeps what the question and the odds leave."""
        self._keep_rows()

    def _room_now(self) -> int:
        """The list's width for a choice's line, a column left for a scroll bar still to come."""
        options = self.query_one("#choices", OptionList)
        bar = 0 if options.show_vertical_scrollbar else 1
        return max(0, options.scrollable_content_region.width - bar)

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        """The detail follows the highlight: the odds of the choice under it, in full."""
        event.stop()
        self._mark(event.option_index)
        self._detail(event.option_index)
        self.call_after_refresh(self._more)

    def _mark(self, index: int) -> None:
        """Move the list's mark to the highlighted choice."""
        options = self.query_one("#choices", OptionList)
        old, self._marked = self._marked, index
        for at, marked in ((old, False), (index, True)):
            if 0 <= at < len(self._choices) and at < options.option_count:
                options.replace_option_prompt_at_index(at, self._line(at, marked=marked))

    def _line(self, at: int, *, marked: bool) -> Text:
        choice = self._rolled[at]
        change = self._changes.get(choice.label)
        return choice_text(
            self._keys[at], choice, width=self._width, marked=marked, change=change, room=self._room
        )

    def _column_width(self) -> int:
        changes = self._changes
        return max([4, *(len(chance_text(c, changes.get(c.label))) for c in self._rolled)])

    def show_changes(self, decision: Decision, changes: Mapping[str, float]) -> None:
        """Show what each choice with no roll does to the chance to win, by label.

        From the forecast of this decision; an empty mapping: the forecast is off, and
        ``no roll`` shows again.
        """
        if decision != self._decision or dict(changes) == self._changes:
            return
        self._changes = dict(changes)
        self._width = self._column_width()
        self._redraw()

    def _detail(self, index: int | None) -> None:
        shown = self._rolled
        choice = shown[index] if index is not None and index < len(shown) else None
        self._lines = detail_lines(choice, self._decision, self._view) if choice else ()
        self._keep_rows()  # the odds line may take more rows for this choice

    def explanation(self) -> Text | None:
        """The highlighted choice, its question and every line explaining it; None: nothing."""
        choice = self.highlighted_choice()
        if choice is None or self._decision is None:
            return None
        out = Text(self._decision.prompt, style="bold").append("\n\n")
        out.append(choice.label, style="bold cyan")
        for line in self._lines:
            out.append("\n\n").append_text(line)
        return out

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        """Enter or a click on a choice picks it."""
        event.stop()
        index = int(event.option.id or 0)
        if index < len(self._choices):
            self.post_message(self.Chosen(self._choices[index]))


def fitted_detail(lines: Sequence[Text], width: int, rows: int) -> Text:
    """As many whole lines as fit `rows` at `width`, in order, each wrapped to `width`.

    When one is left out the last row is `EXPLAIN_NOTE` instead, so no sentence stops in
    the middle and the reader knows there is more (0 `width`: not laid out yet, all of them).
    """
    if width <= 0:
        return Text("\n").join(lines)
    wrapped = [Text("\n").join(_rows(line, width)) for line in lines]
    heights = [len(text.plain.split("\n")) for text in wrapped]
    if sum(heights) <= rows:
        return Text("\n").join(wrapped)
    room, kept = rows - 1, []  # a row for the note
    for text, height in zip(wrapped, heights, strict=True):
        if height > room:
            break
        kept.append(text)
        room -= height
    note = Text(EXPLAIN_NOTE if len(EXPLAIN_NOTE) <= width else "▼ e: all", style="bold")
    return Text("\n").join([*kept, note])


def _rows(line: Text, width: int) -> list[Text]:
    """A line wrapped to `width`, each row without the space it was broken at."""
    rows = list(line.wrap(MEASURE, width))
    for row in rows:
        row.rstrip()
    return rows
