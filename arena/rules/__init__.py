"""Pure mechanics of both rulesets: standard library only."""

from __future__ import annotations
