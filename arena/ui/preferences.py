"""The player's preferences, kept between runs in the user config folder as JSON."""

from __future__ import annotations

import dataclasses
import json
import os
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Final, cast

from arena.escapes import escape_name

if TYPE_CHECKING:
    from arena.engine import Verbosity

VERBOSITY_NAMES: Final = ("terse", "normal", "explain")
"""The log's verbosities (the engine's `VERBOSITIES`, named here so the title menu starts
without loading the engine; a test checks the two agree)."""

DEFAULT_PACE: Final = 0.6
"""Seconds between two AI decisions: slow enough to follow, quick enough not to bore."""
HOLD_KEY: Final = -1.0
"""The hold setting that waits for a key."""
PACES: Final = (0.0, 0.3, 0.6, 1.2, 2.0)
"""The paces the palette offers."""
HOLDS: Final = (HOLD_KEY, 0.0, 1.5, 3.0)
"""The holds the palette offers: until a key, none, or seconds."""
QUOTED_MAX: Final = 40
"""Characters of a value not understood that its notice repeats."""


@dataclass(frozen=True, slots=True)
class Preferences:
    """What the player chose once and should not have to choose again."""

    verbosity: Verbosity = "normal"
    """The log's verbosity."""
    pace: float = DEFAULT_PACE
    """Seconds between two AI decisions."""
    hold: float = HOLD_KEY
    """After the player's own roll: wait for a key (`HOLD_KEY`), go on at once (0), or wait
    this many seconds."""


def hold_words(hold: float) -> str:
    """``until a key``, ``off``, ``1.5 s``."""
    if hold < 0:
        return "until a key"
    return "off" if hold == 0 else f"{hold:g} s"


def preferences_path() -> Path:
    """``$XDG_CONFIG_HOME/arena/preferences.json``, else ``~/.config/arena/...``."""
    root = os.environ.get("XDG_CONFIG_HOME") or str(Path.home() / ".config")
    return Path(root) / "arena" / "preferences.json"


def load_preferences(path: Path | None) -> tuple[Preferences, str]:
    """The preferences in a file, and a problem with it in words ("" when none).

    A missing file gives the defaults silently; a broken one gives the defaults and says why,
    so the player can mend it; a bad value falls back to its default alone.
    """
    if path is None or not path.is_file():
        return Preferences(), ""
    shown = escape_name(str(path))
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except json.JSONDecodeError as err:  # where, as every other file's mistake is said
        # json's "Invalid control character at" ends in the word the column follows.
        said = f"{err.msg.removesuffix(' at')} at column {err.colno}"
        return Preferences(), f"{shown}:{err.lineno}: not JSON ({said}); using the defaults"
    except UnicodeDecodeError as err:
        line = err.object[: err.start].count(b"\n") + 1
        return Preferences(), f"{shown}:{line}: not UTF-8 text; using the defaults"
    except (OSError, ValueError) as err:
        return Preferences(), f"{shown}: not read ({err}); using the defaults"
    if not isinstance(data, dict):
        return Preferences(), f"{shown}: expected an object; using the defaults"
    found: dict[str, object] = {}
    bad = []
    verbosity = data.get("verbosity", "normal")
    if verbosity in VERBOSITY_NAMES:
        found["verbosity"] = cast("Verbosity", verbosity)
    else:
        bad.append(f"verbosity {_quoted(verbosity)}")
    for key in ("pace", "hold"):
        value = data.get(key, getattr(Preferences(), key))
        if type(value) in (int, float) and value >= (HOLD_KEY if key == "hold" else 0):
            found[key] = float(value)
        else:
            bad.append(f"{key} {_quoted(value)}")
    defaults = "the defaults" if len(bad) > 1 else "the default"
    problem = f"{shown}: {', '.join(bad)}: not understood; using {defaults}" if bad else ""
    return Preferences(**found), problem  # type: ignore[arg-type]


def _quoted(value: object) -> str:
    """A value as the file has it, so the player finds it: quoted, cut short, controls escaped.

    ``repr`` writes a control character out as its escape; a screen shows the rest as written.
    """
    text = repr(value)
    if len(text) <= QUOTED_MAX:
        return text
    end = text[0] if text[0] in "'\"" else ""  # a text cut short is still quoted
    return f"{text[: QUOTED_MAX - 3 - len(end)]}...{end}"


def save_preferences(path: Path | None, preferences: Preferences) -> None:
    """Write the preferences (nothing when there is no file to keep them in).

    Raises:
        OSError: the folder or the file cannot be written.
    """
    if path is None:
        return
    path.parent.mkdir(parents=True, exist_ok=True)
    temporary = path.with_suffix(".tmp")
    data = dataclasses.asdict(preferences)
    temporary.write_text(json.dumps(data, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    temporary.replace(path)
