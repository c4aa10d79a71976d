"""The arena: the map, the combatants, the order, the dice, the log and the decision prompt."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import ClassVar

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.timer import Timer
from textual.widgets import Footer, Static

from arena.engine import Choice, Decision, Fight, FightView, IllegalCommand
from arena.engine.setup import map_name, rematch
from arena.ui.choice_keys import choices_at, keyed, marks_for
from arena.ui.dice_tray import DiceTray
from arena.ui.driver import FightDriver
from arena.ui.fight_log import FightLog
from arena.ui.grid_map import GridMap
from arena.ui.order_track import OrderTrack
from arena.ui.panels import CombatantPanels, look_text, who_is_at
from arena.ui.prompt import DecisionPrompt

HERE = Path(__file__).parent
PANELS_MIN = 30
"""Columns the combatant panels keep beside the map."""
WIDGET_CSS = ("grid_map", "panels", "order_track", "dice_tray", "fight_log", "prompt")


class ArenaScreen(Screen[None]):
    """One fight on screen; the state lives in the Fight, the screen only shows and asks."""

    CSS_PATH: ClassVar = [HERE / "arena_screen.tcss", *(HERE / f"{n}.tcss" for n in WIDGET_CSS)]
    # Textual types this as an instance variable, so it cannot be a ClassVar here.
    VERTICAL_BREAKPOINTS = [(0, "-short"), (28, "-tall")]  # noqa: RUF012
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("question_mark", "help", "Help"),
        Binding("s", "save", "Save"),
        Binding("v", "verbosity", "Verbosity"),
        Binding("p", "pause", "Pause AI"),
        Binding("q", "leave", "Quit to title"),
        Binding("h", "look(-1, 0)", "Look left", show=False),
        Binding("j", "look(0, 1)", "Look down", show=False),
        Binding("k", "look(0, -1)", "Look up", show=False),
        Binding("l", "look(1, 0)", "Look right", show=False),
    ]

    def __init__(self, driver: FightDriver, *, pace: float, saves: Path) -> None:
        """Show a fight.

        Args:
            driver: the fight and who plays whom.
            pace: seconds between the AI's decisions, so a person can follow (0: at once).
            saves: the folder saves go to.
        """
        super().__init__()
        self.driver = driver
        self.pace = pace
        self.saves = saves
        self.paused = False
        self._keys: dict[str, Choice] = {}
        self._timer: Timer | None = None
        self._summary_shown = False
        self._view: FightView | None = None
        self._looking = False
        """True once the player has moved the look cursor: then its combatant's card is marked."""

    def compose(self) -> ComposeResult:
        """The arena's parts, top to bottom."""
        with Horizontal(id="top"):
            with Vertical(id="board"):
                yield GridMap(id="map")
            yield CombatantPanels(id="panels")
        yield Static(id="look")
        yield OrderTrack(id="order")
        with Horizontal(id="bottom"):
            with Vertical(id="record"):
                yield DiceTray(id="dice")
                yield FightLog(id="log")
            yield DecisionPrompt(id="prompt")
        yield Footer()

    def on_resize(self) -> None:
        """Keep room for the combatants: a wide map on a narrow screen gets narrow cells."""
        self.query_one(GridMap).fit(self.size.width - PANELS_MIN - 4)

    def on_mount(self) -> None:
        """Start the fight, put the cursor on the player, and let the AI begin."""
        self.guard(self.driver.start)
        view = self.driver.fight.view()
        first = next((c for c in view.combatants if c.id in self.driver.humans), None)
        self.query_one(GridMap).place_cursor((first or view.combatants[0]).pos)
        self.query_one("#board").border_title = map_name(self.driver.fight)
        self.query_one(GridMap).focus()
        self.refresh_fight()
        self.on_resize()
        self.schedule()

    # -- the fight ---------------------------------------------------------------------------

    def guard(self, action: Callable[[], object]) -> bool:
        """Run an engine call; an error becomes a notice (and pauses the AI), never a crash."""
        try:
            action()
        except IllegalCommand as err:
            self.notify(str(err), title="Not legal", severity="warning")
            return False
        except Exception as err:  # the engine failing must not take the screen down
            self.paused = True
            self.notify(f"{type(err).__name__}: {err}", title="The engine failed", severity="error")
            return False
        return True

    def schedule(self) -> None:
        """Let the AI (or a replay) take its next decision after the pace delay."""
        if self.paused or self._timer is not None or self.driver.fight.over:
            return
        if self.driver.human_decision() is not None:
            return
        if self.pace <= 0:
            self.guard(self.driver.run_until_human)
            self.refresh_fight()
            return
        self._timer = self.set_timer(self.pace, self._tick)

    def _tick(self) -> None:
        self._timer = None
        self.guard(self.driver.step)
        self.refresh_fight()
        self.schedule()

    def choose(self, choice: Choice) -> None:
        """Apply the player's choice, then let the others answer."""
        if self.driver.human_decision() is None:
            return
        if self.guard(lambda: self.driver.choose(choice.command)):
            self.refresh_fight()
            self.schedule()

    def refresh_fight(self) -> None:
        """Show the fight as it is now: attributes down to every part."""
        views: list[FightView] = []
        if self.guard(lambda: views.append(self.driver.fight.view())):
            self._show(views[0])

    def _show(self, view: FightView) -> None:
        fight = self.driver.fight
        self._view = view
        decision = self.driver.human_decision()
        waiting = self.driver.waiting_on()
        acting = waiting.actor if waiting else ""
        names = {c.id: c.name for c in view.combatants}
        looked = self._looked(view)
        self.query_one(GridMap).show(view, self.driver.humans, marks_for(decision, view))
        self.query_one(CombatantPanels).show(view, self.driver.humans, acting, looked)
        self.query_one(OrderTrack).show(view, names.get(acting, ""))
        self.query_one(DiceTray).show(fight.events, names)
        self.query_one(FightLog).add(fight.events)
        self._update_look(view)
        self._prompt(decision, waiting, names)
        if fight.over and not self._summary_shown:
            self._summary_shown = True
            self.query_one(GridMap).focus()  # Enter on the map brings the summary back
            self.call_after_refresh(self.show_summary)

    def _prompt(
        self, decision: Decision | None, waiting: Decision | None, names: dict[str, str]
    ) -> None:
        prompt = self.query_one(DecisionPrompt)
        fight = self.driver.fight
        if decision is not None:
            pairs = keyed(decision.choices)
            self._keys = {k: c for k, c in pairs if k}
            prompt.ask(decision, pairs)
            return
        self._keys = {}
        if fight.over:
            outcome = self._view.outcome if self._view else ""
            prompt.wait(f"The fight is over: {outcome}. Enter: the summary.")
        elif self.paused:
            prompt.wait("Paused. p: go on.")
        elif self.driver.replay:
            prompt.wait(f"Replaying: {len(self.driver.replay)} recorded decisions to go.")
        elif waiting is not None:
            who = names.get(waiting.actor, waiting.actor)
            prompt.wait(f"{who} ({self.driver.fight.controller_for(waiting)}) decides…")

    def _looked(self, view: FightView) -> str:
        """Whose card is marked as looked at: whoever is under the cursor, once the player looks."""
        return self._here(view) if self._looking else ""

    def _here(self, view: FightView) -> str:
        return who_is_at(view, self.query_one(GridMap).cursor)

    def _update_look(self, view: FightView) -> None:
        grid = self.query_one(GridMap)
        here = self._here(view)
        who = view.combatant(here) if here else None
        where = f"Look {grid.cursor}: {grid.cell_text(grid.cursor)}"
        text = look_text(where, who, player=here in self.driver.humans)
        self.query_one("#look", Static).update(text, layout=False)  # two lines, always

    # -- input -------------------------------------------------------------------------------

    def on_key(self, event: events.Key) -> None:
        """A choice's key picks it."""
        choice = self._keys.get(event.character or "")
        if choice is not None:
            event.stop()
            self.choose(choice)

    def on_decision_prompt_chosen(self, message: DecisionPrompt.Chosen) -> None:
        """A choice picked from the list."""
        self.choose(message.choice)

    def on_grid_map_moved(self, message: GridMap.Moved) -> None:
        """The look cursor moved: show who is there."""
        self._looking = True
        if self._view is not None:
            looked = self._looked(self._view)
            waiting = self.driver.waiting_on()
            panels = self.query_one(CombatantPanels)
            panels.show(self._view, self.driver.humans, waiting.actor if waiting else "", looked)
            self._update_look(self._view)

    def on_grid_map_activated(self, message: GridMap.Activated) -> None:
        """Enter on a cell: the one choice acting there, or the list on the first of several."""
        if self.driver.fight.over:
            self.show_summary()
            return
        decision = self.driver.human_decision()
        if decision is None or self._view is None:
            return
        found = choices_at(decision, self._view, message.cell)
        if len(found) == 1:
            self.choose(found[0])
        elif found:
            self.query_one(DecisionPrompt).highlight(found[0])

    def action_look(self, dx: int, dy: int) -> None:
        """Move the look cursor."""
        self.query_one(GridMap).move_cursor(dx, dy)

    def action_help(self) -> None:
        """Help for the step the fight is at."""
        view = self._view or self.driver.fight.view()
        waiting = self.driver.waiting_on()
        from arena.ui.help_screen import HelpScreen  # loaded on first use: a quicker start

        self.app.push_screen(HelpScreen(view.ruleset, waiting.step if waiting else view.step))

    def show_summary(self) -> None:
        """The end-of-fight summary; it answers with what to do next."""
        from arena.ui.summary_screen import SummaryScreen

        self.app.push_screen(SummaryScreen(self.driver.fight, self.saves), self._after_summary)

    def _after_summary(self, answer: int | str | None) -> None:
        """``None``: back to the arena; ``"title"``: leave; a seed: a rematch with it."""
        if answer == "title":
            self.app.pop_screen()
        elif isinstance(answer, int):
            fight: list[Fight] = []
            if self.guard(lambda: fight.append(rematch(self.driver.fight, answer))):
                screen = ArenaScreen(FightDriver(fight[0]), pace=self.pace, saves=self.saves)
                self.app.switch_screen(screen)

    def action_save(self) -> None:
        """Save the fight at this decision."""
        path: list[Path] = []
        if self.guard(lambda: path.append(self.driver.save(self.saves))):
            self.notify(f"Saved to {path[0]}", title="Saved")

    def action_verbosity(self) -> None:
        """Cycle the log's verbosity."""
        log = self.query_one(FightLog)
        log.set_verbosity(log.next_verbosity(), self.driver.fight.events)
        self.notify(f"Log verbosity: {log.verbosity}", timeout=2)

    def action_pause(self) -> None:
        """Pause or go on with the AI's decisions."""
        self.paused = not self.paused
        if self._timer is not None:
            self._timer.stop()
            self._timer = None
        self.refresh_fight()
        self.schedule()

    def action_leave(self) -> None:
        """Back to the title; an unfinished fight is saved first, to continue later."""
        if self._timer is not None:
            self._timer.stop()
        if not self.driver.fight.over and not self.driver.replay:
            self.action_save()
        self.app.pop_screen()
