"""The shapes of the choice keys each ruleset's decisions offer, as a script writes them."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

KEYS: Final[Mapping[str, Mapping[str, tuple[str, ...]]]] = {
    "werewolf": {
        "action": (
            "{means}:{target}",
            "dodge",
            "block",
            "parry",
            "move:{cell}",
            "jump:{cell}",
            "shift:{form}",
            "shift:{form}:rage",
            "flee",
            "sideways",
            "stand",
            "break_free",
            "wait",
            "end_frenzy",
            "split:{parts}",
        ),
        "rage": ("rage:{number}",),
        "reaction": ("abort", "forgo"),
        "willpower": ("forgo", "willpower:{number}"),
        "stun": ("shake_off", "forgo"),
        "free_attack": ("{means}:{target}", "forgo"),
    },
    "sorcerer": {
        "intention": (
            "attack:{target}:{weapon}",
            "total_defense",
            "ritual:{ritual}:{demon}",
            "aim:{target}:{firearm}",
            "command:{demon}:{order}",
            "boost:{trait}",
            "cloak",
            "protect",
            "hop:{cell}",
            "move:{cell}",
            "flee",
            "climb:{cell}",
            "task:{task}",
        ),
        "bonus": ("bonus:{number}",),
        "push": ("push:{number}",),
        "reaction": ("abort", "suck_it_up"),
    },
}
"""Ruleset → decision kind → the shapes of the keys its decisions offer, as the fight makes
them (``{slot}``: a name or number the key carries). Werewolf's come from `arena.ecs.werewolf`
(``act_key`` in acts.py, menu.py, family.py, rage.py, declare.py), Sorcerer's from
`arena.ecs.sorcerer` (choices.py, modifiers.py, abort.py); a test plays fights to hold every key
they offer to these shapes."""
ORDERS: Final = tuple(
    key
    for key in KEYS["sorcerer"]["intention"]
    if key.split(":")[0] not in ("command", "move", "flee", "climb", "task")
)
"""What a master may order its demon to do: its own intentions but moves, flight, commands,
climbs and the scenario's tasks."""
PARTS: Final = ("{means}:{target}", "dodge", "block", "parry", "move:{cell}")
"""What a part of a Werewolf split may be; each part is ``action@SEGMENTxDICE``."""
MOST_PARTS: Final = 3
"""The most parts a split key may have."""
ABILITIES: Final = {"boost": "boost", "cloak": "cloak", "protect": "protection", "hop": "hop"}
"""Sorcerer keys only a demon with this ability is offered."""


def decision_kinds(ruleset: str) -> tuple[str, ...]:
    """The kinds of decision a ruleset asks, which a script entry or answer may address."""
    return tuple(KEYS.get(ruleset, {}))
