"""A refusal names its key once: where it is blamed, not again in the words after it.

The class: a message built from a location that names the key (``file:line: preset:``,
``--grid preset=zz:``) and words that name it again (``preset 'zz': ...``). Covered: a
save's preset and options (both rulesets, run --resume and replay), a scenario's preset,
options and combatant overrides, damage and pools (run and validate), and sim's --vary and
sweep's --grid.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from arena.content.said_once import option_refusal, preset_refusal
from tests.bad_input.hostile import run

WEREWOLF = (
    "name: Said once\n"  # 1
    "ruleset: werewolf\n"  # 2
    "map: duel\n"  # 3
    "{extra}\n"  # 4
    "combatants:\n"  # 5
    "  - {{id: tom, template: tom, side: north, spawn: 1{more}}}\n"  # 6
    "  - {{id: vilna, template: vilna, side: south, spawn: 2}}\n"  # 7
)
SORCERER = (
    "name: Said once\n"  # 1
    "ruleset: sorcerer\n"  # 2
    "map: duel\n"  # 3
    "{extra}\n"  # 4
    "combatants:\n"  # 5
    "  - {{id: rook, template: rook, side: north, spawn: 1{more}}}\n"  # 6
    "  - {{id: mara, template: mara, side: south, spawn: 2}}\n"  # 7
)


def said(err: str, word: str) -> int:
    """How many times ``word`` is said in ``err``, as a word of its own."""
    return len(re.findall(rf"(?<![\w-]){re.escape(word)}(?![\w-])", err))


# (ruleset's scenario, line 4, combatant extra, the line blamed, the key path, its last word)
SCENARIO_CASES = [
    (WEREWOLF, "preset: zz", "", 4, "preset", "preset"),
    (SORCERER, "preset: zz", "", 4, "preset", "preset"),
    (WEREWOLF, "options: {stun: zz}", "", 4, "options.stun", "stun"),
    (SORCERER, "options: {tie: zz}", "", 4, "options.tie", "tie"),
    (WEREWOLF, "options: {zz: 1}", "", 4, "options.zz", "zz"),
    (SORCERER, "options: {zz: 1}", "", 4, "options.zz", "zz"),
    (WEREWOLF, "options: {preset: w20}", "", 4, "options.preset", "preset"),
    (WEREWOLF, "seed: 1", ", overrides: {zz: 1}", 6, "combatants[0].overrides.zz", "zz"),
    (SORCERER, "seed: 1", ", overrides: {zz: 1}", 6, "combatants[0].overrides.zz", "zz"),
    (WEREWOLF, "seed: 1", ", damage: {zz: 1}", 6, "combatants[0].damage.zz", "zz"),
    (SORCERER, "seed: 1", ", damage: {zz: 1}", 6, "combatants[0].damage.zz", "zz"),
    (WEREWOLF, "seed: 1", ", pools: {zz: 1}", 6, "combatants[0].pools.zz", "zz"),
    (SORCERER, "seed: 1", ", pools: {zz: 1}", 6, "combatants[0].pools.zz", "zz"),
]


@pytest.mark.parametrize("command", ["run", "validate"])
@pytest.mark.parametrize(("text", "extra", "more", "line", "key", "word"), SCENARIO_CASES)
def test_a_scenario_refusal_names_its_key_once(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    command: str,
    text: str,
    extra: str,
    more: str,
    line: int,
    key: str,
    word: str,
) -> None:
    path = tmp_path / "s.yaml"
    path.write_text(text.format(extra=extra, more=more))
    status, _, err = run([command, str(path)], capsys)
    assert status == 2
    assert f"{path}:{line}: {key}: " in err, err
    assert said(err, word) == 1, err


def test_a_bad_preset_still_says_what_it_got(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "s.yaml"
    path.write_text(WEREWOLF.format(extra="preset: zz", more=""))
    _, _, err = run(["run", str(path)], capsys)
    assert err == f"arena: {path}:4: preset: expected one of seed, w20, got 'zz' (for werewolf)\n"


@pytest.mark.parametrize(
    ("argv", "expected"),
    [
        (
            ["sim", "werewolf-duel", "--vary", "option.stun=zz"],
            "werewolf-duel: --vary option.stun=zz: expected one of off, on\n",
        ),
        (
            ["sim", "sorcerer-duel", "--vary", "option.tie=zz"],
            "sorcerer-duel: --vary option.tie=zz: expected one of stalemate|reroll\n",
        ),
        (
            ["sweep", "werewolf-duel", "--grid", "preset=seed,zz"],
            "werewolf-duel: --grid preset=zz: expected one of seed, w20\n",
        ),
        (
            ["sweep", "sorcerer-duel", "--grid", "preset=zz"],
            "sorcerer-duel: --grid preset=zz: expected one of default\n",
        ),
        (
            ["sweep", "werewolf-duel", "--grid", "option.stun=on,zz"],
            "werewolf-duel: --grid option.stun=zz: expected one of off, on\n",
        ),
    ],
    ids=["vary werewolf", "vary sorcerer", "grid werewolf preset", "grid sorcerer", "grid option"],
)
def test_a_vary_or_grid_refusal_names_its_setting_once(
    capsys: pytest.CaptureFixture[str], argv: list[str], expected: str
) -> None:
    status, out, err = run([*argv, "-n", "2", "--jobs", "1", "-q"], capsys)
    assert (status, out) == (2, "")
    assert err == f"arena: {expected}"


def test_an_option_only_another_preset_in_play_takes_is_not_refused(
    capsys: pytest.CaptureFixture[str],
) -> None:
    argv = ["sweep", "werewolf-duel", "--grid", "preset=seed,w20", "--grid", "option.stun=on"]
    status, _, err = run([*argv, "-n", "1", "--jobs", "1", "-q"], capsys)
    assert status == 0, err


# Each refusal the rulesets' parsers make, said once under words that name its key; a
# refusal of another key is said whole.
OPTION_FORMS = [
    ("werewolf", {"stun": "zz"}, "stun", False, "expected one of off, on, got 'zz'"),
    ("sorcerer", {"tie": "x"}, "tie", False, "expected one of stalemate|reroll, got 'x'"),
    ("sorcerer", {"tie": "x"}, "tie", True, "expected one of stalemate|reroll"),
    ("sorcerer", {"rollover_expiry": -1}, "rollover_expiry", False,
     "expected an int of at least 0, got -1"),
    ("sorcerer", {"zz": 1}, "zz", False, "unknown option; known: "),
    ("werewolf", {"stn": "on"}, "stn", False, "unknown option (did you mean 'stun'?); known: "),
    ("werewolf", {"delirium_berserk": 9}, "delirium_berserk", False,
     "expected at most delirium_steady (5), got 9"),
    ("werewolf", {"delirium_berserk": 9}, "stun", False,
     "option 'delirium_berserk': expected at most delirium_steady (5), got 9"),
]  # fmt: skip
PRESETS = {"werewolf": "seed", "sorcerer": "default"}


def _refusal(ruleset: str, preset: str, mapping: dict[str, object]) -> ValueError:
    from arena.engine.rulesets import parse_options
    from arena.rules.refused import OptionRefused

    with pytest.raises(OptionRefused) as caught:
        parse_options(ruleset, preset, mapping)
    return caught.value


@pytest.mark.parametrize(("ruleset", "mapping", "key", "shown", "expected"), OPTION_FORMS)
def test_the_option_forms_said_once(
    ruleset: str, mapping: dict[str, object], key: str, shown: bool, expected: str
) -> None:
    said = option_refusal(_refusal(ruleset, PRESETS[ruleset], mapping), key, shown=shown)
    # A list of every option is checked to its start (the rest is the ruleset's list).
    assert said.startswith(expected) if expected.endswith("known: ") else said == expected


@pytest.mark.parametrize(
    ("ruleset", "preset", "shown", "expected"),
    [
        ("werewolf", "zz", False, "expected one of seed, w20, got 'zz'"),
        ("sorcerer", "zz", False, "expected one of default, got 'zz'"),
        ("sorcerer", "zz", True, "expected one of default"),
        ("werewolf", "yy", False, "preset 'yy': expected one of seed, w20"),
    ],
)
def test_the_preset_forms_said_once(ruleset: str, preset: str, shown: bool, expected: str) -> None:
    assert preset_refusal(_refusal(ruleset, preset, {}), "zz", shown=shown) == expected


def test_a_refusal_that_is_not_an_options_own_is_said_whole() -> None:
    plain = ValueError("something else about 'stun'")
    assert option_refusal(plain, "stun") == "something else about 'stun'"
    assert preset_refusal(plain, "zz") == "something else about 'stun'"


SAVE_CASES = {
    "werewolf-duel": [
        ("^options: {}$", "options: {preset: zz}", "options.preset", "preset"),
        ("^options: {}$", "options: {zz: 1}", "options.zz", "zz"),
        ("^options: {}$", "options: {stun: zz}", "options.stun", "stun"),
        ("^preset: seed$", "preset: zz", "preset", "preset"),
    ],
    "sorcerer-duel": [
        ("^options: {}$", "options: {tie: zz}", "options.tie", "tie"),
        ("^preset: .*$", "preset: zz", "preset", "preset"),
    ],
}


@pytest.mark.parametrize("reader", ["replay", "resume"])
@pytest.mark.parametrize(
    ("scenario", "find", "put", "key", "word"),
    [(name, *case) for name, cases in SAVE_CASES.items() for case in cases],
)
def test_a_save_refusal_names_its_key_once(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    reader: str,
    scenario: str,
    find: str,
    put: str,
    key: str,
    word: str,
) -> None:
    from arena.content.saves import read_yaml_mapping, write_yaml_atomic

    path = tmp_path / "s.yaml"
    status, _, err = run(["run", scenario, "--save", str(path), "--stop-after", "1"], capsys)
    assert status == 0, err
    text = path.read_text(encoding="utf-8")
    assert re.search(find, text, re.M), text
    path.write_text(re.sub(find, put, text, flags=re.M), encoding="utf-8")
    write_yaml_atomic(path, read_yaml_mapping(path))  # sealed again: the digest matches
    argv = ["replay", str(path)] if reader == "replay" else ["run", "--resume", str(path)]
    status, _, err = run(argv, capsys)
    assert status == 2
    assert f": {key}: " in err, err
    assert said(err, word) == 1, err
