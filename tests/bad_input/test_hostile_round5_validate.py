"""Hostile input, fifth pass: what `arena run` refuses, `arena validate` refuses first, alike.

Each bad scenario below is refused by both with status 2 and the same file:line: key: message,
before any fight: the checks are the loader's, which both commands load scenarios through.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from arena.cli import common, validate
from arena.cli.checks import ENGINE_CHECKS
from arena.content.loader import default_content_root
from arena.content.script_keys import SCRIPT_CHECKS
from tests.bad_input.hostile import SCENARIO, run

WEREWOLF = SCENARIO
SORCERER = (
    "name: Hostile\n"  # 1
    "ruleset: sorcerer\n"  # 2
    "map: duel\n"  # 3
    "seed: 7\n"  # 4
    "combatants:\n"  # 5
    "  - {id: rook, template: rook, side: north, spawn: 1}\n"  # 6
    "  - {id: mara, template: mara, side: south, spawn: 2}\n"  # 7
)
TOM = "spawn: 1}"
"""The end of Tom's line (line 6), where a case adds keys to him."""
ROOK = TOM


def _tom(keys: str) -> str:
    return WEREWOLF.replace(TOM, f"spawn: 1, {keys}}}")


def _rook(keys: str) -> str:
    return SORCERER.replace(ROOK, f"spawn: 1, {keys}}}")


def _title(title: str) -> str:
    return WEREWOLF.replace("name: Hostile", f"name: {title}")


def _inline(sheet: str) -> str:
    """Tom written inline (line 6), with a sheet's keys changed."""
    keys = (
        "name: Tom, glyph: T, kind: human, willpower: 3, "
        "attributes: {strength: 2, dexterity: 2, stamina: 2, wits: 2}"
    )
    for change in sheet.split("; "):
        key = change.split(":")[0]
        keys = ", ".join(k for k in keys.split(", ") if not k.startswith(f"{key}:")) + f", {change}"
    return WEREWOLF.replace("template: tom, ", f"character: {{{keys}}}, ")


def _expect(block: str, text: str = WEREWOLF) -> str:
    return text + "expect:\n" + block  # the expect: block starts at line 8


