"""A gauntlet run: its state between fights, its offers, its fights and the rests between them."""

from __future__ import annotations

import contextlib
import datetime
import difflib
import random
from dataclasses import dataclass, field, replace
from typing import Final, Literal, get_args

from arena.ai.levels import UnknownLevel, controller_at, rung
from arena.content.gauntlet import Group, RunRules
from arena.content.loader import Catalog
from arena.content.mapgen import MapParams, drawn_params
from arena.content.mapgen.canvas import SPAWNS_PER_SIDE
from arena.content.mapgen.seat import SeatError, on_generated_map
from arena.content.werewolf import generated_place_problem
from arena.engine import Command, Controllers, Fight, IllegalCommand, replay
from arena.engine.saves import illegal_here
from arena.gauntlet.carried import Carried, describe
from arena.gauntlet.errors import GauntletError
from arena.gauntlet.lineup import FOES_SIDE, PLAYER_SIDE, fight_scenario
from arena.gauntlet.offers import Offer, draw_offer, ranked
from arena.gauntlet.outcome import after_fight, end_of_fight, rest, severity_of
from arena.gauntlet.record import (
    FightRecord,
    damage_taken,
    decisive_rolls,
    opponents_of,
    player_luck,
)
from arena.sim import derive_seed
from arena.words.core import render
from arena.words.rulesets import round_word

RULESETS = ("werewolf", "sorcerer")
MapsMode = Literal["drawn", "generated"]
MAPS_MODES: Final = get_args(MapsMode)


@dataclass(frozen=True, slots=True)
class Underway:
    """A fight begun and not yet finished: what its log needs to be played again exactly."""

    group: str
    """The opponent group fought."""
    commands: tuple[Command, ...] = ()
    """Every command applied so far, in order (with the fight's seed, the whole fight)."""
    reasons: tuple[str, ...] = ()
    """Why the AI chose each command, beside ``commands``."""
    moment: str = ""
    """The fight's moment hash after the last command: a resumed fight must reach it."""


@dataclass(frozen=True, slots=True)
class RunState:
    """A run between two fights, or over: everything needed to go on, as data."""

    ruleset: str
    character: str
    seed: int
    policy: str = ""
    """The AI policy that plays the character (headless runs), or empty for a person."""
    carried: Carried = field(default_factory=Carried)
    records: tuple[FightRecord, ...] = ()
    hospital: bool = False
    """Sorcerer: the character is out of hospital, so the next offer is the easiest fight."""
    end: str = ""
    """Why the run ended (``won``, ``dead``, ``left for dead``...); empty while it goes on."""
    underway: Underway | None = None
    """The fight begun and not finished: a saved run goes on inside it, not before it."""
    maps: MapsMode = "drawn"
    """``drawn``: each group on its own map of content; ``generated``: each fight on a map
    generated from the run's seed and the fight's number (``--maps generated``)."""
    level: str = ""
    """The difficulty level every opponent plays at (``arena.ai.levels``); empty: as its group
    says (``thug/easy``...). The offers' danger is the groups' own either way."""

    @property
    def over(self) -> bool:
        """The run has ended and cannot go on."""
        return bool(self.end)

    @property
    def won(self) -> int:
        """Fights won."""
        return sum(r.winner == PLAYER_SIDE for r in self.records)

    @property
    def fought(self) -> tuple[str, ...]:
        """The groups fought so far."""
        return tuple(r.group for r in self.records)


def daily_seed() -> int:
    """Today's seed (UTC), for ``--daily`` and the form's button: 20250131 on 31 Jan 2025."""
    today = datetime.datetime.now(datetime.UTC).date()
    return today.year * 10_000 + today.month * 100 + today.day


def rules_for(catalog: Catalog, ruleset: str) -> RunRules:
    """The run's rulings for a ruleset.

    Raises:
        GauntletError: no such ruleset, or no rulings for it in content.
    """
    if ruleset not in RULESETS:
        raise GauntletError(f"--ruleset: expected werewolf or sorcerer, got {ruleset!r}")
    rules = catalog.section("gauntlet", "rules").get(ruleset)
    if not isinstance(rules, RunRules):
        raise GauntletError(f"content/gauntlet/rules.yaml: no rulings for {ruleset}")
    return rules


