"""arena: a terminal combat simulator for Sorcerer and Werewolf: The Apocalypse."""

from __future__ import annotations

__version__ = "0.1.0"
