"""Forms: trait modifiers and abilities of each shape, as data, and shifting between them."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Final

from arena.rules.commands import IllegalCommand
from arena.rules.werewolf.rage import spend_rage
from arena.rules.werewolf.terms import Breed, Template


@dataclass(frozen=True, slots=True)
class Form:
    """One form, as content defines it (the numbers live in content, not here)."""

    name: str
    """``homid``, ``glabro``, ``crinos``, ``hispo``, ``lupus``."""
    strength: int
    """Added to Strength."""
    dexterity: int
    """Added to Dexterity."""
    stamina: int
    """Added to Stamina."""
    speed: int
    """Cells a move covers."""
    hands: bool
    """Whether it can use weapons and guns (maneuvers that need hands)."""
    frenzy_modifier: int = 0
    """Added to the frenzy difficulty (Crinos -1)."""
    delirium: bool = False
    """Humans who see it suffer the Delirium (Crinos)."""


@dataclass(frozen=True, slots=True)
class Physical:
    """The physical attributes a form changes."""

    strength: int
    dexterity: int
    stamina: int


def in_form(base: Physical, form: Form) -> Physical:
    """The attributes in a form: the base (Homid) values plus the form's modifiers."""
    return Physical(
        strength=base.strength + form.strength,
        dexterity=base.dexterity + form.dexterity,
        stamina=base.stamina + form.stamina,
    )


BREED_FORMS: Final[Mapping[Breed, str]] = {"homid": "homid", "metis": "crinos", "lupus": "lupus"}
"""The form each breed is born in [book]."""


def is_breed_form(template: Template, breed: Breed | None, form: str) -> bool:
    """Whether a Garou is in its breed form; never true for anyone else."""
    return template == "garou" and breed is not None and BREED_FORMS[breed] == form


@dataclass(frozen=True, slots=True)
class Shift:
    """The result of shifting form."""

    form: str
    """The new form."""
    rage: int
    """Rage left."""
    uses_action: bool
    """The shift took the combatant's action (it did not pay Rage)."""


def shift_form(
    current: str,
    target: str,
    forms: Mapping[str, Form],
    *,
    use_rage: bool,
    rage_current: int,
    rage_cost: int,
    gnosis_used: bool = False,
) -> Shift:
    """Shift form: it takes an action, or costs Rage and no action [book].

    Args:
        current: the form now.
        target: the form wanted.
        forms: the known forms by name.
        use_rage: pay Rage instead of the action.
        rage_current: the Rage pool.
        rage_cost: the ``shift_rage_cost`` option (1).
        gnosis_used: Gnosis was used this turn (then Rage cannot be spent).

    Returns:
        The new form, the Rage left and whether the action was used.

    Raises:
        IllegalCommand: an unknown form, the same form, or Rage that cannot be paid.
    """
    if target not in forms:
        raise IllegalCommand(f"no form named {target!r}; known: {', '.join(forms)}")
    if target == current:
        raise IllegalCommand(f"already in {target}")
    if not use_rage:
        return Shift(form=target, rage=rage_current, uses_action=True)
    rage = spend_rage(rage_current, rage_cost, gnosis_used=gnosis_used)
    return Shift(form=target, rage=rage, uses_action=False)
