"""A view holds its words as phrases: health, intention, notes and order are drawn when read."""

from __future__ import annotations

import pytest

from arena.content.loader import Catalog
from arena.engine import Fight
from arena.words.core import reworded


@pytest.mark.parametrize("scenario", ["werewolf-duel", "sorcerer-duel", "sorcerer-vs-thugs"])
def test_a_view_draws_no_words_until_a_front_end_reads_them(
    catalog: Catalog, scenario: str
) -> None:
    drawn: list[str] = []

    def counted(words: str) -> str:
        drawn.append(words)
        return words

    with Fight(catalog.scenarios[scenario], catalog, seed=3) as fight:
        fight.start()
        fight.view()
        decision = fight.pending()[0]
        with reworded(counted):
            fight.apply(decision.choices[0].command)  # a new state, so a new view
            view = fight.view()
            assert drawn == []  # made, not read: not a word drawn
            healths = [c.health for c in view.combatants]
            assert drawn == healths  # read: drawn then, once each
            for c in view.combatants:
                assert isinstance(c.intention, str)
                assert all(isinstance(note, str) for note in c.notes)
            assert all(isinstance(line, str) for line in view.order)


def test_the_words_read_are_drawn_in_the_wording_in_force(catalog: Catalog) -> None:
    with Fight(catalog.scenarios["werewolf-duel"], catalog, seed=3) as fight:
        fight.start()
        view = fight.view()
    tom = view.combatant("tom")
    assert (tom.health, tom.intention, tom.notes) == ("Healthy", "acts on 3", ())
    assert view.order == ("4: Vilna", "3: Tom")
    with reworded(str.upper):
        assert (tom.health, tom.intention) == ("HEALTHY", "ACTS ON 3")
        assert view.order == ("4: VILNA", "3: TOM")
