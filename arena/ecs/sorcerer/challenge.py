"""A challenge: the actor's performance against a difficulty pool (rules/sorcerer.md §2)."""

from __future__ import annotations

from arena.ecs.ruleset import Ctx
from arena.ecs.sorcerer.data import Data, contest_data
from arena.ecs.sorcerer.performance import sucked_up
from arena.ecs.sorcerer.queries import faces, fighter, name
from arena.rules.dice import Contest, resolve_contest, roll_faces
from arena.rules.events import Event
from arena.rules.phrase import Phrase, Text
from arena.rules.sorcerer import DicePool, settle_tie


def challenge_against(
    ctx: Ctx, ent: int, pool: DicePool, level: str
) -> tuple[Contest, Text, list[Event], Data]:
    """The actor's performance against a difficulty pool: the contest, why, events, its data.

    Args:
        ctx: the fight.
        ent: who acts.
        pool: the difficulty's dice (a sucked-up wound's bonus is added here).
        level: how hard, for the data: a challenge level, or ``task`` for a scenario's own.
    """
    me = fighter(ent)
    bonus, events = sucked_up(ctx, me, Phrase("sorc_the_challenge"))
    pool = pool.plus(bonus)
    d_faces = roll_faces(ctx.dice, pool.dice_to_roll)
    perf = me.performance
    rolls = settle_tie(
        resolve_contest(perf, d_faces), ctx.dice, len(perf), len(d_faces), ctx.options
    )
    said = Phrase("contest_words", (rolls, name(ent), Phrase("sorc_the_challenge")))
    why = Phrase(
        "sorc_challenge_why",
        (faces(perf), Phrase("pool_words", (pool,)), faces(d_faces), said),
    )
    data = {"level": level, **contest_data(rolls, "performance", "challenge")}
    return rolls[-1], why, events, data
