"""Step 5: the damage chart from data, and Armor."""

from __future__ import annotations

import pytest

from arena.rules.sorcerer import (
    Damage,
    DamageRow,
    Formula,
    apply_armor,
    chart_damage,
    hit_damage,
    parse_formula,
)


def _row(name: str, temporary: str, lasting: str, armor: bool = False) -> DamageRow:
    return DamageRow(name, parse_formula(temporary), parse_formula(lasting), armor)


# The chart of the rules, as the content layer would supply it.
FISTS = _row("fists", "X", "1")
BLUNT = _row("blunt", "X", "X/2")
EDGED = _row("edged", "1", "X", armor=True)
FIREARM = _row("firearm", "1", "X+1", armor=True)
HEAVY = _row("heavy firearm", "1", "X+2", armor=True)
LETHAL = _row("special lethal", "2X", "X+Power")
NON_LETHAL = _row("special non-lethal", "X+Power", "1")


@pytest.mark.parametrize(
    ("row", "victories", "power", "temporary", "lasting"),
    [
        (FISTS, 3, 0, 3, 1),  # fists: X, 1
        (BLUNT, 3, 0, 3, 2),  # blunt: X, ⌈3/2⌉ = 2
        (BLUNT, 4, 0, 4, 2),  # blunt: X, ⌈4/2⌉ = 2
        (BLUNT, 1, 0, 1, 1),  # blunt: one victory still lasts 1
        (EDGED, 3, 0, 1, 3),  # edged: 1, X
        (FIREARM, 3, 0, 1, 4),  # firearm: 1, X + 1
        (HEAVY, 3, 0, 1, 5),  # heavy firearm: 1, X + 2
        (LETHAL, 3, 2, 6, 5),  # lethal Special Damage: 2X, X + Power
        (NON_LETHAL, 3, 2, 5, 1),  # non-lethal Special Damage: X + Power, 1
        (FIREARM, 0, 0, 0, 0),  # no victories, no damage
    ],
)
def test_chart_rows(
    row: DamageRow, victories: int, power: int, temporary: int, lasting: int
) -> None:
    assert chart_damage(row, victories, power) == Damage(temporary, lasting)


@pytest.mark.parametrize(
    ("row", "victories", "armor", "lasting", "absorbed"),
    [
        (EDGED, 4, 2, 2, 2),  # edged 4, Armor 2 removes 2
        (EDGED, 4, 5, 1, 3),  # Armor 5 would leave 0: never below what fists do (1)
        (FIREARM, 1, 3, 1, 1),  # firearm 2 against Armor 3: floor of 1
        (HEAVY, 2, 1, 3, 1),  # heavy firearm 4, Armor 1: 3
        (FISTS, 3, 4, 1, 0),  # fists: Armor does not apply
        (LETHAL, 2, 4, 4, 0),  # Special Damage: Armor does not apply
        (EDGED, 3, 0, 3, 0),  # no Armor
    ],
)
def test_armor(row: DamageRow, victories: int, armor: int, lasting: int, absorbed: int) -> None:
    damage = hit_damage(row, victories, power=2, armor_power=armor, fists=FISTS)
    assert (damage.lasting, damage.armor_absorbed) == (lasting, absorbed)
    assert damage.temporary == chart_damage(row, victories, 2).temporary  # Armor spares it


def test_armor_keeps_damage_already_below_its_floor() -> None:
    # A floor above the damage never raises it.
    assert apply_armor(Damage(1, 1), armor_power=3, floor=2) == Damage(1, 1)


def test_armor_needs_the_fists_row() -> None:
    with pytest.raises(ValueError, match="fists"):
        hit_damage(EDGED, 2, armor_power=1)


@pytest.mark.parametrize(
    ("text", "formula", "shown"),
    [
        ("X", Formula(1), "X"),  # the victories
        ("1", Formula(flat=1), "1"),  # a constant
        ("X/2", Formula(1, 2), "⌈X/2⌉"),  # half, rounded up
        ("X+1", Formula(1, flat=1), "X+1"),  # victories plus one
        ("X + 2", Formula(1, flat=2), "X+2"),  # spaces are allowed
        ("2X", Formula(2), "2X"),  # twice the victories
        ("X+Power", Formula(1, power=1), "X+Power"),  # plus the demon's Power
        ("0", Formula(), "0"),  # nothing
    ],
)
def test_parse_formula(text: str, formula: Formula, shown: str) -> None:
    assert parse_formula(text) == formula
    assert str(formula) == shown


@pytest.mark.parametrize(
    "text",
    [
        "",  # empty
        "Y",  # unknown variable
        "X+X",  # X twice
        "Power/2",  # only X divides
        "X-1",  # no subtraction
        "X/0",  # division by zero
    ],
)
def test_parse_formula_refuses(text: str) -> None:
    with pytest.raises(ValueError, match="not a damage formula"):
        parse_formula(text)


def test_negative_victories_are_refused() -> None:
    with pytest.raises(ValueError, match="negative"):
        chart_damage(FISTS, -1)
