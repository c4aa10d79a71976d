"""The names of the seed's steps, by the step id an event or a decision carries."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

STEP_NAMES: Final[Mapping[str, str]] = {
    # Werewolf: The Apocalypse
    "ww_setup": "Setup",
    "ww_initiative": "1. Initiative",
    "ww_rage": "2. Rage",
    "ww_segments": "3. Fastest first",
    "ww_attack": "3.1 Attack",
    "ww_damage": "3.2 Damage",
    "ww_soak": "3.3 Soak",
    "ww_other": "3.4 Non-combat",
    "ww_next": "4. Next person",
    "ww_frenzy": "Frenzy (§6)",
    "ww_stun": "Stun (§6)",
    "ww_delirium": "Delirium (§7)",
    "ww_willpower": "Willpower (§2)",
    # Sorcerer
    "sorc_setup": "Setup",
    "sorc_intentions": "Step 1: Intentions",
    "sorc_modifiers": "Step 2: Modifiers",
    "sorc_order": "Step 3: Roll for order",
    "sorc_reactions": "Step 4: Reactions",
    "sorc_consequences": "Step 5: Apply consequences",
    "sorc_finishing": "Step 6: Finishing up",
}
"""Step id -> the step's name as the log, the cards and the help show it."""


def step_name(step: str) -> str:
    """The name of a step id; anything else (no step, a name already) as it is."""
    return STEP_NAMES.get(step, step)
