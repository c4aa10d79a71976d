"""The Werewolf board at a glance shows each combatant as the whole view does, and is kept."""

from __future__ import annotations

import itertools

import pytest

from arena.rules.views import CombatantView, Piece
from tests.played import boards_held_to_views, play_every_werewolf_scenario


def test_the_board_shows_each_combatant_as_the_view_does(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Every board of AI-played fights of each shipped Werewolf scenario, compared with the
    view the same moment gives: id, name, side, place, status, penalty, traits, health and
    Werewolf numbers (whom it attacks, when it acts, its soak and blow) alike."""
    boards = boards_held_to_views(monkeypatch, _shown, _shown)
    play_every_werewolf_scenario()
    assert len(boards) > 300
    assert all(b.ruleset == "werewolf" for b in boards)
    # A Sorcerer fighter's weapon: on no Werewolf piece.
    assert all(p.blow is None for b in boards for p in b.combatants)
    # A board nothing it shows has changed on since (a done action, a later tick) is the last.
    kept = sum(1 for a, b in itertools.pairwise(boards) if a is b)
    assert kept > 20
    assert len({id(b) for b in boards}) > 200
    pieces = [p for b in boards for p in b.combatants if p.werewolf is not None]
    assert sum(1 for p in pieces if p.werewolf.targets) > 50  # attackers are on the boards
    assert sum(1 for p in pieces if p.werewolf.acts_on) > 500


def _shown(c: CombatantView | Piece) -> tuple[object, ...]:
    """What a piece shows of a combatant, as its view or its piece has it."""
    return (c.id, c.name, c.side, c.pos, c.status, c.penalty, c.traits, c.wounds, c.werewolf)
