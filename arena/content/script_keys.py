"""Script keys `arena validate` refuses: those no moment of a fight could ever take.

Which decisions a script meets depends on the dice, so only the fight can tell whether a key is
legal when it comes up. A key can still be known never to be: it has no choice key's shape, or
names a combatant, a cell, a weapon, a maneuver, a form or a ritual the scenario does not have.
"""

from __future__ import annotations

import difflib
import functools
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Final

from arena.content.choice_keys import ABILITIES, KEYS, MOST_PARTS, ORDERS, PARTS, decision_kinds
from arena.content.errors import quote, shorten
from arena.content.links import ExtraChecks
from arena.content.maps import MapDef
from arena.content.registry import Report
from arena.content.scenario import CombatantDef, ScenarioDef
from arena.rules.grid import LOW, WALL
from arena.rules.ruleset_traits import traits

_SLOT: Final = re.compile(r"\{(\w+)\}")
_REST: Final = ("order", "parts")
"""Slots that hold keys of their own, colons and all."""


@dataclass(frozen=True, slots=True)
class _Names:
    """What one combatant's keys may name; None where its sheet is not known (not checked)."""

    means: tuple[str, ...] | None
    """Werewolf: weapons and maneuvers; Sorcerer: weapons."""
    firearms: tuple[str, ...] | None = None
    forms: tuple[str, ...] | None = None
    rituals: tuple[str, ...] | None = None
    demon: bool | None = None
    abilities: tuple[str, ...] | None = None
    """A Sorcerer demon's abilities; empty for anyone else."""


@dataclass(frozen=True, slots=True)
class _Fight:
    """What every key of one scenario is checked against."""

    ruleset: str
    roster: Mapping[str, _Names]
    map: MapDef | None
    tasks: tuple[str, ...] = ()
    """The ids of the scenario's own tasks."""


def check_script_keys(scenario: ScenarioDef, report: Report) -> None:
    """Report each script entry and ``answers:`` default that no moment could take.

    Args:
        scenario: The scenario.
        report: Where problems go; it also finds sheets, weapons and the map.
    """
    roster = {c.id: _names(scenario.ruleset, c, report) for c in scenario.combatants}
    map_def = report.lookup("arenas", "maps", scenario.map)
    tasks = tuple(t.id for t in scenario.tasks)
    fight = _Fight(
        scenario.ruleset, roster, map_def if isinstance(map_def, MapDef) else None, tasks
    )
    for index, combatant in enumerate(scenario.combatants):
        if combatant.controller != "script":
            continue  # the script is refused whole
        for position, entry in enumerate(combatant.script):
            at = ("combatants", index, "script", position)
            if isinstance(entry, str):
                _check(entry, "", fight, combatant.id, report, at)
            for kind, key in () if isinstance(entry, str) else entry.items():
                _check_addressed(key, kind, fight, combatant.id, report, (*at, kind))
        for kind, key in combatant.answers.items():
            where = ("combatants", index, "answers", kind)
            _check_addressed(key, kind, fight, combatant.id, report, where)


SCRIPT_CHECKS: Final[ExtraChecks] = ((ScenarioDef, check_script_keys),)
"""What `arena validate` adds to the checks of loading: a fight never asks these questions of
a script, so `arena run` plays on to the entry's moment, if it comes."""


def _check_addressed(
    key: str, kind: str, fight: _Fight, me: str, report: Report, where: tuple[str | int, ...]
) -> None:
    """Check a key addressed to a kind, which the ruleset must ask."""
    kinds = decision_kinds(fight.ruleset)
    if kind in kinds:
        _check(key, kind, fight, me, report, where)
    elif any(kind in other for other in KEYS.values()):  # no kind at all is refused on loading
        listed = ", ".join(kinds)
        report.error(f"no {fight.ruleset} decision kind {quote(kind)}; kinds: {listed}", *where)


def _check(
    key: str, kind: str, fight: _Fight, me: str, report: Report, where: tuple[str | int, ...]
) -> None:
    """Report a key no decision of its kind (any kind, for ``""``) could take."""
    own = _shapes((KEYS[fight.ruleset],), kind)
    problem = _problem(key, own, fight, me)
    if problem is None:
        return
    if problem == "":
        what = f"a {fight.ruleset} {kind} decision" if kind else f"a {fight.ruleset} decision"
        listed = ", ".join(_shown(shape) for shape in own)
        problem = f"no key of {what} has this shape{_near_shape(key, own)}; keys: {listed}"
    report.error(f"{quote(key)} can never be a legal choice: {problem}", *where)


