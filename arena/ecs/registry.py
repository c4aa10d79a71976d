"""Find a ruleset's systems by name."""

from __future__ import annotations

from importlib import import_module

from arena.ecs.ruleset import Ruleset
from arena.rules.phrase import Phrase

RULESETS: tuple[str, ...] = ("werewolf", "sorcerer")
_loaded: dict[str, Ruleset] = {}


def ruleset_named(name: str) -> Ruleset:
    """The ruleset called `name`.

    Raises:
        ValueError: there is no such ruleset.
    """
    found = _loaded.get(name)
    if found is None:
        if name not in RULESETS:
            raise ValueError(Phrase("ecs_unknown_ruleset", (name, ", ".join(RULESETS))))
        # Imported on first use, so a fight of one ruleset never loads the other's systems;
        # kept, as every fight of a batch asks again.
        found = _loaded[name] = import_module(f"arena.ecs.{name}").RULESET
    return found
