"""Continuations of a fight from one moment: each a copy with its own dice, played out by AI.

A continuation copies the fight as it stands (its esper world and its own state) and swaps its
dice for a fresh stream seeded by the continuation, so the moment is replayed once and copied
many times. Whoever a person or a script played is played by an AI from the copy on.
"""

from __future__ import annotations

import dataclasses
import hashlib
import itertools
import math
import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final

from arena.content.loader import Catalog, default_content_root, load_catalog
from arena.content.scenario import OptionValue, ScenarioDef
from arena.ecs.snapshot import copy_value, copy_world
from arena.ecs.world import FightWorld
from arena.engine.controllers import PERSON, SCRIPT, Controllers
from arena.engine.fight import Fight
from arena.rules.commands import Command
from arena.rules.views import CombatantView, FightView

TACTICAL: Final[Mapping[tuple[str, str], str]] = {
    ("werewolf", "garou"): "garou",
    ("werewolf", "spirit"): "bane",
    ("werewolf", "fomor"): "fomor",
    ("werewolf", "human"): "thug",
    ("sorcerer", "sorcerer"): "sorcerer",
    ("sorcerer", "demon"): "demon",
    ("sorcerer", "human"): "thug",
}
"""The tactical policy for a combatant by ruleset and kind (a person's stand-in by default)."""
_SKIP: Final = frozenset(
    {"_world", "_view", "_final", "_menus", "_controllers", "events", "commands", "reasons"}
)


def tactical_policy(view: FightView, c: CombatantView) -> str:
    """The tactical policy that plays a combatant of this kind (``thug`` for anyone else)."""
    kind = ""
    if c.werewolf is not None:
        kind = c.werewolf.kind
    elif c.sorcerer is not None:
        kind = c.sorcerer.kind
    return TACTICAL.get((view.ruleset, kind), "thug")


def stand_ins(fight: Fight, person: str | None = None) -> ScenarioDef:
    """The fight's scenario with its people and scripts played by AI.

    A script was written for the fight's own dice, so it stops where the dice change: each
    scripted combatant is played by its tactical policy.

    Args:
        fight: the fight (started).
        person: ``ai:<name>`` for every person; None gives each its tactical policy.
    """
    view = fight.view()
    combatants = []
    for spec in fight.scenario.combatants:
        if spec.controller in (PERSON, SCRIPT):
            tactical = f"ai:{tactical_policy(view, view.combatant(spec.id))}"
            chosen = person if person and spec.controller == PERSON else tactical
            spec = dataclasses.replace(spec, controller=chosen, script=())
        combatants.append(spec)
    return dataclasses.replace(fight.scenario, combatants=tuple(combatants))


def branch(fight: Fight, seed: int, scenario: ScenarioDef | None = None) -> Fight:
    """A copy of the fight at this moment that rolls its own dice from here on.

    The copy takes no round hashes and keeps the log so far (its events and commands); the AI
    streams of its later decisions come from ``seed`` too. The fight itself is not changed.

    Args:
        fight: the fight to copy (started first if it was not).
        seed: the seed of the copy's dice and AI streams.
        scenario: the copy's scenario (controllers changed by `stand_ins`); default the fight's.
    """
    fight.start()
    dice = random.Random(seed)
    shared: list[Any] = [
        fight.catalog,
        fight.scenario,
        fight.ruleset,
        fight.options,
        fight.option_values,
        fight._ctx.catalog,
        fight._ctx.scenario,
        fight._ctx.options,
    ]
    memo: dict[int, Any] = {id(x): x for x in shared}
    memo[id(fight.dice)] = dice
    state = copy_value({k: v for k, v in vars(fight).items() if k not in _SKIP}, memo)
    twin = Fight.__new__(Fight)
    vars(twin).update(state)
    if fight._world.closed:
        twin._world = FightWorld()
        twin._world.closed = True
    else:
        twin._world = copy_world(fight._world, memo)
    twin.events = list(fight.events)
    twin.commands = list(fight.commands)
    twin.reasons = list(fight.reasons)
    # A copy is played by AI without words: reasons kept or still to tell would only be
    # copied into every view it takes.
    twin._last_reason, twin._unsaid = {}, []
    twin._view = None
    twin._final = fight._final
    twin._menus = {}
    twin._controllers = fight._controllers  # never changed in place; remade for a new scenario
    twin.seed = seed
    twin.rigged = ()
    twin.hashes = False
    twin.round_hashes = []
    if scenario is not None:
        twin.scenario = scenario
        twin._queues = {}
    return twin


def play_out(fight: Fight) -> Fight:
    """Let the AI answer every decision until the fight ends; the fight's world is then closed.

    Raises:
        ScriptError, IllegalCommand, DiceExhausted: as `Controllers.run` does.
    """
    try:
        Controllers(fight, watch=True, reasons=False).run()
    finally:
        fight.close()
    return fight


