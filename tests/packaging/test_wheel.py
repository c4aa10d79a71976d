"""The built wheel carries the game: installed in a fresh environment, it runs from any folder."""

from __future__ import annotations

import os
import site
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def _build_wheel(out: Path) -> Path:
    # The build backend straight from this interpreter: no network, no isolated build.
    code = "from hatchling.build import build_wheel; import sys; print(build_wheel(sys.argv[1]))"
    proc = subprocess.run(
        [sys.executable, "-c", code, str(out)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    )
    return out / proc.stdout.strip().splitlines()[-1]


def _fresh_venv(where: Path, wheel: Path) -> Path:
    """A new virtual environment with the wheel installed and this one's dependencies visible."""
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(where)], check=True)
    python = where / "bin" / "python"
    pip = [sys.executable, "-m", "pip", "--python", str(python), "--disable-pip-version-check"]
    subprocess.run([*pip, "install", "--quiet", "--no-deps", "--no-index", str(wheel)], check=True)
    # The dependencies come from this interpreter's site-packages, by path only, so the editable
    # checkout it also holds (a .pth inside it) is not seen.
    purelib = subprocess.run(
        [str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()
    deps = "\n".join(site.getsitepackages()) + "\n"
    (Path(purelib) / "arena_test_deps.pth").write_text(deps)
    return where / "bin"


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """The wheel and the bin folder of a fresh environment it is installed in."""
    base = tmp_path_factory.mktemp("wheel")
    wheel = _build_wheel(base)
    return wheel, _fresh_venv(base / "venv", wheel)


def _env(bin_dir: Path, home: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("ARENA_", "PYTHON", "XDG_"))}
    env.update(
        PATH=f"{bin_dir}{os.pathsep}{env.get('PATH', '')}",
        HOME=str(home),
        PYTHONIOENCODING="cp1252",
        XDG_DATA_HOME=str(home / "data"),
        XDG_CONFIG_HOME=str(home / "config"),
    )
    return env


def test_the_wheel_holds_the_content_and_the_metadata(installed: tuple[Path, Path]) -> None:
    wheel, _ = installed
    with zipfile.ZipFile(wheel) as archive:
        names = archive.namelist()
        metadata = next(n for n in names if n.endswith(".dist-info/METADATA"))
        meta = archive.read(metadata).decode()
    shipped = sorted(
        f"arena/data/{p.relative_to(ROOT / 'content').as_posix()}"
        for p in (ROOT / "content").rglob("*.yaml")
    )
    assert sorted(n for n in names if n.startswith("arena/data/")) == shipped
    assert "arena/ui/app.tcss" in names
    assert "Name: arena-combat" in meta
    for dep in ("textual", "rich", "esper", "pyyaml", "icepool", "platformdirs"):
        assert f"Requires-Dist: {dep}" in meta
    assert "Requires-Python: >=3.11" in meta


def test_the_installed_command_runs_from_an_empty_folder(
    installed: tuple[Path, Path], tmp_path: Path
) -> None:
    _, bin_dir = installed
    work, home = tmp_path / "work", tmp_path / "home"
    work.mkdir()
    home.mkdir()
    env = _env(bin_dir, home)
    arena = str(bin_dir / "arena")
    save = tmp_path / "duel.yaml"
    for argv in (
        ["run", "werewolf-duel"],
        ["run", "sorcerer-duel"],
        ["validate"],
        ["run", "werewolf-duel", "--save", str(save), "--stop-after", "4"],
        ["replay", str(save)],
    ):
        proc = subprocess.run([arena, *argv], cwd=work, env=env, capture_output=True, check=False)
        # A finished run of a scenario with an expect: block ends with its one expect: line.
        said = b"expect: met (" if argv[0] == "run" and len(argv) == 2 else b""
        assert (proc.returncode, proc.stderr[: len(said) or None]) == (0, said), argv
    assert proc.stdout
    with subprocess.Popen(
        [arena, "odds", "contest", "4", "5"],
        cwd=work,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    ) as odds:
        assert odds.stdout is not None
        assert odds.stderr is not None
        first = odds.stdout.readline()
        odds.stdout.close()  # `| head -1`
        err = odds.stderr.read()
    assert first.startswith(b"4 dice against 5 dice")
    assert (odds.returncode in (0, 1), err) == (True, b"")
    assert list(work.iterdir()) == []
