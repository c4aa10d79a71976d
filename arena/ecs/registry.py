"""Find a ruleset's systems by name."""

from __future__ import annotations

from importlib import import_module

from arena.ecs.ruleset import Ruleset

RULESETS: tuple[str, ...] = ("werewolf", "sorcerer")


def ruleset_named(name: str) -> Ruleset:
    """The ruleset called `name`.

    Raises:
        ValueError: there is no such ruleset.
    """
    if name not in RULESETS:
        raise ValueError(f"unknown ruleset {name!r}; known: {', '.join(RULESETS)}")
    ruleset: Ruleset = import_module(f"arena.ecs.{name}").RULESET
    return ruleset
