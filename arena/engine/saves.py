"""Save a fight at any decision and load it back by replaying its commands."""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from arena import __version__
from arena.content.bounds import RIGGED_MAX, SEED_MAX
from arena.content.dump import scenario_to_yaml
from arena.content.errors import ContentError, escape_name, format_key_path, quote
from arena.content.loader import Catalog, load_scenario_text
from arena.content.said_once import option_refusal, preset_refusal
from arena.content.saves import DIGEST_KEY, KeyPath, check_digest, read_save, write_yaml_atomic
from arena.content.scenario import ScenarioDef
from arena.content.versions import newer_note
from arena.engine.fight import Fight
from arena.engine.loop import replay
from arena.engine.rulesets import parse_options
from arena.engine.scripts import legal_keys
from arena.rules.commands import (
    Command,
    CommandFieldError,
    IllegalCommand,
    command_from_mapping,
    command_to_mapping,
)
from arena.words.core import render

SAVE_FORMAT = 3
"""Format 2 hashed numbers only and ended with the hash of the moment it was saved; format 3
hashes what each Werewolf blow's 10s do as well, so a format 2 Werewolf save no longer matches."""
KEYS = (
    "format",
    "arena_version",
    "content_digest",
    "scenario",
    "options",
    "preset",
    "seed",
    "rigged",
    "commands",
    "reasons",
    "round_hashes",
    "final_hash",
    DIGEST_KEY,  # written and checked by arena.content.saves: the seal over all of the above
)
_HASH = re.compile(r"[0-9a-f]{64}")


class SaveError(Exception):
    """A save that cannot be loaded: corrupt, truncated, edited or incompatible."""


@dataclass(frozen=True)
class _Source:
    """The save being loaded, as its messages name it: the file, and the line of each value."""

    name: str
    """The file's name, escaped: a line break in it cannot split a message."""
    lines: Mapping[KeyPath, int]

    def at(self, *key: str | int) -> str:
        """``file:line`` of a value, or of the nearest key above it (the first line if none)."""
        for end in range(len(key), 0, -1):
            line = self.lines.get(key[:end])
            if line is not None:
                return f"{self.name}:{line}"
        return f"{self.name}:1"


class ReplayDiverged(SaveError):
    """Replaying a save did not reproduce a round's recorded state."""


def save_fight(fight: Fight, path: Path) -> None:
    """Write the fight as YAML data, atomically: a crash never leaves half a save.

    Raises:
        ValueError: the fight took no round hashes (``hashes=False``), so it cannot be saved.
    """
    if not fight.hashes:
        raise ValueError("a fight played without round hashes cannot be saved")
    data: dict[str, Any] = {
        "format": SAVE_FORMAT,
        "arena_version": __version__,
        "content_digest": fight.catalog.digest,
        "scenario": scenario_to_yaml(fight.scenario),
        "options": dict(fight.option_values),
        "preset": fight.preset,
        "seed": fight.seed,
        "rigged": list(fight.rigged),
        "commands": [command_to_mapping(c) for c in fight.commands],
        "reasons": [render(r) for r in fight.reasons],
        "round_hashes": list(fight.round_hashes),
        "final_hash": fight.moment_hash(),
    }
    write_yaml_atomic(path, data)


