"""The decisions a fight reaches only now and then (a stun, a free attack, a role-play bonus,
a Sorcerer's push of Will) show, at 80x24, each choice's odds in the list and its explanation
under it, whole or with the note that `e` shows it all; `e` then shows every line.

Each is reached from a scripted start: rigged dice, and the answers before it given to the
fight directly, so the screen opens on the decision itself."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest
from rich.text import Text
from textual.pilot import Pilot
from textual.widgets import OptionList, Static

from arena.content.loader import Catalog
from arena.content.scenario import CombatantDef, ScenarioDef
from arena.engine import Decision, Fight
from arena.ui.arena_screen import ArenaScreen
from arena.ui.explain_screen import ExplainScreen
from arena.ui.odds_text import detail_lines
from arena.ui.prompt import EXPLAIN_NOTE, DecisionPrompt
from tests.ecs.werewolf.conftest import TEST_MAP, _sheets
from tests.ui.conftest import make_app, sorcerer_duel
from tests.ui.test_fight_at_80x24 import flat, seen
from tests.ui.test_whole_explanation import read_every_choice

SMALL = (80, 24)


def werewolf_fight(
    catalog: Catalog, *specs: tuple[str, str, str, int, dict[str, int]], **scenario: object
) -> Fight:
    """A Werewolf fight on the test yard, every combatant played from the keyboard."""
    sections = dict(catalog.sections)
    sections[("werewolf", "characters")] = _sheets(catalog)
    sections[("arenas", "maps")] = {**catalog.section("arenas", "maps"), "yard": TEST_MAP}
    yard = dataclasses.replace(catalog, sections=sections)
    combatants = tuple(CombatantDef(c, t, s, n, "human", overrides=o) for c, t, s, n, o in specs)
    fight = Fight(
        ScenarioDef(name="test", ruleset="werewolf", combatants=combatants, map="yard", **scenario),  # type: ignore[arg-type]
        yard,
    )
    fight.start()
    return fight


def answer(fight: Fight, actor: str, key: str) -> None:
    """Answer `actor`'s pending decision with its choice of this key."""
    decision = next(d for d in fight.pending() if d.actor == actor)
    choice = decision.choice(key)
    assert choice is not None, (key, [c.key for c in decision.choices])
    fight.apply(choice.command)


def stunned(catalog: Catalog) -> Fight:
    """Tom, hit for three levels (his Stamina), is stunned: spend Rage to act, or not."""
    fight = werewolf_fight(
        catalog,
        ("dummy", "dummy", "south", 1, {"strength": 4}),
        ("tom", "tom", "north", 2, {}),
        rigged=(8, 8, 2, 2, 2, 2, 8, 8, *[9] * 5, 2, 2, 2, 2, 2, 2, 2),
        options={"stun": "on"},
        max_rounds=1,
        when_rigged_runs_out="random",
    )
    answer(fight, "dummy", "punch:tom")
    answer(fight, "tom", "forgo")  # no abort into a dodge
    answer(fight, "dummy", "forgo")  # no Willpower
    return fight


def free_attack(catalog: Catalog) -> Fight:
    """Tom leaves the thug's side before the thug has acted: the thug may strike for free."""
    fight = werewolf_fight(
        catalog,
        ("tom", "tom", "north", 1, {"rage": 0}),
        ("thug", "thug", "south", 2, {}),
        rigged=(9, 9, 2, 2, 2, 2, 2),
        max_rounds=1,
        when_rigged_runs_out="random",
    )
    answer(fight, "tom", "move:1,3")
    return fight


def role_play_bonus(catalog: Catalog) -> Fight:
    """Rook attacks Mara under the honour rule: how many dice his role-playing earns."""
    scenario = sorcerer_duel(catalog).scenario
    fight = Fight(scenario, catalog, rigged=[1] * 4 + [10] * 5, options={"role_play": "honour"})
    fight.start()
    answer(fight, "rook", "attack:mara:fists")
    return fight


