"""The Fight facade: pending decisions, legal and illegal commands, views, worlds."""

from __future__ import annotations

import pytest

from arena.content.loader import Catalog
from arena.ecs.world import world_count
from arena.engine import Fight, IllegalCommand, Reason, controller_words, reason_note
from arena.engine.controllers import answer, decide, play_until_human
from arena.rules.actions import Attack, Wait
from arena.words.core import Phrase, render


def duel(catalog: Catalog, **kw: object) -> Fight:
    return Fight(catalog.scenarios["werewolf-duel"], catalog, **kw)  # type: ignore[arg-type]


def test_pending_names_the_actor_and_the_legal_choices(catalog: Catalog) -> None:
    # Tom (4 dice) rolls 2 successes at difficulty 4, Vilna (7 dice) only 1: Tom acts first.
    fight = duel(catalog, rigged=[5, 6, 2, 2, 5, 2, 2, 2, 2, 2, 2])
    fight.start()
    (decision,) = fight.pending()
    assert decision.actor == "tom"
    assert decision.kind == "action"
    assert "wait" in [c.key for c in decision.choices]


def test_an_illegal_command_is_refused_and_lists_the_legal_ones(catalog: Catalog) -> None:
    fight = duel(catalog)
    fight.start()
    before = fight.view()
    actor = fight.pending()[0].actor
    other = "vilna" if actor == "tom" else "tom"
    with pytest.raises(IllegalCommand, match="Legal choices") as err:
        fight.apply(Attack(actor, other, "sword"))
    assert "wait" in str(err.value)
    assert fight.view() == before
    assert fight.commands == []


def test_a_command_for_someone_else_is_refused(catalog: Catalog) -> None:
    fight = duel(catalog)
    fight.start()
    actor = fight.pending()[0].actor
    other = "vilna" if actor == "tom" else "tom"
    with pytest.raises(IllegalCommand):
        fight.apply(Wait(other))


def test_a_whole_fight_ends_with_a_winner_and_closes_its_world(catalog: Catalog) -> None:
    worlds = world_count()
    fight = duel(catalog)
    play_until_human(fight, humans_too=True)
    assert fight.over
    assert fight.view().winner in {"north", "south"}
    assert world_count() == worlds


def test_many_fights_in_a_row_leave_nothing_behind(catalog: Catalog) -> None:
    worlds = world_count()
    for seed in range(30):
        fight = duel(catalog, seed=seed)
        play_until_human(fight, humans_too=True)
        fight.close()
    assert world_count() == worlds


def test_same_seed_same_events(catalog: Catalog) -> None:
    a, b = duel(catalog, seed=11), duel(catalog, seed=11)
    play_until_human(a, humans_too=True)
    play_until_human(b, humans_too=True)
    assert a.events == b.events
    assert a.round_hashes == b.round_hashes


def test_two_fights_interleaved_do_not_share_entities(catalog: Catalog) -> None:
    a, b = duel(catalog, seed=3), duel(catalog, seed=3)
    a.start()
    b.start()
    while not a.over:
        a.apply(decide(a, a.pending()[0]))
        if not b.over:
            b.apply(decide(b, b.pending()[0]))
    play_until_human(b, humans_too=True)
    assert a.events == b.events


def test_unknown_option_is_refused(catalog: Catalog) -> None:
    with pytest.raises(ValueError, match="no_such_option"):
        duel(catalog, options={"no_such_option": 1})


def test_an_ai_says_why_in_the_log_and_in_the_view(catalog: Catalog) -> None:
    fight = duel(catalog)
    fight.start()
    decision = fight.pending()[0]
    command, reason = answer(fight, decision)
    events = fight.apply(command, reason)
    assert reason
    assert events[0].kind == "ai_reasoned"
    assert render(reason) in events[0].text  # a phrase, drawn into words when shown
    if not fight.over:
        said = fight.view().combatant(decision.actor).reason
        assert said == Reason(reason, events[0].round)
        assert not any("AI" in note for note in fight.view().combatant(decision.actor).notes)
    assert fight.reasons == [reason]


def test_an_ai_reason_is_a_value_drawn_into_words_only_where_shown(catalog: Catalog) -> None:
    fight = duel(catalog)
    fight.start()
    decision = fight.pending()[0]
    command, _ = answer(fight, decision)
    why = Phrase("{} is {} squares away", ("Vilna", 3))
    events = fight.apply(command, why)
    told = events[0]
    assert told.kind == "ai_reasoned"
    assert isinstance(told.line, Phrase)  # not drawn yet
    assert told.text.endswith(": Vilna is 3 squares away")
    assert told.data["controller"] == fight.controller_for(decision)
    if not fight.over:
        reason = fight.view().combatant(decision.actor).reason
        assert reason == Reason(why, told.round)
        assert reason_note(reason) == "AI: Vilna is 3 squares away"
    assert reason_note(None) == ""
    assert fight.reasons == [why]
    # Who plays a combatant, in the same words: an AI's policy, else the controller as named.
    assert controller_words("ai:thug/expert") == "AI: thug/expert"
    assert controller_words("script") == "script"


def test_a_hidden_intention_keeps_its_reason_hidden_until_the_reveal(catalog: Catalog) -> None:
    scenario = catalog.scenarios["sorcerer-duel"]
    fight = Fight(scenario, catalog)
    fight.start()
    first, second = fight.pending()
    assert first.secret
    assert second.secret
    events = fight.apply(*answer(fight, first))
    assert not [e for e in events if e.kind == "ai_reasoned"]
    assert fight.view().combatant(first.actor).reason is None
    events = fight.apply(*answer(fight, second))
    told = [e.actor for e in events if e.kind == "ai_reasoned"]
    assert told[:2] == [first.actor, second.actor]


@pytest.mark.parametrize(
    ("name", "standing"),
    [
        ("werewolf-ai-pack", frozenset({"active"})),
        ("sorcerer-vs-thugs", frozenset({"active", "cannot_act"})),
    ],
)
def test_the_outcome_names_the_winners_still_in_the_fight(
    catalog: Catalog, name: str, standing: frozenset[str]
) -> None:
    from arena.engine import Controllers, won_by

    for seed in range(1, 9):
        fight = Fight(catalog.scenarios[name], catalog, seed=seed, rigged=())
        Controllers(fight, watch=True, reasons=False).run()
        view = fight.view()
        if view.winner is None:
            continue
        kept = [c.name for c in view.combatants if c.side == view.winner and c.status in standing]
        assert view.outcome == won_by(kept, view.winner), seed  # the fallen did not win it
