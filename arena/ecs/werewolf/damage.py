"""Steps 3.2 Damage and 3.3 Soak: the blows that land roll full damage; the targets soak."""

from __future__ import annotations

import esper

from arena.ecs.ruleset import Ctx
from arena.ecs.werewolf import lookup
from arena.ecs.werewolf.acts import (
    acted,
    describe,
    levels_words,
    numbered,
    successes_words,
    wound_dice,
)
from arena.ecs.werewolf.components import Fighter, Hit, Slot, TurnClock
from arena.ecs.werewolf.rolls import DEFENCE_KINDS
from arena.ecs.werewolf.slots import finish
from arena.ecs.werewolf.steps import DAMAGE, PASSED, SOAK, Played, event, missing, need
from arena.ecs.werewolf.wounds import soak_numbers
from arena.ecs.world import TABLES
from arena.rules.dice import dice_for
from arena.rules.events import Datum, Event, EventKind
from arena.rules.phrase import Phrase, Text
from arena.rules.werewolf.attack import Maneuver, damage_pool, resolve_hit, roll_damage
from arena.rules.werewolf.defence import can_defend
from arena.rules.werewolf.forms import is_breed_form
from arena.rules.werewolf.soak import (
    can_soak,
    damage_type_taken,
    levels_after_soak,
    roll_soak,
)


def best_defence(ent: int, tick: int, man: Maneuver) -> tuple[int, str]:
    """The target's best dodge, block or parry this segment that can answer this attack."""
    f = lookup.fighter(ent)
    frenzied = f.cond.frenzied
    best, how = 0, ""
    for slot in f.turn.slots:
        kind = DEFENCE_KINDS.get(slot.act.kind) if slot.act is not None else None
        if slot.tick != tick or slot.roll is None or kind is None:
            continue
        if can_defend(kind, man, frenzied=frenzied) and slot.roll.net > best:
            best, how = slot.roll.net, kind
    return best, how


def roll_damage_step(ctx: Ctx, tick: int) -> Played:
    """Each attack's successes less the target's defence; a hit rolls its whole damage pool."""
    clk: TurnClock = TABLES[esper.current_world][lookup.FIGHT][TurnClock]  # every segment
    hits = clk.hits
    events: list[Event] = []
    on = clk.acting  # `actors_at`, in place
    for f, slots in on[tick] if tick in on else ():  # noqa: SIM401 (no call)
        ent = f.ent
        for slot in slots:
            if slot.act is not None and slot.act.kind == "attack" and slot.roll is not None:
                events += outcome(ctx, ent, slot, tick, hits)
                finish(f, slot)
    return (events, ()) if events else PASSED


def outcome(
    ctx: Ctx, ent: int, slot: Slot, tick: int, hits: list[Hit], *, free: bool = False
) -> list[Event]:
    """Cancel the attack's successes with the target's defence; a hit rolls damage.

    `free`: a free attack on someone leaving (its events say so).
    """
    act, roll = slot.act, slot.roll
    if act is None or roll is None:
        raise missing("declared_action" if act is None else "attack_roll")
    me = lookup.fighter(ent)
    who, target = me.who, lookup.fighter_of(act.target).ent
    info = lookup.means_info(ctx, ent, act.means)
    man = info.rules
    strength = lookup.traits(ctx, ent)["strength"]
    # `holds`, read from what is here already
    if slot.versus is not None and info.effect == "grapple" and me.body.holding == act.target:
        defence, how = slot.versus.net, "hold"
    else:
        defence, how = best_defence(target, tick, man)
    hit = resolve_hit(roll.net, defence, strength, man)
    why = _left(roll.net, hit.cancelled, how, hit.successes)
    data: dict[str, Datum] = {
        "means": act.means,
        "attack": roll.net,
        "defence": how if hit.cancelled else "",
        "cancelled": hit.cancelled,
        "successes": hit.successes,
    }
    if free:
        data["free"] = True
    if not hit.landed:
        kind: EventKind
        kind, said = (
            ("attack_botched", "ww_botches") if roll.botch else ("attack_missed", "ww_misses")
        )
        text = Phrase(said, (who.name, describe(ctx, act)))
        return [
            event(ctx, kind, DAMAGE, text, why=why, actor=who.cid, target=act.target, data=data)
        ]
    text = acted(ctx, _lands, ent, act, hit.successes)
    landed = event(
        ctx, "attack_hit", DAMAGE, text, why=why, actor=who.cid, target=act.target, data=data
    )
    knock = info.knockdown
    if info.effect == "disarm":
        hits.append(
            Hit(ent, target, act.means, 0, "bashing", False, knock, "disarm", hit.successes)
        )
        return [landed]
    return [landed, _damage(ctx, me, target, act.means, hit.successes, hits, strength)]


