"""The end of a fight: who won, in how many rounds, the injuries, the dice, the settings."""

from __future__ import annotations

import secrets
import time
from collections.abc import Sequence
from pathlib import Path
from typing import ClassVar, Final

from rich.console import Console, Group
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, VerticalScroll
from textual.screen import Screen
from textual.widgets import Button, Static

from arena.engine import Fight, FightView
from arena.engine.coach import Coaching, costliest
from arena.engine.setup import markdown_log
from arena.engine.writing import Read, WriteRefused, new_file, write_text
from arena.ui.footer import CompactFooter
from arena.ui.forecast_chart import ForecastChart
from arena.ui.plain import plain
from arena.ui.save_files import slug
from arena.ui.stats import stats_table
from arena.ui.wording import counted, status_word, winner_words
from arena.words.rulesets import round_word

Answer = int | str | None
"""What the arena does next: ``None`` back to it, ``"title"``, or a seed for a rematch."""


SEVERITY: Final = {
    "banged_up": "banged up",
    "hospital": "needs a hospital",
    "mortal": "mortally hurt",
    "dead": "dead",
}
"""What a Sorcerer's damage means once the fight is over."""


def _longest_word(header: str) -> int:
    """A column's least width: its header wraps between words, never inside one.

    At 80 columns the Sorcerer dice table cut ``victories`` to ``victori…``.
    """
    return max(len(word) for word in header.split())


def injuries(view: FightView) -> Table:
    """Who ended how: status, health and penalty; in Sorcerer, what the damage means after."""
    table = Table(title="Injuries", title_justify="left", expand=True)
    after = [getattr(c.wounds, "severity", "") for c in view.combatants]
    columns = ["who", "side", "status", "health", "penalty"]
    for column in columns + (["after the fight"] if any(after) else []):
        table.add_column(column, min_width=_longest_word(column))
    for c, severity in zip(view.combatants, after, strict=True):
        row = [c.name, c.side, status_word(c.status), c.health]
        row.append(f"−{c.penalty}" if c.penalty else "0")
        if any(after):
            row.append(SEVERITY.get(severity, severity.replace("_", " ")))
        table.add_row(*map(plain, row))  # names are shown as written, never read as markup
    return table


def headline(fight: Fight) -> Text:
    """Who won, after how long, with which seed."""
    view = fight.view()
    long = counted(fight.round, round_word(view.ruleset), round_word(view.ruleset, 2))
    head = Text("The fight is over: ", style="bold").append(f"{winner_words(view)}.", "bold")
    return head.append(f"\n{long} · seed {fight.seed}")


def details(fight: Fight) -> Group:
    """Injuries and dice tables, then the seed and options."""
    view = fight.view()
    names = {c.id: c.name for c in view.combatants}
    columns, rows = stats_table(fight.events, names)
    dice = Table(title="Dice", title_justify="left", expand=True)
    for column in columns:
        dice.add_column(column, min_width=_longest_word(column))
    for row in rows:
        dice.add_row(*map(plain, row))
    options = ", ".join(f"{k} {v}" for k, v in fight.options_record())
    rigged = ",".join(map(str, fight.rigged)) or "none"
    foot = Text(f"Seed {fight.seed} · rigged dice {rigged}\nOptions: {options}", style="dim")
    return Group(injuries(view), Text(), dice, Text(), foot)


def costs_text(fight: Fight, coached: Sequence[Coaching], missed: int = 0) -> str:
    """The player's ranked decisions that cost the most: the chance with the best and as taken.

    ``missed``: decisions picked with the coach on before their ranking came in; said, so a
    coach turned on and never heard from is not a mystery.
    """
    dear = costliest(coached)
    late = (
        f"{counted(missed, 'decision', 'decisions')} picked before "
        f"{'its' if missed == 1 else 'their'} ranking came in: left out (the coach needs some "
        "seconds a decision; F ranks the one at hand)."
        if missed
        else ""
    )
    if not coached:
        return f"Coach: {late}" if late else ""
    if not dear:
        head = f"Coach: none of your {len(coached)} ranked choices cost a point."
        return f"{head}\n{late}" if late else head
    names = {c.id: c.name for c in fight.view().combatants}
    word = round_word(fight.view().ruleset).capitalize()
    lines = ["Coach: your costliest choices (chance to win with the best → as taken)"]
    for c in dear:
        best, chosen = c.best, c.chosen
        if best is None or chosen is None:
            continue
        noise = "" if chosen.clear else " (within noise)"
        lines.append(
            f"{word} {c.round}, {names.get(c.actor, c.actor)}: {chosen.label} "
            f"{best.share:.0%} → {chosen.share:.0%}, best {best.label}{noise}"
        )
    if late:
        lines.append(late)
    return "\n".join(lines)