@dataclass(frozen=True, slots=True)
class Chance:
    """A side's chance to win from a moment, out of a number of continuations."""

    side: str
    wins: int
    fights: int
    low: float
    """The 95% Wilson interval's lower end."""
    high: float

    @property
    def share(self) -> float:
        """Wins over continuations (0 when none)."""
        return self.wins / self.fights if self.fights else 0.0


def chance(side: str, winners: Iterable[str | None]) -> Chance:
    """A side's chance to win from the winners of continuations (None: a draw)."""
    got = list(winners)
    wins = sum(1 for w in got if w == side)
    low, high = wilson95(wins, len(got))
    return Chance(side, wins, len(got), low, high)


def wilson95(k: int, n: int) -> tuple[float, float]:
    """The 95% Wilson score interval of k successes in n trials ((0, 1) when n is 0)."""
    if n == 0:
        return 0.0, 1.0
    z = 1.959963984540054
    p = k / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    # At 0 or n the bound is 0 or 1 exactly; floating point would say 0.9999999999999999.
    low = 0.0 if k == 0 else max(0.0, centre - half)
    high = 1.0 if k == n else min(1.0, centre + half)
    return low, high


Winners = list[str | None]
"""The winners of continuations, in the order of their numbers (None: a draw)."""


def forecast(
    fight: Fight,
    side: str,
    *,
    continuations: int = 500,
    seed: int = 0,
    person: str | None = None,
) -> Chance:
    """A side's chance to win from the fight's moment, in this process.

    Continuation ``i`` rolls with ``derive(seed, i)``; the fight itself is not changed.
    """
    return chance(side, winners(fight, range(continuations), seed=seed, person=person))


def winners(
    fight: Fight, numbers: Iterable[int], *, seed: int = 0, person: str | None = None
) -> Winners:
    """The winners of the fight's continuations with these numbers (as `forecast` plays them)."""
    scenario = stand_ins(fight, person)
    return [
        play_out(branch(fight, derive(seed, index), scenario)).view().winner for index in numbers
    ]


