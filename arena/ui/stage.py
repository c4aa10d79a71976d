"""The stage: one moment of a timeline, with its map, rule card, dice, combatants and log."""

from __future__ import annotations

from pathlib import Path
from typing import ClassVar, TypeVar, cast

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Footer, Static

from arena.engine import FightView
from arena.ui.dice_tray import DiceTray
from arena.ui.grid_map import GridMap
from arena.ui.panels import CombatantPanels
from arena.ui.plain import plain
from arena.ui.rule_cards import LEVELS, card_for, revealed_intent
from arena.ui.stage_dice import BigDice
from arena.ui.stage_parts import PAGE_KEY, RecentLog, RuleCardView, latest_roll
from arena.ui.timeline import Timeline

HERE = Path(__file__).parent
W = TypeVar("W", bound=Widget)
RIGHT_MIN = 40
"""Columns the rule card and the dice keep beside the map."""
FRAME = 4
"""Columns around the map's cells: its padding, one a side, and its box's border."""


class StageScreen(Screen[None]):
    """Shows a timeline's moment; the demo and the replay viewer move the moment."""

    CSS_PATH: ClassVar = [HERE / "stage.tcss", HERE / "grid_map.tcss", HERE / "panels.tcss"]
    # Each screen lists its own keys, in the order the footer shows them; this one, for every
    # stage, stays out of the footer (80 columns are full): the card's last line names it.
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding(PAGE_KEY, "more", "More of the rule", show=False),
    ]

    def __init__(self, timeline: Timeline, *, big: bool = False) -> None:
        """Show `timeline`; `big` starts in projector mode."""
        super().__init__()
        self.timeline = timeline
        self.big = big
        self.level = "rule"
        self.humans: frozenset[str] = frozenset()
        self._drawn: tuple[FightView, str] | None = None
        """The view and actor the map and panels show."""
        self._parts: dict[tuple[str, type[Widget]], Widget] = {}

    def compose(self) -> ComposeResult:
        """The map and log on the left; the card, dice and combatants on the right."""
        with Horizontal(id="stage"):
            with Vertical(id="left"):
                with Vertical(id="board"):
                    grid = GridMap(id="map")
                    grid.can_focus = False  # the arrows step through the fight here
                    yield grid
                yield RecentLog(id="log")
            with Vertical(id="right"):
                yield RuleCardView(id="card")
                yield BigDice(id="bigdice")
                yield DiceTray(id="dice", legend_line=False)
                yield CombatantPanels(id="panels")
        yield Static(id="status")
        # Compact, without the palette's key: every presenter key fits 80 columns.
        yield Footer(compact=True, show_command_palette=False)

    def on_mount(self) -> None:
        """Projector mode as asked; the first moment."""
        self.set_class(self.big, "-big")
        self.show_moment()

    def on_resize(self) -> None:
        """The map's column holds the map; the rest goes to the card and the dice."""
        width = self.size.width
        grid = self.query_one(GridMap)
        grid.fit(width - RIGHT_MIN - FRAME)
        board = grid.cell_width * grid.map_width + FRAME
        self.query_one("#left").styles.width = max(min(board, width - RIGHT_MIN), width // 3)

    def part(self, kind: type[W], selector: str = "") -> W:
        """The stage's widget of this kind (and selector), looked up once.

        Textual caches a query under the count of DOM changes below the screen, and a card
        shown or hidden counts as one: a query per event kept adding entries to that cache.
        """
        key = (selector, kind)
        found = self._parts.get(key)
        if found is None:
            found = self.query_one(selector, kind) if selector else self.query_one(kind)
            self._parts[key] = found
        return cast(W, found)

    def show_moment(self) -> None:
        """Attributes down: every part shows the timeline's moment."""
        line = self.timeline
        view = line.view()
        shown = line.visible()
        names = {c.id: c.name for c in view.combatants}
        current = line.current()
        card = None
        if current is not None:
            # Only a pool's tally reads its actor's intention (a ritual's is a snapshot's).
            intent = revealed_intent(current, shown) if current.kind == "pool_tallied" else ""
            card = card_for(current, self.level, names, intent)
        self.part(RuleCardView).show(card, big=self.big, level=self.level)
        # Hidden parts are not drawn: each step costs only what is on screen.
        if self.big:
            self.part(BigDice).show(latest_roll(shown))
        else:
            self.part(DiceTray).show(shown[-24:], names, ruleset=view.ruleset)
            actor = current.actor if current is not None else ""
            if (view, actor) != self._drawn:
                # Events of one decision share a view: the map and panels stay as drawn.
                self._drawn = (view, actor)
                self.part(GridMap).show(view, self.humans, {}, actor)
                self.part(CombatantPanels).show(view, self.humans, actor, "")
            self.part(RecentLog).show(shown)
        status = self.part(Static, "#status")
        if str(status.content) != (said := self.status()):
            status.update(plain(said), layout=False)  # one line, always

    def status(self) -> str:
        """The line under the stage: what plays and where in it we are."""
        line = self.timeline
        return f" {line.fight.scenario.name} · event {line.shown}"

    def action_forward(self) -> None:
        """One event forward."""
        if self.timeline.forward():
            self.show_moment()

    def action_back(self) -> None:
        """One event back: the moment as it was, from the views kept."""
        if self.timeline.back():
            self.show_moment()

    def action_explain(self) -> None:
        """The next explain level: numbers, the rule, the rule and why."""
        self.level = LEVELS[(LEVELS.index(self.level) + 1) % len(LEVELS)]
        self.show_moment()

    def action_more(self) -> None:
        """The next page of a projector card's rule."""
        self.part(RuleCardView).turn_page()

    def action_big(self) -> None:
        """Projector mode on or off."""
        self.big = not self.big
        self.set_class(self.big, "-big")
        self._drawn = None
        self.show_moment()
        self.call_after_refresh(self.on_resize)
        self.call_after_refresh(self.show_moment)  # the large dice fit the width they now have

    def action_keys(self) -> None:
        """The keys, in a notice that stays a while."""
        bindings = [
            b for b in (*type(self).BINDINGS, *StageScreen.BINDINGS) if isinstance(b, Binding)
        ]
        # A key the footer names with another ("-" in "+/-") is not named twice, as "-: Slow".
        named = {
            part for b in bindings if b.show and b.key_display for part in b.key_display.split("/")
        }
        keys = [
            f"{b.key_display or b.key.split(',')[0]}: {b.description}"
            for b in bindings
            if b.show or (b.key_display or b.key.split(",")[0]) not in named
        ]
        self.notify("\n".join(keys), title="Keys", timeout=10)

    def action_leave(self) -> None:
        """Back to where it was opened from."""
        self.app.pop_screen()
