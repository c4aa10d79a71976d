"""Saving a run between fights and continuing it; a finished run's save cannot be resumed."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from arena.content.errors import ContentError, escape_name
from arena.content.files import read_file, write_text_atomic
from arena.content.yamlnodes import decode
from arena.gauntlet.carried import Carried
from arena.gauntlet.errors import GauntletError
from arena.gauntlet.record import FightRecord, Luck
from arena.gauntlet.run import RunState, Underway
from arena.rules.commands import command_from_mapping, command_to_mapping

FORMAT = "arena-gauntlet/1"
LEVELS_MOST = 1_000
"""The most damage, or the largest pool or binding strength, a save may carry."""
"""The save format's name and version."""


def run_to_data(state: RunState, digest: str) -> dict[str, Any]:
    """A run as plain data (JSON-ready), with the content digest it was played on."""
    c = state.carried
    return {
        "format": FORMAT,
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
    }


def _underway(u: Underway | None) -> dict[str, Any] | None:
    if u is None:
        return None
    return {
        "group": u.group,
        "commands": [command_to_mapping(c) for c in u.commands],
        "reasons": list(u.reasons),
        "moment": u.moment,
    }


def _whole(value: Any, key: str, low: int, high: int) -> int:
    """A whole number as saved, exactly: never a fraction, a string or true/false rounded.

    Raises:
        ValueError: it is not one, or lies outside ``low`` to ``high``; the key is named.
    """
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError(f"{key}: a whole number expected, not {type(value).__name__}")
    if not low <= value <= high:
        raise ValueError(f"{key}: {value} is not from {low} to {high}")
    return value


def _flag(value: Any, key: str) -> bool:
    """True or false as saved, exactly.

    Raises:
        ValueError: it is neither; the key is named.
    """
    if not isinstance(value, bool):
        raise ValueError(f"{key}: true or false expected, not {type(value).__name__}")
    return value


def _carried_from(c: Any) -> Carried:
    """What the character carries, every number checked: the next fight is built from them.

    Raises:
        KeyError, TypeError, ValueError: the data is not what a character carries.
    """
    damage = {
        key: _whole(c[key], f"carried.{key}", 0, LEVELS_MOST)
        for key in ("bashing", "lethal", "aggravated", "lasting", "demon_lasting")
    }
    pools = tuple(
        (
            str(n),
            _whole(a, f"carried.pools.{n}", 0, LEVELS_MOST),
            _whole(b, f"carried.pools.{n}", 0, LEVELS_MOST),
        )
        for n, a, b in c["pools"]
    )
    binding = c["binding"]
    if binding is not None:
        binding = _whole(binding, "carried.binding", -LEVELS_MOST, LEVELS_MOST)
    return Carried(
        damage["bashing"],
        damage["lethal"],
        damage["aggravated"],
        damage["lasting"],
        pools,
        binding,
        damage["demon_lasting"],
        _flag(c["demon_gone"], "carried.demon_gone"),
    )


def _underway_from(data: Any) -> Underway | None:
    """The fight under way from its saved data (a save from before fights were kept: none).

    Raises:
        KeyError, TypeError, ValueError: the data is not a fight under way.
    """
    if data is None:
        return None
    if not all(isinstance(c, dict) for c in data["commands"]):
        raise TypeError("underway: each command is a mapping")
    commands = tuple(command_from_mapping(c) for c in data["commands"])
    reasons = tuple(str(r) for r in data["reasons"])
    if len(reasons) != len(commands):
        raise ValueError("underway: one reason per command expected")
    return Underway(str(data["group"]), commands, reasons, str(data["moment"]))


def _record(r: FightRecord) -> dict[str, Any]:
    data = {name: getattr(r, name) for name in FightRecord.__dataclass_fields__}
    data["opponents"] = list(r.opponents)
    data["decisive"] = list(r.decisive)
    data["luck"] = {"rolls": r.luck.rolls, "expected": r.luck.expected, "actual": r.luck.actual}
    return data


def run_from_data(data: Any, digest: str, shown: str) -> RunState:
    """A run from its saved data.

    Raises:
        GauntletError: not a run save, saved on other content, malformed, or finished.
    """
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise GauntletError(f"{shown}: not a gauntlet save ({FORMAT})")
    if data.get("content_digest") != digest:
        raise GauntletError(f"{shown}: saved on different content; it cannot be continued")
    try:
        carried = _carried_from(data["carried"])
        records = tuple(
            FightRecord(
                **{
                    **r,
                    "opponents": tuple(r["opponents"]),
                    "decisive": tuple(r["decisive"]),
                    "luck": Luck(**r["luck"]),
                }
            )
            for r in data["records"]
        )
        state = RunState(
            str(data["ruleset"]),
            str(data["character"]),
            _whole(data["seed"], "seed", 0, 2**64 - 1),
            str(data["policy"]),
            carried,
            records,
            _flag(data["hospital"], "hospital"),
            str(data["end"]),
            _underway_from(data.get("underway")),
        )
    except (KeyError, TypeError, ValueError) as err:
        raise GauntletError(f"{shown}: a damaged gauntlet save ({err})") from None
    if state.over:
        raise GauntletError(f"{shown}: this run is over ({state.end}); it cannot be resumed")
    return state


def save_run(state: RunState, digest: str, path: Path) -> None:
    """Write a run's save atomically (a finished run is saved closed: it will not load)."""
    text = json.dumps(run_to_data(state, digest), indent=1, sort_keys=True) + "\n"
    write_text_atomic(path, text)


def load_run(path: Path, digest: str) -> RunState:
    """Continue a run from its save.

    Raises:
        GauntletError: unreadable, not a save, other content, or a finished run.
    """
    shown = escape_name(str(path))
    try:
        # Never a pipe or a device (they would hang), and UTF-8 or refused on its line.
        data = json.loads(decode(read_file(path), str(path)))
    except ContentError as err:
        raise GauntletError(str(err)) from None
    except json.JSONDecodeError as err:
        raise GauntletError(f"{shown}:{err.lineno}: not a gauntlet save ({err.msg})") from None
    except RecursionError:
        raise GauntletError(f"{shown}: not a gauntlet save (nested too deeply)") from None
    except ValueError:  # a number of more digits than int() reads
        raise GauntletError(f"{shown}: not a gauntlet save (a number too long)") from None
    return run_from_data(data, digest, shown)
