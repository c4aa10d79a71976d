"""The danger rating that orders the offers: what it counts, by the numbers of the sheets."""

from __future__ import annotations

import pytest

from arena.content.gauntlet import SorcererFoe, SorcererGroup, WerewolfFoe, WerewolfGroup
from arena.content.loader import Catalog
from arena.gauntlet.offers import danger


def werewolf(*foes: tuple[str, int, str]) -> WerewolfGroup:
    return WerewolfGroup("test", tuple(WerewolfFoe(t, n, p) for t, n, p in foes), "pit")


def sorcerer(*foes: tuple[str, int, str]) -> SorcererGroup:
    return SorcererGroup("test", tuple(SorcererFoe(t, n, p) for t, n, p in foes), "pit")


@pytest.mark.parametrize(
    ("group", "expected"),
    [
        # a thug: Dex 2 + Melee 2, Stamina 2, half of Willpower 3; a bat hits Strength 2 + 2
        (werewolf(("thug", 1, "thug")), 4 + 2 + 1 + 4),
        # two of them count twice
        (werewolf(("thug", 2, "thug")), 2 * 11),
        # a Spiral's claws in Crinos are aggravated: Dex 3 + Brawl 4 + Stamina 3 + what Crinos
        # adds (4 + 1 + 3) + half of Rage 6 and Willpower 5, all twice; its claw (Strength
        # 3 + 4 + 1) three times
        (werewolf(("spiral", 1, "garou")), 2 * (3 + 4 + 3 + 8 + 5) + 3 * 8),
        # played carelessly, three quarters of that
        (werewolf(("spiral", 1, "garou/easy")), 70 * 3 // 4),
        # played hard, five quarters
        (werewolf(("thug", 1, "thug/hard")), 11 * 5 // 4),
        # a bruiser: Stamina 3 twice + Will 2, alone
        (sorcerer(("bruiser", 1, "thug")), 8),
        # a demon adds its Power: Ember, Stamina 3 twice + Will 3 + Power 2
        (sorcerer(("ember", 1, "demon")), 11),
        # three opponents: the sum grows by half for each past the first, to twice
        (sorcerer(("bruiser", 1, "thug"), ("gunman", 2, "gunman")), (8 + 9 + 9) * 2),
    ],
)
def test_danger(catalog: Catalog, group: WerewolfGroup | SorcererGroup, expected: int) -> None:
    assert danger(catalog, group) == expected