# name → (scenario text, its line and key, the start of the message)
CASES: dict[str, tuple[str, str, str]] = {
    # -- scripts --------------------------------------------------------------------------
    "a script controller with nothing to follow, and an error at its end": (
        _tom("controller: script, when_script_runs_out: error"),
        "6: combatants[0].controller",
        "a script controller with when_script_runs_out: error needs a script: or answers:",
    ),
    # -- expect: ----------------------------------------------------------------------------
    "an expected event's unknown data field": (
        _expect("  events:\n    - {kind: attack_hit, data: {sucesses: 2}}\n"),
        "10: expect.events[0].data.sucesses",
        "no such werewolf event data field (did you mean 'successes'?)",
    ),
    "a Sorcerer data field in a Werewolf expect": (
        _expect("  events:\n    - {kind: attack_hit, data: {victories: 2}}\n"),
        "10: expect.events[0].data.victories",
        "no such werewolf event data field;",
    ),
    "a Sorcerer event in a Werewolf expect": (
        _expect("  events: [demon_arrived]\n"),
        "9: expect.events[0]",
        "a werewolf fight never logs 'demon_arrived', an event of the other ruleset",
    ),
    "a Werewolf event in a Sorcerer expect, with fields": (
        _expect("  events:\n    - {kind: rage_spent}\n", SORCERER),
        "10: expect.events[0].kind",
        "a sorcerer fight never logs 'rage_spent', an event of the other ruleset",
    ),
    "expect.rounds above max_rounds": (
        _expect("  rounds: 30\n"),
        "9: expect.rounds",
        "the fight stops after max_rounds: 20, so it never lasts 30",
    ),
    "a number written as text in an expected event": (
        _expect("  events:\n    - {kind: attack_hit, data: {successes: '2'}}\n"),
        "10: expect.events[0].data.successes",
        "'2' is text, and events carry numbers: write 2 unquoted",
    ),
    "a number written as text in a list of an expected event": (
        _expect("  events:\n    - {kind: initiative_rolled, data: {segments: ['1']}}\n"),
        "10: expect.events[0].data.segments",
        "'1' is text, and events carry numbers: write 1 unquoted",
    ),
    # -- AI policies of the other ruleset (they played as ai:nearest without a word) --------
    "a Sorcerer policy in a Werewolf fight": (
        _tom("controller: ai:demon"),
        "6: combatants[0].controller",
        "'ai:demon' plays sorcerer only; werewolf policies: nearest, random",
    ),
    "a Werewolf policy with a level in a Sorcerer fight": (
        _rook("controller: ai:garou/hard"),
        "6: combatants[0].controller",
        "'ai:garou/hard' plays werewolf only; sorcerer policies: nearest, random",
    ),
    # -- names ------------------------------------------------------------------------------
    "an empty title": (_title("''"), "1: name", "must not be empty or blank"),
    "a blank title": (_title("'   '"), "1: name", "must not be empty or blank"),
    "a title of zero-width spaces only": (
        _title('"\\u200b\\u200b"'),
        "1: name",
        "holds the invisible or control character U+200B",
    ),
    "a title with a line separator": (
        _title('"a\\u2028b"'),
        "1: name",
        "must be one line: remove the line or paragraph break U+2028",
    ),
    "a title with a paragraph separator": (
        _title('"a\\u2029b"'),
        "1: name",
        "must be one line: remove the line or paragraph break U+2029",
    ),
    "a title with a next-line character": (
        _title('"a\\x85b"'),
        "1: name",
        "text holds the control character \\x85: remove it",  # as any text of a file
    ),
    "a title with a right-to-left mark": (
        _title('"a\\u200fb"'),
        "1: name",
        "holds the invisible or control character U+200F",
    ),
    "a title of 100,000 characters": (
        _title("x" * 100_000),
        "1: name",
        "holds at most 80 characters, got 100,000",
    ),
    "a combatant's name of 41 characters": (
        _tom("name: " + "y" * 41),
        "6: combatants[0].name",
        "holds at most 40 characters, got 41",
    ),
    "a combatant's empty name": (_tom("name: ''"), "6: combatants[0].name", "must not be empty"),
    "a combatant's name with a word joiner": (
        _tom('name: "To\\u2060m"'),
        "6: combatants[0].name",
        "holds the invisible or control character U+2060",
    ),
    "an inline character's name of a zero-width joiner": (
        _inline('name: "\\u200d"'),
        "6: combatants[0].character.name",
        "holds the invisible or control character U+200D",
    ),
    # -- glyphs -----------------------------------------------------------------------------
    "a wide glyph": (
        _inline("glyph: 龍"),
        "6: combatants[0].character.glyph",
        "must take one cell of a terminal; U+9F8D takes two",
    ),
    "a combining glyph": (
        _inline('glyph: "\\u0301"'),
        "6: combatants[0].character.glyph",
        "must be a visible character, got U+0301",
    ),
    "a letter and its accent as a glyph": (
        _inline('glyph: "e\\u0301"'),
        "6: combatants[0].character.glyph",
        "must be one character, got 2",
    ),
    "a glyph of two letters": (
        _inline("glyph: TT"),
        "6: combatants[0].character.glyph",
        "must be one character, got 2",
    ),
    "an empty glyph": (
        _inline("glyph: ''"),
        "6: combatants[0].character.glyph",
        "must be one character, got 0",
    ),
    "a space as a glyph": (
        _inline("glyph: ' '"),
        "6: combatants[0].character.glyph",
        "must be a visible character, got U+0020",
    ),
    "a zero-width space as a glyph": (
        _inline('glyph: "\\u200b"'),
        "6: combatants[0].character.glyph",
        "must be a visible character, got U+200B",
    ),
    # -- lists that name a thing twice ------------------------------------------------------
    "a weapon twice": (
        _tom("weapons: [klaive, klaive]"),
        "6: combatants[0].weapons",
        "lists 'klaive' twice (again at [1]): name each once",
    ),
    "a maneuver twice": (
        _tom("maneuvers: [punch, kick, punch]"),
        "6: combatants[0].maneuvers",
        "lists 'punch' twice (again at [2]): name each once",
    ),
    "a Sorcerer weapon twice": (
        _rook("weapons: [fists, fists]"),
        "6: combatants[0].weapons",
        "lists 'fists' twice (again at [1]): name each once",
    ),
    "an inline sheet's maneuver twice": (
        _inline("maneuvers: [punch, punch]"),
        "6: combatants[0].character.maneuvers",
        "lists 'punch' twice (again at [1]): name each once",
    ),
    # -- ranges: the bound said is the real one ---------------------------------------------
    "a binding out of its range": (
        _rook("overrides: {binding: 200}"),
        "6: combatants[0].overrides.binding",
        "must be -10 to 10, got 200",
    ),
}


