"""Bad and odd command lines around generated maps: refused with a reason, exit status 2."""

from __future__ import annotations

import pytest

from tests.bad_input.hostile import run


@pytest.mark.parametrize(
    "argv",
    [
        ["sim", "werewolf-duel", "-n", "2", "-q", "--per-map", "5"],
        ["sim", "werewolf-duel", "-n", "2", "-q", "--maps", "drawn", "--per-map", "5"],
        [
            "sweep",
            "werewolf-duel",
            "--grid",
            "tom.dexterity=3,4",
            "-n",
            "2",
            "-q",
            "--per-map",
            "5",
        ],
        [
            "sweep",
            "werewolf-duel",
            "--grid",
            "tom.dexterity=3,4",
            "-n",
            "2",
            "-q",
            "--maps",
            "drawn",
            "--per-map",
            "5",
        ],
    ],
)
def test_per_map_without_generated_maps_is_refused(
    argv: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    status, out, err = run(argv, capsys)
    assert status == 2
    assert out == ""
    assert err == "arena: --per-map: only with --maps generated (the drawn map holds every fight)\n"
