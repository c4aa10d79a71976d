"""State hashes over numbers and ids only, so rewording a line never invalidates a save."""

from __future__ import annotations

import dataclasses
import hashlib
import json
from collections.abc import Iterable, Mapping
from typing import Any, Final

from arena.rules.commands import Command, command_to_mapping
from arena.rules.phrase import Phrase
from arena.rules.views import CombatantView, Decision, FightView, Pool

WORDS: Final = frozenset({"name", "glyph", "health_text", "intention_text", "notes_text", "reason"})
"""`CombatantView` fields that hold words: never hashed; every other field is. A new field of
words belongs here (``tests/engine/test_wording.py`` catches one drawn through `render`)."""

_KEPT: dict[type, tuple[str, ...]] = {}
"""Per combatant view type, the fields hashed."""
_FIELDS: dict[type, tuple[str, ...]] = {}


def numbers_of(view: FightView) -> dict[str, Any]:
    """The view's numbers, ids and closed-set names, without a word of prose.

    Kept: the round, whether it is over, the winner, every combatant's fields but `WORDS`
    (ids, position, status, numeric health, penalty, traits, pools, form...), and the faces and
    counts of the latest rolls. Left out: names, health and order in words, notes, the AI's
    reasons, intentions, step names, the outcome, the map (fixed by the content digest) and options
    (fixed by the save).
    """
    return {
        "ruleset": view.ruleset,
        "round": view.round,
        "over": view.over,
        "winner": view.winner,
        "combatants": [_combatant(c) for c in view.combatants],
        "rolls": [_plain(r) for r in view.rolls],
    }


def state_hash(view: FightView) -> str:
    """SHA-256 of the view's numbers as sorted-key JSON: the same state, the same hash anywhere."""
    return _digest(numbers_of(view))


def moment_hash(
    view: FightView, step: int, commands: Iterable[Command], pending: Iterable[Decision]
) -> str:
    """SHA-256 of a moment inside a round, so an edit to a save's last commands is caught.

    It covers the view's numbers, the step, every command so far and who is asked what.
    """
    return _digest(
        {
            "view": numbers_of(view),
            "step": step,
            "commands": [command_to_mapping(c) for c in commands],
            "pending": [[d.actor, d.kind, d.segment, d.controller] for d in pending],
        }
    )


def _digest(data: Mapping[str, Any]) -> str:
    text = json.dumps(data, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()


def _combatant(c: CombatantView) -> dict[str, Any]:
    names = _KEPT.get(type(c))
    if names is None:
        names = _KEPT[type(c)] = tuple(f.name for f in dataclasses.fields(c) if f.name not in WORDS)
    return {name: _plain(getattr(c, name)) for name in names}


def _plain(value: Any) -> Any:
    """Numbers and ids as plain data; phrases (words) as None, pools without their names."""
    if value is None or isinstance(value, int | str | float):
        return value
    if isinstance(value, Phrase):
        return None
    if isinstance(value, Pool):
        return [value.current, value.maximum]
    if isinstance(value, tuple | list):
        return [_plain(v) for v in value]
    if isinstance(value, frozenset | set):
        return sorted(_plain(v) for v in value)
    if isinstance(value, Mapping):
        return {str(k): _plain(v) for k, v in value.items()}
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        names = _FIELDS.get(type(value))
        if names is None:
            # A field marked ``hashed: False`` is a setting the save fixes, not a number of state.
            names = _FIELDS[type(value)] = tuple(
                f.name for f in dataclasses.fields(value) if f.metadata.get("hashed", True)
            )
        return {name: _plain(getattr(value, name)) for name in names}
    raise TypeError(f"cannot hash a {type(value).__name__}: {value!r}")
