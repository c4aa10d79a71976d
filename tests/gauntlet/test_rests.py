from __future__ import annotations

import pytest

from arena.content.gauntlet import RunRules
from arena.gauntlet.carried import Carried, rest_sorcerer, rest_werewolf

RULES = RunRules(character="ahroun")
POOLS = (("Rage", 2, 5), ("Gnosis", 1, 1), ("Willpower", 1, 4))


@pytest.mark.parametrize(
    ("kind", "long", "expected"),
    [
        # a Garou regenerates bashing and lethal; aggravated stays; Willpower +1, Rage stays
        (
            "garou",
            False,
            Carried(0, 0, 2, pools=(("Rage", 2, 5), ("Gnosis", 1, 1), ("Willpower", 2, 4))),
        ),
        # a long rest heals 1 aggravated and refills every pool
        (
            "garou",
            True,
            Carried(0, 0, 1, pools=(("Rage", 5, 5), ("Gnosis", 1, 1), ("Willpower", 4, 4))),
        ),
        # a human heals only bashing: lethal and aggravated stay
        (
            "human",
            False,
            Carried(0, 3, 2, pools=(("Rage", 2, 5), ("Gnosis", 1, 1), ("Willpower", 2, 4))),
        ),
    ],
)
def test_werewolf_rest(kind: str, long: bool, expected: Carried) -> None:
    carried = Carried(bashing=4, lethal=3, aggravated=2, pools=POOLS)
    assert rest_werewolf(carried, kind, long=long, rules=RULES) == expected


@pytest.mark.parametrize(
    ("long", "lasting", "demon"),
    [
        (False, 7, 3),  # a short rest: Step 6 already halved it; it is carried as it is
        (True, 3, 1),  # a long rest halves it again, rounding down
    ],
)
def test_sorcerer_rest(long: bool, lasting: int, demon: int) -> None:
    carried = Carried(lasting=7, demon_lasting=3, binding=2, pools=(("Humanity", 2, 3),))
    rested = rest_sorcerer(carried, long=long, rules=RULES)
    assert (rested.lasting, rested.demon_lasting) == (lasting, demon)
    assert rested.pool("Humanity") == ("Humanity", 2, 3)
    assert rested.binding == 2