def _lands(name: str, what: Phrase, net: Phrase) -> Phrase:
    return Phrase("ww_lands", (name, what, net))


def _left(attack: int, cancelled: int, how: str, successes: int) -> Phrase:
    """What an attack's successes leave after the defence, in words: made once for each."""
    key = (attack, cancelled, how, successes)
    found = _LEFT[key] if key in _LEFT else None  # noqa: SIM401 (no call: every attack)
    if found is None:
        by = _RESISTING if how == "hold" else how
        cancel = Phrase("ww_cancelled", (cancelled, by)) if cancelled else ""
        found = _LEFT[key] = Phrase(
            "ww_attack_left", (numbered(successes_words, attack), cancel, successes)
        )
    return found


_RESISTING = Phrase("ww_resisting_hold")
_LEFT: dict[tuple[int, int, str, int], Phrase] = {}
"""(attack, cancelled, defence, successes left) → the words: a few small numbers and the
defences' names, so the table stays small."""


def _damage(
    ctx: Ctx, me: Fighter, target: int, means: str, landed: int, hits: list[Hit], strength: int
) -> Event:
    """Roll a landed blow's whole damage pool: never split [seed]."""
    ent, who = me.ent, me.who
    info = lookup.means_info(ctx, ent, means)
    man = info.rules
    full = damage_pool(strength, man, landed)
    pool = _damage_dice(ctx, ent, full)
    damage = roll_damage(dice_for(ctx.dice, who.cid, "damage"), pool, ctx.options.damage_tens)
    hits.append(
        Hit(
            ent,
            target,
            means,
            pool,
            man.damage_type,
            man.silver,
            info.knockdown,
            info.effect,
            landed,
            damage,
        )
    )
    # The parts but the faces are the same few numbers and names fight after fight: made once.
    base = _base(strength, man)
    wounds = numbered(_wounds_taken, full - pool) if pool != full else ""
    why = Phrase(
        "ww_damage_why",
        (base, landed - 1, full, wounds, Phrase("faces", (damage,))),
    )
    key = ("ww_rolls_damage", ent, damage.net, man.damage_type)
    text = lookup.said(ctx, key, _rolls_damage, who.name, damage.net, man.damage_type)
    target_id = lookup.fighter(target).who.cid
    data: dict[str, Datum] = {
        "means": means,
        "damage_type": man.damage_type,
        "silver": man.silver,
        "extra": landed - 1,
    }
    return event(
        ctx,
        "damage_rolled",
        DAMAGE,
        text,
        why=why,
        actor=who.cid,
        target=target_id,
        roll=damage,
        data=data,
    )


def _base(strength: int, man: Maneuver) -> Phrase:
    """A blow's base damage in words (``Strength 3 + 1``), made once for each."""
    key = (strength, man.adds_strength, man.name, man.damage)
    found = _BASES[key] if key in _BASES else None  # noqa: SIM401 (no call: every blow)
    if found is None:
        found = _BASES[key] = (
            Phrase("ww_damage_strength", (strength, man.damage))
            if man.adds_strength
            else Phrase("{} {}", (man.name, man.damage))
        )
    return found


_BASES: dict[tuple[int, bool, str, int], Phrase] = {}
"""(Strength, adds it, means' name, damage) → the words: a few small numbers and the means'
names, so the table stays small."""


