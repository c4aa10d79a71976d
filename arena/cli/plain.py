"""`arena play --plain`: a fight as numbered lines of text, answers read from standard input."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace
from pathlib import Path
from typing import TextIO

from arena.cli.coaching import costliest_lines, ranking_lines
from arena.cli.errors import InputError
from arena.cli.fold import WIDTH, fold_line
from arena.content.errors import escape_controls
from arena.engine import (
    Choice,
    Command,
    Controllers,
    Decision,
    Event,
    Fight,
    IllegalCommand,
    Verbosity,
    event_lines,
    group_line,
    move_groups,
    save_fight,
    step_name,
)
from arena.engine.coach import PER_CHOICE, Coaching, coach
from arena.engine.decisions import taken_key

HELP = (
    "a number, a choice's key or a cell such as 3,2 picks a choice; l looks at everyone; "
    "c coaches (each choice's chance to win); s saves; q stops (and saves)"
)

_GUTTER = " " * 6
"""Where a numbered line's words start: under its number's column, ``   1  ``."""
MAX_ANSWER = 1_000
"""The longest line read as an answer; the longest key is far shorter."""


class PlainFight:
    """Prints a fight line by line and asks the player for each of their decisions."""

    def __init__(
        self,
        fight: Fight,
        out: TextIO,
        *,
        verbosity: Verbosity = "normal",
        save_to: Path | None = None,
        watch: bool = False,
    ) -> None:
        """Set up the printing of a fight.

        Args:
            fight: the fight; its ``human`` combatants are the player's.
            out: where lines go.
            verbosity: terse, normal or explain.
            save_to: where ``s`` and ``q`` save the fight (nowhere if None).
            watch: the AI plays every side, the player too.
        """
        self.fight = fight
        self.out = out
        self.verbosity = verbosity
        self.save_to = save_to
        self.number = 0
        self.controllers = Controllers(fight, watch=watch)
        self.humans = self.controllers.people
        self.coached: list[Coaching] = []
        """The player's decisions coached (``c``) before they were answered, in order."""
        self._coaching: Coaching | None = None
        """The coach's ranking of the decision at hand, if asked for."""

    def say(self, text: str) -> None:
        """Print one numbered line, a control character in it written out.

        Besides the fight's own words, a line names files (the save, in a saves folder that
        ``--saves`` or ``$ARENA_SAVES`` may name with an escape code in it) and echoes typed
        answers.
        """
        self.number += 1
        # Folded to 80 columns: its later lines go unnumbered under its words.
        first, *rest = fold_line(escape_controls(text), WIDTH - len(_GUTTER))
        self.out.write(f"{self.number:4d}  {first}\n")
        for part in rest:
            self.out.write(f"{_GUTTER}{part}\n")
        self.out.flush()

    def tell(self, events: Iterable[Event]) -> None:
        """Print what happened."""
        for event in events:
            for line in event_lines(event, self.verbosity):
                self.say(line)

    def look(self) -> None:
        """Every combatant in one line each."""
        for c in self.fight.view().combatants:
            pools = ", ".join(f"{p.name} {p.current}/{p.maximum}" for p in c.pools)
            you = " (you)" if c.id in self.humans else ""
            form = f", {c.form}" if c.form else ""
            self.say(f"{c.name}{you}, {c.side}, {c.status}, {c.health}{form}, at {c.pos}; {pools}")

    def ask(self, decision: Decision) -> None:
        """Print a decision: its actions numbered, then every cell it may move to, by distance."""
        self.say(f"{decision.prompt} ({step_name(decision.step)}). Choose:")
        actions, _ = _split(decision)
        for index, choice in enumerate(actions, 1):
            odds = f", {choice.odds}" if choice.odds else ""
            self.say(f"  {index}) {choice.label} [{choice.key}{odds}]")
        cells = decision.move_cells()
        if cells:
            here = self.fight.view().combatant(decision.actor).pos
            self.say("  or move (type the cell):")
            for group in move_groups(here, cells):
                self.say(f"    {group_line(group)}")

    def play(self, stdin: TextIO) -> int:
        """Play to the end, or until input ends or the player stops.

        Returns:
            0 when the fight ended, 1 when it stopped before.
        """
        fight = self.fight
        self.say(f"{fight.scenario.name}: {fight.scenario.ruleset}, seed {fight.seed}.")
        you = ", ".join(sorted(self.humans)) or "nobody: the AI plays every side"
        self.say(f"You play {you}. {HELP}.")
        self.tell(fight.start())
        while not fight.over:
            # The AI answers for the others, and for the player in a frenzy.
            self.controllers.run(told=self.tell)
            if fight.over:
                break
            decision = self.controllers.person_decision()
            if decision is None or not self._answer(decision, stdin):
                return 1
        self.say(f"The fight is over: {fight.view().outcome}.")
        if self.coached:
            for line in costliest_lines(self.coached):
                self.say(line)
        return 0

    def _coach(self, decision: Decision) -> None:
        """Each choice's chance to win, on the same continuations, best first, with its gap."""
        self.say(f"Coach: {PER_CHOICE} continuations a choice, the same dice for each...")
        found = coach(self.fight, decision, continuations=PER_CHOICE)
        self._coaching = found
        self.say("chance [95%]          gap to best \u00b1 noise (*: larger than its noise)")
        for line in ranking_lines(found):
            self.say(line)

    def _answer(self, decision: Decision, stdin: TextIO) -> bool:
        """Ask until the player answers; False when they stop or input ends."""
        self.ask(decision)
        while True:
            if stdin.isatty():
                self.out.write("> ")
                self.out.flush()
            line = stdin.readline(MAX_ANSWER + 1)  # /dev/zero has no line end: never all of it
            if len(line) > MAX_ANSWER and not line.endswith("\n"):
                raise InputError(
                    f"standard input: a line of more than {MAX_ANSWER:,} characters is no answer"
                )
            if not line:
                self.say("Input ended before the fight did; it stops here.")
                self._save(last=True)
                return False
            answer = line.strip()
            if answer in ("q", "quit"):
                self._save(last=True)
                return False
            if answer in ("l", "look"):
                self.look()
            elif answer in ("c", "coach"):
                self._coach(decision)
            elif answer in ("s", "save"):
                self._save()
            elif answer in ("?", "h", "help"):
                self.say(HELP)
                self.ask(decision)
            elif (choice := _pick(decision, answer)) is not None:
                coached = self._coaching
                try:
                    self.tell(self.fight.answer(decision, choice))
                except IllegalCommand as err:
                    self.say(f"Not legal: {err}")
                    continue
                if coached is not None:
                    self.coached.append(replace(coached, taken=taken_key(decision, choice)))
                self._coaching = None
                return True
            else:
                count = len(_split(decision)[0])
                self.say(f"{answer!r} is not a choice: give 1 to {count}, a key or a cell.")

    def _save(self, *, last: bool = False) -> None:
        """Save the fight; a save that fails is said, and ends the play if it was the last.

        Raises:
            InputError: ``last`` and the save could not be written (the saves folder is a
                file, or cannot be written).
        """
        if self.save_to is None or self.fight.over:
            return
        try:
            self.save_to.parent.mkdir(parents=True, exist_ok=True)
            save_fight(self.fight, self.save_to)
        except OSError as err:
            message = f"--saves: cannot save to {self.save_to}: {err.strerror or err}"
            if last:
                raise InputError(message) from None
            self.say(f"Not saved: {message}.")
            return
        self.say(f"Saved to {self.save_to}.")


def _split(decision: Decision) -> tuple[list[Choice], list[Choice]]:
    """The decision's choices that are not moves, and those that are."""
    actions = [c for c in decision.choices if c.cell is None or "move" not in c.tags]
    return actions, [c for c in decision.choices if c not in actions]


def _pick(decision: Decision, answer: str) -> Command | None:
    """The command a typed answer names: an action's number, a key, or a cell to move to."""
    actions, moves = _split(decision)
    # isdigit alone takes '²', which int() refuses.
    if answer.isascii() and answer.isdigit() and 1 <= int(answer) <= len(actions):
        return actions[int(answer) - 1].command
    cell = answer.replace(" ", "").strip("()")
    for choice in moves:
        if choice.cell is not None and cell == f"{choice.cell[0]},{choice.cell[1]}":
            return choice.command
    # A reachable cell the menu groups rather than lists is as good an answer.
    unlisted = decision.choice(f"move:{cell}") if "," in cell else None
    if unlisted is not None and "move" in unlisted.tags:
        return unlisted.command
    keyed = decision.choice(answer)
    return keyed.command if keyed is not None else None
