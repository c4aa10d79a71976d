"""Saves: taken at any decision, resumed to the same end; bad saves refused, left untouched."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from arena.content.loader import Catalog
from arena.engine import Fight, ReplayDiverged, SaveError, load_save, play_until_human, save_fight
from arena.engine.controllers import answer
from arena.engine.saves import SAVE_FORMAT
from arena.rules.events import Event


def shown(events: list[Event]) -> list[Event]:
    """The events with their words drawn, as a log shows them."""
    return [dataclasses.replace(e, line=e.text, explanation=e.why) for e in events]


NOW = f"format: {SAVE_FORMAT}"
"""The format line of a save made now."""


def played(catalog: Catalog, name: str, stop_after: int | None = None) -> Fight:
    fight = Fight(catalog.scenarios[name], catalog)
    fight.start()
    while not fight.over and (stop_after is None or len(fight.commands) < stop_after):
        fight.apply(*answer(fight, fight.pending()[0]))
    return fight


@pytest.fixture
def saved(tmp_path: Path, catalog: Catalog) -> Path:
    path = tmp_path / "duel.yaml"
    save_fight(played(catalog, "werewolf-duel", stop_after=5), path)
    return path


def test_a_save_taken_mid_fight_resumes_to_the_same_end(saved: Path, catalog: Catalog) -> None:
    whole = played(catalog, "werewolf-duel")
    resumed = load_save(saved, catalog)
    assert len(resumed.commands) == 5
    play_until_human(resumed, humans_too=True)
    # A save keeps the AI's reasons as words; the unbroken fight as phrases: the same lines.
    assert shown(resumed.events) == shown(whole.events)
    assert resumed.round_hashes == whole.round_hashes


def test_a_save_is_yaml_data_with_its_seed_and_commands(saved: Path) -> None:
    text = saved.read_text()
    for key in (
        NOW,
        "content_digest:",
        "seed: 7",
        "commands:",
        "round_hashes:",
    ):
        assert key in text


@pytest.mark.parametrize(
    ("edit", "message"),
    [
        (lambda t: t[: len(t) // 2], "duel.yaml"),  # truncated mid-file
        (lambda t: "[not: a save", "duel.yaml"),  # not YAML at all
        (
            lambda t: t.replace(NOW, "format: 9"),
            "newer arena, format 9",
        ),  # from a future arena
        (lambda t: t.replace("content_digest: ", "content_digest: x"), "content"),  # other content
        (lambda t: "- 1\n- 2\n", "duel.yaml"),  # YAML, but not a mapping
    ],
    ids=["truncated", "not-yaml", "format", "digest", "not-a-mapping"],
)
def test_a_bad_save_is_refused_and_left_untouched(
    saved: Path, catalog: Catalog, edit: object, message: str
) -> None:
    bad = edit(saved.read_text())  # type: ignore[operator]
    saved.write_text(bad)
    with pytest.raises(SaveError, match=message):
        load_save(saved, catalog)
    assert saved.read_text() == bad


def test_an_edited_round_hash_is_caught_as_divergence(saved: Path, catalog: Catalog) -> None:
    text = saved.read_text()
    head, _, tail = text.partition("round_hashes:\n- ")
    if not tail:
        pytest.skip("no round finished before the save")
    saved.write_text(head + "round_hashes:\n- " + "a" * 64 + tail[64:])
    with pytest.raises(ReplayDiverged, match="round 1"):
        load_save(saved, catalog)


def test_an_edited_command_is_refused(saved: Path, catalog: Catalog) -> None:
    text = saved.read_text()
    saved.write_text(text.replace("kind: ", "kind: x", 1))
    with pytest.raises(SaveError, match=r"commands\[0\]"):
        load_save(saved, catalog)


def test_a_save_ends_with_the_hash_of_its_moment(saved: Path, catalog: Catalog) -> None:
    text = saved.read_text()
    assert "final_hash: " in text
    assert load_save(saved, catalog).moment_hash() in text


@pytest.mark.parametrize(
    ("edit", "message"),
    [
        (
            lambda t: t.replace(NOW, "format: 1"),
            "made by an older arena, format 1",
        ),
        (
            lambda t: t.replace(NOW, "format: 0"),
            "made by an older arena, format 0",
        ),
        (
            lambda t: t.replace(NOW, "format: true"),
            "format: expected a whole number",
        ),
        (
            lambda t: t.replace(NOW, "format: 2.0"),
            "format: expected a whole number",
        ),
        (
            lambda t: t.replace(NOW, "format: '2'"),
            "format: expected a whole number",
        ),
        (lambda t: t.replace(NOW + "\n", ""), "missing format"),
        # A format-1 save has no final hash: it is still named as older, not as broken.
        (
            lambda t: t.replace(NOW, "format: 1").split("final_hash:")[0],
            "made by an older arena, format 1",
        ),
    ],
    ids=["format-1", "format-0", "bool", "float", "text", "no-format", "format-1-whole"],
)
def test_a_save_of_another_format_is_named_and_refused(
    saved: Path, catalog: Catalog, edit: object, message: str
) -> None:
    saved.write_text(edit(saved.read_text()))  # type: ignore[operator]
    with pytest.raises(SaveError, match=message):
        load_save(saved, catalog)


def stopped(catalog: Catalog, tmp_path: Path, name: str, commands: int) -> Path:
    path = tmp_path / f"{name}.yaml"
    save_fight(played(catalog, name, stop_after=commands), path)
    return path


def edit_last_command(path: Path, old: str, new: str) -> None:
    """Change the last command of a save (the commands come before the reasons)."""
    head, sep, tail = path.read_text().partition("\nreasons:")
    before, found, after = head.rpartition(old)
    assert found, f"{old!r} not among the commands"
    path.write_text(before + new + after + sep + tail)


def test_an_edited_last_bonus_is_caught(catalog: Catalog, tmp_path: Path) -> None:
    # Rook's role-playing bonus, granted at the table (role_play: honour), is the last
    # command, with Mara's still to come: 0 dice edited to 1 still replays.
    duel = catalog.scenarios["sorcerer-duel"]
    honour = dataclasses.replace(duel, options={**duel.options, "role_play": "honour"})
    fight = Fight(honour, catalog)
    fight.start()
    while len(fight.commands) < 3:
        fight.apply(*answer(fight, fight.pending()[0]))
    assert type(fight.commands[-1]).__name__ == "GrantBonus"
    path = tmp_path / "duel.yaml"
    save_fight(fight, path)
    edit_last_command(path, "dice: 0", "dice: 1")
    with pytest.raises(ReplayDiverged, match="final_hash"):
        load_save(path, catalog)


def test_an_edited_last_blow_is_caught(catalog: Catalog, tmp_path: Path) -> None:
    # Tom's last punch edited to a kick still replays, but it is not the fight saved.
    path = stopped(catalog, tmp_path, "werewolf-duel", 4)
    edit_last_command(path, "means: punch", "means: kick")
    with pytest.raises(ReplayDiverged, match="final_hash"):
        load_save(path, catalog)


def test_emptied_round_hashes_do_not_turn_the_check_off(catalog: Catalog, tmp_path: Path) -> None:
    path = stopped(catalog, tmp_path, "werewolf-duel", 5)
    text = path.read_text()
    head, _, tail = text.partition("round_hashes:\n")
    assert tail.startswith("- ")  # a round ended before the save
    rest = tail[tail.index("final_hash:") :]
    path.write_text(head + "round_hashes: []\n" + rest)
    with pytest.raises(SaveError, match="round_hashes: 0 recorded"):
        load_save(path, catalog)


def test_a_batch_fight_cannot_be_saved(catalog: Catalog, tmp_path: Path) -> None:
    fight = Fight(catalog.scenarios["werewolf-duel"], catalog, hashes=False)
    fight.start()
    with pytest.raises(ValueError, match="without round hashes"):
        save_fight(fight, tmp_path / "batch.yaml")
    assert not (tmp_path / "batch.yaml").exists()
