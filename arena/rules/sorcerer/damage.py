"""Step 5, the damage chart as data: temporary and lasting formulas over victories and Power."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Final

from arena.rules.fast import quick_init

_TERM: Final = re.compile(r"(?P<num>\d*)(?P<var>X|Power)?(?:/(?P<den>\d+))?")


@dataclass(frozen=True, slots=True)
class Formula:
    """``⌈X × per_victory_num / per_victory_den⌉ + flat + power × Power``, X being victories."""

    per_victory_num: int = 0
    """Multiplies the victories X."""
    per_victory_den: int = 1
    """Divides them, rounding up (2 gives ⌈X/2⌉)."""
    flat: int = 0
    """A fixed amount."""
    power: int = 0
    """Multiplies the attacking demon's Power."""

    def __post_init__(self) -> None:
        """Refuse negative parts and a zero divisor."""
        if min(self.per_victory_num, self.flat, self.power) < 0 or self.per_victory_den < 1:
            raise ValueError(f"not a damage formula: {self!r}")

    def amount(self, victories: int, power: int = 0) -> int:
        """Evaluate for X victories and the attacker's Power."""
        per_victory = -(-victories * self.per_victory_num // self.per_victory_den)
        return per_victory + self.flat + self.power * power

    def __str__(self) -> str:
        """The chart's notation: ``X``, ``1``, ``⌈X/2⌉``, ``X+2``, ``2X``, ``X+Power``."""
        terms: list[str] = []
        if self.per_victory_num:
            x = "X" if self.per_victory_num == 1 else f"{self.per_victory_num}X"
            terms.append(f"⌈{x}/{self.per_victory_den}⌉" if self.per_victory_den > 1 else x)
        if self.flat or not (self.per_victory_num or self.power):
            terms.append(str(self.flat))
        if self.power:
            terms.append("Power" if self.power == 1 else f"{self.power}Power")
        return "+".join(terms)


def parse_formula(text: str) -> Formula:
    """Read a chart formula: ``X``, ``1``, ``X/2``, ``X+1``, ``2X``, ``X+Power``.

    A term is an int, ``[n]X[/d]`` (division rounds up) or ``[n]Power``; terms are joined by ``+``.

    Raises:
        ValueError: the text is not a formula, naming it.
    """
    num, den, flat, power = 0, 1, 0, 0
    for term in text.replace(" ", "").split("+"):
        m = _TERM.fullmatch(term)
        if not term or m is None or (m["den"] and m["var"] != "X") or not (m["num"] or m["var"]):
            raise ValueError(f"not a damage formula: {text!r} (e.g. X, 1, X/2, X+2, 2X, X+Power)")
        n = int(m["num"] or 1)
        if m["var"] == "X":
            if num:
                raise ValueError(f"not a damage formula: {text!r} (X appears twice)")
            num, den = n, int(m["den"] or 1)
        elif m["var"] == "Power":
            power += n
        else:
            flat += n
    return Formula(num, den, flat, power)


@dataclass(frozen=True, slots=True)
class DamageRow:
    """One row of the damage chart, as the content layer supplies it."""

    name: str
    """The attack: ``fists``, ``edged``, ``firearm``, ``special lethal``..."""
    temporary: Formula
    """Temporary damage."""
    lasting: Formula
    """Lasting damage."""
    armor_applies: bool = False
    """Armor reduces this row's lasting damage (edged weapons and firearms)."""


@quick_init
@dataclass(frozen=True, slots=True)
class Damage:
    """Damage dealt by one hit, as penalty dice."""

    temporary: int
    """Temporary damage: a penalty on the victim's next roll."""
    lasting: int
    """Lasting damage, after Armor."""
    armor_absorbed: int = 0
    """Lasting damage Armor removed."""


def chart_damage(row: DamageRow, victories: int, power: int = 0) -> Damage:
    """The damage of a hit with X victories; no victories, no damage.

    Args:
        row: the attack's row of the chart.
        victories: X, the attacker's victories.
        power: the attacking demon's Power (effective: 1 while it boosts), for Special Damage.

    Raises:
        ValueError: victories or Power are negative.
    """
    if victories < 0 or power < 0:
        raise ValueError(f"victories and Power cannot be negative: {victories}, {power}")
    if victories == 0:
        return Damage(0, 0)
    return Damage(row.temporary.amount(victories, power), row.lasting.amount(victories, power))


def apply_armor(damage: Damage, armor_power: int, floor: int) -> Damage:
    """Armor removes up to its demon's Power from lasting damage, never below `floor`.

    Args:
        damage: the hit's damage.
        armor_power: the armored demon's Power.
        floor: what fists would have done at the same X (more than the hit itself, it stays).
    """
    lasting = max(damage.lasting - armor_power, min(damage.lasting, floor))
    return Damage(damage.temporary, lasting, damage.armor_absorbed + damage.lasting - lasting)


def hit_damage(
    row: DamageRow,
    victories: int,
    *,
    power: int = 0,
    armor_power: int = 0,
    fists: DamageRow | None = None,
) -> Damage:
    """A hit's damage from the chart, with the victim's Armor if the row allows it.

    Args:
        row: the attack's row.
        victories: X.
        power: the attacking demon's Power, for Special Damage.
        armor_power: the victim's Armor Power (0 without Armor).
        fists: the fists row, whose lasting damage at X is Armor's floor.

    Raises:
        ValueError: Armor applies but no fists row was given.
    """
    damage = chart_damage(row, victories, power)
    if not (row.armor_applies and armor_power > 0 and damage.lasting):
        return damage
    if fists is None:
        raise ValueError("Armor needs the fists row for its floor")
    return apply_armor(damage, armor_power, fists.lasting.amount(victories, power))
