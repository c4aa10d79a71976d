"""Labelled rigged rolls: faces set aside for one combatant's roll of one kind."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from arena.cli import main
from arena.content.errors import ContentError
from arena.content.loader import Catalog, load_scenario_text
from arena.content.scenario import RiggedRoll
from arena.engine import Fight
from arena.engine.controllers import answer, play_until_human
from arena.rules.dice import RiggedMismatch
from arena.rules.events import Event


def shown(events: list[Event]) -> list[Event]:
    """The events with their words drawn, as a log shows them."""
    return [dataclasses.replace(e, line=e.text, explanation=e.why) for e in events]


HEAD = """name: Labelled rolls
ruleset: werewolf
map: {name: Room, rows: ["#######", "#.12..#", "#######"]}
seed: 5
max_rounds: 1
"""
PAIR = """combatants:
  - {id: tom, template: tom, side: a, spawn: 1}
  - {id: vilna, template: vilna, side: b, spawn: 2}
"""


def faces(fight: Fight, kind: str, actor: str) -> tuple[object, ...]:
    event = next(e for e in fight.events if e.kind == kind and e.actor == actor)
    found = event.data["faces"]
    assert isinstance(found, tuple)
    return found


def played(catalog: Catalog, rigged: str) -> Fight:
    fight = Fight(load_scenario_text(HEAD + rigged + PAIR, "t.yaml", catalog), catalog)
    play_until_human(fight, humans_too=True)
    return fight


def test_each_labelled_roll_goes_to_its_roll_and_plain_faces_keep_their_order(
    catalog: Catalog,
) -> None:
    fight = played(
        catalog,
        """rigged:
  - 3
  - {who: vilna, roll: initiative, faces: [10, 10, 2, 2, 2, 2, 2]}
  - {who: tom, roll: attack, faces: [9, 9, 9, 9, 9, 9]}
  - 4
""",
    )
    # Tom rolls initiative first: the plain faces 3 and 4, then the seeded generator.
    assert faces(fight, "initiative_rolled", "tom")[:2] == (3, 4)
    # Vilna's seven initiative dice (Wits 4 + Alertness 3) are hers, though rolled later.
    assert faces(fight, "initiative_rolled", "vilna") == (10, 10, 2, 2, 2, 2, 2)
    # Tom's first attack: Dexterity 3 + Brawl 3 dice.
    assert faces(fight, "attack_rolled", "tom") == (9, 9, 9, 9, 9, 9)
    assert isinstance(fight.scenario.rigged[1], RiggedRoll)
    assert fight.rigged == (3, 4)  # what a save and the log header record


def test_damage_and_soak_are_labelled_with_their_rerolled_tens(catalog: Catalog) -> None:
    fight = played(
        catalog,
        """rigged:
  - {who: tom, roll: attack, faces: [9, 9, 9, 9, 9, 9]}
  - {who: tom, roll: damage, faces: [10, 8, 1, 1, 1, 1, 1, 1, 1]}
  - {who: vilna, roll: soak, faces: [2, 2, 2]}
