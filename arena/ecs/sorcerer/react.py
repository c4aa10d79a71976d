"""Attacked before acting: abort or suck it up, asked with the exact odds of each."""

from __future__ import annotations

from arena.content.sorcerer import Weapon
from arena.ecs.ruleset import Ctx
from arena.ecs.sorcerer.performance import performance
from arena.ecs.sorcerer.pools import defence
from arena.ecs.sorcerer.queries import STEP_REACTIONS, faces, ident, name, plan, round_state
from arena.ecs.sorcerer.texts import dice, odds_text
from arena.ecs.sorcerer.wounds import penalty
from arena.rules.odds import contest_odds
from arena.rules.sorcerer import suck_it_up_bonus
from arena.rules.sorcerer_actions import React
from arena.rules.views import Choice, Decision


def waiting_to_act(target: int, attacker: int) -> bool:
    """The target has an action still to come this round, so it may abort or suck it up."""
    tp = plan(target)
    rs = round_state()
    return (
        target != attacker
        and target in rs.members
        and not (tp.done or tp.aborted or tp.total_defense)
    )


def reaction_decision(ctx: Ctx, target: int, attacker: int, w: Weapon) -> Decision:
    """Abort (defend with the score) or suck it up (1 die, keep the action), with exact odds."""
    tid, aid, n = ident(target).cid, ident(attacker).cid, len(performance(attacker))
    extra = [suck_it_up_bonus(plan(attacker).baseline, penalty(attacker))]
    full = defence(ctx, target, attacker, w, "abort", extra).pool.size
    one = defence(ctx, target, attacker, w, "suck_it_up", extra).pool.size
    default = "suck_it_up" if contest_odds(full, n).p_first < 0.35 else "abort"
    keep = plan(target).intention
    choices = tuple(
        Choice(
            key,
            label,
            React(tid, aid, key),
            odds_text(dice, n, "defend"),
            ("defend", "default") if key == default else ("defend",),
            aid,
        )
        for key, label, dice in (
            ("abort", f"Abort ({keep}) and defend with {dice(full)}", full),
            ("suck_it_up", f"Suck it up: defend with {dice(one)} and still {keep}", one),
        )
    )
    prompt = (
        f"{name(attacker)} attacks {name(target)} with {w.name} "
        f"[{faces(performance(attacker))}] before {name(target)} has acted: abort or suck it up?"
    )
    return Decision(tid, "reaction", STEP_REACTIONS, prompt, choices)
