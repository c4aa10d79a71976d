"""The difficulty levels' names: apart, so the command line names them without loading the AI."""

from __future__ import annotations

from typing import Final, Literal, get_args

LevelName = Literal["easy", "normal", "hard", "expert"]
"""A named difficulty level, weakest first."""
LEVEL_NAMES: Final[tuple[LevelName, ...]] = get_args(LevelName)
