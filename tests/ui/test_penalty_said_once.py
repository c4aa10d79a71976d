"""A card states a combatant's penalty once: from the numbers, never by reading its health words."""

from __future__ import annotations

import dataclasses

import pytest

from arena.content.loader import Catalog
from arena.engine import CombatantView
from arena.rules.phrase import Phrase
from arena.rules.views import SorcererHealth, WerewolfHealth
from arena.ui.panels import card_text
from arena.words.health import penalty_stated
from tests.ui.conftest import sorcerer_duel


@pytest.mark.parametrize(
    ("wounds", "stated"),
    [
        (SorcererHealth(), 0),
        (SorcererHealth(temporary=1, lasting=2, penalty=3), 3),
        (WerewolfHealth(), 0),
        (WerewolfHealth(bashing=2, penalty=1), 1),  # Hurt (-1)
        (WerewolfHealth(lethal=3, bashing=1, penalty=2), 2),  # Wounded (-2)
        (WerewolfHealth(lethal=7, penalty=5), 0),  # Incapacitated: no penalty in its words
        (WerewolfHealth(lethal=7, dead=True, penalty=5), 0),
        (WerewolfHealth(track=0, essence=3, essence_max=8), 0),  # a spirit's Essence
        (None, 0),
    ],
)
def test_the_penalty_the_health_words_state(wounds: object, stated: int) -> None:
    assert penalty_stated(wounds) == stated  # type: ignore[arg-type]


def _card(c: CombatantView) -> str:
    return card_text(c, side_style="", acting=False, width=80).plain


def _hurt(catalog: Catalog, wounds: WerewolfHealth | SorcererHealth, text: Phrase) -> CombatantView:
    fight = sorcerer_duel(catalog)
    fight.start()
    c = fight.view().combatants[0]
    return dataclasses.replace(c, wounds=wounds, penalty=wounds.penalty, health_text=text)


def test_a_sorcerer_card_says_the_penalty_its_health_words_already_state_once(
    catalog: Catalog,
) -> None:
    wounds = SorcererHealth(temporary=1, lasting=2, penalty=3)
    card = _card(_hurt(catalog, wounds, Phrase("health_text", (2, 1))))
    assert "lasting 2, temporary 1 (penalty 3)" in card
    assert "dice)" not in card


def test_a_werewolf_card_says_the_level_penalty_once(catalog: Catalog) -> None:
    wounds = WerewolfHealth(bashing=2, penalty=1)
    card = _card(_hurt(catalog, wounds, Phrase("health_words", (wounds,))))
    assert "Hurt (-1)" in card
    assert "dice)" not in card


def test_a_penalty_the_words_do_not_state_is_added(catalog: Catalog) -> None:
    # Incapacitated: its words name no penalty, yet it carries the worst of the track.
    wounds = WerewolfHealth(lethal=7, penalty=5)
    card = _card(_hurt(catalog, wounds, Phrase("health_words", (wounds,))))
    assert "Incapacitated (−5 dice)" in card


def test_a_penalty_in_words_that_merely_look_alike_is_still_added(catalog: Catalog) -> None:
    # Words that happen to contain "-2" say nothing to the card: the numbers decide.
    wounds = WerewolfHealth(lethal=3, bashing=1, penalty=2)
    c = _hurt(catalog, wounds, Phrase("{}", ("scarred -2",)))
    c = dataclasses.replace(c, wounds=None)
    assert "scarred -2 (−2 dice)" in _card(c)
