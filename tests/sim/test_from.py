"""`arena sim --from SAVE`: continuations of a saved moment, reproducible across workers."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest

from arena.cli import main
from arena.content.loader import Catalog
from arena.engine import Controllers, Fight, save_fight


def saved(catalog: Catalog, folder: Path, name: str, commands: int | None) -> Path:
    """A save of a shipped scenario after this many commands (None: at its end)."""
    fight = Fight(catalog.scenarios[name], catalog)
    Controllers(fight, watch=True).run(stop_after=commands)
    path = folder / f"{name}.yaml"
    save_fight(fight, path)
    return path


def report(capsys: pytest.CaptureFixture[str], *args: str) -> dict[str, object]:
    assert main(["sim", *args, "-q", "--json"]) == 0
    document = json.loads(capsys.readouterr().out)
    assert isinstance(document, dict)
    return document


def test_one_job_and_two_give_the_same_report(
    catalog: Catalog, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    save = str(saved(catalog, tmp_path, "werewolf-thugs", 3))
    one = report(capsys, "--from", save, "-n", "10", "--jobs", "1", "--seed", "5")
    two = report(capsys, "--from", save, "-n", "10", "--jobs", "2", "--seed", "5")
    assert one == two
    assert one["from"] == {**one["from"], "round": 1, "commands": 3}  # type: ignore[dict-item]
    assert one["fights"] == 10


def test_continuations_differ_and_follow_the_seed(
    catalog: Catalog, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    save = str(saved(catalog, tmp_path, "sorcerer-vs-thugs", 3))
    first = report(capsys, "--from", save, "-n", "16", "--jobs", "1", "--seed", "1")
    again = report(capsys, "--from", save, "-n", "16", "--jobs", "1", "--seed", "1")
    other = report(capsys, "--from", save, "-n", "16", "--jobs", "1", "--seed", "2")
    assert first == again
    assert first["base"] != other["base"]
    histogram = first["base"]["rounds"]["histogram"]  # type: ignore[index]
    assert len(histogram) > 1  # the dice differ from one continuation to the next


@pytest.mark.parametrize(
    ("name", "extra"),
    [
        ("werewolf-duel", []),
        ("werewolf-duel", ["--as", "ai:thug"]),
        ("werewolf-duel", ["--json"]),
        ("sorcerer-duel", []),
    ],
    ids=["werewolf", "werewolf --as", "werewolf --json", "sorcerer"],
)
def test_a_fight_already_over_is_not_continued_and_says_who_won(
    catalog: Catalog,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    name: str,
    extra: list[str],
) -> None:
    # It was forecast: a batch of replays, and a report of the winner at 100%.
    save = saved(catalog, tmp_path, name, None)
    fight = Fight(catalog.scenarios[name], catalog)
    Controllers(fight, watch=True).run()
    winner = fight.view().winner
    assert winner is not None
    assert main(["sim", "--from", str(save), "-n", "10", "-q", *extra]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err == (
        f"arena: --from: {save}: the fight is already over ({winner} won): nothing to "
        "continue; arena replay shows how it ended\n"
    )


def test_people_are_played_by_the_named_policy(
    catalog: Catalog, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    scenario = catalog.scenarios["werewolf-duel"]
    first = scenario.combatants[0]
    people = (dataclasses.replace(first, controller="human", script=()),)
    scenario = dataclasses.replace(scenario, combatants=people + scenario.combatants[1:])
    fight = Fight(scenario, catalog)
    Controllers(fight, watch=True).run(stop_after=2)
    save = tmp_path / "duel.yaml"
    save_fight(fight, save)
    doc = report(capsys, "--from", str(save), "-n", "4", "--jobs", "1", "--as", "ai:random")
    assert doc["setup"]["controllers"][first.id] == "ai:random"  # type: ignore[index]
    plain = report(capsys, "--from", str(save), "-n", "4", "--jobs", "1")
    assert plain["setup"]["controllers"][first.id] == "ai:garou"  # type: ignore[index]


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (["werewolf-duel", "--from", "x.yaml"], "not both"),
        ([], "not both"),
        (["--from", "nowhere.yaml"], "nowhere.yaml"),
        (["werewolf-duel", "--as", "ai:garou"], "--as: only with --from"),
    ],
)
def test_bad_from_arguments_are_refused(
    args: list[str], says: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["sim", *args, "-n", "2", "--jobs", "1", "-q"]) == 2
    assert says in capsys.readouterr().err


def test_a_bad_stand_in_is_refused(
    catalog: Catalog, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    save = str(saved(catalog, tmp_path, "werewolf-duel", 2))
    assert main(["sim", "--from", save, "--as", "ai:nobody", "-n", "2", "-q"]) == 2
    assert "--as" in capsys.readouterr().err


def test_as_needs_a_person_to_play_and_a_policy_of_the_save_s_game(
    catalog: Catalog, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # Both were accepted without a word: nothing changed, or the naive policy played.
    nobody = str(saved(catalog, tmp_path, "werewolf-duel", 2))
    assert main(["sim", "--from", nobody, "--as", "ai:random", "-n", "2", "-q"]) == 2
    assert f"--as ai:random: nobody in {nobody} is played by a person" in capsys.readouterr().err
    scenario = catalog.scenarios["sorcerer-duel"]
    people = (dataclasses.replace(scenario.combatants[0], controller="human", script=()),)
    scenario = dataclasses.replace(scenario, combatants=people + scenario.combatants[1:])
    fight = Fight(scenario, catalog)
    Controllers(fight, watch=True).run(stop_after=2)
    save = tmp_path / "sorcerer.yaml"
    save_fight(fight, save)
    assert main(["sim", "--from", str(save), "--as", "ai:garou/hard", "-n", "2", "-q"]) == 2
    err = capsys.readouterr().err
    assert "--as ai:garou/hard: a policy for werewolf only; for this sorcerer save: " in err
    assert "ai:sorcerer" in err
    assert "ai:garou," not in err
