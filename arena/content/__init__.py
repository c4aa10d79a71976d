"""Game data: the strict YAML loader, definitions, scenarios and saves (the only yaml importer)."""

from __future__ import annotations
