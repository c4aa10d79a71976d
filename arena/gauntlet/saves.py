"""Saving a run between fights and continuing it; a finished run's save cannot be resumed."""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import MISSING
from pathlib import Path
from typing import Any

from arena import __version__
from arena.ai.levels import UnknownLevel, rung
from arena.content.bounds import ROUNDS_MAX, SEED_MAX
from arena.content.errors import escape_name, quote
from arena.content.files import write_text_atomic
from arena.content.loader import Catalog
from arena.content.saves import KeyPath
from arena.content.versions import newer_note
from arena.gauntlet.carried import Carried
from arena.gauntlet.errors import GauntletError
from arena.gauntlet.exact import (
    SavedValueError,
    read_flag,
    read_key,
    read_text,
    read_texts,
    read_whole,
)
from arena.gauntlet.jsonfile import line_of_key, read_json_lines
from arena.gauntlet.record import FightRecord, Luck
from arena.gauntlet.run import MAPS_MODES, MapsMode, RunState, Underway, resume_fight
from arena.gauntlet.save_checks import FORMAT, check_belongs, check_format, check_seal, seal
from arena.rules.commands import CommandFieldError, command_from_mapping, command_to_mapping

LEVELS_MOST = 1_000
"""The most damage, or the largest pool or binding strength, a save may carry."""
LUCK_MOST = 1_000_000_000
"""The most rolls, or successes, a fight's luck may count."""


def run_to_data(state: RunState, digest: str) -> dict[str, Any]:
    """A run as plain data (JSON-ready), with the content digest it was played on, sealed."""
    c = state.carried
    return seal(
        {
            "format": FORMAT,
            "arena_version": __version__,
            "content_digest": digest,
            "ruleset": state.ruleset,
            "character": state.character,
            "seed": state.seed,
            "policy": state.policy,
            "hospital": state.hospital,
            "end": state.end,
            "carried": {
                "bashing": c.bashing,
                "lethal": c.lethal,
                "aggravated": c.aggravated,
                "lasting": c.lasting,
                "pools": [list(p) for p in c.pools],
                "binding": c.binding,
                "demon_lasting": c.demon_lasting,
                "demon_gone": c.demon_gone,
            },
            "records": [_record(r) for r in state.records],
            "underway": _underway(state.underway),
            # Written only when generated: a drawn run's save is as it always was.
            **({"maps": state.maps} if state.maps != "drawn" else {}),
            # Written only when set: a run at its groups' own levels saves as it always did.
            **({"level": state.level} if state.level else {}),
        }
    )


_KEYS = frozenset(
    {
        *("format", "arena_version", "content_digest", "ruleset", "character", "seed"),
        *("policy", "hospital", "end", "carried", "records", "underway", "maps", "level"),
        "digest",
    }
)
"""Every key `run_to_data` writes: any other was put there by hand, and is refused."""
_UNDERWAY_KEYS = frozenset({"group", "commands", "reasons", "moment"})


def _unknown(data: Mapping[str, Any], known: frozenset[str], where: str, what: str) -> None:
    """Refuse a key that arena never writes, the first in order, at its line.

    Raises:
        ValueError: naming the key.
    """
    unknown = sorted(set(data) - known)
    if unknown:
        raise SavedValueError(f"{where}{unknown[0]}", f"not a key of {what}")


def _underway(u: Underway | None) -> dict[str, Any] | None:
    if u is None:
        return None
    return {
        "group": u.group,
        "commands": [command_to_mapping(c) for c in u.commands],
        "reasons": list(u.reasons),
        "moment": u.moment,
    }


def _carried_from(c: Any) -> Carried:
    """What the character carries, every number checked: the next fight is built from them.

    Raises:
        ValueError: the data is not what a character carries; the key is named.
    """
    unknown = sorted(set(c) - set(Carried.__dataclass_fields__)) if isinstance(c, dict) else []
    if unknown:
        raise SavedValueError(f"carried.{unknown[0]}", "not a field of what is carried")
    damage = {
        key: read_whole(read_key(c, key, "carried"), f"carried.{key}", 0, LEVELS_MOST)
        for key in ("bashing", "lethal", "aggravated", "lasting", "demon_lasting")
    }
    pools = read_key(c, "pools", "carried")
    if not isinstance(pools, list):
        raise SavedValueError("carried.pools", f"a list expected, not {type(pools).__name__}")
    binding = read_key(c, "binding", "carried")
    if binding is not None:
        binding = read_whole(binding, "carried.binding", -LEVELS_MOST, LEVELS_MOST)
    return Carried(
        damage["bashing"],
        damage["lethal"],
        damage["aggravated"],
        damage["lasting"],
        tuple(_pool_from(p, f"carried.pools[{i}]") for i, p in enumerate(pools)),
        binding,
        damage["demon_lasting"],
        read_flag(read_key(c, "demon_gone", "carried"), "carried.demon_gone"),
    )


