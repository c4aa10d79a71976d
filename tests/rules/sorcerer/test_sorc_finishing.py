"""Step 6, finishing up: fight over, lasting damage halved or Vitality, severity."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import pytest

from arena.rules.sorcerer import (
    Aftermath,
    Severity,
    SorcererOptions,
    Status,
    Wounds,
    fight_over,
    finish,
    severity,
)


@pytest.mark.parametrize(
    ("wounds", "vitality", "expected"),
    [
        # Temporary damage goes; lasting 5 is halved to 3 (rounded up): ≤ S = 3, banged up.
        (Wounds(5, 4), None, Aftermath(5, 3, "halved", "banged_up")),
        # Lasting 8 → 4: above S, at most 2S: hospital.
        (Wounds(8, 0), None, Aftermath(8, 4, "halved", "hospital")),
        # Lasting 13 → 7: above 2S: mortal injuries.
        (Wounds(13, 0), None, Aftermath(13, 7, "halved", "mortal")),
        # Vitality of Power 2 instead of halving: 13 → 11, mortal.
        (Wounds(13, 0), 2, Aftermath(13, 11, "vitality", "mortal")),
        # Vitality of Power 4 on lasting 3: none left.
        (Wounds(3, 1), 4, Aftermath(3, 0, "vitality", "banged_up")),
    ],
)
def test_after_the_fight_lasting_damage_is_halved_or_vitality_applies_and_is_classified_against_stamina_and_2x_stamina(  # noqa: E501
    wounds: Wounds, vitality: int | None, expected: Aftermath
) -> None:
    assert finish(wounds, stamina=3, vitality_power=vitality) == expected


@pytest.mark.parametrize(
    ("lasting", "expected"),
    [
        (0, "banged_up"),  # unhurt
        (3, "banged_up"),  # L = S
        (4, "hospital"),  # just above S
        (6, "hospital"),  # L = 2S
        (7, "mortal"),  # above 2S
    ],
)
def test_severity_boundaries(lasting: int, expected: Severity) -> None:
    assert severity(lasting, stamina=3) == expected


def test_halving_may_round_down() -> None:
    options = SorcererOptions(halve_rounding="down")
    assert finish(Wounds(7, 0), 3, options=options).lasting_after == 3


@pytest.mark.parametrize(
    ("lasting", "power", "after", "method"),
    [
        (10, 2, 5, "halved"),  # halving leaves less than Vitality would (8)
        (4, 3, 1, "vitality"),  # Vitality leaves less than halving would (2)
    ],
)
def test_vitality_best_takes_the_smaller_remainder(
    lasting: int, power: int, after: int, method: str
) -> None:
    result = finish(
        Wounds(lasting, 0), 3, vitality_power=power, options=SorcererOptions(vitality="best")
    )
    assert (result.lasting_after, result.method) == (after, method)


@pytest.mark.parametrize(
    ("sides", "over"),
    [
        ({"a": ("active",), "b": ("active", "helpless")}, False),  # both sides can act
        ({"a": ("active",), "b": ("helpless", "dead")}, True),  # nobody left on b
        ({"a": ("active",), "b": ("fled", "banished")}, True),  # fled and banished count
        ({"a": ("surrendered", "surrendered"), "b": ("active",)}, True),  # all surrendered
        ({"a": ("active",), "b": ("cannot_act",)}, False),  # cannot act is still in the fight
    ],
)
def test_fight_over(sides: Mapping[str, Sequence[Status]], over: bool) -> None:
    assert fight_over(sides) is over
