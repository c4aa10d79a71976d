"""AI policies: (view, decision, rng) → command, named in scenarios as ``ai:<name>``.

A name may carry a difficulty level, ``ai:thug/easy``, ``ai:thug`` (normal) or
``ai:thug/hard``: levels change how thoughtfully a policy plays, never the dice. Every policy
also says why it chose: a phrase of numbers and names (`choose_on_sight`), put into one line
of words only where it is shown (`choose_with_reason`).
"""

from __future__ import annotations

import difflib
import random
from collections.abc import Callable

from arena.ai.errors import UnknownPolicy, quoted
from arena.ai.pick import LEVELS, Body, Level, Pick
from arena.ai.registry import (
    ENTRIES,
    ON_SIGHT,
    RULESETS,
    Bound,
    Registry,
    answer_on_sight,
    parse_name,
)
from arena.rules.commands import Command
from arena.rules.views import Board, Decision, FightView
from arena.words.core import Phrase, bare

POLICIES = Registry()
"""Every policy by name (``thug``); a lookup also accepts a level (``thug/hard``)."""


def _policy(policy: str) -> Bound:
    try:
        return POLICIES[policy]
    except KeyError:
        raise UnknownPolicy(policy, tuple(POLICIES)) from None


def unknown_policy(controller: str, ruleset: str | None = None) -> str | None:
    """What is wrong with an ``ai:`` controller naming no policy, with the nearest name.

    With a ruleset, a policy written for the other ruleset only is wrong too: it would play
    as the naive policy without a word. None when the controller names a policy that plays
    the ruleset, or is not an ``ai:`` controller at all.
    """
    name = controller.removeprefix("ai:")
    if not controller.startswith("ai:"):
        return None
    if name not in POLICIES:
        near = difflib.get_close_matches(name.split("/")[0], list(POLICIES), n=1)
        hint = f" (did you mean 'ai:{near[0]}'?)" if near else ""
        return f"no AI policy {quoted(controller)}{hint}; known: {', '.join(POLICIES)}"
    if ruleset is None or ruleset not in RULESETS:
        return None
    rulesets = [own for own, _ in ENTRIES[name.partition("/")[0]].bodies]
    if ruleset in rulesets:
        return None
    fits = ", ".join(policies_for(ruleset))
    return f"{quoted(controller)} plays {' and '.join(rulesets)} only; {ruleset} policies: {fits}"


def policies_for(ruleset: str) -> tuple[str, ...]:
    """The policies written for a ruleset, by name."""
    return tuple(name for name, entry in ENTRIES.items() if ruleset in dict(entry.bodies))


def choose_with_reason(
    policy: str, view: FightView, decision: Decision, rng: random.Random
) -> tuple[Command, str]:
    """Ask the named policy for a command and the one-line reason it gives, in words.

    The words are the policy's own (the wording in force applies where a front end shows
    them): for a caller that quotes the reason. A fight is answered by `choose_on_sight`,
    whose reason stays a phrase.

    Raises:
        UnknownPolicy: no policy has that name (a ValueError).
    """
    pick = _policy(policy)(view, decision, rng)
    return pick.command, bare(pick.reason)


def choose_on_sight(
    policy: str,
    ruleset: str,
    see: Callable[[], FightView],
    decision: Decision,
    rng: random.Random,
    glimpse: Callable[[], Board] | None = None,
) -> tuple[Command, Phrase]:
    """The named policy's command and why, the view made (``see()``) only if the policy reads it.

    ``glimpse`` gives the board at a glance, which settles most naive answers without a view.

    The reason is a phrase: its words are drawn only if a front end shows it (a batch never
    does).

    Many questions are answered at a glance (a lone choice, bonus dice, the naive policy's
    refusals), and a view costs more than most policies' thinking.

    Raises:
        UnknownPolicy: no policy has that name (a ValueError).
    """
    pick = answer_on_sight(*on_sight(policy, ruleset), see, decision, rng, glimpse)
    return pick.command, pick.reason


def on_sight(policy: str, ruleset: str) -> tuple[Body, Level]:
    """The named policy's body for a ruleset and its level, for `answer_on_sight`.

    Raises:
        UnknownPolicy: no policy has that name (a ValueError).
    """
    # Read in place by subscripts (no call): asked at every answer.
    try:
        return ON_SIGHT[ruleset][policy]
    except KeyError:
        try:
            return POLICIES.played(policy, ruleset)
        except KeyError:
            _policy(policy)  # raises with the known names
            raise


def choose(policy: str, view: FightView, decision: Decision, rng: random.Random) -> Command:
    """Ask the named policy for a command.

    Raises:
        UnknownPolicy: no policy has that name (a ValueError).
    """
    return choose_with_reason(policy, view, decision, rng)[0]


__all__ = [
    "ENTRIES",
    "LEVELS",
    "POLICIES",
    "Level",
    "Pick",
    "UnknownPolicy",
    "choose",
    "choose_on_sight",
    "choose_with_reason",
    "on_sight",
    "parse_name",
    "policies_for",
    "unknown_policy",
]