def load_save(path: Path, catalog: Catalog, notes: list[str] | None = None) -> Fight:
    """Rebuild a saved fight by replaying its commands, checking every hash it recorded.

    Args:
        path: the save.
        catalog: the content it must have been made on.
        notes: if given, a line is added for what a person should know though the save
            loads: it was made by a newer arena of the same format (``file:line:
            arena_version: ...``). The fight carries that line as `Fight.newer_arena_note`
            too, for a caller with no list to pass.

    Raises:
        SaveError: the file is not a save this version can load, or does not replay.
        ReplayDiverged: a round's state differs from the one recorded.
    """
    try:
        data, lines = read_save(path)
    except ContentError as err:
        raise SaveError(str(err)) from None
    except OSError as err:
        raise SaveError(f"{escape_name(str(path))}: cannot read the save: {err.strerror}") from None
    # Past the reading, the path is only named: escaped, a line break in it cannot split a message.
    source = _Source(escape_name(str(path)), lines)
    _check_format(source, data)
    missing = [k for k in KEYS if k not in data]
    extra = sorted(set(data) - set(KEYS))
    if missing or extra:
        what = f"missing {', '.join(missing)}" if missing else f"unknown {', '.join(extra)}"
        where = source.at() if missing else source.at(extra[0])
        raise SaveError(f"{where}: not an arena save ({what})")
    for key in ("arena_version", "content_digest"):
        if not isinstance(data[key], str):
            raise SaveError(f"{source.at(key)}: {key}: expected text, got {quote(data[key])}")
    if data["content_digest"] != catalog.digest:
        raise SaveError(
            f"{source.at('content_digest')}: content_digest: the content has changed since "
            f"this save was made (save {str(data['content_digest'])[:12]}, "
            f"content {catalog.digest[:12]})"
        )
    fight = _rebuild(source, data, catalog)
    _replay(source, fight, data)
    _seal_matches(Path(source.name), data)
    newer = _newer(source, data)
    fight.newer_arena_note = newer[0] if newer else None  # what a screen shows of it
    if notes is not None:
        notes += newer
    return fight


def newer_arena_notes(path: Path) -> list[str]:
    """The note `load_save` gives on a save a newer arena made, for a save loaded elsewhere.

    Nothing for a save that cannot be read: its loading says why.
    """
    try:
        data, lines = read_save(path)
    except (ContentError, OSError):
        return []
    return _newer(_Source(escape_name(str(path)), lines), data)


def _newer(source: _Source, data: dict[str, Any]) -> list[str]:
    note = newer_note(data.get("arena_version"), f"format {data.get('format')}")
    return [] if note is None else [f"{source.at('arena_version')}: arena_version: {note}"]


def _seal_matches(path: Path, data: dict[str, Any]) -> None:
    """Any edit the replay did not notice (a reason, an unused rigged face) breaks the digest."""
    try:
        check_digest(path, data)
    except ContentError as err:
        raise SaveError(str(err)) from None


def _check_format(source: _Source, data: dict[str, Any]) -> None:
    """The save's format is this arena's; an older or newer one is named, never replayed."""
    path = source.name
    if "format" not in data and {"combatants", "ruleset"} <= set(data):
        raise SaveError(f"{path}: a scenario, not a saved fight: arena run plays it")
    if "format" not in data:
        raise SaveError(f"{source.at()}: not an arena save (missing format)")
    number = data["format"]
    at = source.at("format")
    if type(number) is not int:  # True and 1.0 are not formats
        raise SaveError(f"{at}: format: expected a whole number, got {number!r}")
    if number < SAVE_FORMAT:
        raise SaveError(
            f"{at}: made by an older arena, format {number}; "
            f"this arena reads format {SAVE_FORMAT} only"
        )
    if number > SAVE_FORMAT:
        raise SaveError(
            f"{at}: made by a newer arena, format {number}; "
            f"this arena reads format {SAVE_FORMAT} only"
        )


def _rebuild(source: _Source, data: dict[str, Any], catalog: Catalog) -> Fight:
    if not isinstance(data["scenario"], str):
        raise SaveError(f"{source.at('scenario')}: scenario: expected the scenario as YAML text")
    _check_start(source, data)
    try:
        # Its messages name it as the save's scenario, by the lines of its own text.
        scenario = load_scenario_text(data["scenario"], f"{source.name} (scenario)", catalog)
        _check_options(source, data, scenario)
        return Fight(
            scenario,
            catalog,
            seed=data["seed"],
            rigged=data["rigged"],
            options=data["options"],
            preset=data["preset"],
        )
    except ContentError as err:
        raise SaveError(str(err)) from None  # each line names the save already
    except (ValueError, TypeError) as err:
        # The options and preset are what the fight refused: the scenario was read above.
        raise SaveError(f"{source.at('options')}: {err}") from None