def new_run(
    catalog: Catalog,
    ruleset: str,
    seed: int,
    *,
    character: str = "",
    policy: str = "",
    maps: MapsMode = "drawn",
    level: str = "",
) -> RunState:
    """A fresh run: the character unhurt, no fight fought.

    Raises:
        GauntletError: an unknown ruleset, character or level, or generated maps the content
            gives the run's fights no place on.
    """
    places = catalog.section("werewolf", "places")
    if maps == "generated" and (problem := generated_place_problem(ruleset, places)):
        raise GauntletError(f"--maps generated: {problem}")
    if level:
        try:
            rung(level)
        except UnknownLevel as err:
            raise GauntletError(f"--level: {err}") from None
    rules = rules_for(catalog, ruleset)
    name = character or rules.character
    known = catalog.section(ruleset, "characters")
    if name not in known:
        near = difflib.get_close_matches(name, list(known), n=1)
        hint = f" (did you mean {near[0]!r}?)" if near else ""
        raise GauntletError(
            f"--character: no {ruleset} character {name!r}{hint}; the {ruleset} characters: "
            + ", ".join(known)
        )
    return RunState(ruleset, name, seed, policy, maps=maps, level=level)


def fits_generated(group: Group) -> bool:
    """True when a group's opponents fit a generated map's spawn points (four a side)."""
    return sum(foe.count for foe in group.foes) <= SPAWNS_PER_SIDE


def fight_map(seed: int, number: int) -> MapParams:
    """The generated map of fight ``number`` (from 0) of a run whose seed is ``seed``.

    Its seed is the first 63 bits of SHA-256 of ``"{seed}/map/{number}"``, and its style one
    of the four by that seed, as a batch of `arena sim --maps generated` draws its maps.
    """
    return drawn_params(seed, number)


def offer(state: RunState, catalog: Catalog) -> tuple[Offer, ...]:
    """The fights offered next (the same every time for the same run and fight)."""
    rules = rules_for(catalog, state.ruleset)
    rng = random.Random(f"{state.seed}/offer/{len(state.records)}")
    return draw_offer(
        ranked(catalog, state.ruleset),
        fight=len(state.records),
        rules=rules,
        rng=rng,
        fought=state.fought,
        only_easiest=state.hospital,
    )


def _offered(state: RunState, catalog: Catalog, group_id: str) -> Offer:
    """The offered fight against ``group_id``.

    Raises:
        GauntletError: the run is over, the group was not offered, or another fight is on.
    """
    if state.over:
        raise GauntletError(f"the run is over ({state.end}); it cannot go on")
    if state.underway is not None and state.underway.group != group_id:
        raise GauntletError(
            f"the fight against {state.underway.group!r} is under way; it is fought to its end"
        )
    offered = {o.id: o for o in offer(state, catalog)}
    if group_id not in offered:
        raise GauntletError(f"{group_id!r} is not on offer; offered: {', '.join(offered)}")
    return offered[group_id]


def start_fight(state: RunState, catalog: Catalog, group_id: str) -> Fight:
    """The next fight against one of the offered groups, not yet started.

    Raises:
        GauntletError: the run is over, the group was not offered, or another fight is on.
    """
    chosen = _offered(state, catalog, group_id)
    rules = rules_for(catalog, state.ruleset)
    scenario = fight_scenario(
        catalog,
        ruleset=state.ruleset,
        character=state.character,
        group=chosen.group,
        carried=state.carried,
        controller=f"ai:{state.policy}" if state.policy else "human",
        seed=derive_seed(state.seed, len(state.records)),
        max_rounds=rules.max_rounds,
    )
    if state.maps == "generated":
        # A group of more than four fights on its own map, as drawn runs do.
        with contextlib.suppress(SeatError):
            scenario = on_generated_map(scenario, fight_map(state.seed, len(state.records)))
    if state.level:
        foes = tuple(
            replace(c, controller=controller_at(c.controller, state.level))
            if c.side == FOES_SIDE
            else c
            for c in scenario.combatants
        )
        scenario = replace(scenario, combatants=foes)
    return Fight(scenario, catalog, hashes=not state.policy)