""",
    )
    # Strength 3 + 5 extra successes past the first: 8 dice, and one more for the 10.
    assert faces(fight, "damage_rolled", "tom") == (10, 8, 1, 1, 1, 1, 1, 1, 1)
    assert faces(fight, "damage_soaked", "vilna") == (2, 2, 2)


def test_a_flat_list_plays_exactly_as_before(catalog: Catalog) -> None:
    fight = played(catalog, "rigged: [3, 4, 10, 5]\n")
    assert faces(fight, "initiative_rolled", "tom") == (3, 4, 10, 5)
    assert fight.rigged == (3, 4, 10, 5)


@pytest.mark.parametrize(
    ("entry", "message"),
    [
        # Tom's attack rolls 6 dice: 2 faces cannot cover it.
        (
            "{who: tom, roll: attack, faces: [9, 9]}",
            "rigged[0] {who: tom, roll: attack, faces: [9, 9]}: "
            "the attack roll needs more than these 2 faces",
        ),
        # 7 faces for the same 6 dice: the seventh is never dealt.
        (
            "{who: tom, roll: attack, faces: [9, 9, 9, 9, 9, 9, 9]}",
            "rigged[0] {who: tom, roll: attack, faces: [9, 9, 9, 9, 9, 9, 9]}: "
            "the attack roll dealt only 6 of these 7 faces",
        ),
    ],
)
def test_faces_that_do_not_fit_the_roll_name_the_entry(
    catalog: Catalog, entry: str, message: str
) -> None:
    with pytest.raises(RiggedMismatch) as caught:
        played(catalog, f"rigged: [{entry}]\n")
    assert str(caught.value) == message


def test_run_reports_a_mismatch_in_one_line_and_exits_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "s.yaml"
    path.write_text(HEAD + "rigged: [{who: tom, roll: attack, faces: [9]}]\n" + PAIR)
    assert main(["run", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.strip().endswith("the attack roll needs more than these 1 faces")
    assert "Traceback" not in err


@pytest.mark.parametrize(("mode", "status"), [("ignore", 0), ("warn", 0), ("error", 1)])
def test_a_labelled_roll_never_made_follows_the_left_over_rule(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], mode: str, status: int
) -> None:
    # Nobody frenzies in one turn: the entry waits to the end.
    rigged = f"rigged: [{{who: tom, roll: frenzy, faces: [10]}}]\nwhen_rigged_left_over: {mode}\n"
    path = tmp_path / "s.yaml"
    path.write_text(HEAD + rigged + PAIR)
    assert main(["run", str(path)]) == status
    said = "rigged[0] {who: tom, roll: frenzy, faces: [10]}: never rolled" in (
        capsys.readouterr().err
    )
    assert said == (mode != "ignore")


def test_dice_given_on_the_command_line_drop_the_labelled_rolls(catalog: Catalog) -> None:
    text = HEAD + "rigged: [{who: vilna, roll: initiative, faces: [1, 1, 1, 1, 1, 1, 1]}]\n"
    fight = Fight(load_scenario_text(text + PAIR, "t.yaml", catalog), catalog, rigged=[5])
    play_until_human(fight, humans_too=True)
    assert faces(fight, "initiative_rolled", "vilna") != (1, 1, 1, 1, 1, 1, 1)


@pytest.mark.parametrize(
    ("entry", "message"),
    [
        # An id of no combatant.
        ("{who: tomm, roll: attack, faces: [9]}", "rigged[0].who: no combatant with id 'tomm'"),
        # A roll the ruleset does not name.
        ("{who: tom, roll: atack, faces: [9]}", "rigged[0].roll: no werewolf roll 'atack'"),
        # No faces at all.
        ("{who: tom, roll: attack, faces: []}", "rigged[0].faces: must not be empty"),
        # A face no d10 shows.
        ("{who: tom, roll: attack, faces: [11]}", "rigged[0].faces[0]: must be 1 to 10"),
    ],
)
def test_a_bad_labelled_entry_names_its_key(catalog: Catalog, entry: str, message: str) -> None:
    with pytest.raises(ContentError) as caught:
        load_scenario_text(HEAD + f"rigged: [{entry}]\n" + PAIR, "t.yaml", catalog)
    assert message in str(caught.value)


def test_sorcerer_rolls_are_order_and_defence(catalog: Catalog) -> None:
    text = """name: Sorcerer labelled
ruleset: sorcerer
map: {name: Room, rows: ["#######", "#.12..#", "#######"]}
seed: 3
max_rounds: 1
rigged:
  - {who: vic, roll: order, faces: [2, 3, 4, 5]}
  - {who: thug, roll: defence, faces: [1, 1, 1, 1, 1, 1, 1]}
combatants:
  - {id: vic, template: vic, side: a, spawn: 1, weapons: [fists], controller: ai:nearest/easy}
  - id: thug
    side: b
    spawn: 2
    character: {name: Thug, glyph: t, kind: human, stamina: 3, will: 2}
"""
    fight = Fight(load_scenario_text(text, "t.yaml", catalog), catalog)
    play_until_human(fight, humans_too=True)
    order = next(e for e in fight.events if e.kind == "order_rolled" and e.actor == "vic")
    # Vic (at easy: he attacks, never aborts) rolls 4 dice for order: his attack's performance.
    assert order.data["performance"] == (5, 4, 3, 2)
    # The thug defends against Vic's punch with 7 dice.
    against = next(e for e in fight.events if e.actor == "vic" and e.target == "thug")
    assert against.data["defence"] == (1, 1, 1, 1, 1, 1, 1)
    with pytest.raises(ContentError) as caught:
        load_scenario_text(text.replace("roll: order", "roll: soak"), "t.yaml", catalog)
    assert "rigged[0].roll: no sorcerer roll 'soak'; rolls: order, defence" in str(caught.value)


def test_a_save_keeps_its_labelled_rolls_in_its_scenario(tmp_path: Path, catalog: Catalog) -> None:
    from arena.engine import load_save, save_fight

    text = HEAD + "rigged: [2, {who: vilna, roll: initiative, faces: [9, 9, 9, 9, 9, 9, 9]}]\n"
    fight = Fight(load_scenario_text(text + PAIR, "t.yaml", catalog), catalog)
    fight.start()
    while not fight.over and len(fight.commands) < 2:
        fight.apply(*answer(fight, fight.pending()[0]))
    path = tmp_path / "save.yaml"
    save_fight(fight, path)
    resumed = load_save(path, catalog)
    assert resumed.rigged == (2,)
    assert faces(resumed, "initiative_rolled", "vilna") == (9, 9, 9, 9, 9, 9, 9)
    # A save keeps the AI's reasons as words; the live fight as phrases: the same lines.
    assert shown(resumed.events) == shown(fight.events)
