"""Gauntlet content checks that need the AI: every policy a run or a group names exists."""

from __future__ import annotations

from arena.content.gauntlet import RunRules, SorcererFoe, SorcererGroup, WerewolfFoe, WerewolfGroup
from arena.content.links import ExtraChecks
from arena.content.registry import Report


def check_group_policies(group: WerewolfGroup | SorcererGroup, report: Report) -> None:
    """Each opponent's policy is one the AI has for the group's ruleset."""
    from arena.ai import unknown_policy  # here: loading the AI is left to the checks that need it

    foes: tuple[WerewolfFoe | SorcererFoe, ...] = group.foes
    ruleset = "werewolf" if isinstance(group, WerewolfGroup) else "sorcerer"
    for index, foe in enumerate(foes):
        problem = unknown_policy(f"ai:{foe.policy}", ruleset)
        if problem is not None:
            report.error(problem, "foes", index, "policy")


def check_rules_policy(rules: RunRules, report: Report) -> None:
    """The policy that plays the character in a headless run is one the AI has."""
    from arena.ai import unknown_policy

    problem = unknown_policy(f"ai:{rules.policy}")
    if problem is not None:
        report.error(problem, "policy")


GAUNTLET_CHECKS: ExtraChecks = (
    (WerewolfGroup, check_group_policies),
    (SorcererGroup, check_group_policies),
    (RunRules, check_rules_policy),
)
"""What gauntlet content must also pass where the AI is at hand (validate, the gauntlet)."""