def split(count: int, parts: int) -> tuple[range, ...]:
    """Continuations ``0 .. count - 1`` in at most ``parts`` runs of consecutive numbers.

    Each continuation's dice come from its number alone, so the runs may be played on several
    worker processes, in any order, and still give the same figures as one run.
    """
    parts = max(1, min(parts, count))
    cuts = [count * p // parts for p in range(parts + 1)]
    return tuple(range(a, b) for a, b in itertools.pairwise(cuts))


def derive(base: int, index: int) -> int:
    """The seed of continuation ``index``: as a batch derives fight seeds (SHA-256 of base/i)."""
    digest = hashlib.sha256(f"{base}/{index}".encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 1


@dataclass(frozen=True, slots=True)
class Moment:
    """A fight's moment as plain data, to forecast in another process.

    esper is global state, so threads never share it: a front end forecasts on a worker process.
    """

    scenario: ScenarioDef
    seed: int
    rigged: tuple[int, ...]
    options: tuple[tuple[str, OptionValue], ...]
    preset: str
    commands: tuple[Command, ...]
    side: str
    """Whose chance to win."""
    continuations: int = 500


def moment_of(
    fight: Fight, side: str, continuations: int = 500, *, as_seen: bool = False
) -> Moment:
    """The fight's moment, to forecast a side's chance elsewhere.

    Args:
        fight: the fight.
        side: whose chance.
        continuations: how many.
        as_seen: as the side sees it: other sides' secret answers not yet revealed are left
            out, so each continuation has them decided afresh. A player's forecast must not
            give away what the other side has stated in secret.
    """
    commands = fight.commands
    hidden = fight.unrevealed() if as_seen else range(0)
    if hidden:
        sides = {c.id: c.side for c in fight.scenario.combatants}
        commands = [
            c for i, c in enumerate(commands) if i not in hidden or sides.get(c.actor) == side
        ]
    return Moment(
        fight.scenario,
        fight.seed,
        fight.rigged,
        tuple(fight.option_values.items()),
        fight.preset,
        tuple(commands),
        side,
        continuations,
    )


_CATALOGS: dict[str, Catalog] = {}


def winners_at(moment: Moment, numbers: Sequence[int]) -> Winners:
    """The winners of the moment's continuations with these numbers, on a worker process.

    The fight is replayed once, then copied for each continuation; the continuations' seeds
    come from the number of commands, so the same moment and numbers give the same winners,
    on one process or split among several (`split`).

    Raises:
        ValueError, IllegalCommand: the moment does not replay on this content.
    """
    fight = replayed(moment)
    try:
        return winners(fight, numbers, seed=len(moment.commands))
    finally:
        fight.close()


ChoiceChance = tuple[str, Chance]
"""A choice's label and the side's chance to win if it is picked."""


ChoiceWinners = list[tuple[str, Winners]]
"""Each choice's label and the winners of its continuations, in the menu's order."""


def choice_winners(fight: Fight, actor: str, numbers: Iterable[int]) -> ChoiceWinners:
    """Each choice of the actor's pending decision with the winners of its continuations.

    The continuations are those with these numbers, after the choice; empty when the actor
    has nothing pending. Every choice meets the same dice (continuation ``i`` of each is seeded
    alike), so a ranking (`ranked`) shows the choices, not the luck of their dice.
    """
    decision = next((d for d in fight.pending() if d.actor == actor), None)
    if decision is None:
        return []
    scenario = stand_ins(fight)
    seeds = [derive(len(fight.commands), index) for index in numbers]
    found: ChoiceWinners = []
    for choice in decision.choices:
        won: Winners = []
        for seed in seeds:
            twin = branch(fight, seed, scenario)
            try:
                twin.apply(choice.command)
            except BaseException:
                twin.close()
                raise
            won.append(play_out(twin).view().winner)
        found.append((choice.label, won))
    return found


def ranked(side: str, parts: Sequence[ChoiceWinners]) -> list[ChoiceChance]:
    """Each choice's chance from the parts of its continuations (`choice_winners`), best first."""
    if not parts or not parts[0]:
        return []
    found = [
        (label, chance(side, [w for part in parts for w in part[index][1]]))
        for index, (label, _) in enumerate(parts[0])
    ]
    return sorted(found, key=lambda pair: -pair[1].share)


def choice_winners_at(moment: Moment, numbers: Sequence[int], actor: str) -> ChoiceWinners:
    """`choice_winners` for a moment, on a worker process."""
    fight = replayed(moment)
    try:
        return choice_winners(fight, actor, numbers)
    finally:
        fight.close()


RoundChance = tuple[int, Chance]
"""A round and the side's chance to win from its start (round 0: the fight's end)."""


RoundWinners = list[tuple[int, Winners]]
"""Each round and the winners of the continuations from its start (round 0: the end)."""


def round_winners_at(moment: Moment, numbers: Sequence[int]) -> RoundWinners:
    """Each round of the moment's fight with the winners of its continuations from its start.

    The fight is replayed once; at the first command of each round the continuations with
    these numbers are played (seeded from the number of commands, as `winners_at` seeds
    them). A finished fight adds its end as round 0, with its one winner (`by_round` makes it
    a certain chance).

    Raises:
        ValueError, IllegalCommand: the moment does not replay on this content.
    """
    fight = replayed(dataclasses.replace(moment, commands=()))
    found: RoundWinners = []
    try:
        for command in moment.commands:
            if not found or found[-1][0] != fight.round:
                found.append((fight.round, _winners_now(fight, numbers)))
            fight.apply(command)
        if fight.over:
            found.append((0, [fight.view().winner]))
        elif not found or found[-1][0] != fight.round:
            found.append((fight.round, _winners_now(fight, numbers)))
    finally:
        fight.close()
    return found


def by_round(side: str, parts: Sequence[RoundWinners]) -> list[RoundChance]:
    """The side's chance at each round from the parts of its continuations (the end once)."""
    if not parts:
        return []
    return [
        (number, chance(side, won if number == 0 else [w for p in parts for w in p[index][1]]))
        for index, (number, won) in enumerate(parts[0])
    ]


def _winners_now(fight: Fight, numbers: Sequence[int]) -> Winners:
    return winners(fight, numbers, seed=len(fight.commands))


def seen_by(fight: Fight, side: str) -> Fight:
    """The fight as a side sees it: the fight itself, or a replay without others' secrets.

    While Sorcerer intentions are hidden, what another side has stated is not the side's to
    know: the replay leaves those answers out, so they are pending again and whoever plays on
    from it decides them afresh. Close a replay after use (``seen is not fight``).
    """
    if not fight.unrevealed():
        return fight
    moment = moment_of(fight, side, as_seen=True)
    if len(moment.commands) == len(fight.commands):
        return fight
    return replayed(moment, fight.catalog)


def replayed(moment: Moment, catalog: Catalog | None = None) -> Fight:
    """The moment's fight, replayed on the given content or this process's (loaded once)."""
    if catalog is None:
        root = str(default_content_root())
        catalog = _CATALOGS.get(root)
        if catalog is None:
            catalog = _CATALOGS[root] = load_catalog(Path(root))
    fight = Fight(
        moment.scenario,
        catalog,
        seed=moment.seed,
        rigged=moment.rigged,
        options=dict(moment.options),
        preset=moment.preset,
        hashes=False,
    )
    try:
        fight.start()
        for command in moment.commands:
            fight.apply(command)
    except BaseException:
        fight.close()
        raise
    return fight
