"""The Textual UI: screens and widgets that talk only to the engine facade."""

from __future__ import annotations
