"""`arena demo FILE` refuses a bad name or file in one line, exit 2, in every mode."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from arena.cli import main

MALFORMED = "name: x\nruleset: sorcerer\n  bad: [\n"
DUEL = Path(__file__).resolve().parents[2] / "content" / "scenarios" / "sorcerer-duel.yaml"


@pytest.fixture
def files(tmp_path: Path) -> dict[str, Path]:
    malformed = tmp_path / "malformed.yaml"
    malformed.write_text(MALFORMED)
    unknown = tmp_path / "unknown.yaml"
    unknown.write_text(DUEL.read_text().replace("seed:", "seedd:", 1))
    (tmp_path / "folder").mkdir()
    return {"malformed": malformed, "unknown": unknown, "folder": tmp_path / "folder"}


# Each mistake, and what the one line says: the file, the line and the key.
CASES = [
    ("malformed", "demo: {path}:3: malformed YAML"),  # the YAML error's line
    ("unknown", "demo: {path}:"),  # the file and line of the key ...
    ("folder", "demo: {path}: is a folder, not a regular file"),
]


@pytest.mark.parametrize("mode", [[], ["--big"], ["--pace", "0"]])
@pytest.mark.parametrize(("which", "said"), CASES)
def test_demo_refuses_a_bad_file_without_a_terminal(
    files: dict[str, Path],
    which: str,
    said: str,
    mode: list[str],
    capsys: pytest.CaptureFixture[str],
) -> None:
    path = files[which]
    assert main(["demo", str(path), *mode]) == 2
    err = capsys.readouterr().err
    assert err.startswith("arena: " + said.format(path=path))
    if which == "unknown":
        assert "seedd: unknown key (did you mean 'seed'?)" in err.splitlines()[0]
    assert "needs a terminal" not in err
    assert "Traceback" not in err


def test_demo_refuses_a_missing_path(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["demo", "lesson-1-initiative", "no/such/fight.yaml"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("arena: demo: no shipped scenario or file 'no/such/fight.yaml'")
    assert len(err.splitlines()) == 1


def test_demo_refuses_a_bad_file_under_the_browser_driver(
    files: dict[str, Path], monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # Under arena serve the app needs no terminal: the file is still checked first.
    monkeypatch.setenv("TEXTUAL_DRIVER", "textual.drivers.web_driver:WebDriver")
    assert main(["demo", str(files["malformed"])]) == 2
    assert capsys.readouterr().err.startswith(f"arena: demo: {files['malformed']}:3:")


def test_serve_refuses_a_bad_demo_file_before_serving(
    files: dict[str, Path], capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["serve", "--port", "1", "demo", str(files["unknown"])]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"arena: demo: {files['unknown']}:")
    assert "seedd: unknown key" in err


def test_a_real_process_says_one_line_and_no_traceback(files: dict[str, Path]) -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "arena", "demo", str(files["malformed"])],
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        check=False,
    )
    assert proc.returncode == 2
    assert proc.stdout == ""
    lines = proc.stderr.splitlines()
    assert len(lines) == 1
    assert lines[0].startswith(f"arena: demo: {files['malformed']}:3: malformed YAML: ")