def finish_fight(state: RunState, catalog: Catalog, group_id: str, fight: Fight) -> RunState:
    """The run after a finished fight: its record, the end if it came, else the rest."""
    rules = rules_for(catalog, state.ruleset)
    view, events = fight.view(), tuple(fight.events)
    me = view.combatant(state.character)
    carried = after_fight(catalog, state.character, state.carried, view)
    end = end_of_fight(state.ruleset, view, me, severity_of(me, carried))
    number = len(state.records) + 1
    if not end and number >= rules.fights:
        won = state.won + (view.winner == PLAYER_SIDE)
        end = "won" if won == number else "survived"
    rested = carried if end else rest(state.ruleset, carried, me, number, rules)
    record = FightRecord(
        number=number,
        group=group_id,
        name=fight.scenario.name,
        opponents=opponents_of(view, PLAYER_SIDE),
        map=view.map.name,
        seed=fight.seed,
        rounds=view.round,
        winner=view.winner or "",
        status=me.status,
        before=describe(state.carried, state.ruleset),
        after_fight=describe(carried, state.ruleset),
        after_rest="" if end else describe(rested, state.ruleset),
        severity=severity_of(me, carried),
        decisive=decisive_rolls(events, state.character, turn=round_word(state.ruleset)),
        luck=player_luck(events, state.character),
        taken=damage_taken(events, state.character),
    )
    hospital = record.severity == "hospital"
    return replace(
        state,
        carried=rested,
        records=(*state.records, record),
        hospital=hospital,
        end=end,
        underway=None,
    )


def begin_fight(state: RunState, catalog: Catalog, group_id: str) -> RunState:
    """The run with its next fight chosen and under way: from now on it cannot be swapped.

    Raises:
        GauntletError: the run is over, the group was not offered, or another fight is on.
    """
    _offered(state, catalog, group_id)
    if state.underway is not None:
        return state
    return replace(state, underway=Underway(group_id))


def keep_moves(state: RunState, fight: Fight) -> RunState:
    """The run with the fight under way as far as it has gone (its log and its moment)."""
    if state.underway is None:
        return state
    underway = Underway(
        state.underway.group,
        tuple(fight.commands),
        tuple(render(r) for r in fight.reasons),
        fight.moment_hash(),
    )
    return replace(state, underway=underway)


def resume_fight(state: RunState, catalog: Catalog) -> Fight:
    """The fight under way, started and played again up to its last saved command.

    Raises:
        GauntletError: no fight is under way, or its log does not play back to the same moment.
    """
    if state.underway is None:
        raise GauntletError("no fight is under way in this run")
    u = state.underway
    fight = start_fight(state, catalog, u.group)
    fight.start()
    try:
        try:
            replay(fight, zip(u.commands, u.reasons, strict=True))
        except IllegalCommand:
            index = len(fight.commands)  # the command refused: those before it were applied
            command = u.commands[index]
            raise GauntletError(
                f"the fight under way: command {index + 1}: {illegal_here(fight, command)}",
                f"underway.commands[{index}] ({command.kind} by {command.actor}) is not "
                "legal at that point of the fight",
                key=f"underway.commands[{index}]",
            ) from None
        if u.moment and fight.moment_hash() != u.moment:
            raise GauntletError(
                "the fight under way does not play back to where it was saved",
                key="underway.moment",
            )
    except BaseException:
        fight.close()
        raise
    return fight


def play_fight(state: RunState, catalog: Catalog, group_id: str) -> RunState:
    """Play the next fight (or the one under way) with the AI answering, and finish it."""
    state = begin_fight(state, catalog, group_id)
    fight = resume_fight(state, catalog)
    try:
        Controllers(fight, watch=True, reasons=False).run()
        return finish_fight(state, catalog, group_id, fight)
    finally:
        fight.close()
