"""Gauntlet content names only AI policies that exist; a batch's progress counts runs."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from arena.cli import main
from arena.content.loader import default_content_root


@pytest.fixture
def bad_tree(tmp_path: Path) -> Path:
    """The shipped content with a typo in a group's policy and in the run's own policy."""
    tree = tmp_path / "content"
    shutil.copytree(default_content_root(), tree)
    groups = tree / "gauntlet" / "werewolf.yaml"
    text = groups.read_text(encoding="utf-8")
    assert text.count("foes: [{template: fomor, policy: fomor}]") == 1
    groups.write_text(
        text.replace(
            "foes: [{template: fomor, policy: fomor}]", "foes: [{template: fomor, policy: fomer}]"
        ),
        encoding="utf-8",
    )
    rules = tree / "gauntlet" / "rules.yaml"
    rules.write_text(
        rules.read_text(encoding="utf-8").replace("policy: sorcerer", "policy: sorcery"),
        encoding="utf-8",
    )
    return tree


def _line(path: Path, words: str) -> int:
    lines = path.read_text(encoding="utf-8").splitlines()
    return next(n for n, line in enumerate(lines, 1) if words in line)


def test_validate_names_each_unknown_policy(
    bad_tree: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["validate", str(bad_tree)]) == 2
    err = capsys.readouterr().err.splitlines()
    groups, rules = bad_tree / "gauntlet" / "werewolf.yaml", bad_tree / "gauntlet" / "rules.yaml"
    # each problem once, by file (as the tree names it), line and key path, with the nearest name
    assert [line.split("; known: ")[0] for line in err] == [
        f"content/gauntlet/rules.yaml:{_line(rules, 'policy: sorcery')}: rules.sorcerer.policy: "
        "no AI policy 'ai:sorcery' (did you mean 'ai:sorcerer'?)",
        f"content/gauntlet/werewolf.yaml:{_line(groups, 'policy: fomer')}: "
        "werewolf.lone-fomor.foes[0].policy: no AI policy 'ai:fomer' (did you mean 'ai:fomor'?)",
    ]


def test_the_gauntlet_refuses_the_same_content(
    bad_tree: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("ARENA_CONTENT", str(bad_tree))
    monkeypatch.setenv("ARENA_SAVES", str(bad_tree.parent / "saves"))
    assert main(["gauntlet", "--auto", "ai:garou", "--fights", "1"]) == 2
    err = capsys.readouterr().err
    assert "lone-fomor.foes[0].policy: no AI policy 'ai:fomer'" in err
    assert "Traceback" not in err


def test_a_batch_counts_runs(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("ARENA_SAVES", str(tmp_path))
    assert main(["gauntlet", "--auto", "ai:garou", "-n", "2"]) == 0
    err = capsys.readouterr().err.splitlines()
    assert err[-2] == "gauntlet: 2/2 runs"  # standard error is not a terminal: plain counts
    assert err[-1].startswith("gauntlet: 2 runs in ")
    assert "fights" not in "\n".join(err)
