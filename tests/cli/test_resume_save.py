"""`arena run --resume SAVE --save SAVE`: one save kept up to date, never damaged on failure."""

from __future__ import annotations

from pathlib import Path

import pytest

from arena.cli import main
from arena.content.loader import Catalog
from arena.engine import Controllers, load_save
from arena.rules.dice import RiggedDice, RiggedMismatch


def _saved(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    save = tmp_path / "duel.yaml"
    argv = ["run", "werewolf-duel", "--dice", "9,9,2,8", "--save", str(save), "--stop-after", "4"]
    assert main(argv) == 0
    capsys.readouterr()
    return save


def test_resuming_and_saving_to_the_same_file_keeps_it_up_to_date(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], catalog: Catalog
) -> None:
    save = _saved(tmp_path, capsys)
    assert main(["run", "--resume", str(save), "--save", str(save), "--stop-after", "6"]) == 0
    with load_save(save, catalog) as fight:  # a save that loads, two decisions further on
        assert len(fight.commands) == 6
    assert main(["run", "--resume", str(save), "--save", str(save)]) == 0
    with load_save(save, catalog) as fight:
        assert fight.over
    assert sorted(p.name for p in tmp_path.iterdir()) == ["duel.yaml"]  # no temporary file


def test_a_resumed_fight_that_fails_leaves_the_save_as_it_was(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    save = _saved(tmp_path, capsys)
    before = save.read_bytes()

    def mismatch(self: RiggedDice) -> tuple[str, ...]:
        raise RiggedMismatch("tom's damage roll dealt only 1 of these 2 faces")

    # Rigged dice that did not fit the last roll: found once the fight is over. The save
    # was replaced by the finished fight before the command refused it.
    monkeypatch.setattr(RiggedDice, "left_over", mismatch)
    status = main(["run", "--resume", str(save), "--save", str(save)])
    err = capsys.readouterr().err
    assert (status, err) == (2, f"arena: {save}: tom's damage roll dealt only 1 of these 2 faces\n")
    assert save.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["duel.yaml"]


def test_a_resumed_fight_interrupted_leaves_the_save_as_it_was(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    save = _saved(tmp_path, capsys)
    before = save.read_bytes()

    def ctrl_c(self: Controllers, *args: object, **kwargs: object) -> None:
        raise KeyboardInterrupt

    # Ctrl-C while the fight plays on: the one loop `arena run` steps it through.
    monkeypatch.setattr(Controllers, "run", ctrl_c)
    assert main(["run", "--resume", str(save), "--save", str(save)]) == 130
    assert save.read_bytes() == before


def test_the_help_says_what_saving_over_the_save_resumed_does(
    capsys: pytest.CaptureFixture[str],
) -> None:
    with pytest.raises(SystemExit):
        main(["run", "--help"])
    out = " ".join(capsys.readouterr().out.split())
    assert "--resume SAVE --save SAVE keeps one save up to date" in out
    assert "leaves SAVE as it was" in out
