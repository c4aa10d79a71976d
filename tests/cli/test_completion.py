"""`arena completion bash|zsh`: scripts the shells accept, completing commands, options, names."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from arena.cli import main


def script(capsys: pytest.CaptureFixture[str], shell: str) -> str:
    assert main(["completion", shell]) == 0
    return capsys.readouterr().out


@pytest.mark.parametrize(
    ("words", "expected"),
    [
        (["arena", "ro"], "roll"),  # subcommands
        (["arena", "run", "werewolf-du"], "werewolf-duel"),  # shipped scenario names
        (["arena", "run", "--for"], "--format"),  # options
        (["arena", "run", "--format", ""], "text jsonl markdown"),  # an option's choices
        (["arena", "odds", "c"], "contest"),  # the forms of odds
        (["arena", "roll", "contest", "--j"], "--json"),  # a form's options
        (["arena", "completion", ""], "bash zsh"),  # a positional's choices
        (["arena", "sweep", "werewolf-du"], "werewolf-duel"),  # sweep takes a scenario too
        (["arena", "sweep", "werewolf-duel", "--pl"], "--plot"),
        (["arena", "sim", "--clu"], "--cluster"),
    ],
)
def test_bash_completes(capsys, tmp_path: Path, words: list[str], expected: str) -> None:
    if shutil.which("bash") is None:
        pytest.skip("no bash")
    (tmp_path / "arena.bash").write_text(script(capsys, "bash"))
    harness = (
        f"source {tmp_path / 'arena.bash'}\n"
        'COMP_WORDS=("$@"); COMP_CWORD=$(( $# - 1 )); COMPREPLY=(); _arena\n'
        'echo "${COMPREPLY[*]}"\n'
    )
    proc = subprocess.run(
        ["bash", "-c", harness, "arena", *words],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        check=True,
    )
    assert proc.stdout.strip() == expected


def test_zsh_script_parses(capsys, tmp_path: Path) -> None:
    text = script(capsys, "zsh")
    assert text.startswith("#compdef arena\n")
    if shutil.which("zsh") is None:
        pytest.skip("no zsh")
    (tmp_path / "_arena").write_text(text)
    subprocess.run(["zsh", "-n", str(tmp_path / "_arena")], check=True)


def test_an_unknown_shell_is_a_usage_error(capsys) -> None:
    assert main(["completion", "fish"]) == 2
    assert "invalid choice: 'fish'" in capsys.readouterr().err
