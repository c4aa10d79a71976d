"""The arena: the map, the combatants, the order, the dice, the log and the decision prompt."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from time import monotonic
from typing import TYPE_CHECKING, ClassVar, cast

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.timer import Timer
from textual.widgets import OptionList, Static

from arena.engine import Choice, Decision, Event, Fight, FightView, IllegalCommand, Verbosity
from arena.engine.setup import map_name, rematch
from arena.engine.writing import Read
from arena.ui.choice_keys import choices_at, keyed, marks_for
from arena.ui.coach_watch import CoachWatch
from arena.ui.collector import set_aside, set_aside_since
from arena.ui.dice_tray import DiceTray, about
from arena.ui.driver import FightDriver
from arena.ui.fight_log import FightLog
from arena.ui.footer import CompactFooter
from arena.ui.forecast_panel import ForecastPanel, start_ahead
from arena.ui.grid_map import GridMap, marks_of
from arena.ui.hold import hold_limit
from arena.ui.order_track import OrderTrack
from arena.ui.panels import CombatantPanels, look_text, players, who_is_at
from arena.ui.plain import plain, shown_name
from arena.ui.preferences import hold_words
from arena.ui.prompt import DecisionPrompt
from arena.ui.quit_screen import QuitScreen
from arena.ui.reasons import without_stale_reasons
from arena.ui.save_files import CannotSave, write_save
from arena.ui.thinking import think
from arena.ui.wording import counted, winner_words
from arena.words.rulesets import traits

if TYPE_CHECKING:
    from arena.engine.coach import Coaching
    from arena.ui.host import Host

HERE = Path(__file__).parent
RIGHT_MIN = 38
"""Columns the right-hand column (order, combatants, dice, decision) keeps beside the map."""
SHORT = 28
"""Terminals with fewer lines than this get the compact layout."""
FRAME = 2
"""Columns around the map's cells: its box's border (the map has no padding; the box centres it)."""
FIGHT_HEIGHT = 20
"""Lines the fight needs: below them the decision's box has no room for its choices."""
WIDGET_CSS = (
    "grid_map",
    "panels",
    "order_track",
    "dice_tray",
    "fight_log",
    "prompt",
    "forecast_panel",
)


def board_title(fight: Fight) -> str:
    """The map's name over the board: a map written inline in its scenario has its own."""
    inline = getattr(fight.scenario, "inline_map", None)
    return inline.name if inline is not None else map_name(fight)


