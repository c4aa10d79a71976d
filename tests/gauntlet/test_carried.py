"""Whole runs, fight by fight: what each fight leaves is what the rest leaves by the rulings of
rules/gauntlet.md, and it is what the next fight starts with."""

from __future__ import annotations

import pytest

from arena.content.loader import Catalog
from arena.engine import CombatantView, Controllers
from arena.gauntlet import RunState, begin_fight, finish_fight, new_run, offer, resume_fight
from arena.gauntlet.auto import safest
from arena.gauntlet.run import rules_for
from arena.rules.views import SorcererHealth, WerewolfHealth


def test_the_rulings_in_content_are_those_of_the_rules_text(catalog: Catalog) -> None:
    werewolf, sorcerer = rules_for(catalog, "werewolf"), rules_for(catalog, "sorcerer")
    # 7 fights, a long rest after every third; Werewolf: Willpower +1 a rest, 1 aggravated
    # healed by a long rest; Sorcerer: a long rest halves the lasting damage again
    assert (werewolf.fights, werewolf.long_rest_every) == (7, 3)
    assert (werewolf.willpower_rest, werewolf.aggravated_long_rest) == (1, 1)
    assert (sorcerer.fights, sorcerer.long_rest_every, sorcerer.long_rest_divisor) == (7, 3, 2)


def pools(me: CombatantView) -> tuple[tuple[str, int, int], ...]:
    return tuple((p.name, p.current, p.maximum) for p in me.pools)


Played = tuple[RunState, CombatantView, CombatantView, RunState]
"""One fight: the run before it, the character at its start and at its end, the run after."""


def fights(catalog: Catalog, state: RunState) -> list[Played]:
    """Each fight of a run, played by the AI (the safest offer each time)."""
    played = []
    while not state.over:
        group = safest(state, offer(state, catalog)).id
        going = begin_fight(state, catalog, group)
        fight = resume_fight(going, catalog)
        try:
            start = fight.view().combatant(state.character)
            Controllers(fight, watch=True, reasons=False).run()
            end = fight.view().combatant(state.character)
            after = finish_fight(going, catalog, group, fight)
        finally:
            fight.close()
        played.append((state, start, end, after))
        state = after
    return played


@pytest.mark.parametrize("seed", [4, 9])  # runs that reach a long rest with aggravated damage
def test_a_werewolf_run_carries_aggravated_damage(catalog: Catalog, seed: int) -> None:
    long_rests = aggravated_seen = 0
    for before, start, end, after in fights(
        catalog, new_run(catalog, "werewolf", seed, policy="garou")
    ):
        wounds, hurt = start.wounds, end.wounds
        assert isinstance(wounds, WerewolfHealth)
        assert isinstance(hurt, WerewolfHealth)
        # the fight starts with what the rest before it left on the health track
        carried = before.carried
        assert (wounds.bashing, wounds.lethal, wounds.aggravated) == (
            carried.bashing,
            carried.lethal,
            carried.aggravated,
        )
        if after.over:
            continue
        rested = after.carried
        aggravated_seen += hurt.aggravated > 0
        # a Garou regenerates bashing and lethal over any rest; aggravated does not heal...
        assert (rested.bashing, rested.lethal) == (0, 0)
        if len(after.records) % 3:
            assert rested.aggravated == hurt.aggravated
            # ...Willpower regains 1 (up to its maximum); Rage and Gnosis stay as they were
            assert rested.pools == tuple(
                (name, min(top, now + 1) if name == "Willpower" else now, top)
                for name, now, top in pools(end)
            )
        else:
            # ...but the long rest after every third fight heals 1 level and fills every pool
            long_rests += 1
            assert rested.aggravated == max(0, hurt.aggravated - 1)
            assert rested.pools == tuple((name, top, top) for name, _, top in pools(end))
    assert aggravated_seen
    assert long_rests


@pytest.mark.parametrize("seed", [1, 8])  # runs that lose Humanity and reach a long rest
def test_a_sorcerer_run_carries_lasting_damage_and_humanity(catalog: Catalog, seed: int) -> None:
    lasting_carried = humanity_carried = long_rests = 0
    for before, start, end, after in fights(
        catalog, new_run(catalog, "sorcerer", seed, policy="sorcerer")
    ):
        wounds, hurt = start.wounds, end.wounds
        assert isinstance(wounds, SorcererHealth)
        assert isinstance(hurt, SorcererHealth)
        # the fight starts with the lasting damage and the Humanity the run carried in
        carried = before.carried
        assert wounds.lasting == carried.lasting
        humanity = carried.pool("Humanity")
        if humanity is not None:
            assert next(p for p in pools(start) if p[0] == "Humanity") == humanity
            humanity_carried += humanity[1] < humanity[2]
        lasting_carried += carried.lasting > 0
        if after.over:
            continue
        rested = after.carried
        # Step 6 ran at the end of the fight: what it left is carried as it is...
        if len(after.records) % 3:
            assert rested.lasting == hurt.lasting
        else:
            # ...but the long rest after every third fight halves it again
            long_rests += 1
            assert rested.lasting == hurt.lasting // 2
        # Humanity lost is lost for good: no rest gives it back
        assert rested.pool("Humanity") == next(p for p in pools(end) if p[0] == "Humanity")
    assert lasting_carried
    assert humanity_carried
    assert long_rests
