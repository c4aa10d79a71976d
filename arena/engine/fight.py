"""Fight: the only way into a fight, for the UI, the command line and tests."""

from __future__ import annotations

import dataclasses
import random
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from arena.ai import unknown_policy
from arena.content.loader import Catalog
from arena.content.scenario import OptionValue, ScenarioDef, labelled_rolls, plain_faces
from arena.ecs.registry import ruleset_named
from arena.ecs.ruleset import Clock, Ctx, Ending, Ruleset, StepResult
from arena.ecs.world import FightWorld
from arena.engine import scripts
from arena.engine.hashing import moment_hash, state_hash
from arena.engine.inline import for_play
from arena.engine.scripts import SCRIPT, ScriptError
from arena.rules.commands import Command, IllegalCommand, command_to_mapping
from arena.rules.dice import DiceSource, RiggedDice
from arena.rules.events import Datum, Event
from arena.rules.views import Board, Choice, CombatantView, Decision, FightView, Reason
from arena.words.core import Phrase, Text, render

__all__ = ["Fight", "ScriptError", "state_hash"]


def _check_combatants(scenario: ScenarioDef) -> None:
    """Every combatant has an id of its own, and every ``ai:`` controller names a policy.

    A scenario file is checked on loading; one built in code (a gauntlet's lineup) is not,
    and two combatants of one id would answer each other's decisions: the fight never ends.

    Raises:
        ValueError: an id is taken twice, or a policy is unknown (with the nearest name).
    """
    seen: set[str] = set()
    for index, spec in enumerate(scenario.combatants):
        if spec.id in seen:
            raise ValueError(f"combatants[{index}].id: {spec.id!r} is taken by another combatant")
        seen.add(spec.id)
        problem = unknown_policy(spec.controller, scenario.ruleset)
        if problem is not None:
            raise ValueError(f"combatants[{index}].controller: {problem}")


_checked: dict[int, tuple[ScenarioDef]] = {}
"""Scenarios whose combatants passed `_check_combatants`, by id (each entry holds its scenario,
so the id is not reused while it is kept). A scenario is frozen: checked once, it stays sound."""


