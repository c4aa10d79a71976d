"""The core runs without the UI: importing the engine or the command line never loads Textual."""

from __future__ import annotations

import subprocess
import sys

import pytest


@pytest.mark.parametrize(
    "code",
    [
        "import arena.engine",
        "import arena.cli; arena.cli.build_parser()",
        "import arena.sim",
    ],
)
def test_textual_is_not_imported(code: str) -> None:
    probe = f"{code}; import sys; print('textual' in sys.modules)"
    out = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, check=True
    ).stdout
    assert out.strip() == "False"


def test_rules_import_nothing_but_the_standard_library_and_icepool() -> None:
    probe = (
        "import sys; before = set(sys.modules); import arena.rules.dice, arena.rules.grid; "
        "new = set(sys.modules) - before; print(sorted(m for m in new "
        "if m.split('.')[0] in {'esper', 'yaml', 'textual', 'icepool'}))"
    )
    out = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, check=True
    ).stdout
    assert out.strip() == "[]"


def test_the_command_line_loads_dask_and_matplotlib_only_when_asked() -> None:
    # --cluster and --plot FILE.png are optional extras: every other command starts without them.
    probe = (
        "import arena.cli, arena.cli.sweep, arena.sim.cluster; arena.cli.build_parser(); "
        "import sys; print(sorted(m for m in ('distributed', 'dask', 'matplotlib') "
        "if m in sys.modules))"
    )
    out = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, check=True
    ).stdout
    assert out.strip() == "[]"
