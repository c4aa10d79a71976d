"""The order of play, written down in one place: the six steps of a Sorcerer round."""

from __future__ import annotations

from typing import Final

from arena.ecs.ruleset import System
from arena.ecs.sorcerer.consequences import consequences
from arena.ecs.sorcerer.finishing import finishing_up
from arena.ecs.sorcerer.intentions import intentions
from arena.ecs.sorcerer.modifiers import modifiers
from arena.ecs.sorcerer.order import roll_for_order
from arena.ecs.sorcerer.queries import (
    STEP_CONSEQUENCES,
    STEP_FINISHING,
    STEP_INTENTIONS,
    STEP_MODIFIERS,
    STEP_ORDER,
    STEP_REACTIONS,
)
from arena.ecs.sorcerer.reactions import reactions

STEPS: Final[tuple[tuple[str, System], ...]] = (
    (STEP_INTENTIONS, intentions),  # 1. everyone states an intention, hidden until all have
    (STEP_MODIFIERS, modifiers),  # 2. abilities on, role-playing bonuses, pushes, the pools
    (STEP_ORDER, roll_for_order),  # 3. one roll per action: its place and its performance
    (STEP_REACTIONS, reactions),  # 4. each place in turn; the attacked abort or suck it up
    (STEP_CONSEQUENCES, consequences),  # 5. damage and thresholds taken stock of
    (STEP_FINISHING, finishing_up),  # 6. rollover lapses; the fight ends or goes back to 1
)
"""The round, in the seed's order; the engine runs these each round."""