def _pool_from(pool: Any, key: str) -> tuple[str, int, int]:
    """One pool as saved: ``[name, now, most]``.

    Raises:
        ValueError: it is not; the key is named.
    """
    if not isinstance(pool, list) or len(pool) != 3:
        raise SavedValueError(key, f"[name, now, most] expected, got {pool!r:.40}")
    name = read_text(pool[0], f"{key}[0]")
    numbers = f"carried.pools.{name}"  # named as the player knows it
    most = read_whole(pool[2], numbers, 0, LEVELS_MOST)
    # A pool is never fuller than its most: Rage 1000 of 5 would be played as Rage 998 of 5.
    return name, read_whole(pool[1], numbers, 0, most), most


def _underway_from(data: Any) -> Underway | None:
    """The fight under way from its saved data (a save from before fights were kept: none).

    Raises:
        ValueError: the data is not a fight under way; the key is named.
    """
    if data is None:
        return None
    if isinstance(data, dict):
        _unknown(data, _UNDERWAY_KEYS, "underway.", "a fight under way")
    entries = read_key(data, "commands", "underway")
    if not isinstance(entries, list):
        raise SavedValueError("underway.commands", f"a list expected, not {type(entries).__name__}")
    commands = []
    for index, entry in enumerate(entries):
        key = f"underway.commands[{index}]"
        if not isinstance(entry, dict):
            raise SavedValueError(key, f"a mapping expected, not {type(entry).__name__}")
        try:
            commands.append(command_from_mapping(entry))
        except CommandFieldError as err:
            raise SavedValueError(f"{key}.{err.key}", str(err)) from None
        except ValueError as err:
            raise SavedValueError(key, str(err)) from None
    reasons = read_texts(read_key(data, "reasons", "underway"), "underway.reasons")
    if len(reasons) != len(commands):
        raise SavedValueError("underway.reasons", "one reason per command expected")
    return Underway(
        read_text(read_key(data, "group", "underway"), "underway.group"),
        tuple(commands),
        reasons,
        read_text(read_key(data, "moment", "underway"), "underway.moment"),
    )


def _record(r: FightRecord) -> dict[str, Any]:
    data = {name: getattr(r, name) for name in FightRecord.__dataclass_fields__}
    data["opponents"] = list(r.opponents)
    data["decisive"] = list(r.decisive)
    data["luck"] = {"rolls": r.luck.rolls, "expected": r.luck.expected, "actual": r.luck.actual}
    return data


def _record_from(r: Any, key: str) -> FightRecord:
    """One fight of the run, every field checked: the offers and the morgue read them.

    Raises:
        ValueError: a field is missing, unknown or not of its type; the key is named.
    """
    fields = FightRecord.__dataclass_fields__
    if not isinstance(r, dict):
        raise SavedValueError(key, f"a mapping expected, not {type(r).__name__}")
    unknown = sorted(set(r) - set(fields))
    if unknown:
        raise SavedValueError(f"{key}.{unknown[0]}", "not a field of a fight's record")
    values = {name: read_key(r, name, key) for name in fields if name in r or name in _REQUIRED}
    for name in _TEXTS & set(values):
        values[name] = read_text(values[name], f"{key}.{name}")
    for name in ("opponents", "decisive"):
        if name in values:
            values[name] = read_texts(values[name], f"{key}.{name}")
    values["number"] = read_whole(values["number"], f"{key}.number", 1, LEVELS_MOST)
    values["seed"] = read_whole(values["seed"], f"{key}.seed", 0, SEED_MAX)
    values["rounds"] = read_whole(values["rounds"], f"{key}.rounds", 0, ROUNDS_MAX)
    if "taken" in values:
        values["taken"] = read_whole(values["taken"], f"{key}.taken", 0, LEVELS_MOST)
    if "luck" in values:
        values["luck"] = _luck_from(values["luck"], f"{key}.luck")
    return FightRecord(**values)


_REQUIRED = frozenset(
    name for name, f in FightRecord.__dataclass_fields__.items() if f.default is MISSING
)
_TEXTS = frozenset(
    {"group", "name", "map", "winner", "status", "before", "after_fight", "after_rest", "severity"}
)


def _luck_from(data: Any, key: str) -> Luck:
    """A fight's dice luck as saved: whole counts and a finite expectation.

    Raises:
        ValueError: it is not; the key is named.
    """
    expected = read_key(data, "expected", key)
    if isinstance(expected, bool) or not isinstance(expected, int | float):
        raise SavedValueError(
            f"{key}.expected", f"a number expected, not {type(expected).__name__}"
        )
    if not 0 <= expected <= LUCK_MOST:  # NaN fails too
        raise SavedValueError(f"{key}.expected", f"{expected} is not from 0 to {LUCK_MOST}")
    if set(data) != {"rolls", "expected", "actual"}:
        raise SavedValueError(key, f"rolls, expected and actual expected, got {', '.join(data)}")
    return Luck(
        read_whole(data["rolls"], f"{key}.rolls", 0, LUCK_MOST),
        float(expected),
        read_whole(data["actual"], f"{key}.actual", 0, LUCK_MOST),
    )


