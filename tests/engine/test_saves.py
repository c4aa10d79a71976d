"""Saves: taken at any decision, resumed to the same end; bad saves refused, left untouched."""

from __future__ import annotations

from pathlib import Path

import pytest

from arena.content.loader import Catalog
from arena.engine import Fight, ReplayDiverged, SaveError, load_save, save_fight


def played(catalog: Catalog, name: str, stop_after: int | None = None) -> Fight:
    fight = Fight(catalog.scenarios[name], catalog)
    fight.start()
    while not fight.over and (stop_after is None or len(fight.commands) < stop_after):
        fight.apply(*fight.decide_with_reason(fight.pending()[0]))
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
    resumed.play_until_human(humans_too=True)
    assert resumed.events == whole.events
    assert resumed.round_hashes == whole.round_hashes


def test_a_save_is_yaml_data_with_its_seed_and_commands(saved: Path) -> None:
    text = saved.read_text()
    for key in ("format: 1", "content_digest:", "seed: 7", "commands:", "round_hashes:"):
        assert key in text


@pytest.mark.parametrize(
    ("edit", "message"),
    [
        (lambda t: t[: len(t) // 2], "duel.yaml"),  # truncated mid-file
        (lambda t: "[not: a save", "duel.yaml"),  # not YAML at all
        (lambda t: t.replace("format: 1", "format: 9"), "format"),  # from a future arena
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
    saved.write_text(head + "round_hashes:\n- " + "0" * 64 + tail[64:])
    with pytest.raises(ReplayDiverged, match="round 1"):
        load_save(saved, catalog)


def test_an_edited_command_is_refused(saved: Path, catalog: Catalog) -> None:
    text = saved.read_text()
    saved.write_text(text.replace("kind: ", "kind: x", 1))
    with pytest.raises(SaveError, match=r"commands\[0\]"):
        load_save(saved, catalog)
