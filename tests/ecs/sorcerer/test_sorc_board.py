"""The board at a glance shows each combatant as the whole view does, and is kept unchanged."""

from __future__ import annotations

import dataclasses
import itertools

import pytest

from arena.ecs.sorcerer import queries
from arena.engine import Fight
from arena.rules.sorcerer.wounds import Wounds
from arena.rules.views import (
    CombatantView,
    Piece,
    SorcererHarm,
    SorcererHealth,
    SorcererIntent,
)
from tests.played import CATALOG, boards_held_to_views, play_every_sorcerer_scenario


def test_the_board_shows_each_combatant_as_the_view_does(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Every board of AI-played fights of each shipped Sorcerer scenario, compared with the
    view the same moment gives: id, name, side, place, status, penalty, traits, blow, revealed
    intention, order dice and helpless limit alike."""
    boards = boards_held_to_views(monkeypatch, _view_shows, _piece_shows)
    play_every_sorcerer_scenario()
    assert len(boards) > 100
    # A board nothing on has changed since (a second intention stated in secret) is the last.
    kept = sum(1 for a, b in itertools.pairwise(boards) if a is b)
    assert kept > 10
    assert len({id(b) for b in boards}) > 50
    # Revealed intentions and order rolls are on the boards reactions are weighed on.
    pieces = [p for b in boards for p in b.combatants]
    assert sum(1 for p in pieces if p.intent is not None and p.dice) > 50


def _view_shows(c: CombatantView) -> tuple[object, ...]:
    return (c.id, c.name, c.side, c.pos, c.status, c.penalty, c.traits, _blow(c), *_more(c))


def _piece_shows(p: Piece) -> tuple[object, ...]:
    return (p.id, p.name, p.side, p.pos, p.status, p.penalty, p.traits, p.blow, *_weighed(p))


def _more(c: CombatantView) -> tuple[SorcererIntent | None, int, int]:
    """What an attacked one weighs beyond the board, as its view shows it."""
    state, health = c.sorcerer, c.wounds
    assert state is not None
    assert isinstance(health, SorcererHealth)
    return state.intent, len(state.performance), health.helpless_above


def _weighed(p: Piece) -> tuple[SorcererIntent | None, int, int]:
    return p.intent, p.dice, p.helpless_above


def _blow(c: CombatantView) -> SorcererHarm | None:
    arms = c.sorcerer.arms if c.sorcerer is not None else ()
    return arms[0] if arms else None


def test_the_board_reads_the_fight_as_it_stands() -> None:
    fight = Fight(CATALOG.scenarios["sorcerer-duel"], CATALOG, seed=1)
    try:
        fight.start()
        board = fight.board()
        assert [p.id for p in board.combatants] == ["rook", "mara"]
        mara = board.combatant("mara")
        assert (mara.penalty, mara.traits) == (0, (("stamina", 5), ("will", 3), ("lore", 2)))
        assert mara.blow is not None
        with pytest.raises(KeyError):
            board.combatant("nobody")
        fight.view()
        assert fight.board() is board  # nothing on it changed: the same board
    finally:
        fight.close()


def test_a_piece_is_made_again_only_when_a_fact_it_shows_changes() -> None:
    """A turned side, a step and a wound each show on the next board as the view shows them;
    the other combatant's piece is kept, the very one."""
    fight = Fight(CATALOG.scenarios["sorcerer-duel"], CATALOG, seed=1)
    try:
        fight.start()
        board = fight.board()
        rook = board.combatant("rook")
        with fight._world.entered():
            mara = next(f for f in queries.round_state().fighters if f.who.cid == "mara")
        changes = [
            lambda: setattr(mara.who, "side", rook.side),
            lambda: setattr(mara.pos, "x", mara.pos.x + 1),
            lambda: setattr(mara.health, "wounds", Wounds(lasting=3)),
        ]
        for change in changes:
            change()
            again = fight.board()
            assert again is not board
            assert again.combatant("rook") is rook
            shown = fight.ruleset.view(fight._ctx).combatant("mara")
            piece = again.combatant("mara")
            assert (piece.side, piece.pos, piece.penalty) == (
                shown.side,
                shown.pos,
                shown.penalty,
            )
            board = again
        assert (piece.side, piece.penalty) == (rook.side, 3)
        assert fight.board() is board
    finally:
        fight.close()


def test_a_health_is_made_once_for_every_fight_of_the_same_content() -> None:
    """Two fights of one scenario show the same numbers of health as the very same object
    (made by the first, found by the second), and the board the same as the view."""
    first = Fight(CATALOG.scenarios["sorcerer-duel"], CATALOG, seed=1)
    second = Fight(CATALOG.scenarios["sorcerer-duel"], CATALOG, seed=2)
    try:
        first.start()
        health = first.view().combatant("mara").wounds
        assert isinstance(health, SorcererHealth)
        assert (health.lasting, health.temporary, health.helpless_above) == (0, 0, 10)
        second.start()
        assert second.view().combatant("mara").wounds is health
        assert second.board().combatant("mara").helpless_above == 10
    finally:
        first.close()
        second.close()


def test_a_ruleset_without_a_board_says_so() -> None:
    fight = Fight(CATALOG.scenarios["werewolf-duel"], CATALOG, seed=1)
    try:
        fight.start()
        assert fight.board().ruleset == "werewolf"  # both rulesets show one now
        fight.ruleset = dataclasses.replace(fight.ruleset, board=None)
        with pytest.raises(ValueError, match="werewolf shows no board at a glance"):
            fight.board()
    finally:
        fight.close()


def test_fights_of_one_content_show_the_same_facts_as_the_very_same_board() -> None:
    """The same facts give the very same piece and board in another fight of the content
    (an answer worked out on it is known again); a changed fact gives another, and the
    fact changed back the first again."""
    first = Fight(CATALOG.scenarios["sorcerer-duel"], CATALOG, seed=1)
    second = Fight(CATALOG.scenarios["sorcerer-duel"], CATALOG, seed=2)
    try:
        first.start()
        second.start()
        board = first.board()
        assert second.board() is board
        with second._world.entered():
            mara = next(f for f in queries.round_state().fighters if f.who.cid == "mara")
        mara.pos.x += 1
        moved = second.board()
        assert moved is not board
        assert moved.combatant("rook") is board.combatant("rook")
        assert moved.combatant("mara").pos == (board.combatant("mara").pos[0] + 1, 3)
        mara.pos.x -= 1
        assert second.board() is board
        assert first.board() is board
    finally:
        first.close()
        second.close()
