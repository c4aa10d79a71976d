"""Attacked before acting: abort or suck it up, each with the numbers of its defence."""

from __future__ import annotations

from arena.content.sorcerer import Weapon
from arena.ecs.ruleset import Ctx
from arena.ecs.sorcerer.harm import weapon_harm
from arena.ecs.sorcerer.performance import performance
from arena.ecs.sorcerer.pools import defence
from arena.ecs.sorcerer.queries import STEP_REACTIONS, faces, ident, name, plan, round_state
from arena.ecs.sorcerer.texts import dice
from arena.ecs.sorcerer.wounds import penalty
from arena.rules.odds import contest_odds
from arena.rules.present import Phrase
from arena.rules.sorcerer import Defence, suck_it_up_bonus
from arena.rules.sorcerer_actions import React
from arena.rules.views import Choice, ContestSpec, Decision


def waiting_to_act(target: int, attacker: int) -> bool:
    """The target has an action still to come this round, so it may abort or suck it up."""
    tp = plan(target)
    rs = round_state()
    return (
        target != attacker
        and target in rs.members
        and not (tp.done or tp.aborted or tp.total_defense)
    )


def defence_roll(d: Defence, shown: tuple[int, ...]) -> ContestSpec:
    """The defence as a roll against the attacker's faces, already on the table.

    A clobbered defender hands the attacker fresh dice, so the contest is then reckoned afresh.
    """
    if d.attacker_bonus.dice:
        return ContestSpec(d.pool.size, len(shown) + d.attacker_bonus.dice, win="defend")
    return ContestSpec(d.pool.size, len(shown), known=shown, win="defend")


def reaction_decision(ctx: Ctx, target: int, attacker: int, w: Weapon) -> Decision:
    """Abort (defend with the score) or suck it up (1 die, keep the action), with their rolls."""
    tid, aid = ident(target).cid, ident(attacker).cid
    shown = performance(attacker)
    extra = [suck_it_up_bonus(plan(attacker).baseline, penalty(attacker))]
    full = defence(ctx, target, attacker, w, "abort", extra)
    one = defence(ctx, target, attacker, w, "suck_it_up", extra)
    default = "suck_it_up" if contest_odds(full.pool.size, len(shown)).p_first < 0.35 else "abort"
    keep = plan(target).intention
    choices = tuple(
        Choice(
            key,
            Phrase(
                template, (keep, dice(d.pool.size)) if key == "abort" else (dice(d.pool.size), keep)
            ),
            React(tid, aid, key),
            tags=("defend", "default") if key == default else ("defend",),
            target=aid,
            rolls=(defence_roll(d, shown),),
            show_rolls=False,
        )
        for key, template, d in (
            ("abort", "Abort ({}) and defend with {}", full),
            ("suck_it_up", "Suck it up: defend with {} and still {}", one),
        )
    )
    prompt = Phrase(
        "{} attacks {} with {} [{}] before {} has acted: abort or suck it up?",
        (name(attacker), name(target), w.name, faces(shown), name(target)),
    )
    return Decision(
        tid,
        "reaction",
        STEP_REACTIONS,
        prompt,
        choices,
        attacker=aid,
        incoming=shown,
        harm=weapon_harm(ctx, attacker, w),
    )