@pytest.mark.parametrize("case", list(CASES), ids=list(CASES))
def test_run_and_validate_refuse_alike_before_the_fight(
    case: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    text, where, message = CASES[case]
    path = tmp_path / "bad.yaml"
    path.write_text(text, encoding="utf-8")
    checked = run(["validate", str(path)], capsys)
    ran = run(["run", str(path), "--save", str(tmp_path / "save.yaml")], capsys)
    assert (checked[0], checked[1], ran[0], ran[1]) == (2, "", 2, "")
    assert checked[2].startswith(f"{path}:{where}: {message}"), checked[2]
    assert ran[2] == f"arena: {checked[2]}"  # the same problems, the same words
    assert sorted(p.name for p in tmp_path.iterdir()) == ["bad.yaml"]  # no save written


def test_validate_checks_everything_run_checks(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Structurally: the checks run loads a scenario with are validate's, which adds only the
    # script keys no moment of a fight could take (run plays on to that moment).
    path = tmp_path / "fight.yaml"
    path.write_text(SCENARIO, encoding="utf-8")
    given: list[object] = []
    real = common.load_scenario

    def spy(file: Path, catalog: object, checks: object = ()) -> object:
        given.append(checks)
        return real(file, catalog, checks)

    monkeypatch.setattr(common, "load_scenario", spy)
    common.scenario(str(path), common.catalog())
    assert given == [ENGINE_CHECKS]
    assert (*ENGINE_CHECKS, *SCRIPT_CHECKS) == validate.SCENARIO_CHECKS
    assert set(ENGINE_CHECKS) <= set(validate.CONTENT_CHECKS)


# -- content files: characters, demons, gauntlet groups -----------------------------------------


@pytest.fixture
def tree(tmp_path: Path) -> Path:
    """A copy of the shipped content, to damage."""
    root = tmp_path / "content"
    shutil.copytree(default_content_root(), root)
    return root


@pytest.mark.parametrize(
    ("file", "old", "new", "key", "message"),
    [
        (
            "werewolf/characters.yaml",
            "    name: Tom\n",
            "    name: '\u2029'\n",
            "characters.tom.name",
            "must be one line: remove the line or paragraph break U+2029",
        ),
        (
            "werewolf/characters.yaml",
            "    glyph: T\n",
            "    glyph: 狼\n",
            "characters.tom.glyph",
            "must take one cell of a terminal; U+72FC takes two",
        ),
        (
            "sorcerer/characters.yaml",
            "    name: Scratch\n",
            "    name: " + "S" * 41 + "\n",
            "characters.scratch.name",
            "holds at most 40 characters, got 41",
        ),
        (
            "sorcerer/characters.yaml",
            "    glyph: d\n",
            "    glyph: ''\n",
            "characters.scratch.glyph",
            "must be one character, got 0",
        ),
        (
            "gauntlet/sorcerer.yaml",
            "    name: A bruiser\n",
            "    name: ' '\n",
            "sorcerer.lone-bruiser.name",
            "must not be empty or blank",
        ),
    ],
    ids=[
        "a name breaking its paragraph",
        "a wide glyph",
        "a long demon",
        "no glyph",
        "a blank group",
    ],
)
def test_content_names_and_glyphs_are_refused_by_validate_and_run(
    tree: Path,
    file: str,
    old: str,
    new: str,
    key: str,
    message: str,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    path = tree / file
    text = path.read_text(encoding="utf-8")
    assert text.count(old) == 1
    path.write_text(text.replace(old, new), encoding="utf-8")
    line = text[: text.index(old)].count("\n") + 1
    checked = run(["validate", str(tree)], capsys)
    assert (checked[0], checked[1]) == (2, "")
    assert checked[2] == f"content/{file}:{line}: {key}: {message}\n"
    monkeypatch.setenv("ARENA_CONTENT", str(tree))
    monkeypatch.setenv("ARENA_SAVES", str(tree.parent / "saves"))
    runs = [["run", "werewolf-duel"], ["gauntlet", "--auto", "ai:garou", "--fights", "1", "-q"]]
    for argv in runs:
        status, out, err = run(argv, capsys)
        assert (status, out) == (2, ""), argv
        assert f":{line}: {key}: {message}" in err, argv


# -- a policy of the other ruleset, wherever one is named ---------------------------------------


def test_the_gauntlet_refuses_a_policy_of_the_other_ruleset(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("ARENA_SAVES", str(tmp_path))
    argv = ["gauntlet", "--auto", "ai:garou", "--ruleset", "sorcerer", "--fights", "1", "-q"]
    status, out, err = run(argv, capsys)
    assert (status, out) == (2, "")
    assert err.startswith("arena: --auto: 'ai:garou' plays werewolf only; sorcerer policies: ")
    assert list(tmp_path.iterdir()) == []


def test_a_gauntlet_group_of_a_policy_of_the_other_ruleset_is_refused(
    tree: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tree / "gauntlet" / "sorcerer.yaml"
    text = path.read_text(encoding="utf-8")
    old = "foes: [{template: bruiser, policy: thug}]"
    path.write_text(text.replace(old, "foes: [{template: bruiser, policy: garou}]"))
    line = text[: text.index(old)].count("\n") + 1
    status, _, err = run(["validate", str(tree)], capsys)
    assert status == 2
    assert err.startswith(
        f"content/gauntlet/sorcerer.yaml:{line}: sorcerer.lone-bruiser.foes[0].policy: "
        "'ai:garou' plays werewolf only; sorcerer policies: "
    )


def test_a_fight_built_in_code_refuses_a_policy_of_the_other_ruleset() -> None:
    import dataclasses

    from arena.cli.common import catalog
    from arena.engine import Fight

    cat = catalog()
    duel = cat.scenarios["werewolf-duel"]
    tom = dataclasses.replace(duel.combatants[0], controller="ai:sorcerer")
    scenario = dataclasses.replace(duel, combatants=(tom, *duel.combatants[1:]))
    with pytest.raises(ValueError, match="'ai:sorcerer' plays sorcerer only"):
        Fight(scenario, cat)


# -- serve and play --------------------------------------------------------------------------


@pytest.mark.parametrize("host", ["::ffff:0.0.0.0", "::ffff:0:0", "::ffff:127.0.0.1"])
def test_serve_refuses_an_ipv4_address_written_as_ipv6(
    host: str, capsys: pytest.CaptureFixture[str]
) -> None:
    pytest.importorskip("textual_serve")
    status, out, err = run(["serve", "--host", host, "--port", "8000"], capsys)
    assert (status, out) == (2, "")
    ipv4 = "127.0.0.1" if host.endswith("127.0.0.1") else "0.0.0.0"  # noqa: S104
    assert err == (
        f"arena: --host: {host} is the IPv4 address {ipv4} written as IPv6, which this server "
        f"cannot listen on; give --host {ipv4}\n"
    )


@pytest.mark.parametrize(
    ("host", "shown", "warned"),
    [
        ("::1", "http://[::1]:8123", False),
        ("::", "http://[::]:8123", True),
        ("0:0::0", "http://[0:0::0]:8123", True),
        ("0.0.0.0", "http://0.0.0.0:8123", True),  # noqa: S104
        ("127.0.0.1", "http://127.0.0.1:8123", False),
    ],
)
def test_serve_writes_an_ipv6_address_in_brackets_and_warns_off_loopback(
    host: str,
    shown: str,
    warned: bool,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    pytest.importorskip("textual_serve")
    import textual_serve.server

    served: dict[str, object] = {}

    class Server:  # as textual-serve's, without listening
        def __init__(self, command: str, **options: object) -> None:
            served.update(options)

        def serve(self) -> None:
            served["served"] = True

    monkeypatch.setattr(textual_serve.server, "Server", Server)
    monkeypatch.setattr("arena.cli.serve.check_free", lambda *args: None)
    status, _, err = run(["serve", "--host", host, "--port", "8123"], capsys)
    assert (status, served["public_url"], served["served"]) == (0, shown, True)
    assert ("warning: serving on" in err) == warned


def test_serve_says_a_failure_to_listen_as_bad_input(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    pytest.importorskip("textual_serve")
    import errno

    import textual_serve.server

    class Server:  # its own bind refused after the check passed, as ::ffff:0.0.0.0 was
        def __init__(self, command: str, **options: object) -> None:
            pass

        def serve(self) -> None:
            raise OSError(errno.EINVAL, "Invalid argument")

    monkeypatch.setattr(textual_serve.server, "Server", Server)
    status, out, err = run(["serve", "--port", "8124"], capsys)
    assert (status, out) == (2, "")
    assert err == "arena: --host: cannot listen on 127.0.0.1 port 8124: Invalid argument\n"


TWO = "'werewolf-duel', 'werewolf-vilna'"


@pytest.mark.parametrize(
    ("argv", "named"),
    [
        (
            ["play", "--plain", "werewolf-duel", "werewolf-vilna"],
            "'werewolf-duel', 'werewolf-vilna'",
        ),
        # The --scenario one was played, the other dropped without a word.
        (
            ["play", "--plain", "werewolf-duel", "--scenario", "werewolf-vilna"],
            TWO,
        ),
        (["play", "a.yaml", "b.yaml", "c.yaml"], "'a.yaml', 'b.yaml', 'c.yaml'"),
        (["serve", "play", "werewolf-duel", "werewolf-vilna"], TWO),
    ],
)
def test_play_takes_one_scenario(
    argv: list[str], named: str, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out, err = run(argv, capsys, stdin="1\n")
    count = named.count(",") + 1
    assert (status, out, err) == (2, "", f"arena: play takes one scenario, got {count}: {named}\n")


def test_a_new_fight_numbers_a_long_name_within_the_most_a_name_holds(tree: Path) -> None:
    # "Name 2" of a 40-character name was 42: the new fight's own check refused it.
    from arena.content.loader import load_catalog
    from arena.engine.setup.build import FightSpec, build_scenario

    path = tree / "sorcerer" / "characters.yaml"
    long = "B" * 39 + "r"
    path.write_text(path.read_text().replace("    name: Bruiser\n", f"    name: {long}\n"))
    catalog = load_catalog(tree)
    scenario = build_scenario(catalog, FightSpec("sorcerer", "rook", (("bruiser", 2),), "pit"))
    names = [c.name for c in scenario.combatants if c.template == "bruiser"]
    assert names == ["B" * 38 + " 1", "B" * 38 + " 2"]
