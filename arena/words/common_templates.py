"""Templates both rulesets use, by id (plain data: imports nothing of the game)."""

from __future__ import annotations

from typing import Final

TEMPLATES: Final[dict[str, str]] = {
    "ecs_unknown_ruleset": "unknown ruleset {!r}; known: {}",
    "ecs_world_closed": "world {} is closed",
    "ecs_world_active": "world {} is active: it cannot be copied mid-call",
    "ai_reasoned": "{} ({}): {}",
    "ai_reason_note": "AI: {}",
    "fight_stopped_draw": "stopped after {} {}: a draw",
    "script_ran_out": "{}'s script has run out: the AI ({}) plays on.",
}
"""Template id (snake case, no spaces) -> ``str.format`` template."""