def _wounds_taken(dice: int) -> Phrase:
    return Phrase("ww_damage_wounds", (dice,))


def _rolls_damage(name: str, net: int, kind: str) -> Phrase:
    return Phrase("ww_rolls_damage", (name, net, kind))


def _damage_dice(ctx: Ctx, ent: int, pool: int) -> int:
    if ctx.options.wounds_on_damage_and_soak:
        return max(0, pool - lookup.wound_penalty(ent))
    return pool


def soak_step(ctx: Ctx, tick: int) -> Played:
    """Each target soaks what it may with Stamina (a spirit with Gnosis), rerolling 10s."""
    events: list[Event] = []
    clk: TurnClock = TABLES[esper.current_world][lookup.FIGHT][TurnClock]  # every segment
    for hit in clk.hits:
        if hit.damage is not None:
            events.append(soak_hit(ctx, hit))
    return (events, ()) if events else PASSED


def soak_hit(ctx: Ctx, hit: Hit) -> Event:
    """The target soaks a landed blow's damage, if it may; the hit keeps the levels left."""
    damage = need(hit.damage, "damage_roll")
    target = hit.target
    f = lookup.fighter(target)
    who, sheet = f.who, f.sheet
    breed = is_breed_form(sheet.kind, sheet.breed, f.body.form)  # `lookup.breed_form`
    hit.taken = damage_type_taken(sheet.kind, hit.damage_type, silver=hit.silver, breed_form=breed)
    silver = " silver" if hit.silver else ""
    soakable = can_soak(sheet.kind, hit.damage_type, silver=hit.silver, breed_form=breed)
    if not soakable or damage.net == 0:
        hit.levels = damage.net
        reason = (
            Phrase("ww_nothing_soak")
            if soakable
            else Phrase("ww_cannot_soak_damage", (who.name, silver, hit.damage_type))
        )
        text = Phrase(
            "ww_takes_damage",
            (who.name, numbered(levels_words, hit.levels), hit.taken, reason),
        )
        data = _soak_data(hit, damage.net, 0, 0)
        why: Text = Phrase("who_soaks", (sheet.kind, breed))
        return event(ctx, "damage_soaked", SOAK, text, why=why, actor=who.cid, data=data)
    trait, value, penalty, pool = soak_numbers(ctx, target)
    hit.soak = roll_soak(dice_for(ctx.dice, who.cid, "soak"), pool, ctx.options.damage_tens)
    hit.levels = levels_after_soak(damage.net, hit.soak.net)
    text = _soaks(ctx, target, hit.soak.net, hit.levels, hit.taken)
    wound = numbered(wound_dice, penalty) if penalty else ""
    why = Phrase(
        "ww_soak_why",
        (trait.capitalize(), value, wound, pool, Phrase("faces", (hit.soak,))),
    )
    data = _soak_data(hit, damage.net, pool, hit.soak.net)
    return event(ctx, "damage_soaked", SOAK, text, why=why, actor=who.cid, roll=hit.soak, data=data)


def _soaks(ctx: Ctx, target: int, soaked: int, levels: int, taken: str) -> Phrase:
    """``<name> soaks <n> and takes <levels>``: the same line in the fights of one setup."""
    key = ("ww_soaks_takes_damage", target, soaked, levels, taken)
    return lookup.said(ctx, key, _new_soaks, target, soaked, levels, taken)


def _new_soaks(target: int, soaked: int, levels: int, taken: str) -> Phrase:
    name = lookup.ident(target).name
    return Phrase("ww_soaks_takes_damage", (name, soaked, numbered(levels_words, levels), taken))


def _soak_data(hit: Hit, damage: int, dice: int, soaked: int) -> dict[str, Datum]:
    """Damage rolled, soak dice and successes, and the levels and kind of damage taken."""
    return {
        "damage": damage,
        "dice": dice,
        "successes": soaked,
        "levels": hit.levels,
        "damage_type": hit.taken,
        "by": lookup.fighter(hit.attacker).who.cid,
    }