def _shapes(rulesets: Iterable[Mapping[str, tuple[str, ...]]], kind: str) -> tuple[str, ...]:
    """The shapes of a kind's keys (every kind's, for ``""``) in these rulesets, once each."""
    return tuple(
        dict.fromkeys(
            shape
            for keys in rulesets
            for name, shapes in keys.items()
            if kind in ("", name)
            for shape in shapes
        )
    )


def _problem(key: str, shapes: Sequence[str], fight: _Fight, me: str) -> str | None:
    """Why no moment takes the key: the most specific shape's reason; "" if it fits none."""
    reasons: list[tuple[int, str]] = []
    for shape in shapes:
        pattern, slots = _pattern(shape)
        found = pattern.fullmatch(key)
        if found is None:
            continue
        values = dict(zip(slots, found.groups(), strict=True))
        reason = None
        for slot, text in values.items():  # in order: a command's demon before its order
            reason = _slot(slot, text, values, fight, me)
            if reason is not None:
                break
        reason = reason or _ability(shape, fight, me)
        if reason is None:
            return None
        # Where several shapes fit, the one with the most fixed text is the one meant.
        reasons.append((len(_SLOT.sub("", shape)), reason))
    return max(reasons, key=lambda pair: pair[0])[1] if reasons else ""


def _slot(slot: str, text: str, values: Mapping[str, str], fight: _Fight, me: str) -> str | None:
    names = fight.roster[me]
    if slot in ("target", "demon"):
        return _combatant(text, fight, me) or (_demon(text, fight) if slot == "demon" else None)
    if slot in ("means", "weapon"):
        has = "maneuver or weapon" if traits(fight.ruleset).maneuvers else "weapon"
        return _among(text, names.means, f"{me} has no {has}", "it has")
    if slot == "firearm":
        return _among(text, names.firearms, f"{me} holds no firearm", "firearms")
    if slot == "form":
        return _among(text, names.forms, f"{me} has no form", "its forms")
    if slot == "ritual":
        return _among(text, names.rituals, f"{me} knows no ritual", "its rituals")
    if slot == "trait":
        return _among(text, ("stamina", "will"), "a demon boosts no trait", "traits")
    if slot == "number":
        return None if _digits(text) else f"expected a whole number, got {quote(text)}"
    if slot == "cell":
        return _cell(text, fight.map)
    if slot == "task":
        return _among(text, fight.tasks, "the scenario names no task", "its tasks")
    if slot == "order":
        reason = _problem(text, ORDERS, fight, values["demon"])
        if reason is None:
            return None
        return f"the order {quote(text)}: {reason or 'no intention a demon is ordered to take'}"
    return _parts(text, fight, me)


def _combatant(text: str, fight: _Fight, me: str) -> str | None:
    if text == me:
        return f"{quote(text)} is this combatant itself"
    if text in fight.roster:
        return None
    ids = list(fight.roster)
    return f"no combatant {quote(text)}{_near(text, ids)}; combatants: {', '.join(ids)}"


def _demon(text: str, fight: _Fight) -> str | None:
    return f"{quote(text)} is no demon" if fight.roster[text].demon is False else None


def _among(text: str, known: tuple[str, ...] | None, none: str, listed: str) -> str | None:
    if known is None or text in known:
        return None
    return f"{none} {quote(text)}{_near(text, known)}; {listed}: {', '.join(known) or 'none'}"


def _ability(shape: str, fight: _Fight, me: str) -> str | None:
    needed = ABILITIES.get(shape.split(":")[0]) if traits(fight.ruleset).demons else None
    abilities = fight.roster[me].abilities
    if needed is None or abilities is None or needed in abilities:
        return None
    return f"only a demon with the {needed} ability is offered it"


