"""What a scenario must satisfy beyond its types: unique ids, spawns on its map, sane expects."""

from __future__ import annotations

import difflib
import re
from collections.abc import Mapping
from typing import Final, get_args

from arena.content.arenas import spawn_numbers
from arena.content.bounds import RIGGED_MAX, name_problem
from arena.content.errors import quote
from arena.content.maps import MapDef
from arena.content.registry import Report
from arena.content.scenario import CombatantDef, EventExpect, RiggedRoll, ScenarioDef
from arena.rules.dice import SORCERER_ROLLS
from arena.rules.event_kinds import data_fields, logged_by
from arena.rules.events import EventKind
from arena.rules.grid import Grid, neighbours
from arena.rules.level_names import LEVEL_NAMES
from arena.rules.ruleset_traits import traits
from arena.rules.views import Status
from arena.rules.werewolf.terms import ROLL_KINDS

DECISION_KINDS: Final = (
    "action",
    "rage",
    "reaction",
    "willpower",
    "stun",
    "free_attack",
    "intention",
    "bonus",
    "push",
)
"""The kinds of decision a script may answer by kind (both rulesets')."""

_ID: Final = re.compile(r"[A-Za-z0-9][A-Za-z0-9_-]{0,39}")
_POLICY: Final = re.compile(r"ai:[a-z][a-z0-9_-]*")
_CONTROLLER: Final = re.compile(r"human|script|ai:[a-z][a-z0-9_-]*(/(easy|normal|hard|expert))?")


def check_scenario(scenario: ScenarioDef, report: Report) -> None:
    """Report the ways a scenario can be well typed and still not start, or never finish.

    Args:
        scenario: The scenario.
        report: Where problems go; it also finds the scenario's map.
    """
    _check_combatants(scenario, report)
    _check_sides(scenario, report)
    _check_spawns(scenario, report)
    _check_expect(scenario, report)
    _check_rigged(scenario, report)
    _check_tasks(scenario, report)


def _check_combatants(scenario: ScenarioDef, report: Report) -> None:
    first: dict[str, int] = {}
    for index, combatant in enumerate(scenario.combatants):
        if not _ID.fullmatch(combatant.id):
            message = f"an id is 1 to 40 letters, digits, - or _, got {quote(combatant.id)}"
            report.error(message, "combatants", index, "id")
        side_problem = _side_problem(combatant.side)
        if side_problem is not None:
            report.error(side_problem, "combatants", index, "side")
        if combatant.id in first:
            earlier = first[combatant.id]
            message = (
                f"duplicate combatant id {quote(combatant.id)} (first at combatants[{earlier}])"
            )
            report.error(message, "combatants", index, "id")
        first.setdefault(combatant.id, index)
        controller = controller_problem(combatant.controller)
        if controller is not None:
            report.error(controller, "combatants", index, "controller")
        for key in ("script", "answers"):
            if getattr(combatant, key) and combatant.controller != "script":
                message = f"only a script controller follows {key}; set controller: script"
                report.error(message, "combatants", index, key)
        if _script_stops_at_once(combatant):
            message = (
                "a script controller with when_script_runs_out: error needs a script: or "
                "answers: (without them its first decision stops the fight)"
            )
            report.error(message, "combatants", index, "controller")
        if bool(combatant.template) == (combatant.character is not None):
            message = "give either template (a character of content) or character (inline)"
            report.error(message, "combatants", index)
        _check_script(combatant.script, combatant.answers, report, index)


def controller_problem(controller: str) -> str | None:
    """Why a controller is not written as one, or None; which policies exist is the AI's to say."""
    if _CONTROLLER.fullmatch(controller):
        return None
    return level_problem(controller) or (
        f"expected human, script or ai:<policy>[/easy|normal|hard|expert], got {quote(controller)}"
    )


