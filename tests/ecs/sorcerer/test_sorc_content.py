"""Sorcerer content: the damage chart as the rules read it, characters, and content checks."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from arena.content.errors import ContentError
from arena.content.loader import Catalog, default_content_root, load_catalog
from arena.content.sorcerer import DamageChartRow, SorcererCharacter, Weapon
from arena.rules.sorcerer import Damage, chart_damage, check_starting_scores


@pytest.mark.parametrize(
    ("row", "temporary", "lasting"),
    [
        ("fists", 3, 1),  # X, 1
        ("blunt", 3, 2),  # X, ⌈X/2⌉
        ("edged", 1, 3),  # 1, X
        ("firearm", 1, 4),  # 1, X + 1
        ("heavy-firearm", 1, 5),  # 1, X + 2
        ("special-lethal", 6, 5),  # 2X, X + Power
        ("special-nonlethal", 5, 1),  # X + Power, 1
    ],
)
def test_the_damage_chart_at_3_victories_and_power_2(
    catalog: Catalog, row: str, temporary: int, lasting: int
) -> None:
    chart = catalog.get("sorcerer", "damage", row, DamageChartRow).row()
    assert chart_damage(chart, 3, 2) == Damage(temporary, lasting)


def test_armor_applies_to_edged_weapons_and_firearms_only(catalog: Catalog) -> None:
    rows = catalog.section("sorcerer", "damage")
    armored = sorted(
        k for k, v in rows.items() if isinstance(v, DamageChartRow) and v.armor_applies
    )
    assert armored == ["edged", "firearm", "heavy-firearm"]


def test_the_shipped_characters(catalog: Catalog) -> None:
    def sheet(cid: str) -> SorcererCharacter:
        return catalog.get("sorcerer", "characters", cid, SorcererCharacter)

    vic, scratch = sheet("vic"), sheet("scratch")
    check_starting_scores(vic.stamina, vic.will, vic.lore)
    assert scratch.demon is not None
    assert (scratch.demon.type, scratch.demon.bound_to) == ("passer", "vic")
    assert set(scratch.demon.abilities) >= {"special_damage", "armor"}
    tick = sheet("tick").demon
    assert tick is not None
    assert (tick.type, tick.bound_to, "boost" in tick.abilities) == ("object", "ada", True)
    hunger = sheet("hunger").demon
    assert hunger is not None
    assert hunger.bound_to is None
    weapons = {w for cid in ("bruiser", "clubber", "cutter") for w in sheet(cid).weapons}
    assert weapons >= {"fists", "club", "knife"}
    assert catalog.get("sorcerer", "weapons", sheet("gunman").weapons[0], Weapon).firearm


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        # A human cannot use a demon's claws.
        (
            "    weapons: [knife, fists]\n    rituals",
            "    weapons: [claws, fists]\n    rituals",
            "characters.vic.weapons[0]: claws needs the ability special_damage",
        ),
        # A starting character splits exactly 10 points.
        (
            "    stamina: 4\n    will: 3\n    lore: 3\n    humanity: 3\n    weapons: [knife",
            "    stamina: 5\n    will: 3\n    lore: 3\n    humanity: 3\n    weapons: [knife",
            "characters.vic.starting: starting scores add up to 11, not 10",
        ),
    ],
)
def test_content_checks_name_the_key(tmp_path: Path, old: str, new: str, message: str) -> None:
    root = tmp_path / "content"
    shutil.copytree(default_content_root(), root)
    chars = root / "sorcerer" / "characters.yaml"
    text = chars.read_text()
    assert old in text
    chars.write_text(text.replace(old, new, 1))
    with pytest.raises(ContentError) as caught:
        load_catalog(root)
    assert message in str(caught.value)
