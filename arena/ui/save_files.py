"""Save files named by scenario, round and time, and an index of what the load list shows."""

from __future__ import annotations

import contextlib
import json
import re
import time
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Final

from arena.ui.plain import holds_control, shown_name

if TYPE_CHECKING:
    from arena.engine import Fight
    from arena.engine.setup import Catalog

INDEX: Final = ".arena-saves.json"
"""The index file in the saves folder: file name → what the load list shows of it."""


@dataclass(frozen=True, slots=True)
class SaveInfo:
    """One save as the lists show it; what the index does not know stays empty."""

    path: Path
    made: float
    """When the file was last written (seconds since the epoch)."""
    scenario: str = ""
    ruleset: str = ""
    round: int = 0
    combatants: tuple[str, ...] = ()
    over: bool = False
    """The fight in it has ended: Continue skips it."""
    damaged: bool = False
    """It did not load when last tried (and has not been written since): Continue skips it."""

    @property
    def title(self) -> str:
        """The scenario's name, or the file's when the index does not know it."""
        return self.scenario or shown_name(self.path.stem)

    @property
    def name(self) -> str:
        """The file's name as the lists show it: an escape code in it written out, not run."""
        return shown_name(self.path.name)

    @property
    def where(self) -> str:
        """``turn 3``, ``round 2``, ``finished``; "" when the index does not know."""
        if self.damaged:
            return "damaged"
        if self.over:
            return "finished"
        if not self.ruleset:
            return ""
        from arena.words.rulesets import round_word  # the words load with the first save shown

        return f"{round_word(self.ruleset)} {self.round}"

    def line(self) -> str:
        """``Tom and Vilna trade punches · werewolf · turn 3 · Tom, Vilna``."""
        parts = (self.title, self.ruleset, self.where, ", ".join(self.combatants))
        return " · ".join(part for part in parts if part)


def slug(fight: Fight) -> str:
    """The scenario's name as a file name: ``tom-and-vilna-trade-punches``."""
    return re.sub(r"[^a-z0-9]+", "-", fight.scenario.name.lower()).strip("-")[:40] or "fight"


def save_name(fight: Fight, when: float) -> str:
    """``tom-and-vilna-trade-punches-r3-20260101-1200.yaml``: scenario, round, time."""
    return (
        f"{slug(fight)}-r{fight.round}-{time.strftime('%Y%m%d-%H%M%S', time.localtime(when))}.yaml"
    )


class CannotSave(OSError):
    """The saves folder cannot take a save; the message says why, in plain words."""


def write_save(fight: Fight, folder: Path, replacing: Path | None = None) -> Path:
    """Save a fight in a folder and index it; a save of the same fight it replaces goes.

    Args:
        fight: the fight.
        folder: the saves folder (made if missing).
        replacing: the fight's previous save, if it has one: the list keeps one save a fight.

    Returns:
        The new file.

    Raises:
        CannotSave: the folder or the file cannot be written; earlier saves are untouched.
    """
    try:
        return _write_save(fight, folder, replacing)
    except OSError as err:
        raise CannotSave(f"cannot save to {folder}: {why_not(folder, err)}") from err


def why_not(folder: Path, err: OSError) -> str:
    """Why a save could not be written to `folder`, in words."""
    for place in (folder, *folder.parents):
        if place.exists():
            if not place.is_dir():
                return "it is a file" if place == folder else f"{place} is a file"
            break
    if isinstance(err, PermissionError):
        return "it is not writable"
    return err.strerror or str(err)


def _write_save(fight: Fight, folder: Path, replacing: Path | None) -> Path:
    from arena.engine import save_fight  # the engine loads with the first fight, not the title

    folder.mkdir(parents=True, exist_ok=True)
    now = time.time()
    path = folder / save_name(fight, now)
    number = 2
    while path.exists() and path != replacing:
        path = path.with_name(f"{path.stem.rsplit('~', 1)[0]}~{number}.yaml")
        number += 1
    save_fight(fight, path)
    index = _read_index(folder)
    if replacing is not None and replacing != path and replacing.parent == folder:
        replacing.unlink(missing_ok=True)
        index.pop(replacing.name, None)
    view = fight.view()
    index[path.name] = {
        "scenario": fight.scenario.name,
        "ruleset": view.ruleset,
        "round": fight.round,
        "combatants": [c.name for c in view.combatants],
        "over": fight.over,
    }
    _write_index(folder, index)
    return path