class Fight:
    """One combat: its dice source, its esper world, its options and its command log."""

    def __init__(
        self,
        scenario: ScenarioDef,
        catalog: Catalog,
        *,
        seed: int | None = None,
        rigged: Sequence[int] | None = None,
        options: Mapping[str, OptionValue] | None = None,
        preset: str | None = None,
        hashes: bool = True,
        last_view: bool = True,
    ) -> None:
        """Set a fight up from a scenario; nothing happens until `start()`.

        Args:
            scenario: who fights whom, where.
            catalog: the loaded content the scenario refers to.
            seed: overrides the scenario's seed.
            rigged: overrides the scenario's rigged faces.
            options: option values layered over the scenario's.
            preset: overrides the scenario's preset.
            hashes: take a state hash at the end of each round (a save and a replay need
                them; a batch does not).
            last_view: make the last view as the fight ends, and let its world go then. False
                (a batch): the world stays until `close`, and the last view is made only if
                asked for; the batch reads the `ending` instead.

        Raises:
            ValueError: an option or preset is not legal for the ruleset, a combatant's id is
                taken twice or its AI policy is unknown.
        """
        self.scenario = scenario
        self.catalog = catalog
        self.ruleset: Ruleset = ruleset_named(scenario.ruleset)
        self.seed = scenario.seed if seed is None else seed
        own = plain_faces(scenario.rigged)
        self.rigged = own if rigged is None else tuple(rigged)
        # Labelled rolls belong to the scenario's own dice: other faces (--dice, a batch) drop them.
        labelled = labelled_rolls(scenario.rigged) if self.rigged == own else ()
        self.preset = scenario.preset if preset is None else preset
        self.option_values: dict[str, OptionValue] = {**scenario.options, **(options or {})}
        try:
            self.options = self.ruleset.parse_options(self.preset, self.option_values)
        except ValueError as err:
            raise ValueError(f"options: {err}") from None
        if _checked.get(id(scenario), (None,))[0] is not scenario:
            # Checked once per scenario object: a batch plays thousands of fights of one.
            _check_combatants(scenario)
            if len(_checked) >= 64:
                _checked.clear()
            _checked[id(scenario)] = (scenario,)
        self.dice: DiceSource
        if self.rigged or labelled:
            # The generator after rigged faces is made only where faces are rigged.
            then = None if scenario.when_rigged_runs_out == "error" else random.Random(self.seed)
            self.dice = RiggedDice(self.rigged, then, labelled)
        else:
            self.dice = random.Random(self.seed)
        self.commands: list[Command] = []
        """Every command applied, in order: with the seed, this is the whole fight."""
        self.events: list[Event] = []
        """Every event so far, in order."""
        self.reasons: list[Text] = []
        """Why the AI chose each command ("" for people and scripts), beside `commands`."""
        self._last_reason: dict[str, Reason] = {}
        self._names: dict[str, str] = {}
        self._unsaid: list[tuple[Decision, Text]] = []
        self.round_hashes: list[str] = []
        """The state hash at the end of each round (none unless `hashes`)."""
        self.newer_arena_note: str | None = None
        """Set by `load_save` when a newer arena made the save: the note the command line
        prints (``file:line: arena_version: made by arena ...``); None otherwise."""
        self.hashes = hashes
        self._scripted: Counter[tuple[str, str]] = Counter()
        """(actor, queue) → entries used: queue is a decision kind, or "" for plain entries."""
        self._queues: dict[str, dict[str, tuple[tuple[int, str], ...]]] = {}
        self._took_over: set[str] = set()
        self._world = FightWorld()
        played, seen = for_play(scenario, catalog)
        self._ctx = Ctx(self.dice, self.options, seen, played, Clock())
        self._started = False
        self._view: FightView | None = None
        self._final: FightView | None = None
        self._ended = False
        """True once the fight is over."""
        self._last_view = last_view
        """Make the last view as the fight ends (else when asked for, or at `close`)."""
        self._menus: dict[int, tuple[Decision, dict[Command, Choice]]] = {}
        self._secret_from: int | None = None
        """The first command of the secret answers not yet revealed (None: none are hidden)."""
        self._controllers: tuple[ScenarioDef | None, dict[str, str]] = (None, {})
        self._step_names = tuple([name for name, _ in self.ruleset.steps])
        self._step_count = len(self._step_names)

    # -- the facade -------------------------------------------------------------------------

    def start(self) -> tuple[Event, ...]:
        """Place the combatants and run until the first decision (or the end)."""
        if self._started:
            return ()
        self._started = True
        world = self._world
        world.enter()
        world.busy = True
        try:
            events = list(self.ruleset.spawn(self._ctx))
            events += self._advance()
        finally:
            world.busy = False
        return self._record(events)

    def pending(self) -> tuple[Decision, ...]:
        """Who must decide what now, with the legal choices; empty when the fight is over."""
        return self._ctx.pending

    def apply(self, command: Command, reason: Text = "") -> tuple[Event, ...]:
        """Apply a command that answers a pending decision.

        Args:
            command: the answer.
            reason: why an AI chose it, in a few words (a phrase is drawn only when read);
                logged first, and shown in the view as its combatant's `reason`.

        Returns:
            The events it caused, in order.

        Raises:
            IllegalCommand: it answers no pending decision; nothing changed. The message lists
                the legal choices.
        """
        if not self._started:
            self.start()
        return self.answer(self._decision_for(command), command, reason)

    def answer(self, decision: Decision, command: Command, reason: Text = "") -> tuple[Event, ...]:
        """Apply a command that answers this decision, the very one `pending` gave.

        A front end, a script or an AI answers the decision it was shown: it is not searched
        for again among those pending. The command is checked against that decision's own
        choices (and its resolver's, for an unlisted move or split); the decision is kept
        until a command changes the state.

        Args:
            decision: a decision `pending` gave.
            command: the answer.
            reason: why an AI chose it, as for `apply`.

        Returns:
            The events it caused, in order.

        Raises:
            IllegalCommand: the decision is no longer pending, or the command does not answer
                it; nothing changed. The message lists the legal choices.
        """
        if not self._started:
            self.start()
        ctx = self._ctx
        for waiting in ctx.pending:
            if waiting is decision:
                break
        else:
            raise IllegalCommand(self._illegal_message(command))
        # A choice's own command (an AI's, a script's, a key's) is found by identity, and an
        # AI's among the first few as a rule (its attacks, the default): a look along the menu
        # costs less than any table of it. Anything else is checked against the decision's
        # menu and resolver.
        for choice in decision.choices:
            if choice.command is command:
                break
        else:
            if not self._admits(decision, command):
                raise IllegalCommand(self._illegal_message(command))
        # Read in place, not through `controller_for`: this runs for every command of a batch.
        held = self._controllers
        if held[0] is not self.scenario:
            self.controller_of(decision.actor)
            held = self._controllers
        controller = decision.controller or held[1][decision.actor]
        events = self._count_script(decision) if controller == SCRIPT else []
        if reason:
            self._unsaid.append((decision, reason))
        if self._unsaid and not decision.secret:
            events += self._say_reasons()
        if decision.secret and self._secret_from is None:
            self._secret_from = len(self.commands)
        world = self._world
        world.enter()
        world.busy = True
        try:
            events += self.ruleset.accept(ctx, command)
            self.commands.append(command)
            self.reasons.append(reason)
            # The secret answers are revealed once none of their group is left pending; the
            # systems may then ask a new group at once (the next round's intentions). (Loops,
            # not generators: this runs for every command of a batch.)
            left = []
            revealed = True
            for d in ctx.pending:
                if d is not decision:
                    left.append(d)
                    revealed = revealed and not d.secret
            ctx.pending = tuple(left)
            clock = ctx.clock
            asked_in, step = clock.round, clock.step  # where the reasons are told, if any
            advanced = self._advance()
        finally:
            world.busy = False
        if revealed:
            self._secret_from = None
        if self._unsaid and revealed:
            # The reasons of secret answers are told with their reveal, in the step that
            # revealed them: never after the later steps, nor after the fight's end.
            where = (asked_in, self._step_names[step])
            cut = next(
                (i for i, e in enumerate(advanced) if (e.round, e.step) != where), len(advanced)
            )
            advanced[cut:cut] = self._say_reasons(asked_in)
        events += advanced
        # As `_record` does, in place: this runs for every command of a batch.
        self.events += events
        self._view = None  # the state (or the AI's notes) changed
        if clock.over and not self._ended:
            self._finish()
        return tuple(events)

    def unrevealed(self) -> range:
        """The commands that answered secret decisions still hidden, by index in `commands`.

        Sorcerer intentions are stated in secret and revealed together: until then, what each
        one said is known to whoever said it alone. Empty when nothing is hidden.
        """
        start = len(self.commands) if self._secret_from is None else self._secret_from
        return range(start, len(self.commands))

    def view(self) -> FightView:
        """A frozen snapshot of the fight (the last one once it is over), kept until `apply`.

        Raises:
            RuntimeError: the fight was closed without its last view (`close`).
        """
        if self._final is not None:
            return self._final
        if self._view is None:
            world = self._world
            world.enter()
            world.busy = True
            try:
                view = self.ruleset.view(self._ctx)
            finally:
                world.busy = False
            self._view = self._with_reasons(view) if self._last_reason else view
        if self._ended:
            # The last view, made when first asked for: the world goes once it is made.
            self._final = self._view
            self._world.close()
        return self._view

    def ending(self) -> Ending:
        """How the fight ended, as its last view shows it, without making that whole view.

        A batch reads no more of a fight that is over: who won, how, after how many rounds,
        and each combatant's id, side, status, health and penalty, and injury class.

        Raises:
            ValueError: the fight is not over.
            RuntimeError: it was closed without its last view (`close`).
        """
        if not self._ended:
            raise ValueError("the fight is not over")
        clock = self._ctx.clock
        read = self.ruleset.standing
        if read is not None and self._final is None and not self._world.closed:
            self._world.enter()
            combatants = read(self._ctx)
        else:
            combatants = tuple(
                [
                    (c.id, c.side, c.status, c.health_text, c.penalty, _severity(c))
                    for c in self.view().combatants
                ]
            )
        return Ending(clock.winner, clock.outcome, clock.round, combatants)

    def board(self) -> Board:
        """The board at a glance, for an answer that reads no more than it shows.

        A whole view makes again every part of each combatant that changed; a naive answer
        reads only who stands where, still in the fight, with what penalty, traits and blow
        (and an attacked one its revealed intention, order dice and helpless limit).

        Raises:
            ValueError: the ruleset shows no board at a glance (its view is all there is).
        """
        glance = self.ruleset.board
        if glance is None:
            raise ValueError(f"{self.ruleset.name} shows no board at a glance")
        # Not marked busy as `view` is: the board only reads, so no copy of the world can
        # start while it is made.
        self._world.enter()
        return glance(self._ctx)

    def moment_hash(self) -> str:
        """The hash of this very moment (mid-round too): state, step, commands, who decides."""
        self.start()
        return moment_hash(self.view(), self._ctx.clock.step, self.commands, self.pending())

    def script_answered(self, actor: str) -> int:
        """How many of this combatant's script entries have answered decisions.

        Decisions answered by an AI in its place (a frenzy) or by an ``answers:`` default do
        not count. Replaying the command log counts them again, so a resumed fight goes on at
        the same entries.
        """
        return sum(n for (who, _), n in self._scripted.items() if who == actor)

    def script_used(self, actor: str, kind: str) -> int:
        """How many entries addressed to a decision kind (``""``: plain ones) were used."""
        return self._scripted[(actor, kind)]

    def script_queues(self, actor: str) -> dict[str, tuple[tuple[int, str], ...]]:
        """A combatant's script entries by the decision kind they answer (``""``: any)."""
        held = self._queues.get(actor)
        if held is None:
            spec = next(c for c in self.scenario.combatants if c.id == actor)
            held = self._queues[actor] = scripts.script_queues(spec.script)
        return held

    @property
    def over(self) -> bool:
        """True once the fight has ended."""
        return self._ctx.clock.over

    @property
    def round(self) -> int:
        """The current round (Sorcerer) or turn (Werewolf)."""
        return self._ctx.clock.round

    def controller_of(self, actor: str) -> str:
        """The controller named for a combatant in the scenario (see `controllers`).

        Raises:
            KeyError: the scenario has no such combatant.
        """
        held = self._controllers
        if held[0] is not self.scenario:
            # Asked several times a decision; a copy's scenario may be swapped (`branch`).
            by_id = {c.id: c.controller for c in reversed(self.scenario.combatants)}
            held = self._controllers = (self.scenario, by_id)
        return held[1][actor]

    def controller_for(self, decision: Decision) -> str:
        """Who answers a decision: the decision's own AI if it names one, else the actor's."""
        return decision.controller or self.controller_of(decision.actor)

    def human_decides(self, decision: Decision) -> bool:
        """True if a person must answer this decision."""
        return scripts.asks_person(self.scenario, decision)

    def options_record(self) -> tuple[tuple[str, str], ...]:
        """The preset and every option value, for logs and saves."""
        return (("preset", self.preset), *self.ruleset.options_record(self.options))

    def refuse_script(self, err: ScriptError) -> tuple[Event, ...]:
        """End the log with ``script_refused``: the key a script gave and the legal ones.

        The fight stops there; it is not saved and its expectations are not checked.
        """
        decision = err.decision
        legal = tuple(c.key for c in decision.choices) if decision is not None else ()
        data: dict[str, Datum] = {"legal": legal}
        if decision is not None:
            data["decision"] = decision.kind
        event = Event(
            "script_refused",
            self.round,
            decision.step if decision is not None else "",
            render(str(err)),
            actor=decision.actor if decision is not None else "",
            data=data,
        )
        self.events.append(event)
        return (event,)

    def close(self, last_view: bool = True) -> None:
        """Delete the fight's world; the fight can still be viewed through its log only.

        A fight that is over keeps its last view, made now if it was not asked for yet.

        Args:
            last_view: False to let the last view go unmade (a batch reads its `ending`).
        """
        if last_view and self._ended and self._final is None and not self._world.closed:
            self.view()  # makes the last view, and closes the world
        self._world.close()

    # -- internals --------------------------------------------------------------------------

    def _decision_for(self, command: Command) -> Decision:
        """The pending decision a command answers.

        A command taken from a menu (by a script, an AI or a person's key) is found by
        identity, which costs no comparison of commands; any other (a replayed save, a test)
        through an index of the decision's choices by command, built once per decision; last,
        an unlisted command the decision's resolver finds legal (a Werewolf move or split).
        """
        actor = command.actor
        for decision in self._ctx.pending:
            if decision.actor == actor:
                for choice in decision.choices:
                    if choice.command is command:
                        return decision
        mine = [d for d in self._ctx.pending if d.actor == actor]
        for decision in mine:
            if command in self._menu(decision):
                return decision
        for decision in mine:
            if decision.admits(command) is not None:
                return decision
        raise IllegalCommand(self._illegal_message(command))

    def _admits(self, decision: Decision, command: Command) -> bool:
        """True if the command answers this decision: a choice's, or one its resolver admits.

        A choice's command is found by identity first, then by value (a decision's own menu).
        """
        if command.actor != decision.actor:
            return False
        for choice in decision.choices:
            if choice.command is command:
                return True
        return command in self._menu(decision) or decision.admits(command) is not None

    def _menu(self, decision: Decision) -> dict[Command, Choice]:
        """A decision's choices by command, built once while the decision is pending."""
        held = self._menus.get(id(decision))
        if held is not None and held[0] is decision:
            return held[1]
        if len(self._menus) > 2 * len(self._ctx.pending) + 8:
            # Forget decisions no longer pending (their ids may be reused).
            live = {id(d) for d in self._ctx.pending}
            self._menus = {k: v for k, v in self._menus.items() if k in live}
        menu = {c.command: c for c in decision.choices}
        self._menus[id(decision)] = (decision, menu)
        return menu

    def _illegal_message(self, command: Command) -> str:
        if not self._ctx.pending:
            return f"{command_to_mapping(command)} is not legal: nothing is pending"
        lines = [f"{command_to_mapping(command)} is not legal now. Legal choices:"]
        for d in self._ctx.pending:
            lines.append(f"  {d.actor} ({d.prompt}): " + ", ".join(c.key for c in d.choices))
        return "\n".join(lines)

    def _advance(self) -> list[Event]:
        """Run the systems in order until one waits for decisions or the fight ends."""
        ctx, clock, steps = self._ctx, self._ctx.clock, self.ruleset.steps
        count = self._step_count
        events: list[Event] = []
        while not clock.over:
            _, system = steps[clock.step]
            result: StepResult = system(ctx)
            events += result.events
            if result.waiting:
                ctx.pending = result.waiting
                return events
            ctx.pending = ()
            clock.step += 1
            if clock.step == count:
                clock.step = 0
                events += self._end_round()
        ctx.pending = ()
        return events

    def _end_round(self) -> list[Event]:
        ctx, clock = self._ctx, self._ctx.clock
        events = list(self.ruleset.end_round(ctx))
        if self.hashes:
            self.round_hashes.append(state_hash(self.ruleset.view(ctx)))
        if not clock.over and clock.round >= self.scenario.max_rounds:
            clock.over = True
            rounds = Phrase("round_word", (self.scenario.ruleset, clock.round))
            clock.outcome = Phrase("fight_stopped_draw", (clock.round, rounds))
        if clock.over:
            events += self.ruleset.finish(ctx)
        else:
            clock.round += 1
        return events

    def _count_script(self, decision: Decision) -> list[Event]:
        """Move a script on past the entry that answered, or say once that the AI took over."""
        way = scripts.route(self, decision)
        if way.queue == scripts.RAN_OUT:
            if decision.actor in self._took_over:
                return []
            self._took_over.add(decision.actor)
            policy = f"ai:{scripts.STAND_IN}"
            text = Phrase("script_ran_out", (self._name_of(decision.actor), scripts.STAND_IN))
            data: dict[str, Datum] = {
                "decision": decision.kind,
                "policy": policy,
            }
            return [
                Event(
                    "script_ended",
                    self.round,
                    decision.step,
                    text,
                    actor=decision.actor,
                    data=data,
                )
            ]
        if way.queue != scripts.ANSWERS:
            self._scripted[(decision.actor, way.queue)] += 1
        return []

    def _name_of(self, actor: str) -> str:
        """A combatant's name for a log line (names never change, so they are read once)."""
        if not self._names:
            self._names = {c.id: c.name for c in self.view().combatants}
        return self._names.get(actor) or actor

    def _say_reasons(self, asked_in: int | None = None) -> list[Event]:
        """The AI's reasons not yet told, a log line each, remembered for the view.

        A secret decision's reason waits until its answer is revealed, so the log and the
        view never give away a hidden intention; `asked_in` is the round it was asked in (the
        current one unless given).
        """
        events = []
        told_in = self.round if asked_in is None else asked_in
        for decision, reason in self._unsaid:
            self._last_reason[decision.actor] = Reason(reason, told_in)
            controller = self.controller_for(decision)
            text = Phrase("ai_reasoned", (self._name_of(decision.actor), controller, reason))
            data: dict[str, Datum] = {"controller": controller, "decision": decision.kind}
            if decision.segment is not None:
                data["segment"] = decision.segment
            events.append(
                Event(
                    "ai_reasoned",
                    told_in,
                    decision.step,
                    text,
                    actor=decision.actor,
                    data=data,
                )
            )
        self._unsaid.clear()
        return events

    def _with_reasons(self, view: FightView) -> FightView:
        """The view with each AI's latest reason on its combatant (`CombatantView.reason`)."""
        if not self._last_reason:
            return view
        combatants = tuple(
            dataclasses.replace(c, reason=self._last_reason[c.id])
            if c.id in self._last_reason
            else c
            for c in view.combatants
        )
        return dataclasses.replace(view, combatants=combatants)

    def _record(self, events: list[Event]) -> tuple[Event, ...]:
        self.events += events
        self._view = None  # the state (or the AI's notes) changed
        if self._ctx.clock.over and not self._ended:
            self._finish()
        return tuple(events)

    def _finish(self) -> None:
        """The fight has ended: its last view is made and its world goes.

        A batch's fight (made with ``last_view=False``) keeps its world until its last view
        is asked for or it is closed: a batch reads only its `ending`, and never makes it.
        """
        self._ended = True
        if self._last_view:
            self.view()  # the last view, made now: the world goes with it

    def __enter__(self) -> Fight:
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()


def _severity(c: CombatantView) -> str:
    """A combatant's injury class after the fight, as its view's numbers name it (or empty)."""
    severity = getattr(c.wounds, "severity", "")
    return severity if isinstance(severity, str) else ""
