"""Copies of a fight from one moment: a branch with its own dice, a replay as a side sees it.

A branch copies the fight as it stands (its esper world and its own state) and swaps its dice
for a fresh stream seeded by the branch, so the moment is replayed once and copied many times.
Whoever a person or a script played is played by an AI from the copy on (`stand_ins`).
"""

from __future__ import annotations

import dataclasses
import hashlib
import random
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final

from arena.content.loader import Catalog, default_content_root, load_catalog
from arena.content.scenario import OptionValue, ScenarioDef
from arena.ecs.snapshot import copy_value, copy_world
from arena.ecs.world import FightWorld
from arena.engine.fight import Fight
from arena.engine.loop import replay
from arena.engine.scripts import PERSON, SCRIPT
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


def content_here() -> Catalog:
    """This process's content, loaded on first use and kept."""
    root = str(default_content_root())
    catalog = _CATALOGS.get(root)
    if catalog is None:
        catalog = _CATALOGS[root] = load_catalog(Path(root))
    return catalog


def replayed(moment: Moment, catalog: Catalog | None = None) -> Fight:
    """The moment's fight, replayed on the given content or this process's (loaded once)."""
    if catalog is None:
        catalog = content_here()
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
        replay(fight, ((command, "") for command in moment.commands))
    except BaseException:
        fight.close()
        raise
    return fight
