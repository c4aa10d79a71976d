"""How much the fight's log says: its verbosities, apart so the command line reads them cheaply."""

from __future__ import annotations

from typing import Literal

Verbosity = Literal["terse", "normal", "explain"]
VERBOSITIES: tuple[Verbosity, ...] = ("terse", "normal", "explain")
