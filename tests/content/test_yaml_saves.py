"""Save helpers: atomic YAML writes and strict reads of one mapping."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from arena.content.errors import ContentError
from arena.content.saves import read_yaml_mapping, write_yaml_atomic


def test_round_trip_keeps_order_and_turns_tuples_into_lists(tmp_path: Path) -> None:
    path = tmp_path / "save.yaml"
    data = {
        "format": 1,
        "seed": 7,
        "rigged": (10, 3),  # frozen values hold tuples
        "commands": [{"kind": "attack", "actor": "vilna", "target": "tom"}],
        "note": None,
        "name": "Vilna's fight",
    }
    write_yaml_atomic(path, data)
    assert list(read_yaml_mapping(path).items()) == [
        ("format", 1),
        ("seed", 7),
        ("rigged", [10, 3]),
        ("commands", [{"kind": "attack", "actor": "vilna", "target": "tom"}]),
        ("note", None),
        ("name", "Vilna's fight"),
    ]
    assert path.read_text().startswith("format: 1\nseed: 7\n")
    assert [p.name for p in tmp_path.iterdir()] == ["save.yaml"]  # no temporary file is left


def test_overwrite_replaces_the_old_file(tmp_path: Path) -> None:
    path = tmp_path / "save.yaml"
    write_yaml_atomic(path, {"seed": 1})
    write_yaml_atomic(path, {"seed": 2})
    assert read_yaml_mapping(path) == {"seed": 2}


def test_failed_write_leaves_the_old_file_and_no_temporary(tmp_path: Path) -> None:
    path = tmp_path / "save.yaml"
    write_yaml_atomic(path, {"seed": 1})
    with pytest.raises(yaml.representer.RepresenterError):
        write_yaml_atomic(path, {"seed": object()})
    assert read_yaml_mapping(path) == {"seed": 1}
    assert [p.name for p in tmp_path.iterdir()] == ["save.yaml"]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("seed: 1\nseed: 2\n", "2: seed: duplicate key 'seed' (first on line 1)"),  # last would win
        ("a:\n  b: 1\n  b: 2\n", "3: a.b: duplicate key 'b' (first on line 2)"),  # nested too
        ("- seed\n", "1: expected a mapping, got a list"),  # not a mapping
        ("", "1: empty file: expected a mapping"),  # empty, e.g. cut off before anything
        ("seed: 7\ncommands: [{kind: attack\n", "3: malformed YAML"),  # truncated mid-write
        ("x: !!python/object:os.system ls\n", "1: could not determine a constructor"),  # unsafe
        ("1: a\n", "1: top-level keys must be text"),  # the caller looks keys up by name
    ],
)
def test_read_refuses(tmp_path: Path, text: str, expected: str) -> None:
    path = tmp_path / "save.yaml"
    path.write_text(text)
    with pytest.raises(ContentError) as caught:
        read_yaml_mapping(path)
    assert str(caught.value).startswith(f"{path}:{expected}")
