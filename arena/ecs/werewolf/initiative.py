"""Step 1, Initiative: Wits + Alertness at difficulty 4 (or the w20 score), for everyone at once."""

from __future__ import annotations

from arena.ecs.ruleset import NOTHING, Ctx, StepResult
from arena.ecs.werewolf import lookup
from arena.ecs.werewolf.acts import numbered, wound_dice
from arena.ecs.werewolf.components import Fighter, Pools, Slot, Turn
from arena.ecs.werewolf.delirium import delirium_checks
from arena.ecs.werewolf.slots import set_clock
from arena.ecs.werewolf.steps import INITIATIVE, event
from arena.rules.dice import dice_for
from arena.rules.events import Event
from arena.rules.phrase import Phrase
from arena.rules.werewolf.initiative import roll_initiative, roll_w20_initiative


def initiative(ctx: Ctx) -> StepResult:
    """Start a turn: clear the last one, then roll initiative for everyone in the fight."""
    clk = lookup.clock()
    if clk.rolled_round == ctx.clock.round:
        return NOTHING
    clk.rolled_round = ctx.clock.round
    clk.tick, clk.phase = None, 0
    clk.hits.clear()
    clk.wounded.clear()
    clk.acting = {}
    for f in lookup.fighters():
        _new_turn(f.turn, f.pools)
    if lookup.decided():
        # A fight one side starts without anyone able to act is over before anyone acts.
        return NOTHING
    events = list(delirium_checks(ctx))
    for f in lookup.fighters():
        if f.status.state == "active":
            events.append(_roll(ctx, f))
    set_clock()
    return StepResult(tuple(events))


def _new_turn(turn: Turn, pools: Pools) -> None:
    """The combatant's turn and its spends back to a fresh turn's."""
    # Every field back to a fresh Turn's, set one by one (no getattr and setattr a field,
    # twice a combatant a turn); `test_a_new_turn_starts_from_a_fresh_one` holds it to Turn().
    turn.initiative = -1
    turn.botched = turn.rage_decided = turn.free_attacked = False
    turn.slots = []
    turn.reaction_tick = turn.willpower_tick = turn.stun_tick = -1
    pools.rage_spent_turn = 0
    pools.gnosis_used_turn = False
    pools.willpower_used_turn = False


def _roll(ctx: Ctx, f: Fighter) -> Event:
    values = lookup.traits(ctx, f.ent)
    penalty = lookup.wound_penalty(f.ent)
    who = f.who
    turn = f.turn
    wound = numbered(wound_dice, penalty) if penalty else ""
    if ctx.options.initiative == "w20":
        score = roll_w20_initiative(
            dice_for(ctx.dice, who.cid, "initiative"), values["dexterity"], values["wits"], penalty
        )
        turn.initiative = score.score
        turn.slots.append(Slot(score.score, score.score))  # (tick, segment)
        return event(
            ctx,
            "initiative_rolled",
            INITIATIVE,
            Phrase("ww_rolls_initiative", (who.name, score.score)),
            why=Phrase(
                "ww_w20_initiative_why",
                (score.face, values["dexterity"], values["wits"], wound, score.score),
            ),
            actor=who.cid,
            data={
                "score": score.score,
                "face": score.face,
                "actions": 1,
                "segments": (score.score,),
            },
        )
    result = roll_initiative(
        dice_for(ctx.dice, who.cid, "initiative"), values["wits"], values["alertness"], penalty
    )
    turn.initiative = result.segment
    turn.botched = result.botched
    if not result.botched:
        # The initiative segment shows on the track at once; Rage may add more. (Its tick
        # and segment by position: a class called with keywords gathers them in a dict.)
        turn.slots.append(Slot(result.segment, result.segment))
    pool = result.roll.pool  # `initiative_pool`, as the roll kept it
    if result.botched:
        text = Phrase("ww_botches_initiative", (who.name,))
    else:
        # The same line in the fights of one setup: a name and a small number.
        key = ("ww_initiative_segment", f.ent, result.segment)
        text = lookup.said(ctx, key, _segment_line, who.name, result.segment)
    return event(
        ctx,
        "initiative_rolled",
        INITIATIVE,
        text,
        why=Phrase(
            "ww_initiative_why",
            (values["wits"], values["alertness"], wound, pool, Phrase("faces", (result.roll,))),
        ),
        actor=who.cid,
        roll=result.roll,
        data={
            "score": result.segment,
            "botched": result.botched,
            "actions": 0 if result.botched else 1,
            "segments": () if result.botched else (result.segment,),
        },
    )


def _segment_line(name: str, segment: int) -> Phrase:
    return Phrase("ww_initiative_segment", (name, segment))
