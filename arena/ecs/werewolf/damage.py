"""Steps 3.2 Damage and 3.3 Soak: the blows that land roll full damage; the targets soak."""

from __future__ import annotations

from arena.ecs.ruleset import Ctx, StepResult
from arena.ecs.werewolf import lookup
from arena.ecs.werewolf.acts import describe
from arena.ecs.werewolf.attack import DEFENCES, holds
from arena.ecs.werewolf.components import Hit, Slot
from arena.ecs.werewolf.slots import actors_at
from arena.ecs.werewolf.steps import DAMAGE, SOAK, event, faces, need, successes
from arena.rules.events import Event
from arena.rules.werewolf.attack import Maneuver, damage_pool, resolve_hit, roll_damage
from arena.rules.werewolf.defence import can_defend
from arena.rules.werewolf.soak import (
    can_soak,
    damage_type_taken,
    levels_after_soak,
    roll_soak,
    soak_pool,
    soak_trait,
)


def best_defence(ent: int, tick: int, man: Maneuver) -> tuple[int, str]:
    """The target's best dodge, block or parry this segment that can answer this attack."""
    frenzied = lookup.condition(ent).frenzied
    best, how = 0, ""
    for slot in lookup.turn(ent).slots:
        act = slot.act
        if slot.tick != tick or slot.roll is None or act is None or act.kind not in DEFENCES:
            continue
        if can_defend(act.kind, man, frenzied=frenzied) and slot.roll.net > best:  # type: ignore[arg-type]
            best, how = slot.roll.net, act.kind
    return best, how


def roll_damage_step(ctx: Ctx, tick: int) -> StepResult:
    """Each attack's successes less the target's defence; a hit rolls its whole damage pool."""
    clk = lookup.clock()
    events: list[Event] = []
    for ent, slots in actors_at(tick):
        for slot in slots:
            if slot.act is not None and slot.act.kind == "attack" and slot.roll is not None:
                events += _outcome(ctx, ent, slot, tick, clk.hits)
                slot.done = True
    return StepResult(tuple(events))


def _outcome(ctx: Ctx, ent: int, slot: Slot, tick: int, hits: list[Hit]) -> list[Event]:
    act, roll = need(slot.act, "the declared action"), need(slot.roll, "the attack roll")
    who, target = lookup.ident(ent), lookup.entity_of(act.target)
    man = lookup.means_of(ctx, ent, act.means)
    strength = lookup.traits(ctx, ent)["strength"]
    if holds(ctx, ent, act) and slot.versus is not None:
        defence, how = slot.versus.net, "resisting the hold"
    else:
        defence, how = best_defence(target, tick, man)
    hit = resolve_hit(roll.net, defence, strength, man)
    what = describe(ctx, act)
    cancel = f"; {hit.cancelled} cancelled by {how}" if hit.cancelled else ""
    why = f"{successes(roll.net)} on the attack{cancel}, {hit.successes} left"
    if not hit.landed:
        kind, verb = ("attack_botched", "botches") if roll.botch else ("attack_missed", "misses")
        return [
            event(
                ctx,
                kind,
                DAMAGE,
                f"{who.name} {verb}: {what}.",
                why=why,
                actor=who.cid,
                target=act.target,
            )
        ]
    text = f"{who.name} lands {what} with {successes(hit.successes)}."
    events = [event(ctx, "attack_hit", DAMAGE, text, why=why, actor=who.cid, target=act.target)]
    effect = _effect(ctx, act.means)
    knock = (
        lookup.maneuver_def(ctx, act.means).knockdown
        if lookup.is_maneuver(ctx, act.means)
        else "none"
    )
    if effect == "disarm":
        hits.append(Hit(ent, target, act.means, 0, "bashing", False, knock, effect, hit.successes))
        return events
    pool = _damage_dice(ctx, ent, hit.damage_pool)
    damage = roll_damage(ctx.dice, pool)
    hits.append(
        Hit(
            ent,
            target,
            act.means,
            pool,
            man.damage_type,
            man.silver,
            knock,
            effect,
            hit.successes,
            damage,
        )
    )
    base = (
        f"Strength {strength} + {man.damage}" if man.adds_strength else f"{man.name} {man.damage}"
    )
    extra = hit.successes - 1
    why = f"{base} + {extra} extra successes = {damage_pool(strength, man, hit.successes)} dice"
    if pool != hit.damage_pool:
        why += f", wounds -{hit.damage_pool - pool}"
    why += f", never split; difficulty 6, 10s rerolled: {faces(damage)}"
    text = f"{who.name} rolls {damage.net} {man.damage_type} damage."
    events.append(
        event(
            ctx,
            "damage_rolled",
            DAMAGE,
            text,
            why=why,
            actor=who.cid,
            target=act.target,
            roll=damage,
        )
    )
    return events