def _cell(text: str, map_def: MapDef | None) -> str | None:
    x, comma, y = text.partition(",")
    if not (comma and _digits(x) and _digits(y)):
        return f"expected a cell x,y such as 3,4, got {quote(text)}"
    if map_def is None:
        return None
    rows = map_def.rows
    # Past 4 digits no map reaches; int() of thousands of digits is refused anyway.
    col, row = (int(x), int(y)) if len(x) <= 4 and len(y) <= 4 else (10_000, 10_000)
    if row >= len(rows) or col >= len(rows[row]):
        corner = f"{len(rows[0]) - 1},{len(rows) - 1}"
        return f"cell {shorten(text)} is off the map, whose cells run from 0,0 to {corner}"
    if rows[row][col] == LOW:
        return f"cell {text} is a low obstacle: nobody stands on one"
    return f"cell {text} is a wall" if rows[row][col] == WALL else None


def _parts(text: str, fight: _Fight, me: str) -> str | None:
    parts = text.split("+")
    if not 2 <= len(parts) <= MOST_PARTS:
        return f"a split has 2 or 3 parts joined by +, got {len(parts)}"
    for part in parts:
        action, at, rest = part.rpartition("@")
        segment, x, dice = rest.partition("x")
        if not (action and at and x and _digits(segment) and _digits(dice)):
            return f"each part is action@SEGMENTxDICE such as punch:tom@4x3, got {quote(part)}"
        reason = _problem(action, PARTS, fight, me)
        if reason is not None:
            return f"the part {quote(part)}: {reason or 'no action a split may take'}"
    return None


def _names(ruleset: str, combatant: CombatantDef, report: Report) -> _Names:
    sheet = combatant.character
    if sheet is None and combatant.template:
        sheet = report.lookup(ruleset, "characters", combatant.template)
    weapons = combatant.weapons if combatant.weapons is not None else _names_of(sheet, "weapons")
    if traits(ruleset).maneuvers:
        maneuvers = combatant.maneuvers
        maneuvers = maneuvers if maneuvers is not None else _names_of(sheet, "maneuvers")
        means = None if weapons is None or maneuvers is None else (*weapons, *maneuvers)
        return _Names(means, forms=_names_of(sheet, "forms"))
    if not hasattr(sheet, "demon"):  # no sheet this check knows: nothing it holds is checked
        return _Names(weapons, rituals=_names_of(sheet, "rituals"))
    demon = getattr(sheet, "demon", None)
    return _Names(
        weapons,
        firearms=tuple(
            w for w in weapons or () if _is_firearm(report.lookup(ruleset, "weapons", w))
        ),
        rituals=_names_of(sheet, "rituals"),
        demon=demon is not None,
        abilities=_names_of(demon, "abilities") if demon is not None else (),
    )


def _names_of(value: object, field: str) -> tuple[str, ...] | None:
    names = getattr(value, field, None)
    return names if isinstance(names, tuple) else None


def _is_firearm(weapon: object) -> bool:
    # A weapon not loaded (its error is reported) may be one: never refuse an aim for it.
    return weapon is None or getattr(weapon, "firearm", False) is True


@functools.cache
def _pattern(shape: str) -> tuple[re.Pattern[str], tuple[str, ...]]:
    pieces = _SLOT.split(shape)
    regex = "".join(
        re.escape(piece) if i % 2 == 0 else ("(.+)" if piece in _REST else "([^:]+)")
        for i, piece in enumerate(pieces)
    )
    return re.compile(regex), tuple(pieces[1::2])


def _shown(shape: str) -> str:
    return _SLOT.sub(lambda m: "<x>,<y>" if m.group(1) == "cell" else f"<{m.group(1)}>", shape)


def _near(text: str, known: Sequence[str]) -> str:
    near = difflib.get_close_matches(text, known, n=1)
    return f" (did you mean {near[0]!r}?)" if near else ""


def _near_shape(key: str, shapes: Sequence[str]) -> str:
    """A shape the key may have meant: a word like it, or a shape whose head is like its own."""
    words = {shape: shape for shape in shapes if "{" not in shape}
    heads = {shape.partition(":")[0]: shape for shape in shapes if not shape.startswith("{")}
    head = key.partition(":")[0]
    near = difflib.get_close_matches(key, words, n=1) or difflib.get_close_matches(head, heads, n=1)
    shape = words.get(near[0], heads.get(near[0], "")) if near else ""
    return f" (did you mean {_shown(shape)!r}?)" if shape else ""


def _digits(text: str) -> bool:
    # isdigit alone takes '²', which the fight refuses.
    return text.isascii() and text.isdigit()
