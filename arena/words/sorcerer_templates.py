"""Templates of Sorcerer words, by id (plain data: imports nothing of the game)."""

from __future__ import annotations

from typing import Final

TEMPLATES: Final[dict[str, str]] = {}
"""Template id (snake case, no spaces) -> ``str.format`` template."""
