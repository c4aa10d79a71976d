"""The free attack on a combatant leaving an enemy's side [ruling, arena.md]: its words."""

from __future__ import annotations

from typing import Final

from arena.rules.phrase import Phrase

ASK: Final = Phrase("{}: {} leaves {}, beside you: a free attack?")
"""The question to the enemy: its name, the mover's, and the cell the mover leaves."""
LET_GO: Final = Phrase("Let {} go")
"""The choice that declines it."""
TAKEN: Final = Phrase("{} takes a free attack on {}, who leaves {}.")
"""The enemy, the mover and the cell it leaves."""
DECLINED: Final = Phrase("{} lets {} leave {}.")
"""The enemy, the mover and the cell it leaves."""
FREE_WHY: Final = Phrase("a free attack: the whole pool, never split; no action spent")
"""Why the free attack rolls as it does."""
STAYS_PUT: Final = Phrase("{} stays at {}: {} by the free attack.")
"""The mover, its cell, and what the free attack did (``knocked_down``... in words)."""
STOPPED: Final = {
    "knocked_down": "knocked down",
    "held": "held",
    "out_of_fight": "out of the fight",
}
"""What stops a mover, in words, by the reason code its event carries."""
