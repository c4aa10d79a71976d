"""The Werewolf board at a glance shows each combatant as the whole view does, and is kept."""

from __future__ import annotations

import itertools

import pytest

from arena.engine import Fight
from arena.rules.views import Board
from tests.played import play_every_werewolf_scenario


def test_the_board_shows_each_combatant_as_the_view_does(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Every board of AI-played fights of each shipped Werewolf scenario, compared with the
    view the same moment gives: id, name, side, place, status, penalty, traits, health and
    Werewolf numbers (whom it attacks, when it acts, its soak and blow) alike."""
    glance = Fight.board
    boards: list[Board] = []

    def checked(fight: Fight) -> Board:
        seen = glance(fight)
        view = fight.ruleset.view(fight._ctx)
        shown = [
            (c.id, c.name, c.side, c.pos, c.status, c.penalty, c.traits, c.wounds, c.werewolf)
            for c in view.combatants
        ]
        assert [
            (p.id, p.name, p.side, p.pos, p.status, p.penalty, p.traits, p.wounds, p.werewolf)
            for p in seen.combatants
        ] == shown
        assert seen.ruleset == view.ruleset == "werewolf"
        assert all(p.blow is None for p in seen.combatants)  # a Sorcerer fighter's weapon
        boards.append(seen)
        return seen

    monkeypatch.setattr(Fight, "board", checked)
    play_every_werewolf_scenario()
    assert len(boards) > 300
    # A board nothing it shows has changed on since (a done action, a later tick) is the last.
    kept = sum(1 for a, b in itertools.pairwise(boards) if a is b)
    assert kept > 20
    assert len({id(b) for b in boards}) > 200
    pieces = [p for b in boards for p in b.combatants if p.werewolf is not None]
    assert sum(1 for p in pieces if p.werewolf.targets) > 50  # attackers are on the boards
    assert sum(1 for p in pieces if p.werewolf.acts_on) > 500