def push_of_will(catalog: Catalog) -> Fight:
    """Rook, penalised past his Stamina, may push through on his unpenalised Will."""
    from arena.cli.scenarios import scenario_fight_for

    fight = scenario_fight_for(catalog, "lesson-3c-pushing-through")
    fight.start()
    for _ in range(20):
        asked = [d for d in fight.pending() if d.kind == "push"]
        if asked:
            return fight
        (decision,) = fight.pending()[:1]
        fight.apply(decision.choices[0].command)
    raise AssertionError("no push of Will reached")


def sorcery(catalog: Catalog) -> Fight:
    """Vic Harlan states an intention: among them, rituals on his bound demon."""
    from arena.cli.scenarios import scenario_fight_for

    return scenario_fight_for(catalog, "sorcerer-vs-thugs")


SET_UPS = {
    "stun": ("werewolf", "stun", stunned),
    "free_attack": ("werewolf", "free_attack", free_attack),
    "bonus": ("sorcerer", "bonus", role_play_bonus),
    "push": ("sorcerer", "push", push_of_will),
    "sorcery": ("sorcerer", "intention", sorcery),
}


def odds_column(prompt: DecisionPrompt, index: int) -> str:
    """What a choice's line shows before its label: its chance, or that it rolls nothing."""
    options = prompt.query_one("#choices", OptionList)
    line = options.get_option_at_index(index).prompt
    assert isinstance(line, Text)
    label = prompt._rolled[index].label
    return line.plain.split(label.split()[0])[0]


@pytest.mark.parametrize("kind", list(SET_UPS))
async def test_a_rare_decision_shows_odds_and_explanation_at_80x24(
    catalog: Catalog, saves: Path, kind: str
) -> None:
    ruleset, asked, set_up = SET_UPS[kind]
    fight = set_up(catalog)
    app = make_app(catalog, saves, fight)
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ArenaScreen)
        decision = screen.driver.human_decision()
        assert decision is not None
        assert (screen.driver.fight.view().ruleset, decision.kind) == (ruleset, asked)
        prompt = screen.query_one(DecisionPrompt)
        # Every choice in sight says its chance, or that it rolls nothing.
        for index, choice in enumerate(prompt._rolled):
            column = odds_column(prompt, index)
            said = "%" in column or "no roll" in column
            assert said, (kind, choice.label, column)
        rolling = [i for i, c in enumerate(prompt._rolled) if c.rolls]
        assert all("%" in odds_column(prompt, i) for i in rolling), kind
        if kind == "sorcery":
            assert any(prompt._rolled[i].label.startswith("Ritual") for i in rolling)
        # Each explanation reads whole, or says e shows the rest (and e does).
        await read_every_choice(pilot, prompt)
        await explained_whole(pilot, prompt, decision)


async def explained_whole(pilot: Pilot[None], prompt: DecisionPrompt, decision: Decision) -> None:
    """The first choice explained (one that rolls, if any): its lines under the list, or none
    shown for a choice with nothing to add; behind `e`, the question, the label and them all."""
    explained = [i for i, c in enumerate(prompt._rolled) if detail_lines(c, decision, prompt._view)]
    index = explained[0] if explained else 0
    prompt.query_one("#choices", OptionList).highlighted = index
    for _ in range(3):  # the detail, then the list's rows, then the detail fitted again
        await pilot.pause()
    choice = prompt.highlighted_choice()
    assert choice is prompt._choices[index]
    lines = [flat(line.plain) for line in detail_lines(choice, decision, prompt._view)]
    detail = prompt.query_one("#detail", Static)
    if lines:
        shown = flat(seen(detail))
        assert shown.startswith(lines[0][:20]) or shown == EXPLAIN_NOTE, (shown, lines)
    else:
        assert not detail.display, choice.label  # no empty box under the list
    await pilot.press("e")
    await pilot.pause()
    screen = pilot.app.screen
    assert isinstance(screen, ExplainScreen)
    told = flat(screen.text.plain)
    assert told.startswith(flat(decision.prompt)), told
    assert flat(choice.label) in told
    assert all(line in told for line in lines), (told, lines)
    await pilot.press("escape")
    await pilot.pause()
    assert isinstance(pilot.app.screen, ArenaScreen)
