"""Properties: penalties never negative, victories never above the winner's dice."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from arena.rules.sorcerer import (
    DamageRow,
    Formula,
    Modifier,
    Wounds,
    assemble_pool,
    chart_damage,
    defence_pool,
    resolve_attack,
    wound_modifiers,
)

faces = st.lists(st.integers(1, 10), max_size=12)
modifiers = st.lists(st.builds(Modifier, st.just("m"), st.integers(-10, 10)), max_size=6)
formulas = st.builds(
    Formula, st.integers(0, 3), st.integers(1, 3), st.integers(0, 3), st.integers(0, 1)
)
hits = st.tuples(st.integers(0, 6), st.integers(0, 6))


@given(st.integers(0, 10), modifiers)
def test_pool_penalties_and_bonuses_are_never_negative(base: int, mods: list[Modifier]) -> None:
    pool = assemble_pool("Stamina", base, mods)
    assert pool.penalty >= 0
    assert pool.bonus >= 0
    assert pool.size == base + sum(m.dice for m in mods)


@given(st.lists(st.one_of(hits, st.none()), max_size=12))
def test_wound_penalties_are_never_negative(steps: list[tuple[int, int] | None]) -> None:
    wounds = Wounds()
    for step in steps:
        wounds = wounds.after_roll() if step is None else wounds.take(*step)
        assert wounds.penalty_for_next_roll() >= wounds.lasting >= 0
        assert all(m.dice < 0 for m in wound_modifiers(wounds, "will"))


@given(faces, st.integers(0, 6), modifiers, st.data())
def test_victories_never_exceed_the_winners_dice(
    performance: list[int], stamina: int, mods: list[Modifier], data: st.DataObject
) -> None:
    defence = defence_pool(stamina=stamina, has_acted=True, reaction=None, modifiers=mods)
    assert defence.pool.size >= 1  # the clobber rule always leaves a die
    extra = data.draw(
        st.lists(
            st.integers(1, 10),
            min_size=defence.attacker_bonus.dice,
            max_size=defence.attacker_bonus.dice,
        )
    )
    rolled = data.draw(
        st.lists(st.integers(1, 10), min_size=defence.pool.size, max_size=defence.pool.size)
    )
    attack = [*performance, *extra]
    result = resolve_attack(attack, rolled)
    assert 0 <= result.hit <= len(attack)
    assert 0 <= result.defender_rollover <= len(rolled)
    assert not (result.hit and result.defender_rollover)


@given(formulas, formulas, st.integers(0, 12), st.integers(0, 6))
def test_chart_damage_is_never_negative(
    temporary: Formula, lasting: Formula, victories: int, power: int
) -> None:
    damage = chart_damage(DamageRow("any", temporary, lasting), victories, power)
    assert damage.temporary >= 0
    assert damage.lasting >= 0
