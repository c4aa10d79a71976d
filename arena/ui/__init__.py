"""The Textual UI: title menu, fight setup, the arena, help and the summary."""

from __future__ import annotations