class ArenaScreen(Screen[None]):
    """One fight on screen; the state lives in the Fight, the screen only shows and asks."""

    # The summary's styles come with the arena's: read when the summary first opened, they made
    # Textual parse every style sheet again, a third of a second inside the fight's last key.
    CSS_PATH: ClassVar = [
        HERE / "arena_screen.tcss",
        *(HERE / f"{n}.tcss" for n in WIDGET_CSS),
        HERE / "summary_screen.tcss",
    ]
    MINIMUM_SIZE: ClassVar[tuple[int, int]] = (2 * RIGHT_MIN, FIGHT_HEIGHT)
    """The smallest terminal it shows whole (`arena.ui.too_small`): the right column needs
    RIGHT_MIN columns and the map's at least half the width."""
    # Textual types this as an instance variable, so it cannot be a ClassVar here.
    VERTICAL_BREAKPOINTS = [(0, "-short"), (SHORT, "-tall")]  # noqa: RUF012
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("question_mark", "help", "Help"),
        Binding("s", "save", "Save"),
        Binding("v", "verbosity", "Log"),
        Binding("p", "pause", "Pause"),
        Binding("f", "forecast", "Forecast"),
        Binding("F", "forecast_choices", "Each choice"),
        Binding("c", "coach", "Coach", show=False),
        # Shown only while a choice of the player's is open (`check_action`): at 80 columns the
        # palette's key gives way to it.
        Binding("e", "explain", "Explain"),
        Binding("q", "leave", "Title"),
        Binding("h", "look(-1, 0)", "Look left", show=False),
        Binding("j", "look(0, 1)", "Look down", show=False),
        Binding("k", "look(0, -1)", "Look up", show=False),
        Binding("l", "look(1, 0)", "Look right", show=False),
        # The list's own keys when it has the focus; from the map they page it and focus it.
        Binding("pageup", "page_choices(-1)", "Choices up", show=False),
        Binding("pagedown", "page_choices(1)", "Choices down", show=False),
    ]
    SETTLE: ClassVar[float] = 0.15
    """Seconds after the player's choice in which a choice key is not taken: a key repeated or
    pressed ahead would answer the next list before the player has seen it."""
    LEAVE_TO: ClassVar[str] = "title menu"
    """Where q goes once the fight is over, as the order track says."""
    AFTER_THE_FIGHT: ClassVar[str] = "Enter: the summary."
    """What the prompt says Enter does once the fight is over."""
    AFTER_THE_END: ClassVar[str] = "The deciding roll is in the tray. Any key: the summary."
    """What the prompt says while the screen stays on the fight's deciding roll."""

    def __init__(self, driver: FightDriver, *, saves: Path, saved_to: Path | None = None) -> None:
        """Show a fight.

        Args:
            driver: the fight and who plays whom.
            saves: the folder saves go to.
            saved_to: the save the fight came from (a load or a replay): saving replaces it.
        """
        super().__init__()
        self.driver = driver
        self.saves = saves
        self.saved_to = saved_to
        self._saved_at = len(driver.fight.commands) + len(driver.replay) if saved_to else 0
        """How many commands the fight's save holds: more than that is unsaved."""
        self._moved_at = 0
        """How many commands the fight held after the player's latest move here (0: none yet)."""
        self._save_failed = False
        """The last save could not be written (its notice says so until one is)."""
        self.paused = False
        self._keys: dict[str, Choice] = {}
        self._asked: Decision | None = None
        """The player's decision last shown (a new one sets aside what the fight keeps)."""
        self._set_aside = False
        """What the fight keeps is set aside from full garbage collections (not in tests)."""
        self._chosen_at = -1.0
        """When the player last chose (monotonic seconds)."""
        self.coached: list[Coaching] = []
        """The player's decisions ranked to the end (F, or `c` in the background) before they
        were picked, in order."""
        self.coach = CoachWatch()
        """The coach in the background: off until `c`."""
        self._timer: Timer | None = None
        self._summary_shown = False
        self._view: FightView | None = None
        self._looking = False
        """True once the player has moved the look cursor: then its combatant's card is marked."""
        self._held_to: int | None = None
        """While the screen holds on the player's action: how many events it shows."""
        self._held_from = 0
        """The index of the held action's first event: the tray shows its rolls alone."""
        self._hold_timer: Timer | None = None
        self._thinking: Decision | None = None
        """The AI's decision being worked out on a worker process (an expert looks ahead)."""
        self._curtained: tuple[str, int] | None = None
        """Hot-seat: whose secret decision, in which round, the curtain was last shown for."""
        self._cursor_on = ""
        """The combatant asked when the look cursor was last put on the one asked."""
        self._ending = False
        """The fight is over and the screen stays on its deciding roll until a key."""
        self._asking = False
        """A decision of the player's is open: the footer shows ``e Explain``."""

    @property
    def arena_app(self) -> Host:
        """The app, with its pace, hold and preferences."""
        return cast("Host", self.app)

    def compose(self) -> ComposeResult:
        """Two columns: the map over the log; the order, combatants, dice and decision."""
        with Horizontal(id="main"):
            with Vertical(id="left"):
                with Vertical(id="board"):
                    yield GridMap(id="map")
                yield Static(id="look")
                yield FightLog(id="log")
                yield DiceTray(id="about")  # 80x24: a decision's rolls, in the log's place
            with Vertical(id="right"):
                yield OrderTrack(id="order")
                yield CombatantPanels(id="panels")
                yield DiceTray(id="dice")
                yield ForecastPanel(id="forecast")
                yield DecisionPrompt(id="prompt")
        # Compact: every key fits at 80 columns, the forecasts' f and F among them; narrower
        # (the fight shows from 76), F's description shortens so ^q Quit stays whole.
        yield CompactFooter(shorter={"forecast_choices": "Each"})

    def on_resize(self) -> None:
        """Split the width: the map's column holds the map, the other room for the choices.

        A map too wide for its column gets narrow cells; what is left is shared evenly, and the
        map's box spans its column, the map centred in it.
        """
        width = self.size.width
        grid = self.query_one(GridMap)
        grid.fit(width - RIGHT_MIN - FRAME)
        board = grid.cell_width * grid.map_width + FRAME
        self.query_one("#left").styles.width = max(min(board, width - RIGHT_MIN), width // 2)
        self.query_one(CombatantPanels).compact = self.size.height < SHORT
        if self._view is not None:
            self.call_after_refresh(self._update_look, self._view)  # one line or two

    def on_mount(self) -> None:
        """Start the fight, put the cursor on the player, and let the AI begin."""
        self._set_aside = bool(getattr(self.app, "set_aside", False))
        self.guard(self.driver.start)
        view = self.driver.fight.view()
        first = next((c for c in view.combatants if c.id in self.driver.humans), None)
        self.query_one(GridMap).place_cursor((first or view.combatants[0]).pos)
        self.query_one("#board").border_title = plain(board_title(self.driver.fight))
        self.query_one(GridMap).focus()
        self.query_one(FightLog).set_verbosity(self.arena_app.preferences.verbosity, ())
        self.refresh_fight()
        self.on_resize()
        self.schedule()
        if getattr(self.app, "warm", False):  # once drawn: the first f finds them ready
            self.call_after_refresh(start_ahead, view.ruleset)
        if self._set_aside:  # once drawn, before the player's first key
            self.call_after_refresh(set_aside)

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
        if self.paused or self.holding or self._timer is not None or self.driver.fight.over:
            return
        if self._thinking is not None or self.driver.human_decision() is not None:
            return
        if self.arena_app.pace <= 0:
            self.guard(lambda: self.driver.run_until_human(or_slow=True))
            slow = self.driver.slow_decision()
            if slow is not None:
                self._think(slow)
            self.refresh_fight()
            return
        self._timer = self.set_timer(self.arena_app.pace, self._tick)

    def _tick(self) -> None:
        self._timer = None
        slow = self.driver.slow_decision()
        if slow is not None:
            self._think(slow)
        else:
            self.guard(self.driver.step)
        self.refresh_fight()
        self.schedule()

    def _think(self, decision: Decision) -> None:
        """Let a worker process work out a look-ahead; the keys stay free meanwhile."""
        self._thinking = decision
        self.run_worker(self._answer_when_thought(decision), group="thinking", exclusive=True)

    async def _answer_when_thought(self, decision: Decision) -> None:
        """Apply the worker's answer (if the decision still waits), then let the fight go on."""
        try:
            command, reason = await think(self.driver.fight, decision)
        except Exception as err:  # the worker failing must not take the screen down
            self._thinking = None
            self.paused = True
            self.notify(f"{type(err).__name__}: {err}", title="The engine failed", severity="error")
            self.refresh_fight()
            return
        self._thinking = None
        self.guard(lambda: self.driver.answer(decision, command, reason))
        self.refresh_fight()
        self.schedule()

    def choose(self, choice: Choice) -> None:
        """Apply the player's choice, hold on its dice, then let the others answer."""
        fight = self.driver.fight
        decision = self.driver.human_decision()
        if decision is None or self._too_soon():
            return
        start, round_ = len(fight.events), fight.round
        self._chosen_at = monotonic()
        coached = self.query_one(ForecastPanel).coaching(fight, choice.key)
        if coached is None:
            coached = self.coach.taken(fight, choice.key)
        if coached is not None:  # ranked to the end before it was picked: the summary weighs it
            self.coached.append(coached)
        self.workers.cancel_group(self, "coach")
        if self.guard(lambda: self.driver.choose(decision, choice.command)):
            self._moved_at = len(fight.commands)
            self._hold(start, round_, decision.actor)
            self.refresh_fight()
            self._forecast(now=True)
            self.schedule()

    def _too_soon(self) -> bool:
        """True within `SETTLE` of the player's last choice, unless the hold is off (tests)."""
        return self.arena_app.hold != 0 and monotonic() - self._chosen_at < self.SETTLE

    # -- holding on the player's roll --------------------------------------------------------

    @property
    def holding(self) -> bool:
        """True while the screen holds on the player's own roll."""
        return self._held_to is not None

    def _hold(self, start: int, round_: int, who: str) -> None:
        """Hold on an action's dice when the others would act next (not when it ended)."""
        hold = self.arena_app.hold
        if hold == 0 or self.driver.fight.over or self.driver.human_decision() is not None:
            return
        self._held_to = hold_limit(self.driver.fight.events, start, round_, who)
        self._held_from = start
        if self._held_to is not None and hold > 0:
            self._hold_timer = self.set_timer(hold, self.release)

    def release(self) -> None:
        """Go on after a hold."""
        if self._hold_timer is not None:
            self._hold_timer.stop()
            self._hold_timer = None
        if self._held_to is not None:
            self._held_to = None
            self.refresh_fight()
            self.schedule()

    def _end(self) -> None:
        """The fight is over: stay on its deciding roll until a key (or the hold's time).

        With the hold off the summary comes at once, as the player's rolls are not held either;
        with nobody playing (watching the AI) it waits the AI's step time, or a key.
        """
        # Watching the AI alone, nobody may be at the keys: it waits the AI's step time.
        hold = self.arena_app.hold if self.driver.humans else self.arena_app.pace
        if hold == 0:
            self.call_after_refresh(self.show_summary)
            return
        self._ending = True
        self.set_class(True, "-holding")  # the tray takes the room: the whole last action
        self.query_one("#dice", DiceTray).border_title = "Dice · the deciding roll"
        if hold > 0:
            self._hold_timer = self.set_timer(hold, self._ended)

    def _ended(self) -> None:
        """Leave the deciding roll for the summary."""
        if self._hold_timer is not None:
            self._hold_timer.stop()
            self._hold_timer = None
        if self._ending:
            self._ending = False
            self.refresh_fight()  # the prompt: Enter brings the summary back
            self.show_summary()

    # -- showing -----------------------------------------------------------------------------

    def refresh_fight(self) -> None:
        """Show the fight as it is now: attributes down to every part."""
        views: list[FightView] = []
        if self.guard(lambda: views.append(self.driver.fight.view())):
            self._show(without_stale_reasons(views[0]))
            self._forecast()
            self._coach()

    def _coach(self) -> None:
        """With the coach on, rank the player's decision at hand in the background."""
        decision = self.driver.human_decision()
        if decision is None or self._view is None:
            return
        if not self.coach.wanted(self.driver.fight):
            return
        side = self._view.combatant(decision.actor).side
        work = self.coach.rank(self.driver.fight, decision, side)
        self.run_worker(work, group="coach", exclusive=True, exit_on_error=False)

    def action_coach(self) -> None:
        """Turn the coach on or off: each of your decisions ranked while you think."""
        if self.coach.toggle():
            self.notify(
                "Coach on: each of your decisions is ranked in the background while you "
                "think; the summary lists the costliest.",
                timeout=4,
            )
            self._coach()
        else:
            self.workers.cancel_group(self, "coach")
            self.notify("Coach off.", timeout=3)

    def _forecast(self, *, now: bool = False) -> None:
        """Keep the forecast panel on the player's side: anew each round, or ``now``."""
        panel = self.query_one(ForecastPanel)
        panel.forget_ranking(self.driver.fight)  # answered meanwhile (the AI's, when watching)
        self.set_class(panel.display, "-forecasting")
        player = self._player()
        view = self._view
        if not player or view is None:
            return
        me = view.combatant(player)
        panel.follow(self.driver.fight, me.side, me.name, now=now)

    def on_forecast_panel_updated(self, message: ForecastPanel.Updated) -> None:
        """The choices with no roll say what they do to the chance to win, while it shows."""
        message.stop()
        decision = self.driver.human_decision()
        if decision is not None:
            changes = self.query_one(ForecastPanel).changes(self.driver.fight)
            self.query_one(DecisionPrompt).show_changes(decision, changes)

    def _player(self) -> str:
        """Whom the forecast is for: the person whose turn it is (hot-seat), else the first."""
        decision = self.driver.human_decision()
        return decision.actor if decision is not None else next(iter(self.driver.humans), "")

    def action_forecast_choices(self) -> None:
        """Forecast each legal choice of the decision at hand: the chance to win if picked.

        The player's decision, else (a presenter watching the AI) whoever decides next.
        """
        decision = self.driver.human_decision() or self.driver.waiting_on()
        if decision is None or self._view is None:
            self.notify("There is no decision to forecast now.", timeout=3)
            return
        me = self._view.combatant(decision.actor)
        panel = self.query_one(ForecastPanel)
        if panel.show_ranking(self.driver.fight):  # hidden, or f showed the chance: not anew
            self.set_class(True, "-forecasting")
            return
        if panel.ranked and panel.ranks(self.driver.fight):
            from arena.ui.ranking_screen import RankingScreen

            self.app.push_screen(RankingScreen(panel.ranking_whole(), panel.ranking_legend()))
            return
        mine = decision == self.driver.human_decision()
        keys = {c.label: k for k, c in keyed(decision.choices) if k} if mine else {}
        panel.forecast_choices(self.driver.fight, me.side, decision.actor, me.name, keys)
        self.set_class(panel.display, "-forecasting")

    def action_forecast(self) -> None:
        """Show or hide the player's side's chance to win from this moment.

        Over a ranking of the choices (`F`) it shows the chance again; pressed again, it hides.
        """
        player = self._player()
        if not player or self._view is None:
            self.notify("No one here is played from the keyboard to forecast for.", timeout=3)
            return
        me = self._view.combatant(player)
        panel = self.query_one(ForecastPanel)
        panel.toggle(self.driver.fight, me.side, me.name)
        self.set_class(panel.display, "-forecasting")

    def _show(self, view: FightView) -> None:
        fight = self.driver.fight
        self._view = view
        shown = fight.events[: self._held_to] if self.holding else fight.events
        decision = self.driver.human_decision()
        waiting = None if self.holding else self.driver.waiting_on()
        acting = waiting.actor if waiting else ""
        names = {c.id: c.name for c in view.combatants}
        looked = self._looked(view)
        # The fight's deciding roll gets the room a held roll gets: the whole last action.
        self.set_class(self.holding or self._ending, "-holding")
        self.query_one(GridMap).show(view, self.driver.humans, marks_for(decision, view), acting)
        self.query_one(CombatantPanels).show(view, self.driver.humans, acting, looked)
        self.query_one(OrderTrack).show(
            view,
            names,
            acting=acting,
            segment=waiting.segment if waiting else None,
            stale=order_stale(view, shown),
            leave=self.LEAVE_TO,
            marks=marks_of(view, self.driver.humans, acting),
        )
        rolled = shown[self._held_from :] if self.holding else shown
        tray = self.query_one("#dice", DiceTray)
        tray.show(rolled, names, ruleset=view.ruleset, held=self.holding)
        if self._ending:
            tray.border_title = "Dice · the deciding roll"
        # On the three boxes it moves, not the screen: a class on the screen restyles every
        # widget of the fight (a tenth of a second with eight combatants), twice a decision.
        # With no roll to quote (the fight's first decision), the log keeps its whole place.
        quoting = decision is not None and bool(decision.incoming or about(decision, shown))
        self.query_one("#dice").set_class(decision is not None, "-deciding")
        for part in ("#log", "#about"):
            self.query_one(part).set_class(quoting, "-deciding")
        if decision is not None and quoting:
            self.query_one("#about", DiceTray).quote(decision, shown, names, ruleset=view.ruleset)
        self.query_one(FightLog).add(shown)
        self._cursor_to_asked(decision, view)
        self._update_look(view)
        if fight.over and not self._summary_shown:
            self._summary_shown = True
            if self.saved_to is not None:
                self.save_now(quiet=True)  # the save holds the whole fight: Continue skips it
            self.query_one(GridMap).focus()  # Enter on the map brings the summary back
            self._end()
        self._prompt(decision, waiting, names)
        self._curtain(decision, names)

    def _prompt(
        self, decision: Decision | None, waiting: Decision | None, names: dict[str, str]
    ) -> None:
        prompt = self.query_one(DecisionPrompt)
        fight = self.driver.fight
        if (decision is not None) != self._asking:
            self._asking = decision is not None
            self.refresh_bindings()  # the footer's e comes and goes with the choices
        if decision is not None:
            if decision is not self._asked and self._set_aside:
                self._asked = decision
                self.call_after_refresh(set_aside_since)  # once shown, while the player reads
            pairs = keyed(decision.choices)
            self._keys = {k: c for k, c in pairs if k}
            if self.focused is None and not prompt.keeps_focus:
                self.query_one(GridMap).focus()  # nothing has the keys: the map takes them
            view = self._view or self.driver.fight.view()
            player = players(view, self.driver.humans).get(decision.actor, "")
            prompt.ask(decision, pairs, view, player="" if player == "you" else player)
            return
        self._keys = {}
        if fight.over and self._view is not None:
            after = self.AFTER_THE_END if self._ending else self.AFTER_THE_FIGHT
            prompt.wait(f"The fight is over: {winner_words(self._view)}. {after}")
        elif self.holding:
            hold = self.arena_app.hold
            more = f" (or wait {hold_words(hold)})" if hold > 0 else ""
            prompt.wait(f"Your action's dice are in the tray. Any key goes on{more}.")
        elif self.paused:
            prompt.wait("Paused. p: go on.")
        elif self.driver.replay:
            to_go = counted(len(self.driver.replay), "recorded decision", "recorded decisions")
            prompt.wait(f"Replaying: {to_go} to go.")
        elif waiting is not None:
            who = names.get(waiting.actor, waiting.actor)
            does = "looks ahead" if waiting is self._thinking else "decides"
            prompt.wait(f"{who} ({self.driver.fight.controller_for(waiting)}) {does}…")

    def _cursor_to_asked(self, decision: Decision | None, view: FightView) -> None:
        """Hot-seat: a newly asked player finds the look cursor on the combatant asked."""
        if decision is None or decision.actor == self._cursor_on:
            return
        self._cursor_on = decision.actor
        if players(view, self.driver.humans).get(decision.actor, "you") != "you":
            self.query_one(GridMap).place_cursor(view.combatant(decision.actor).pos)

    def _curtain(self, decision: Decision | None, names: dict[str, str]) -> None:
        """Hot-seat: before a person states a secret intention, hide the screen from the rest."""
        if decision is None or not decision.secret or len(self.driver.humans) < 2:
            return
        key = (decision.actor, self.driver.fight.round)
        if key == self._curtained:
            return
        self._curtained = key
        from arena.ui.curtain import CurtainScreen

        self.app.push_screen(CurtainScreen(names.get(decision.actor, decision.actor)))

    def _looked(self, view: FightView) -> str:
        """Whose card is marked as looked at: whoever is under the cursor, once the player looks."""
        return self._here(view) if self._looking else ""

    def _here(self, view: FightView) -> str:
        return who_is_at(view, self.query_one(GridMap).cursor)

    def _update_look(self, view: FightView) -> None:
        grid = self.query_one(GridMap)
        here = self._here(view)
        who = view.combatant(here) if here else None
        cell = grid.cell_text(grid.cursor)
        # Short: two lines must hold the cell and who is there, so no "Look".
        where = (
            f"{grid.cursor} {cell}" if self.has_class("-short") else f"Look {grid.cursor}: {cell}"
        )
        look = self.query_one("#look", Static)
        width, rows = look.content_region.width, look.content_region.height
        player = players(view, self.driver.humans).get(here, "")
        text = look_text(where, who, player=player)
        if width > 0 and "\n" in text.plain:
            # The traits have the rows the first line leaves; a word-wrapped row loses a few.
            head = -(-len(text.plain.split("\n")[0]) // width)
            room = max(1, (width - 6) * (rows - head))
            text = look_text(where, who, player=player, room=room)
        if self.has_class("-short"):
            # Two lines for the first, wrapped, not cut: the traits stay for a taller screen.
            text = text.split("\n")[0]
            if width > 0 and len(text.wrap(self.app.console, width)) > rows:
                # Who plays it must show (hot-seat): the health, on the card too, gives way.
                text = look_text(where, who, player=player, health=False).split("\n")[0]
        look.update(text, layout=False)  # a fixed height, always

    # -- input -------------------------------------------------------------------------------

    def on_key(self, event: events.Key) -> None:
        """Any key ends a hold; a choice's digit picks it."""
        if self._ending:
            event.stop()  # the key goes on to the summary, and does nothing else
            self._ended()
            return
        if self.holding:
            self.release()
            if event.key in ("enter", "space"):
                event.stop()
            return
        key = event.character or ""
        if key == "e" and not self._asking:
            # Its binding is off (out of the footer) with no choice open: say so, not nothing.
            event.stop()
            self.action_explain()
            return
        choice = self._keys.get(key)
        if choice is None:
            return
        event.stop()
        self.choose(choice)  # a digit picks its choice at once, seen in the list or not

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
        else:
            self.notify(f"No choice acts on {message.cell}: pick one from the list.", timeout=3)

    def action_page_choices(self, step: int) -> None:
        """PgUp/PgDn with the map focused: the list takes the focus and pages, as it says."""
        if self.driver.human_decision() is None:
            return
        options = self.query_one(DecisionPrompt).query_one("#choices", OptionList)
        options.focus()
        if step > 0:
            options.action_page_down()  # type: ignore[no-untyped-call]  # Textual's own
        else:
            options.action_page_up()  # type: ignore[no-untyped-call]

    def action_look(self, dx: int, dy: int) -> None:
        """Move the look cursor; the map takes the keys, so Enter then acts on its cell."""
        grid = self.query_one(GridMap)
        grid.move_cursor(dx, dy)
        grid.focus()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """``e`` is offered (and shown in the footer) only while the player has choices open."""
        return self._asking if action == "explain" else True

    def action_explain(self) -> None:
        """The highlighted choice explained in full: the sentences the box has no room for."""
        text = self.query_one(DecisionPrompt).explanation()
        if text is None:
            self.notify("Nothing to explain: no choice of yours is open.", timeout=3)
            return
        from arena.ui.explain_screen import ExplainScreen  # loaded on first use

        self.app.push_screen(ExplainScreen(text))

    def action_help(self) -> None:
        """Help for the step the fight is at."""
        view = self._view or self.driver.fight.view()
        waiting = self.driver.waiting_on()
        from arena.ui.help_screen import HelpScreen  # loaded on first use: a quicker start

        self.app.push_screen(HelpScreen(view.ruleset, waiting.step if waiting else view.step))

    def reads(self) -> tuple[Read, ...]:
        """The files this fight was read from, which the screens' writers must leave alone."""
        scripts = self.driver.fight.scenario.script_lines
        return (
            Read(str(self.saved_to) if self.saved_to else None, "the save this fight came from"),
            Read(scripts.file if scripts else None, "the scenario file this fight came from"),
        )

    def show_summary(self) -> None:
        """The end-of-fight summary; it answers with what to do next."""
        from arena.ui.summary_screen import SummaryScreen

        summary = SummaryScreen(
            self.driver.fight,
            self.saves,
            self.reads(),
            coached=self.coached,
            missed=self.coach.missed,
        )
        self.app.push_screen(summary, self._after_summary)

    def _after_summary(self, answer: int | str | None) -> None:
        """``None``: back to the arena; ``"title"``: leave; a seed: a rematch with it."""
        if answer == "title":
            self.app.pop_screen()
        elif isinstance(answer, int):
            fight: list[Fight] = []
            if self.guard(lambda: fight.append(rematch(self.driver.fight, answer))):
                self.app.switch_screen(ArenaScreen(FightDriver(fight[0]), saves=self.saves))

    # -- saving and leaving ------------------------------------------------------------------

    def unsaved(self) -> bool:
        """True if quitting now would lose a move of the player's: one made since the last save.

        The others' moves since then are not counted. The AI draws its dice from the seed and
        the number of commands, so continuing the save makes the same moves again, as long as
        no move of the player's came between: before the player is first asked (in Sorcerer
        the AI states its intentions first), quitting loses nothing.
        """
        if self.driver.fight.over or self.driver.replay:
            return False
        return self._moved_at > self._saved_at

    def _behind(self) -> bool:
        """True if the fight has commands its save does not hold, the others' too."""
        fight = self.driver.fight
        if fight.over or self.driver.replay:
            return False
        return len(fight.commands) != self._saved_at

    def save_now(self, *, quiet: bool = False) -> bool:
        """Save the fight, replacing its earlier save; True if it was saved.

        A saves folder that takes no save is said in a notice; the fight goes on.
        """
        fight = self.driver.fight
        path: list[Path] = []
        earlier = self.saved_to if self.saved_to is not None and self.saved_to.exists() else None

        def write() -> None:
            try:
                path.append(write_save(fight, self.saves, self.saved_to))
            except CannotSave as err:  # the folder's fault, not the engine's: play goes on
                self.notify(str(err), title="Not saved", severity="error")
                self._save_failed = True

        if not self.guard(write) or not path:
            return False
        self.saved_to, self._saved_at = path[0], len(fight.commands)
        if self._save_failed:  # "Not saved" is no longer true: say so
            self.app.clear_notifications()
            self._save_failed, quiet = False, False
        if not quiet:
            # One save a fight: saying so, so a player who wanted both is not surprised.
            also = (
                ""
                if earlier is None
                else f"\nIt replaces this fight's earlier save, {shown_name(earlier.name)}."
            )
            self.notify(f"Saved to {shown_name(path[0])}{also}", title="Saved")
        return True

    def action_save(self) -> None:
        """Save the fight at this decision."""
        self.save_now()

    def action_verbosity(self) -> None:
        """Cycle the log's verbosity (kept for the next run)."""
        self.set_verbosity(self.query_one(FightLog).next_verbosity())

    def set_verbosity(self, verbosity: Verbosity) -> None:
        """Redraw the log at a verbosity, and keep it for the next run."""
        log = self.query_one(FightLog)
        shown = (
            self.driver.fight.events[: self._held_to] if self.holding else self.driver.fight.events
        )
        log.set_verbosity(verbosity, shown)
        self.arena_app.prefer(verbosity=verbosity)
        self.notify(f"Log verbosity: {verbosity}", timeout=2)

    def action_pause(self) -> None:
        """Pause or go on with the AI's decisions."""
        self.paused = not self.paused
        if self._timer is not None:
            self._timer.stop()
            self._timer = None
        # While the player decides the prompt shows the choices, not the pause: say it here.
        if self.paused:
            self.notify("Paused: the opponents wait until p is pressed again.", timeout=3)
        else:
            self.notify("Going on: the opponents decide again.", timeout=2)
        self.refresh_fight()
        self.schedule()

    def action_leave(self) -> None:
        """Back to the title; a fight gone on since its save is saved first, to continue later.

        When it cannot be saved and moves of the player's would be lost, the player is asked
        whether to leave without them.
        """
        if self._behind() and not self.save_now(quiet=True) and self.unsaved():
            self.app.push_screen(
                QuitScreen(
                    f"This fight could not be saved to {self.saves}. Leave it without saving?",
                    ("Try again", "Leave without saving"),
                ),
                self._after_leave_question,
            )
            return
        self._go()

    def _after_leave_question(self, answer: str | None) -> None:
        if answer == "save":
            self.action_leave()
        elif answer == "quit":
            self._go()

    def _go(self) -> None:
        """Leave for the title: the AI's timers stop first."""
        for timer in (self._timer, self._hold_timer):
            if timer is not None:
                timer.stop()
        self.app.pop_screen()


def order_stale(view: FightView, shown: Sequence[Event]) -> bool:
    """True while a Sorcerer round has not rolled its order: the view still has last round's."""
    if not traits(view.ruleset).order_rolled:
        return False
    for event in reversed(shown):
        if event.round < view.round:
            return True
        if event.kind == "order_fixed":
            return False
    return True