def run_from_data(
    data: Any,
    catalog: Catalog,
    shown: str,
    lines: Mapping[KeyPath, int] | None = None,
    notes: list[str] | None = None,
) -> RunState:
    """A run from its saved data, checked as far as a run can be before it goes on.

    The checks that name what is wrong come first, the digest last: an edit they miss (or
    a file damaged) is still refused, as a saved fight's is after its replay. Given
    ``notes``, a line is added when the run loads though a newer arena saved it (the same
    format); a save from before ``arena_version`` was written says nothing.

    Raises:
        GauntletError: not a run save, of another format, saved on other content,
            malformed, finished, not of its ruleset, with a fight under way that does not
            play back, or edited.
    """
    check_format(data, shown, lines)
    if data.get("content_digest") != catalog.digest:
        raise GauntletError(f"{shown}: saved on different content; it cannot be continued")
    lines = lines or {}
    damaged = f"{shown}: a damaged gauntlet save"
    try:
        state = _state_from(data)
        if state.over:
            raise GauntletError(f"{shown}: this run is over ({state.end}); it cannot be resumed")
        check_belongs(state, catalog)
        _plays_back(state, catalog, shown, lines)
        version = data.get("arena_version", "")
        read_text(version, "arena_version")
        check_seal(data)
    except SavedValueError as err:
        raise GauntletError(
            f"{_at(shown, lines, err.key)}: a damaged gauntlet save ({err})"
        ) from None
    except ValueError as err:
        raise GauntletError(f"{damaged} ({err})") from None
    note = newer_note(version, f"format {FORMAT}")
    if notes is not None and note is not None:
        notes.append(f"{_at(shown, lines, 'arena_version')}: arena_version: {note}")
    return state


def _at(shown: str, lines: Mapping[KeyPath, int], key: str) -> str:
    """``file:line`` of a key path, or the file alone where its line is not known."""
    line = line_of_key(lines, key)
    return shown if line is None else f"{shown}:{line}"


def _state_from(data: dict[str, Any]) -> RunState:
    """The run as saved, every value of its type.

    Raises:
        ValueError: a value is missing or not of its type; the key is named.
    """
    _unknown(data, _KEYS, "", "a gauntlet save")
    records = read_key(data, "records")
    if not isinstance(records, list):
        raise SavedValueError("records", f"a list expected, not {type(records).__name__}")
    return RunState(
        read_text(read_key(data, "ruleset"), "ruleset"),
        read_text(read_key(data, "character"), "character"),
        read_whole(read_key(data, "seed"), "seed", 0, SEED_MAX),
        read_text(read_key(data, "policy"), "policy"),
        _carried_from(read_key(data, "carried")),
        tuple(_record_from(r, f"records[{i}]") for i, r in enumerate(records)),
        read_flag(read_key(data, "hospital"), "hospital"),
        read_text(read_key(data, "end"), "end"),
        _underway_from(data.get("underway")),
        _maps_from(data.get("maps", "drawn")),
        _level_from(data.get("level", "")),
    )


def _maps_from(value: object) -> MapsMode:
    """``drawn`` (a save without the key) or ``generated``.

    Raises:
        ValueError: anything else; the key is named.
    """
    if value not in MAPS_MODES:
        raise SavedValueError("maps", f"expected drawn or generated, got {quote(value)}")
    return value  # type: ignore[return-value]


def _level_from(value: Any) -> str:
    """The saved level, empty when the run has none.

    Raises:
        ValueError: not a text, or no level has that name (the legal ones named).
    """
    text = read_text(value, "level")
    if text:
        try:
            rung(text)
        except UnknownLevel as err:
            raise SavedValueError("level", str(err)) from None
    return text


def _plays_back(
    state: RunState, catalog: Catalog, shown: str, lines: Mapping[KeyPath, int]
) -> None:
    """The fight under way plays back to where it was saved.

    Raises:
        GauntletError: it does not; the message in one line (with the legal choices of a
            move that is not legal), its brief without them.
    """
    if state.underway is None:
        return
    try:
        with resume_fight(state, catalog):
            pass
    except GauntletError as err:
        said = " ".join(line.strip() for line in str(err).splitlines())
        damaged = f"{_at(shown, lines, err.key or 'underway')}: a damaged gauntlet save"
        raise GauntletError(f"{damaged} ({said})", f"{damaged} ({err.brief})") from None


def save_run(state: RunState, digest: str, path: Path) -> None:
    """Write a run's save atomically (a finished run is saved closed: it will not load)."""
    text = json.dumps(run_to_data(state, digest), indent=1, sort_keys=True) + "\n"
    write_text_atomic(path, text)


def _saved_fight(text: str) -> str | None:
    """What a saved fight given for a run is, and what plays it on; None for anything else."""
    if text.startswith("format: "):  # what every saved fight begins with
        return "a saved fight, not a gauntlet run: arena run --resume plays it on"
    return None


def load_run(path: Path, catalog: Catalog, notes: list[str] | None = None) -> RunState:
    """Continue a run from its save, checked as `run_from_data` checks it (``notes`` too).

    Raises:
        GauntletError: unreadable, or refused by `run_from_data`; in one line naming the file.
    """
    data, lines = read_json_lines(path, "a gauntlet save", other=_saved_fight)
    return run_from_data(data, catalog, escape_name(str(path)), lines, notes)
