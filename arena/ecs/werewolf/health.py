"""The results of a segment, all together: wounds, falls, holds, disarms, stuns, frenzy."""

from __future__ import annotations

import esper

from arena.ecs.ruleset import Ctx
from arena.ecs.werewolf import lookup
from arena.ecs.werewolf.components import Hit, TurnClock
from arena.ecs.werewolf.delirium import delirium_checks
from arena.ecs.werewolf.frenzy import frenzy_checks
from arena.ecs.werewolf.noncombat import drop_slots, release
from arena.ecs.werewolf.slots import finish_all, leave
from arena.ecs.werewolf.steps import PASSED, SOAK, STUN, Played, event, need
from arena.ecs.werewolf.wounds import (
    OUT_KIND,
    health_data,
    out_of_fight,
    out_phrase,
    set_track,
    wounds_of,
)
from arena.ecs.world import TABLES
from arena.rules.events import Datum, Event
from arena.rules.phrase import Phrase
from arena.rules.werewolf.attack import disarms
from arena.rules.werewolf.stun import stunned


def results(ctx: Ctx, tick: int) -> Played:
    """Apply every hit of the segment at once, then what follows from them."""
    clk: TurnClock = TABLES[esper.current_world][lookup.FIGHT][TurnClock]  # every segment
    # Without a hit, only what a move or a shift may have brought on: the Delirium.
    events = apply_hits(ctx, clk.hits) if clk.hits else delirium_checks(ctx)
    finish_all(tick)
    clk.hits.clear()
    return (events, ()) if events else PASSED


def apply_hits(ctx: Ctx, hits: list[Hit]) -> list[Event]:
    """Apply these hits at once: wounds and effects, who falls, frenzy and Delirium checks."""
    events: list[Event] = []
    wounded: list[int] = []
    for hit in hits:
        events += _apply(ctx, hit)
        if hit.levels > 0 and hit.target not in wounded:
            wounded.append(hit.target)
    by_roster = wounded
    if len(wounded) > 1:  # one or none: already in order, no sort to call
        by_roster = sorted(wounded, key=lambda e: lookup.fighter(e).who.roster)
    for ent in by_roster:
        events += _status(ctx, ent)
    if wounded:
        events += frenzy_checks(ctx, wounded)
    events += delirium_checks(ctx)
    return events


def _apply(ctx: Ctx, hit: Hit) -> list[Event]:
    target, f = hit.target, lookup.fighter(hit.target)
    who, vit = f.who, f.vit
    events = []
    if hit.levels > 0:
        if vit.track is not None:
            set_track(vit, vit.track.apply(hit.taken, hit.levels))
        else:
            vit.essence = need(vit.essence, "essence").apply(hit.levels)
        health = wounds_of(target)
        level = Phrase("wounds_words", (health,))  # drawn when the log is read
        text = Phrase("ww_takes_levels", (who.name, hit.levels, hit.taken, level))
        by = lookup.fighter(hit.attacker).who.cid
        data = {"damage_type": hit.taken, "levels": hit.levels, **health_data(health)}
        events.append(
            event(
                ctx, "wounded", SOAK, text, actor=by, target=who.cid, amount=hit.levels, data=data
            )
        )
    if ctx.options.stun and vit.track is not None:
        stamina = lookup.traits(ctx, target)["stamina"]
        if stunned(hit.levels, stamina, enabled=True):
            f.cond.stunned = True
            text = Phrase("ww_stunned_will_lose_next_action", (who.name,))
            why = Phrase("ww_stun_why", (hit.levels, stamina))
            data = {"levels": hit.levels, "stamina": stamina}
            events.append(event(ctx, "stunned", STUN, text, why=why, actor=who.cid, data=data))
    if hit.knockdown == "none" and hit.effect == "none":
        return events  # a plain blow: nothing more to apply
    return events + _effects(ctx, hit)


def _effects(ctx: Ctx, hit: Hit) -> list[Event]:
    attacker, target = lookup.ident(hit.attacker), lookup.ident(hit.target)
    events = []
    if hit.knockdown in ("target", "both"):
        lookup.body(hit.target).prone = True
        text = Phrase("ww_knocked_down", (target.name,))
        by = {"by": attacker.cid}
        events.append(event(ctx, "knocked_down", SOAK, text, actor=target.cid, data=by))
    if hit.knockdown == "both":
        lookup.body(hit.attacker).prone = True
        text = Phrase("ww_goes_down_too", (attacker.name,))
        by = {"by": attacker.cid}
        events.append(event(ctx, "knocked_down", SOAK, text, actor=attacker.cid, data=by))
    if hit.effect == "grapple" and not lookup.body(hit.attacker).holding:
        lookup.body(hit.attacker).holding = target.cid
        lookup.body(hit.target).held_by = attacker.cid
        text = Phrase("ww_holds", (attacker.name, target.name))
        events.append(event(ctx, "grappled", SOAK, text, actor=attacker.cid, target=target.cid))
    if hit.effect == "disarm":
        strength = lookup.traits(ctx, hit.target)["strength"]
        weapons = lookup.body(hit.target).weapons
        why = Phrase("ww_against_strength", (Phrase("successes", (hit.successes,)), strength))
        data: dict[str, Datum] = {"successes": hit.successes, "strength": strength}
        if disarms(hit.successes, strength) and weapons:
            lost = weapons.pop(0)
            text = Phrase(
                "ww_takes_weapon", (attacker.name, target.name, lookup.weapon_def(ctx, lost).name)
            )
            data["weapon"] = lost
            events.append(
                event(
                    ctx,
                    "disarmed",
                    SOAK,
                    text,
                    why=why,
                    actor=attacker.cid,
                    target=target.cid,
                    data=data,
                )
            )
        else:
            text = Phrase("ww_keeps_hold_weapon", (target.name,))
            events.append(
                event(
                    ctx,
                    "disarm_failed",
                    SOAK,
                    text,
                    why=why,
                    actor=attacker.cid,
                    data=data,
                )
            )
    return events


def _status(ctx: Ctx, ent: int) -> list[Event]:
    f = lookup.fighter(ent)
    vit, status, who = f.vit, f.status, f.who
    state = out_of_fight(vit)
    if state is None:
        return []
    text = out_phrase(state, who.name)
    if status.state == state:
        return []
    was, status.state = status.state, state
    if was == "active":
        leave(f)
    release(ent)
    kind = OUT_KIND[state]
    events = [event(ctx, kind, SOAK, text, actor=who.cid, data={"status": state})]
    return events + drop_slots(
        ctx, ent, Phrase("ww_out_of_fight"), "out_of_fight", keep_tick=lookup.clock().tick
    )
