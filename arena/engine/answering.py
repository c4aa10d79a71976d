"""The answer a script or an AI gives to one decision, with or without a look-ahead level."""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeAlias

from arena.ai import on_sight
from arena.ai.registry import ON_SIGHT, answer_on_sight
from arena.content.errors import quote
from arena.engine.fight import Fight
from arena.engine.later import SeededLater
from arena.engine.scripts import RAN_OUT, SCRIPT, STAND_IN, ScriptError, legal_keys, route
from arena.rules.commands import Command
from arena.rules.views import Decision
from arena.words.core import Text

LookAhead: TypeAlias = Callable[[Fight, Decision, str], tuple[Command, str]]
"""Plays a policy at the look-ahead level (``ai:<policy>/expert``): the fight, the decision and
the policy's name give the command and why."""
LEVEL = "/expert"
"""The suffix of a policy played at the look-ahead level."""


def answer(
    fight: Fight,
    decision: Decision,
    look_ahead: LookAhead | None = None,
    rng: SeededLater | None = None,
    reasons: bool = True,
) -> tuple[Command, Text]:
    """The command a script or an AI gives for a decision, and why (empty for a script).

    An AI's reason is a phrase: it is put into words only if a front end shows it, and made
    only if asked for (`reasons`).

    A script answers from `route`; decisions its combatant's AI answers in its place (a
    frenzy's) use none of it. A person's decision, answered here only when nobody is at the
    keyboard, goes to the stand-in AI, as does a script's once it runs out, unless its
    combatant says ``when_script_runs_out: error``.

    Args:
        fight: the fight.
        decision: a decision it waits for.
        look_ahead: plays a policy at the look-ahead level (None: as its base policy).
        rng: a stream to arm for this answer's AI (a loop's one for all its answers); by
            default a new one.
        reasons: False: the AI's reason is left unmade, and given as "" (a batch keeps none).

    Raises:
        ScriptError: a scripted key is not legal, or the script ran out where it may not.
    """
    controller = decision.controller or fight.controller_of(decision.actor)
    if controller == SCRIPT:
        way = route(fight, decision)
        if way.queue != RAN_OUT:
            choice = decision.choice(way.key)
            if choice is None:
                problem = f"{quote(way.key)} is not a legal choice for {decision.prompt!r}"
                raise _script_error(decision, way.where, problem)
            return choice.command, ""
        spec = next(c for c in fight.scenario.combatants if c.id == decision.actor)
        if spec.when_script_runs_out == "error":
            problem = f"ran out at {_a(decision.kind)} decision ({decision.prompt!r})"
            raise _script_error(decision, "script", problem)
    try:
        policy, expert = _POLICIES[controller]
    except KeyError:
        policy, expert = _POLICIES[controller] = _policy(controller)
    if expert:
        if look_ahead is not None:
            command, why = look_ahead(fight, decision, policy)
            return command, why if reasons else ""
        policy = policy.removesuffix(LEVEL)  # no look-ahead inside a look-ahead
    # A fresh stream per decision keeps a resumed fight on the same path as an unbroken one.
    if rng is None:
        rng = SeededLater(fight.seed, len(fight.commands))
    else:
        rng.arm(fight.seed, len(fight.commands))
    # The view is made only if the policy reads it: many answers need none, or only the board
    # at a glance (where the ruleset shows one: else the view is all there is to peek at).
    ruleset = fight.ruleset
    glimpse = None if ruleset.board is None else fight.board
    try:  # read in place (no call): asked at every answer
        body, level = ON_SIGHT[ruleset.name][policy]
    except KeyError:
        body, level = on_sight(policy, ruleset.name)
    pick = answer_on_sight(body, level, fight.view, decision, rng, glimpse)
    return pick.command, pick.reason if reasons else ""


_POLICIES: dict[str, tuple[str, bool]] = {}
"""Each controller's policy, and whether it looks ahead: worked out once, asked every answer."""


def _policy(controller: str) -> tuple[str, bool]:
    """The policy that answers for a controller (a person's or a spent script's: the stand-in)."""
    policy = controller.removeprefix("ai:") if controller.startswith("ai:") else STAND_IN
    return policy, policy.endswith(LEVEL)


def _script_error(decision: Decision, where: str, problem: str) -> ScriptError:
    """The error of a combatant's script entry: ``combatants[id].where: problem; legal: ...``."""
    message = f"combatants[{decision.actor}].{where}: {problem}; legal: {legal_keys(decision)}"
    return ScriptError(message, decision, where=where, problem=problem)


def _a(word: str) -> str:
    return f"an {word}" if word[:1] in "aeiou" else f"a {word}"