def mark_over(path: Path) -> None:
    """Note in the index that a save holds a finished fight (found out by loading it)."""
    index = _read_index(path.parent)
    entry = index.setdefault(path.name, {})
    entry["over"] = True
    _write_index(path.parent, index)


def mark_damaged(path: Path) -> None:
    """Note in the index that a save did not load, as it is now (a new write clears it)."""
    try:
        made = path.stat().st_mtime
    except OSError:
        return
    index = _read_index(path.parent)
    index.setdefault(path.name, {})["damaged"] = made
    with contextlib.suppress(OSError):  # only a cache: a folder that takes no writes has none
        _write_index(path.parent, index)


def list_saves(folder: Path) -> list[SaveInfo]:
    """The saves in a folder, newest first (ties by name, so the order is stable)."""
    if not folder.is_dir():
        return []
    index = _read_index(folder)
    found = [_info(p, index.get(p.name, {})) for p in folder.glob("*.yaml") if p.is_file()]
    return sorted(found, key=lambda s: (-s.made, s.path.name))


def resumable(folder: Path) -> SaveInfo | None:
    """What Continue offers: the newest save of an unfinished fight that did not fail to load.

    A broken file (a crash mid-write, a hand edit) so never hides a good unfinished fight.
    """
    return next(iter(resumables(folder)), None)


def resumables(folder: Path) -> list[SaveInfo]:
    """The saves of unfinished fights not known to fail to load, newest first."""
    return [s for s in list_saves(folder) if not s.over and not s.damaged]


@dataclass(frozen=True, slots=True)
class Continued:
    """What Continue found: the newest unfinished fight that loads, and the saves passed over."""

    fight: Fight | None
    """The fight to go on with; None when no save of an unfinished fight loads."""
    path: Path | None
    """Its save."""
    passed: tuple[str, ...] = ()
    """Each save passed over, newest first: its file's name and why."""


def continue_from(folder: Path, catalog: Catalog) -> Continued:
    """Load the newest save of an unfinished fight that loads, passing over those that do not.

    A save that fails to load is marked damaged, and one found to hold a finished fight (made
    elsewhere, unknown to the index) is marked finished: Continue never tries either again.
    """
    from arena.engine import SaveError, load_save  # the engine loads with the first fight
    from arena.engine.setup import SetupError

    passed: list[str] = []
    for save in resumables(folder):
        try:
            fight = load_save(save.path, catalog)
        except (SaveError, SetupError, OSError) as err:
            mark_damaged(save.path)
            # The message names the file escaped, as the list does.
            passed.append(str(err).replace(shown_name(save.path), save.name))
            continue
        if fight.over:
            mark_over(save.path)
            passed.append(f"{save.name}: that fight is over (Load or Replay open it)")
            continue
        return Continued(fight, save.path, tuple(passed))
    return Continued(None, None, tuple(passed))


def _info(path: Path, entry: dict[str, object]) -> SaveInfo:
    # The index is a file anyone may edit: an entry with an escape code (it would drive the
    # terminal from the Load list) or a ruleset arena does not know is not known at all.
    ruleset = entry.get("ruleset", "")
    # The words (and the rules under them) load with the first save listed, not with the title.
    from arena.words.rulesets import known_ruleset

    known = isinstance(ruleset, str) and (not ruleset or known_ruleset(ruleset))
    if holds_control(entry) or not known:
        entry = {}
    names = entry.get("combatants")
    number = entry.get("round")
    made = path.stat().st_mtime
    return SaveInfo(
        path,
        made,
        scenario=str(entry.get("scenario", "")),
        ruleset=str(entry.get("ruleset", "")),
        round=number if isinstance(number, int) else 0,
        combatants=tuple(str(n) for n in names) if isinstance(names, list) else (),
        over=entry.get("over") is True,
        damaged=entry.get("damaged") == made,
    )


def _read_index(folder: Path) -> dict[str, dict[str, object]]:
    """The index, or an empty one when it is missing or unreadable (it is only a cache)."""
    try:
        data = json.loads((folder / INDEX).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    if not isinstance(data, dict):
        return {}
    return {k: v for k, v in data.items() if isinstance(k, str) and isinstance(v, dict)}


def _write_index(folder: Path, index: dict[str, dict[str, object]]) -> None:
    """Write the index for the files still there, atomically."""
    kept = {name: entry for name, entry in index.items() if (folder / name).is_file()}
    temporary = folder / f"{INDEX}.tmp"
    temporary.write_text(json.dumps(kept, indent=1, sort_keys=True), encoding="utf-8")
    temporary.replace(folder / INDEX)