def level_problem(controller: str) -> str | None:
    """Why what follows an ``ai:`` policy's slash is no level, or None (no slash, or a level).

    Named as such, with the levels: the policy before it may well be right.
    """
    policy, slash, level = controller.partition("/")
    if not slash or not _POLICY.fullmatch(policy) or level in LEVEL_NAMES:
        return None
    levels = "|".join(LEVEL_NAMES)
    return f"no level {quote(level)}: expected ai:<policy>[/{levels}], got {quote(controller)}"


def _side_problem(side: str) -> str | None:
    """Why a side cannot be named so, or None.

    A side is shown as a name is, in the summary, the reports and a sweep's chart; and
    ``none`` is what ``expect.winner`` says for no winner, so a side called so is ambiguous.
    """
    if not side.strip() or not side.isprintable():
        return f"a side is a printable name, got {quote(side)}"
    problem = name_problem(side)
    if problem is not None:
        return f"a side is a printable name: it {problem}"
    if side == "none":
        return "a side may not be called 'none': expect.winner: none means no side won"
    return None


def _script_stops_at_once(combatant: CombatantDef) -> bool:
    """A script with nothing to answer whose end is an error: the fight stops at its first turn.

    Without ``error`` an empty script is the lessons' way to have the AI take over and the log
    say so (``script_ended``).
    """
    empty = not (combatant.script or combatant.answers)
    return combatant.controller == "script" and empty and combatant.when_script_runs_out == "error"


def _check_script(
    script: tuple[object, ...], answers: Mapping[str, str], report: Report, index: int
) -> None:
    for position, entry in enumerate(script):
        if isinstance(entry, Mapping) and len(entry) != 1:
            message = "a script entry addressed to a kind has one key, e.g. {rage: 1}"
            report.error(message, "combatants", index, "script", position)
        if isinstance(entry, Mapping):
            for kind in entry:
                _check_kind(kind, report, "combatants", index, "script", position, kind)
    for kind in answers:
        _check_kind(kind, report, "combatants", index, "answers", kind)


def _check_kind(kind: str, report: Report, *where: str | int) -> None:
    if kind not in DECISION_KINDS:
        near = difflib.get_close_matches(kind, DECISION_KINDS, n=1)
        hint = f" (did you mean {near[0]!r}?)" if near else ""
        known = ", ".join(DECISION_KINDS)
        report.error(f"no decision kind {quote(kind)}{hint}; kinds: {known}", *where)


EVENT_KINDS: Final[tuple[str, ...]] = get_args(EventKind)
"""Every kind of event a fight can show (``docs/events.md``)."""
STATUSES: Final[tuple[str, ...]] = get_args(Status)
"""Every status a combatant can end a fight with."""


def _unknown(
    what: str,
    name: str,
    known: tuple[str, ...],
    listed: str,
    report: Report,
    *where: str | int,
    keyed: bool = False,
) -> None:
    """A name no fight can show: an expect that could never be met, said before the fight.

    ``keyed``: the name is the key the location ends with (``expect.status.bob``), so the
    message does not name it again.
    """
    near = difflib.get_close_matches(name, known, n=1)
    hint = f" (did you mean {near[0]!r}?)" if near else ""
    said = f"no such {what}" if keyed else f"no {what} {quote(name)}"
    report.error(f"{said}{hint}; {listed}", *where)


ROLL_NAMES: Final[Mapping[str, tuple[str, ...]]] = {
    "werewolf": ROLL_KINDS,
    "sorcerer": SORCERER_ROLLS,
}
"""The rolls a labelled rigged entry may name, by ruleset: what each roll call tells its dice."""


