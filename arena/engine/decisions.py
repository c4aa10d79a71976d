"""The decisions a person or a script answered: every legal choice's numbers, and the one taken.

The fight is replayed from its start, command by command; before each command the decision it
answers is read as it stood, with each listed choice's rolls (pool, difficulty, known faces)
and their exact chances, and optionally each choice's chance to win (`arena.engine.coach`).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterator
from concurrent.futures import Executor
from dataclasses import dataclass
from typing import Literal

from arena.engine.coach import Coaching, coach
from arena.engine.copies import moment_of as _moment_of
from arena.engine.copies import replayed
from arena.engine.fight import Fight
from arena.engine.loop import replay as play_again
from arena.engine.scripts import PERSON, SCRIPT, controller_for
from arena.rules.commands import Command
from arena.rules.views import Choice, ContestSpec, Decision, StorytellerSpec


@dataclass(frozen=True, slots=True)
class RollOdds:
    """A roll a choice would make, as numbers, with its exact chance."""

    type: Literal["storyteller", "contest"]
    pool: int
    """The chooser's dice."""
    difficulty: int | None = None
    """A Storyteller roll's difficulty (None for a contest)."""
    required: int | None = None
    """A Storyteller roll's net successes needed."""
    automatic: int | None = None
    """A Storyteller roll's automatic successes."""
    opposing: int | None = None
    """A contest's dice on the other side."""
    known: tuple[int, ...] | None = None
    """A contest's faces the other side has already rolled (None: not rolled yet)."""
    chance: float | None = None
    """The exact chance it succeeds (a contest: the chooser wins it); None for a roll that
    always happens (damage, soak)."""


@dataclass(frozen=True, slots=True)
class ChoiceRecord:
    """One legal choice of an answered decision."""

    key: str
    label: str
    tags: tuple[str, ...]
    target: str
    rolls: tuple[RollOdds, ...]
    chance: float | None
    """The exact chance of its first roll that can fail (None: it rolls nothing that can)."""


@dataclass(frozen=True, slots=True)
class Answered:
    """A decision a person or a script answered, and the answer."""

    command: int
    """The answer's place among the fight's commands (0 first)."""
    event: int
    """How many events the log held when it was asked: the answer's events come next."""
    round: int
    actor: str
    side: str
    controller: Literal["human", "script"]
    kind: str
    choices: tuple[ChoiceRecord, ...]
    taken: str
    """The key of the choice taken (a move not listed in the menu has its own key)."""
    coaching: Coaching | None = None
    """Each listed choice's chance to win, when coached."""


def roll_odds(spec: StorytellerSpec | ContestSpec) -> RollOdds:
    """A roll's numbers and exact chance."""
    if isinstance(spec, ContestSpec):
        win = spec.chances()[0] if spec.own > 0 else 0.0
        return RollOdds("contest", spec.own, opposing=spec.opposing, known=spec.known, chance=win)
    chance = None if spec.open_ended else spec.chance()
    return RollOdds(
        "storyteller",
        spec.pool,
        difficulty=spec.difficulty,
        required=spec.required,
        automatic=spec.automatic,
        chance=chance,
    )


def choice_record(choice: Choice) -> ChoiceRecord:
    """A choice's numbers: its rolls and the chance of the first that can fail."""
    rolls = tuple(roll_odds(r) for r in choice.rolls)
    first = next((r.chance for r in rolls if r.chance is not None), None)
    return ChoiceRecord(choice.key, choice.label, choice.tags, choice.target, rolls, first)


def taken_key(decision: Decision, command: Command) -> str:
    """The key of the choice a command makes (empty if no choice makes it)."""
    listed = next((c for c in decision.choices if c.command == command), None)
    if listed is None:
        listed = decision.admits(command)
    return "" if listed is None else listed.key


def answered(
    fight: Fight,
    *,
    coach_with: int = 0,
    pool: Executor | None = None,
    jobs: int = 1,
    told: Callable[[int, int], None] | None = None,
) -> list[Answered]:
    """Every decision of the fight that a person or a script answered, in order.

    Args:
        fight: the fight (its log so far; it is not changed).
        coach_with: continuations per choice to coach each with (0: not coached).
        pool: worker processes for the coach (None: this process).
        jobs: parts each coached decision's continuations are split into.
        told: called with (decisions coached so far, decisions to coach) as coaching goes.
    """
    base = dataclasses.replace(_moment_of(fight, ""), commands=())
    replay = replayed(base, fight.catalog)
    found: list[Answered] = []
    try:
        asked = _asked(replay, fight.commands)
        total = len(asked)

        def given() -> Iterator[tuple[Command, str]]:
            # Each decision is recorded (and coached) as it stood, just before its answer.
            for index, command in enumerate(fight.commands):
                decision = asked.get(index)
                if decision is not None:
                    coaching = None
                    if coach_with > 0:
                        coaching = coach(
                            replay, decision, continuations=coach_with, pool=pool, jobs=jobs
                        )
                    found.append(_record(replay, index, decision, command, coaching))
                    if told is not None and coach_with > 0:
                        told(len(found), total)
                yield command, ""

        play_again(replay, given())
    finally:
        replay.close()
    return found


def _asked(fight: Fight, commands: list[Command]) -> dict[int, Decision]:
    """The decisions a person or a script answered, by the answer's place (a quick replay)."""
    twin = replayed(dataclasses.replace(_moment_of(fight, ""), commands=()), fight.catalog)
    found: dict[int, Decision] = {}

    def given() -> Iterator[tuple[Command, str]]:
        # Who was asked is read just before each answer.
        for index, command in enumerate(commands):
            decision = next((d for d in twin.pending() if d.actor == command.actor), None)
            if decision is not None and controller_for(twin.scenario, decision) in (
                PERSON,
                SCRIPT,
            ):
                found[index] = decision
            yield command, ""

    try:
        play_again(twin, given())
    finally:
        twin.close()
    return found


def _record(
    fight: Fight, index: int, decision: Decision, command: Command, coaching: Coaching | None
) -> Answered:
    key = taken_key(decision, command)
    controller = controller_for(fight.scenario, decision)
    side = fight.view().combatant(decision.actor).side
    if coaching is not None:
        coaching = dataclasses.replace(coaching, taken=key)
    return Answered(
        index,
        len(fight.events),
        fight.round,
        decision.actor,
        side,
        "human" if controller == PERSON else "script",
        decision.kind,
        tuple(choice_record(c) for c in decision.choices),
        key,
        coaching,
    )