def _check_options(source: _Source, data: dict[str, Any], scenario: ScenarioDef) -> None:
    """The preset, then each option alone, as the fight parses them: each blamed on its line.

    ``options: {preset: zz}`` is blamed on the ``preset:`` line, not on ``options:``.

    What only the options together break is left to the fight, blamed on ``options:``.
    """
    preset = scenario.preset if data["preset"] is None else data["preset"]
    try:
        parse_options(scenario.ruleset, preset, scenario.options)
    except ValueError as err:
        where = source.at("preset") if data["preset"] is not None else source.at("options")
        raise SaveError(f"{where}: preset: {preset_refusal(err, preset)}") from None
    for name, value in data["options"].items():
        try:
            parse_options(scenario.ruleset, preset, {**scenario.options, name: value})
        except ValueError as err:
            said = option_refusal(err, name)
            raise SaveError(f"{source.at('options', name)}: options.{name}: {said}") from None


def _check_start(source: _Source, data: dict[str, Any]) -> None:
    """The seed, dice and options within what a command line or a scenario may give."""
    at = source.at
    seed, rigged, options = data["seed"], data["rigged"], data["options"]
    if type(seed) is not int or not 0 <= seed <= SEED_MAX:  # 7.0 and True are not seeds
        raise SaveError(
            f"{at('seed')}: seed: expected a whole number from 0 to {SEED_MAX:,}, got {quote(seed)}"
        )
    if not isinstance(rigged, list) or len(rigged) > RIGGED_MAX:
        raise SaveError(
            f"{at('rigged')}: rigged: expected a list of at most {RIGGED_MAX:,} d10 faces"
        )
    for index, face in enumerate(rigged):
        if type(face) is not int or not 1 <= face <= 10:
            raise SaveError(
                f"{at('rigged', index)}: rigged[{index}]: expected a d10 face 1-10, "
                f"got {quote(face)}"
            )
    if not isinstance(options, dict) or not all(isinstance(k, str) for k in options):
        raise SaveError(f"{at('options')}: options: expected a mapping of option names to values")
    for name, value in options.items():
        if type(value) not in (str, int, bool):
            raise SaveError(
                f"{at('options', name)}: options.{name}: expected text, a whole number or "
                f"true or false, got {quote(value)}"
            )
    if data["preset"] is not None and not isinstance(data["preset"], str):
        raise SaveError(
            f"{at('preset')}: preset: expected a preset's name, got {quote(data['preset'])}"
        )