def _check_rigged(scenario: ScenarioDef, report: Report) -> None:
    ids = [combatant.id for combatant in scenario.combatants]
    names = ROLL_NAMES[scenario.ruleset]
    total = 0
    for index, entry in enumerate(scenario.rigged):
        if not isinstance(entry, RiggedRoll):
            total += 1
            continue
        total += len(entry.faces)
        if entry.who not in ids:
            near = difflib.get_close_matches(entry.who, ids, n=1)
            hint = f" (did you mean {near[0]!r}?)" if near else ""
            report.error(f"no combatant with id {quote(entry.who)}{hint}", "rigged", index, "who")
        if entry.roll not in names:
            near = difflib.get_close_matches(entry.roll, names, n=1)
            hint = f" (did you mean {near[0]!r}?)" if near else ""
            known = ", ".join(names)
            message = f"no {scenario.ruleset} roll {quote(entry.roll)}{hint}; rolls: {known}"
            report.error(message, "rigged", index, "roll")
    if total > RIGGED_MAX:
        report.error(f"holds at most {RIGGED_MAX:,} faces in all, got {total:,}", "rigged")


def _check_sides(scenario: ScenarioDef, report: Report) -> None:
    sides = {combatant.side for combatant in scenario.combatants}
    if len(scenario.combatants) > 1 and len(sides) < 2:
        only = quote(next(iter(sides)))
        report.error(f"every combatant is on side {only}: a fight needs two sides", "combatants")


def _check_spawns(scenario: ScenarioDef, report: Report) -> None:
    if scenario.generated_map is not None:
        return  # a generated map seats each side itself, whatever spawn says
    unplaced = [i for i, c in enumerate(scenario.combatants) if c.spawn == 0]
    for index in unplaced:
        report.error("required key is missing", "combatants", index, "spawn")
    if unplaced:
        return
    taken: dict[int, int] = {}
    for index, combatant in enumerate(scenario.combatants):
        if combatant.spawn in taken:
            message = (
                f"spawn point {combatant.spawn} is taken by combatants[{taken[combatant.spawn]}]: "
                "one combatant per spawn point"
            )
            report.error(message, "combatants", index, "spawn")
        taken.setdefault(combatant.spawn, index)
    map_def = report.lookup("arenas", "maps", scenario.map)
    if not isinstance(map_def, MapDef):
        return  # the dangling map reference is reported on its own
    spawns = spawn_numbers(map_def)
    drawn = ", ".join(str(n) for n in spawns) or "none"
    for index, combatant in enumerate(scenario.combatants):
        if combatant.spawn not in spawns:
            message = (
                f"map {quote(scenario.map)} has no spawn point {combatant.spawn} (it has {drawn})"
            )
            report.error(message, "combatants", index, "spawn")


def _check_expect(scenario: ScenarioDef, report: Report) -> None:
    expect = scenario.expect
    ids = {combatant.id for combatant in scenario.combatants}
    if expect is None:
        return
    if expect.rounds is not None and expect.rounds > scenario.max_rounds:
        message = (
            f"the fight stops after max_rounds: {scenario.max_rounds}, "
            f"so it never lasts {expect.rounds}"
        )
        report.error(message, "expect", "rounds")
    sides = {combatant.side for combatant in scenario.combatants}
    if expect.winner is not None and expect.winner not in sides | {"none"}:
        known = ", ".join(sorted(sides))
        report.error(
            f"no side named {quote(expect.winner)} (sides: {known}, or none)", "expect", "winner"
        )
    for key, table in (
        ("health", expect.health),
        ("penalty", expect.penalty),
        ("status", expect.status),
        ("aftermath", expect.aftermath),
    ):
        for id in table:
            if id not in ids:
                listed = f"ids: {', '.join(sorted(ids))}"
                _unknown(
                    "combatant",
                    id,
                    tuple(sorted(ids)),
                    listed,
                    report,
                    "expect",
                    key,
                    id,
                    keyed=True,
                )
    for id, status in expect.status.items():
        if status not in STATUSES:
            listed = f"statuses: {', '.join(STATUSES)}"
            _unknown("status", status, STATUSES, listed, report, "expect", "status", id)
    for position, entry in enumerate(expect.events):
        _check_event(entry, scenario.ruleset, ids, report, "expect", "events", position)
    for number, turns in enumerate(expect.order):
        for position, turn in enumerate(turns):
            who, _, segment = turn.partition("@")
            # isdigit alone takes '²', which is no segment.
            if who not in ids or (segment and not (segment.isascii() and segment.isdigit())):
                message = f"expected a combatant id, or id@segment, got {quote(turn)}"
                report.error(message, "expect", "order", number, position)


