"""Attacked before acting: abort or suck it up, each with the numbers of its defence."""

from __future__ import annotations

from functools import lru_cache
from typing import Final

from arena.content.sorcerer import Weapon
from arena.ecs.ruleset import Ctx
from arena.ecs.sorcerer.components import Fighter
from arena.ecs.sorcerer.harm import weapon_harm
from arena.ecs.sorcerer.phrases import said as kept
from arena.ecs.sorcerer.pools import defences
from arena.ecs.sorcerer.queries import (
    OUT,
    STEP_REACTIONS,
    event,
    name_of,
    round_state,
)
from arena.rules.events import Event
from arena.rules.phrase import Phrase
from arena.rules.sorcerer import Defence, suck_it_up_bonus
from arena.rules.sorcerer.commands import React
from arena.rules.sorcerer.known import defence_chance
from arena.rules.views import Choice, ContestSpec, Decision

DEFAULT_ABORT_AT: Final = 0.35
"""Aborting is the default when its defence wins at least this often against the known faces."""


def can_still_act(f: Fighter) -> bool:
    """It has an action still to come this round, and may take it.

    Past its Stamina it may act only if it pushed through, or if it kept its action by sucking
    a blow up (that action goes ahead at the appointed time [seed]); hurt past its Stamina any
    other way before its turn, it cannot act this round [ruling, sorcerer.md 5 and 7].
    """
    p, now = f.plan, f.status.state
    if p.done or p.aborted or now in OUT:
        return False
    return now == "active" or p.pushed or "suck_it_up" in p.reactions.values()


def waiting_to_act(target: Fighter, attacker: Fighter) -> bool:
    """The target has an action still to come this round, so it may abort or suck it up.

    One that cannot act this round has nothing to abort or keep: it is not asked [ruling].
    """
    return (
        target is not attacker
        and target.place >= 0
        and not target.plan.total_defense
        and can_still_act(target)
    )


def same_place(a: Fighter, b: Fighter) -> bool:
    """Both share one place in the order (a complete tie): they act simultaneously."""
    order = round_state().order
    if order is None or a is b or a.place < 0 or b.place < 0:
        return False
    i, j = a.place, b.place
    return any(i in g and j in g for g in order.places())


def defence_roll(d: Defence, shown: tuple[int, ...], reroll_ties: bool) -> ContestSpec:
    """The defence as a roll against the attacker's faces, already on the table.

    A clobbered defender hands the attacker bonus dice not rolled yet: they are the only
    attacking dice the odds leave to chance; the faces rolled at Step 3 stay as they are.
    Under ``tie: reroll`` a complete tie is rerolled until someone wins (`reroll_ties`).
    """
    more = d.attacker_bonus.dice
    # Every field by position, in the order `ContestSpec` declares them: asked at every attack.
    return ContestSpec(d.pool.size, len(shown) + more, shown, more, reroll_ties, "defend")


def reaction_decision(
    ctx: Ctx, target: Fighter, attacker: Fighter, w: Weapon, *, secret: bool = False
) -> Decision:
    """Abort (defend with the score) or suck it up (1 die, keep the action), with their rolls.

    In a simultaneous place the answer is `secret`: each attacked one chooses without seeing
    the other's choice [ruling, sorcerer.md 2: simultaneous means symmetric].
    """
    return reaction_menu(ctx, target, attacker, w, secret=secret)[0]


def reaction_menu(
    ctx: Ctx, target: Fighter, attacker: Fighter, w: Weapon, *, secret: bool = False
) -> tuple[Decision, Defence, Defence]:
    """`reaction_decision`, with the defences it shows: under abort, and under suck it up."""
    them, me = target.who, attacker.who
    tid, aid = them.cid, me.cid
    shown = attacker.performance
    extra = [suck_it_up_bonus(attacker.plan.baseline, attacker.health.wounds.total)]
    full, one = defences(ctx, target, attacker, w, ("abort", "suck_it_up"), extra)
    # The default weighs the same conditional chance the choice shows: the defence against
    # the attacker's faces already rolled, not a fresh contest [ruling, sorcerer.md 5].
    rerolled = ctx.options.tie == "reroll"
    chance = defence_chance(full.pool.size, shown, full.attacker_bonus.dice, reroll_ties=rerolled)
    default = "suck_it_up" if chance < DEFAULT_ABORT_AT else "abort"
    keep = target.plan.intention
    # Each choice's fields by position, in the order `Choice` declares them (key, text,
    # command, tags, target, cell, segment, rolls, harm, show_rolls): asked at every attack.
    choices = (
        Choice(
            "abort",
            Phrase("sorc_abort_choice", (keep, kept("dice", (full.pool.size,)))),
            reaction(tid, aid, "abort"),
            ("defend", "default") if default == "abort" else ("defend",),
            aid,
            None,
            None,
            (defence_roll(full, shown, rerolled),),
            None,
            False,
        ),
        Choice(
            "suck_it_up",
            Phrase("sorc_suck_it_up_choice", (kept("dice", (one.pool.size,)), keep)),
            reaction(tid, aid, "suck_it_up"),
            ("defend", "default") if default == "suck_it_up" else ("defend",),
            aid,
            None,
            None,
            (defence_roll(one, shown, rerolled),),
            None,
            False,
        ),
    )
    prompt = Phrase(
        "sorc_abort_prompt",
        (me.name, them.name, w.name, Phrase("faces_words", (shown,)), them.name),
    )
    decision = Decision(
        tid,
        "reaction",
        STEP_REACTIONS,
        prompt,
        choices,
        secret=secret,
        attacker=aid,
        incoming=shown,
        harm=weapon_harm(ctx, attacker, w),
    )
    return decision, full, one


@lru_cache(maxsize=1024)
def reaction(target: str, attacker: str, key: str) -> React:
    """The command of a reaction: one value for the same attacked one, attacker and answer.

    The same pair is asked again at each of its attacks (a duel's every round): a kept
    command is found in one lookup, where a new one costs a frozen value's making.
    """
    return React(target, attacker, key)


def reaction_chosen(ctx: Ctx, f: Fighter, attacker: str, reaction: str) -> Event:
    """The event that tells a reaction: abort or suck it up, against whose attack."""
    told = "sorc_reaction_abort" if reaction == "abort" else "sorc_reaction_suck_it_up"
    text = kept(told, (f.who.name, name_of(attacker)))
    why = kept(f"{told}_why")
    return event(
        ctx,
        "reaction_chosen",
        STEP_REACTIONS,
        text,
        why=why,
        actor=f.ent,
        data={"reaction": reaction, "attacker": attacker},
    )


def revealed(ctx: Ctx, group: list[Fighter]) -> list[Event]:
    """The reactions chosen in secret in a simultaneous place, told once all are in."""
    events = []
    for f in group:
        p = f.plan
        events += [reaction_chosen(ctx, f, a, p.reactions[a]) for a in p.hidden]
        p.hidden.clear()
    return events
