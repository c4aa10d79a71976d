"""Closed sets the views and the rules share: each defined once, here, with nothing to import."""

from __future__ import annotations

from typing import Literal

Ruleset = Literal["werewolf", "sorcerer"]
"""The game a fight plays."""

DamageType = Literal["bashing", "lethal", "aggravated"]
"""Werewolf's three kinds of damage, from least to most severe."""
WerewolfKind = Literal["garou", "human", "spirit", "fomor"]
"""What a Werewolf combatant is, as far as soak and regeneration care."""
DeliriumReaction = Literal["flee_or_freeze", "berserk", "fight_on"]
"""Flees or freezes (the engine picks by whether there is a way out), attacks, or fights on."""

SorcererKind = Literal["human", "sorcerer", "demon"]
"""What a Sorcerer combatant is."""
DemonType = Literal["passer", "object", "inconspicuous", "possessor", "parasite"]
"""A demon's nature."""
DemonIntent = Literal["attack", "total_defense", "hide"]
"""What a demon may choose on its own judgment (``hide`` is a move out of sight)."""
BoostTrait = Literal["stamina", "will"]
"""The score a demon's Boost adds its dice to."""
Severity = Literal["banged_up", "hospital", "mortal"]
"""How badly a Sorcerer combatant left standing is hurt after the fight."""
Aftermath = Literal[Severity, "dead"]
"""A Sorcerer combatant's state after the fight: its severity, or dead."""