def _check_event(
    entry: str | EventExpect, ruleset: str, ids: set[str], report: Report, *at: str | int
) -> None:
    """An expected event is one the scenario's ruleset can log, with data it can carry."""
    kind = entry.kind if isinstance(entry, EventExpect) else entry
    where = (*at, "kind") if isinstance(entry, EventExpect) else at
    if kind not in EVENT_KINDS:
        _unknown("event kind", kind, EVENT_KINDS, "see docs/events.md", report, *where)
    elif kind not in logged_by(ruleset):
        message = (
            f"a {ruleset} fight never logs {quote(kind)}, an event of the other ruleset; "
            f"see docs/events-{ruleset}.md"
        )
        report.error(message, *where)
    if not isinstance(entry, EventExpect):
        return
    _check_data(entry, ruleset, ids, report, *at, "data")
    if entry.actor and entry.actor not in ids:
        report.error(f"no combatant with id {quote(entry.actor)}", *at, "actor")


def _check_data(
    entry: EventExpect, ruleset: str, ids: set[str], report: Report, *where: str | int
) -> None:
    """Data no event carries, or a number written as text: never met, so said before the fight.

    An event's data holds numbers as numbers; text of digits there is an id or nothing.
    """
    known = data_fields(ruleset)
    for key, value in entry.data.items():
        if key not in known:
            listed = f"see docs/events-{ruleset}.md"
            fields = tuple(sorted(known))
            what = f"{ruleset} event data field"
            _unknown(what, key, fields, listed, report, *where, key, keyed=True)
            continue
        for item in value if isinstance(value, tuple) else (value,):
            if isinstance(item, str) and _NUMBER.fullmatch(item) and item not in ids:
                message = f"{quote(item)} is text, and events carry numbers: write {item} unquoted"
                report.error(message, *where, key)


_NUMBER: Final = re.compile(r"[+-]?[0-9]+")


def _check_tasks(scenario: ScenarioDef, report: Report) -> None:
    """A task needs Sorcerer, an id of its own, and a cell on the map someone can stand by."""
    first: dict[str, int] = {}
    for index, spot in enumerate(scenario.tasks):
        if not traits(scenario.ruleset).tasks:
            message = "tasks are Sorcerer's other tasks; a werewolf scenario has none"
            report.error(message, "tasks", index)
        if not _ID.fullmatch(spot.id):
            message = f"an id is 1 to 40 letters, digits, - or _, got {quote(spot.id)}"
            report.error(message, "tasks", index, "id")
        elif spot.id in first:
            message = f"duplicate task id {quote(spot.id)} (first at tasks[{first[spot.id]}])"
            report.error(message, "tasks", index, "id")
        first.setdefault(spot.id, index)
        map_def = report.lookup("arenas", "maps", scenario.map)
        if isinstance(map_def, MapDef):
            problem = _task_cell(map_def, (spot.cell[0], spot.cell[1]))
            if problem:
                report.error(problem, "tasks", index, "cell")


def _task_cell(map_def: MapDef, cell: tuple[int, int]) -> str:
    """Why nobody could ever state a task on this cell ("" if someone could)."""
    rows, (x, y) = map_def.rows, cell
    if y >= len(rows) or x >= len(rows[y]):
        corner = f"{len(rows[0]) - 1},{len(rows) - 1}"
        return f"cell {x},{y} is off the map, whose cells run from 0,0 to {corner}"
    grid = Grid(rows)
    if not any(grid.walkable(c) for c in (cell, *neighbours(cell))):
        return f"cell {x},{y} has no floor on it or next to it: nobody could reach the task"
    return ""
