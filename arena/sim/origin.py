"""`arena sim --from SAVE`: a batch of continuations of a saved fight from its saved moment."""

from __future__ import annotations

import tempfile
from dataclasses import dataclass, replace
from pathlib import Path

from arena.content.loader import Catalog
from arena.content.scenario import ScenarioDef
from arena.engine import Fight, SaveError, load_save
from arena.engine.controllers import PERSON, SCRIPT
from arena.engine.forecast import branch, stand_ins
from arena.sim.errors import SimError


@dataclass(frozen=True, slots=True)
class Origin:
    """The saved moment a batch continues from: small enough to send to every worker."""

    save: str
    """The save file, which each worker replays once."""
    moment: str
    """The hash of the saved moment, which each worker checks after its replay."""
    round: int
    commands: int
    """Commands in the save: the continuations share these."""
    person: str | None = None
    """``ai:<policy>`` for the people in the save (None: each its tactical policy)."""
    text: str = ""
    """The save itself, for workers on other machines (a cluster's); empty: they read ``save``."""


_BASES: dict[Origin, tuple[Fight, ScenarioDef]] = {}
"""The saved fights this process has replayed (a forked worker inherits its parent's)."""


def load_origin(path: Path, catalog: Catalog, person: str | None = None) -> Origin:
    """Replay a save and keep its fight, to continue from.

    Raises:
        SimError: the save does not load (a fight already over loads: the plan refuses it).
    """
    try:
        fight = load_save(path, catalog)
    except SaveError as err:
        raise SimError(f"--from: {err}") from None
    origin = Origin(str(path), fight.moment_hash(), fight.round, len(fight.commands), person)
    _BASES[origin] = (fight, stand_ins(fight, person))
    return origin


def base(origin: Origin, catalog: Catalog) -> tuple[Fight, ScenarioDef]:
    """The saved fight at its moment, and the scenario its continuations play, replayed once.

    Raises:
        SimError: the save no longer loads, or reaches another moment than the one planned.
    """
    held = _BASES.get(origin)
    if held is not None:
        return held
    try:
        fight = _replayed(origin, catalog)
    except SaveError as err:
        raise SimError(f"--from: {err}") from None
    if fight.moment_hash() != origin.moment:
        raise SimError(f"--from: {origin.save} changed after the batch was planned")
    held = _BASES[origin] = (fight, stand_ins(fight, origin.person))
    return held


def _replayed(origin: Origin, catalog: Catalog) -> Fight:
    """The saved fight, read from its file, or from the text the plan carries."""
    if not origin.text:
        return load_save(Path(origin.save), catalog)
    # The loader reads files: a private copy under the save's own name, so messages name it.
    with tempfile.TemporaryDirectory(prefix="arena-save-") as folder:
        copy = Path(folder) / Path(origin.save).name
        copy.write_text(origin.text, encoding="utf-8")
        return load_save(copy, catalog)


def with_text(origin: Origin) -> Origin:
    """The origin carrying its save's text, for workers that cannot read this machine's files.

    Raises:
        SimError: the save can no longer be read.
    """
    try:
        text = Path(origin.save).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as err:
        raise SimError(f"--from: {origin.save}: cannot read the save: {err}") from None
    return replace(origin, text=text)


def continuation(origin: Origin, catalog: Catalog, seed: int) -> Fight:
    """A copy of the saved fight at its moment that rolls its own dice from ``seed``."""
    fight, scenario = base(origin, catalog)
    return branch(fight, seed, scenario)


def origin_notes(origin: Origin, fight: Fight, scenario: ScenarioDef) -> tuple[str, ...]:
    """What a batch from a save plays, in words for the report."""
    notes = [
        f"continued from {origin.save} at round {origin.round}, after {origin.commands} "
        "commands: each fight replays that moment, then rolls its own dice"
    ]
    played = {c.id: c.controller for c in scenario.combatants}
    for controller, says in ((PERSON, "human"), (SCRIPT, "scripted")):
        ids = [c.id for c in fight.scenario.combatants if c.controller == controller]
        if ids:
            who = ", ".join(f"{i} by {played[i]}" for i in ids)
            notes.append(f"{says} combatants played by AI from the saved moment: {who}")
    return tuple(notes)