def _effect(ctx: Ctx, means: str) -> str:
    return lookup.maneuver_def(ctx, means).effect if lookup.is_maneuver(ctx, means) else "none"


def _damage_dice(ctx: Ctx, ent: int, pool: int) -> int:
    if lookup.options(ctx).wounds_on_damage_and_soak:
        return max(0, pool - lookup.wound_penalty(ent))
    return pool


def soak_step(ctx: Ctx, tick: int) -> StepResult:
    """Each target soaks what it may with Stamina (a spirit with Gnosis), rerolling 10s."""
    events: list[Event] = []
    for hit in lookup.clock().hits:
        if hit.damage is not None:
            events.append(_soak(ctx, hit))
    return StepResult(tuple(events))


def _soak(ctx: Ctx, hit: Hit) -> Event:
    damage = need(hit.damage, "the damage roll")
    target = hit.target
    who = lookup.ident(target)
    sheet = lookup.sheet(target)
    breed = lookup.breed_form(target)
    hit.taken = damage_type_taken(sheet.kind, hit.damage_type, silver=hit.silver, breed_form=breed)
    silver = " silver" if hit.silver else ""
    soakable = can_soak(sheet.kind, hit.damage_type, silver=hit.silver, breed_form=breed)
    if not soakable or damage.net == 0:
        hit.levels = damage.net
        reason = (
            "nothing to soak"
            if soakable
            else f"{who.name} cannot soak{silver} {hit.damage_type} damage"
        )
        text = f"{who.name} takes {_levels(hit.levels)} of {hit.taken} damage ({reason})."
        return event(
            ctx, "damage_soaked", SOAK, text, why=_who_soaks(sheet.kind, breed), actor=who.cid
        )
    trait = soak_trait(sheet.kind, lookup.options(ctx).spirit_soak)
    value = (
        lookup.traits(ctx, target)["stamina"]
        if trait == "stamina"
        else getattr(lookup.pools(target), trait)
    )
    penalty = lookup.wound_penalty(target) if lookup.options(ctx).wounds_on_damage_and_soak else 0
    pool = soak_pool(value, penalty)
    hit.soak = roll_soak(ctx.dice, pool)
    hit.levels = levels_after_soak(damage.net, hit.soak.net)
    text = f"{who.name} soaks {hit.soak.net}: takes {_levels(hit.levels)} of {hit.taken} damage."
    wound = f" - wounds {penalty}" if penalty else ""
    why = (
        f"{trait.capitalize()} {value}{wound} = {pool} dice, difficulty 6, 10s rerolled: "
        f"{faces(hit.soak)}"
    )
    return event(ctx, "damage_soaked", SOAK, text, why=why, actor=who.cid, roll=hit.soak)


def _who_soaks(kind: str, breed_form: bool) -> str:
    if kind == "garou":
        where = "in its breed form" if breed_form else "out of its breed form"
        return (
            f"a Garou {where}: soaks bashing and lethal, aggravated only out of its breed "
            "form, silver only in it"
        )
    if kind == "spirit":
        return "spirits soak everything but silver"
    return "humans and fomori soak bashing damage only"


def _levels(count: int) -> str:
    return "1 level" if count == 1 else f"{count} levels"