def _replay(source: _Source, fight: Fight, data: dict[str, Any]) -> None:
    at = source.at
    commands, reasons, hashes = data["commands"], data["reasons"], data["round_hashes"]
    for key in ("commands", "reasons", "round_hashes"):
        if not isinstance(data[key], list):
            raise SaveError(f"{at(key)}: {key}: expected a list, got {quote(data[key])}")
    if len(reasons) != len(commands):
        raise SaveError(
            f"{at('reasons')}: reasons: one line of text per command expected, "
            f"got {len(reasons)} for {len(commands)}"
        )
    for index, reason in enumerate(reasons):
        if not isinstance(reason, str):
            raise SaveError(
                f"{at('reasons', index)}: reasons[{index}]: expected a line of text, "
                f"got {quote(reason)}"
            )
    hashed = [*((("round_hashes", i), h) for i, h in enumerate(hashes))]
    for where, value in [*hashed, (("final_hash",), data["final_hash"])]:
        if not isinstance(value, str) or not _HASH.fullmatch(value):
            key = format_key_path(where)
            raise SaveError(f"{at(*where)}: {key}: expected a SHA-256 hash (64 hex digits)")
    fight.start()
    _check_hashes(source, fight, hashes)

    def given() -> Iterator[tuple[Command, str]]:
        # Each entry is read just before it is applied, so the first bad one is named.
        for index, (entry, reason) in enumerate(zip(commands, reasons, strict=True)):
            if not isinstance(entry, dict):
                raise SaveError(
                    f"{at('commands', index)}: commands[{index}]: expected a mapping, "
                    f"got {quote(entry)}"
                )
            try:
                command = command_from_mapping(entry)
            except CommandFieldError as err:
                raise SaveError(
                    f"{at('commands', index, err.key)}: commands[{index}].{err.key}: {err}"
                ) from None
            except (ValueError, TypeError) as err:
                raise SaveError(
                    f"{at('commands', index)}: commands[{index}]: {_one_line(err)}"
                ) from None
            yield command, reason

    try:
        replay(fight, given(), told=lambda _: _check_hashes(source, fight, hashes))
    except IllegalCommand:
        index = len(fight.commands)  # the command refused: those before it were applied
        command = command_from_mapping(commands[index])  # read once already: it parses
        raise SaveError(
            f"{at('commands', index)}: commands[{index}]: {illegal_here(fight, command)}"
        ) from None
    except (ValueError, TypeError) as err:
        index = len(fight.commands)
        raise SaveError(f"{at('commands', index)}: commands[{index}]: {_one_line(err)}") from None
    if len(fight.round_hashes) != len(hashes):
        raise SaveError(
            f"{at('round_hashes')}: round_hashes: {len(hashes)} recorded, but the commands "
            f"play {len(fight.round_hashes)} rounds"
        )
    if fight.moment_hash() != data["final_hash"]:
        raise ReplayDiverged(
            f"{at('final_hash')}: final_hash: replay diverged after the last round "
            f"(the saved moment differs from the one the commands reach)"
        )


def illegal_here(fight: Fight, command: Command) -> str:
    """Why a logged command was refused, on one line: it in words and the legal choices then."""
    what = command_in_words(command)
    pending = fight.pending()
    if not pending:
        return f"{what} is not legal: the fight is over, nothing is asked"
    legal = "; ".join(f"{d.actor} ({d.prompt}): {legal_keys(d)}" for d in pending)
    return f"{what} is not legal at that point; legal choices: {legal}"


def command_in_words(command: Command) -> str:
    """A command as a person reads it, e.g. ``tom's attack (target vilna, means punch)``."""
    fields = command_to_mapping(command)
    rest = [
        f"{name} {_value_words(value)}"
        for name, value in fields.items()
        if name not in ("kind", "actor")
    ]
    kind = str(fields["kind"]).replace("_", " ")
    return f"{command.actor}'s {kind}" + (f" ({', '.join(rest)})" if rest else "")


def _value_words(value: Any) -> str:
    """A command field's value plainly: a cell as ``5,3``, a list's items comma-separated."""
    if isinstance(value, list | tuple):
        return ",".join(_value_words(v) for v in value)
    if isinstance(value, dict):
        return ", ".join(f"{k} {_value_words(v)}" for k, v in value.items())
    return str(value)


def _one_line(err: Exception) -> str:
    """An error's message on one line: the legal choices come a decision a line."""
    first, *rest = str(err).splitlines() or [""]
    return " ".join([first, "; ".join(line.strip() for line in rest)]).strip()


def _check_hashes(source: _Source, fight: Fight, hashes: list[Any]) -> None:
    """Each round hash the replay has reached matches the save; the first that differs is named."""
    for number, (got, want) in enumerate(zip(fight.round_hashes, hashes, strict=False), 1):
        if got != want:
            raise ReplayDiverged(
                f"{source.at('round_hashes', number - 1)}: round_hashes[{number - 1}]: "
                f"replay diverged at round {number}"
            )
    if len(fight.round_hashes) > len(hashes):
        raise SaveError(
            f"{source.at('round_hashes')}: round_hashes: {len(hashes)} recorded, but the "
            f"commands play more rounds"
        )
