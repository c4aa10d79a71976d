"""What the hostile command-line tests share: a scenario, a command line run, a folder."""

from __future__ import annotations

import io
import json
import signal
import sys
from pathlib import Path
from typing import Any

import pytest

from arena.cli import main

SCENARIO = (
    "name: Hostile\n"  # 1
    "ruleset: werewolf\n"  # 2
    "map: duel\n"  # 3
    "seed: 7\n"  # 4
    "combatants:\n"  # 5
    "  - {id: tom, template: tom, side: north, spawn: 1}\n"  # 6
    "  - {id: vilna, template: vilna, side: south, spawn: 2}\n"  # 7
)


def run(
    argv: list[str], capsys: pytest.CaptureFixture[str], stdin: str = ""
) -> tuple[int, str, str]:
    """The status, standard output and standard error of one command line, run in-process."""
    real_stdin = sys.stdin
    sys.stdin = io.StringIO(stdin)
    signal.signal(signal.SIGALRM, _hung)
    signal.alarm(30)  # a guard, not a time limit: a command that waits on a pipe fails here
    try:
        status = main(argv)
    finally:
        signal.alarm(0)
        sys.stdin = real_stdin
    out, err = capsys.readouterr()
    return status, out, err


def _hung(signum: int, frame: object) -> None:
    raise AssertionError("the command hung for 30 seconds")


def listing(folder: Path) -> dict[str, bytes]:
    """Every file in a folder, temporary ones included, with its bytes."""
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir()) if p.is_file()}


def save_line(path: Path, key: str) -> int:
    """The line of a key path (``commands[0].to``) in a save: of its key, or its list item."""
    import re

    import yaml

    node = yaml.compose(path.read_text(encoding="utf-8"))
    line = 1
    for name, index in re.findall(r"([^.\[\]]+)|\[(\d+)\]", key):
        if name:
            key_node, node = next((k, v) for k, v in node.value if k.value == name)
            line = key_node.start_mark.line + 1
        else:
            node = node.value[int(index)]
            line = node.start_mark.line + 1
    return line


def first_fight_save(folder: Path) -> dict[str, Any]:
    """A Werewolf gauntlet run's save after its first fight, as data without its seal."""
    path = folder / "run.json"
    argv = ["gauntlet", "--auto", "ai:garou", "--fights", "1", "--saves", str(folder)]
    assert main([*argv, "--save", str(path), "-q"]) == 0
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    del data["digest"]
    return data


def write_sealed(data: dict[str, Any], folder: Path) -> Path:
    """The run's save written again as arena writes one, sealed afresh (an edit that passes the
    seal): ``folder/run.json``."""
    from arena.gauntlet.save_checks import seal

    path = folder / "run.json"
    path.write_text(json.dumps(seal(data), indent=1, sort_keys=True) + "\n", encoding="utf-8")
    return path
