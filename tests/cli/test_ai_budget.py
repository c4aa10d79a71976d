"""`--ai-budget MS` on run, play, sim and sweep: the look-ahead, checked before anything runs."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from arena.cli import main
from arena.engine.expert import DEFAULT_BUDGET_MS, budget, set_budget


@pytest.fixture(autouse=True)
def default_budget() -> Iterator[None]:
    yield
    set_budget(DEFAULT_BUDGET_MS)


@pytest.mark.parametrize("command", ["run", "play", "sim", "sweep"])
@pytest.mark.parametrize("value", ["0", "-5", "60001", "ten", "1.5"])
def test_a_bad_budget_is_refused_in_one_line(
    command: str, value: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main([command, "werewolf-duel", "--ai-budget", value]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1
    assert "--ai-budget" in err
    assert "from 1 to 60,000" in err
    assert budget() == DEFAULT_BUDGET_MS


def test_run_gives_the_expert_its_budget(tmp_path: Path) -> None:
    assert main(["run", "sorcerer-duel", "--ai-budget", "8", "--out", str(tmp_path / "a")]) == 0
    assert budget() == 8


@pytest.mark.parametrize("command", ["run", "play", "sim", "sweep"])
def test_help_names_the_budget_and_its_default(
    command: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as done:
        main([command, "--help"])
    assert done.value.code == 0
    out = " ".join(capsys.readouterr().out.split())
    said = "--ai-budget MS look-ahead per ai:POLICY/expert decision, 1 to 60,000 ms"
    assert f"{said} (default {DEFAULT_BUDGET_MS};" in out