def drawn(renderable: Group, console: Console, width: int) -> Text:
    """A renderable drawn once, at `width`, as plain styled lines.

    The screen measures and draws its parts several times over: tables drawn each time cost
    a tenth of a second with eight combatants; their lines, once drawn, cost nothing.
    """
    out = Text(no_wrap=True, overflow="crop", end="")
    lines = console.render_lines(renderable, console.options.update_width(width), pad=False)
    for index, line in enumerate(lines):
        if index:
            out.append("\n")
        for segment in line:
            if not segment.control:
                out.append(segment.text, segment.style)
    return out


class SummaryScreen(Screen[Answer]):
    """The summary, with the log to save and a rematch to start."""

    CSS_PATH = Path(__file__).parent / "summary_screen.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        # Short enough for the footer to end in ^q Quit at 80 columns; the buttons say more.
        Binding("m", "save_log", "Save log"),
        Binding("r", "rematch_same", "Rematch"),
        Binding("n", "rematch_new", "New seed"),
        Binding("b,escape", "back", "Arena"),  # b first: the footer says what the button says
        Binding("t,q", "title", "Title"),
    ]

    def __init__(
        self,
        fight: Fight,
        saves: Path,
        reads: Sequence[Read] = (),
        *,
        coached: Sequence[Coaching] = (),
        missed: int = 0,
    ) -> None:
        """Sum up a finished fight; logs are saved in `saves`, never over one of `reads`.

        ``coached``: the player's decisions ranked (F) before they were picked; the costliest
        are listed. ``missed``: those picked, the coach on, before their ranking came in.
        """
        super().__init__()
        self.fight = fight
        self.saves = saves
        self.reads = tuple(reads)
        self.coached = tuple(coached)
        self.missed = missed
        self._details: Group | None = None

    def on_mount(self) -> None:
        """The chart and the tables once the screen shows: the key is answered first.

        They take nine tenths of the summary's drawing (the chart's moments, the tables).
        """
        self.call_after_refresh(self._fill)

    def _fill(self) -> None:
        if not self.is_attached:
            return
        # Where the fight turned is seen first, above the tables; each comes in a frame of its
        # own, so a key pressed meanwhile waits for one of them, not both.
        self.query_one("#summary-body").mount(ForecastChart(self.fight), before="#summary")
        self.call_after_refresh(self._fill_tables)

    def _fill_tables(self) -> None:
        if not self.is_attached:
            return
        self._details = details(self.fight)
        self._draw_details()

    def on_resize(self) -> None:
        """The tables are drawn for the width they have, once the new layout gives it."""
        self.call_after_refresh(self._draw_details)

    def _draw_details(self) -> None:
        if self._details is None:
            return
        box = self.query_one("#summary", Static)
        width = box.content_size.width or max(20, self.size.width - 4)
        box.update(drawn(self._details, self.app.console, width))

    def compose(self) -> ComposeResult:
        """The headline and the buttons; the chart and the tables follow the first frame."""
        with VerticalScroll(id="summary-body"):
            yield Static(headline(self.fight), id="summary-head")
            costs = costs_text(self.fight, self.coached, self.missed)
            if costs:
                yield Static(Text(costs), id="summary-costs")  # labels as written, no markup
            yield Static(Text("Counting the dice…", style="dim"), id="summary")
        with Horizontal(id="summary-buttons"):
            yield Button(Text("Save log [m]"), id="save_log")
            yield Button(Text("Rematch [r]"), id="rematch_same", variant="primary")
            yield Button(Text("New seed [n]"), id="rematch_new")
            yield Button(Text("Arena [b]"), id="back")
            yield Button(Text("Title [t]"), id="title")
        yield CompactFooter()

    async def on_button_pressed(self, event: Button.Pressed) -> None:
        """Each button runs the action of the same name."""
        await self.run_action(event.button.id or "back")

    def action_save_log(self) -> None:
        """Write the whole fight as Markdown beside the saves, in a file of its own.

        The write guard the command line uses picks the name: a file already there (a log
        saved in the same second, a link to the scenario played) is never written over.
        """
        stem = f"{time.strftime('%Y%m%d-%H%M%S')}-{slug(self.fight)}"
        try:
            self.saves.mkdir(parents=True, exist_ok=True)
            path = new_file(self.saves, stem, ".md", self.reads)
            write_text(path, markdown_log(self.fight))
        except WriteRefused as err:
            self.notify(f"Log not saved: {err}", title="Cannot save the log", severity="error")
            return
        except OSError as err:
            where = err.filename or self.saves
            self.notify(f"Log not saved: {where}: {err.strerror}", severity="error")
            return
        self.notify(f"Log saved to {path}", title="Saved")

    def action_rematch_same(self) -> None:
        """The same fight again, same seed: the same dice, unless someone decides otherwise."""
        self.dismiss(self.fight.seed)

    def action_rematch_new(self) -> None:
        """The same fight with a fresh seed."""
        self.dismiss(secrets.randbelow(999_999) + 1)

    def action_back(self) -> None:
        """Look at the arena as the fight ended."""
        self.dismiss(None)

    def action_title(self) -> None:
        """Back to the title menu."""
        self.dismiss("title")
