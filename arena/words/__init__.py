"""Every word a fight shows: templates by id and the functions that draw them, read lazily."""

from __future__ import annotations

# The drawings by id are gathered on import, so any phrase reads once the package is loaded.
from arena.words import drawings as drawings
