"""`--vary KEY=VALUE`: one change to a scenario, for a second batch on the same seeds."""

from __future__ import annotations

import dataclasses
import difflib
import re
from dataclasses import dataclass
from typing import Final, Literal

from arena.content import sorcerer, werewolf
from arena.content.bounds import INT_DIGITS
from arena.content.errors import shorten
from arena.content.scenario import CombatantDef, OptionValue, ScenarioDef
from arena.rules.ruleset_traits import traits
from arena.sim.errors import SimError

ChangeKind = Literal["trait", "option", "preset", "controller"]

FORMS: Final = (
    "COMBATANT.TRAIT=N (e.g. tom.strength=5)",
    "option.NAME=VALUE",
    "preset=NAME",
    "COMBATANT.controller=ai:POLICY[/LEVEL]",
)
"""The kinds of change, as a user writes them."""

_NAME: Final = re.compile(r"[A-Za-z_][A-Za-z0-9_-]*")
_INT: Final = re.compile(r"[+-]?[0-9]+")
_POLICY: Final = re.compile(r"ai:[a-z][a-z0-9_-]*(/[a-z]+)?")
"""``ai:POLICY``, optionally with a level: ``ai:thug/hard``."""


class VaryError(SimError):
    """A change is malformed or names nothing in the scenario."""


@dataclass(frozen=True, slots=True)
class Change:
    """One change, parsed from ``KEY=VALUE``."""

    text: str
    """As the user wrote it."""
    kind: ChangeKind
    name: str
    """The combatant (trait, controller) or the option (option); empty for a preset."""
    trait: str
    """The trait (trait changes only)."""
    value: OptionValue
    flag: str = "--vary"
    """The option it was given to, for messages: ``--vary`` or ``--grid``."""


@dataclass(frozen=True, slots=True)
class Setup:
    """A scenario as a batch plays it, with the options and preset laid over it."""

    scenario: ScenarioDef
    options: tuple[tuple[str, OptionValue], ...] = ()
    preset: str | None = None


def parse_change(text: str, flag: str = "--vary") -> Change:
    """Parse one ``KEY=VALUE`` given to ``flag``.

    Raises:
        VaryError: it matches none of the FORMS.
    """
    key, sep, value = text.partition("=")
    if not sep or not key or not value:
        shown = shorten(text)
        raise VaryError(f"{flag} {shown!r}: expected KEY=VALUE, one of: " + "; ".join(FORMS))
    digits = value[1:] if value[:1] in "+-" else value
    if digits.isascii() and digits.isdigit() and len(digits) > INT_DIGITS:
        # int() refuses past 4,300 digits with an error of its own; no setting is that big.
        raise VaryError(
            f"{flag} {shorten(text)!r}: a number of {len(digits):,} digits is out of range "
            f"(at most {INT_DIGITS})"
        )
    if key == "preset":
        return Change(text, "preset", "", "", value, flag)
    head, dot, tail = key.partition(".")
    if not dot or not _NAME.fullmatch(head) or not _NAME.fullmatch(tail):
        # The change is shown whole before the colon: its key is not named again.
        raise VaryError(f"{flag} {shorten(text)!r}: unknown key; use one of: " + "; ".join(FORMS))
    if head == "option":
        return Change(text, "option", tail, "", _option_value(value), flag)
    if tail == "controller":
        if not _POLICY.fullmatch(value):
            raise VaryError(
                f"{flag} {shorten(text)!r}: a controller is ai:POLICY[/LEVEL], "
                f"got {shorten(value)!r}"
            )
        return Change(text, "controller", head, "", value, flag)
    if not (value.isascii() and value.isdigit()):  # isdigit alone takes '²', which int refuses
        raise VaryError(
            f"{flag} {shorten(text)!r}: a trait takes a whole number from 0, got {shorten(value)!r}"
        )
    return Change(text, "trait", head, tail, int(value), flag)


def apply_changes(setup: Setup, changes: tuple[Change, ...]) -> Setup:
    """Lay changes over a setup, in order.

    Raises:
        VaryError: a change names a combatant the scenario does not have, or a trait's
            value is out of its range.
    """
    for change in changes:
        if change.kind == "preset":
            setup = dataclasses.replace(setup, preset=str(change.value))
        elif change.kind == "option":
            options = dict(setup.options)
            options[change.name] = change.value
            setup = dataclasses.replace(setup, options=tuple(options.items()))
        else:
            setup = dataclasses.replace(setup, scenario=_change_combatant(setup.scenario, change))
    return setup


def _change_combatant(scenario: ScenarioDef, change: Change) -> ScenarioDef:
    ids = [c.id for c in scenario.combatants]
    if change.name not in ids:
        near = difflib.get_close_matches(change.name, ids, n=1)
        hint = f" (did you mean {near[0]!r}?)" if near else ""
        raise VaryError(
            f"{change.flag} {shorten(change.text)!r}: no combatant {change.name!r}{hint}; "
            f"combatants: {', '.join(ids)}"
        )

    if change.kind == "trait":
        limits = _trait_range(scenario.ruleset, change.trait)
        if limits is not None and not limits[0] <= int(change.value) <= limits[1]:
            raise VaryError(  # the trait and its value are in the change shown
                f"{change.flag} {shorten(change.text)!r}: must be {limits[0]} to {limits[1]}"
            )

    def changed(c: CombatantDef) -> CombatantDef:
        if c.id != change.name:
            return c
        if change.kind == "controller":
            return dataclasses.replace(c, controller=str(change.value))
        return dataclasses.replace(c, overrides={**c.overrides, change.trait: int(change.value)})

    return dataclasses.replace(scenario, combatants=tuple(map(changed, scenario.combatants)))


_OVERRIDES: Final = {"werewolf": werewolf.OVERRIDES, "sorcerer": sorcerer.OVERRIDES}
"""Each ruleset's trait overrides and their ranges, by ruleset."""


def _trait_range(ruleset: str, trait: str) -> tuple[int, int] | None:
    """The range a scenario's overrides allow for a trait; None when the ruleset has no such."""
    found = _OVERRIDES[traits(ruleset).name].get(trait)
    return None if found is None else (found.low, found.high)


def _option_value(text: str) -> OptionValue:
    """An option value as YAML would read it: a whole number, true/false, or a string."""
    if _INT.fullmatch(text):
        return int(text)
    if text in ("true", "false"):
        return text == "true"
    return text
