"""A form's seed and options are refused in the words the command line uses, never a file's."""

from __future__ import annotations

import pytest

from arena.content.loader import Catalog
from arena.engine.setup import (
    FightSpec,
    SetupError,
    list_fighters,
    new_fight,
    parse_option_text,
    seed_from_text,
)

RANGE = "from 0 to 18,446,744,073,709,551,615"


@pytest.mark.parametrize(
    ("typed", "said"),
    [
        ("1000000000000000000000000000000", "got '100000000000000000000...'"),  # cut, as --seed
        ("18446744073709551616", "got '18446744073709551616'"),  # one past what a save holds
        ("-1", "got '-1'"),
        ("١٢٣", "got '١٢٣'"),  # digits, but not ASCII ones
    ],
)
def test_a_seed_no_save_could_hold_is_refused(typed: str, said: str) -> None:
    with pytest.raises(SetupError) as err:
        seed_from_text(typed)
    assert str(err.value) == f"the seed must be a whole number {RANGE}, {said}"


def test_the_largest_seed_a_save_holds_is_taken() -> None:
    assert seed_from_text(" 18446744073709551615 ") == 2**64 - 1


def fight_error(catalog: Catalog, *, seed: int = 5, options: str = "") -> str:
    fighters = [f.id for f in list_fighters(catalog, "werewolf")]
    spec = FightSpec(
        "werewolf",
        fighters[0],
        ((fighters[1], 1),),
        "yard",
        seed=seed,
        options=parse_option_text(options),
    )
    with pytest.raises(SetupError) as err:
        new_fight(catalog, spec)
    return str(err.value)


@pytest.mark.parametrize(
    ("options", "said"),
    [
        # the range, not the type the file reader wants
        (
            "moon_difficulty=1000000000000000000000000000000",
            "options: option 'moon_difficulty': expected an int from 3 to 10, "
            "got 1000000000000000000000000000000",
        ),
        # 'options:' once
        (
            "initiative=banana",
            "options: option 'initiative': expected one of successes, w20, got 'banana'",
        ),
    ],
)
def test_options_are_refused_once_and_by_their_range(
    catalog: Catalog, options: str, said: str
) -> None:
    assert fight_error(catalog, options=options) == said


def test_a_seed_too_large_names_no_line_of_a_made_up_file(catalog: Catalog) -> None:
    said = fight_error(catalog, seed=10**30)
    assert said == f"the seed must be a whole number {RANGE}, got '100000000000000000000...'"


def test_a_long_paste_is_quoted_cut() -> None:
    with pytest.raises(SetupError) as err:
        parse_option_text("stun=" + "y" * 5000)
    assert len(str(err.value)) < 120
    assert "'stun=yyyyyyyyyyyyyyyy...'" in str(err.value)
