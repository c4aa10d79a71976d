"""Which attacks a combatant can make now: its weapons and maneuvers, against whom."""

from __future__ import annotations

from dataclasses import dataclass

import esper

from arena.ecs.components import Position
from arena.ecs.ruleset import Ctx
from arena.ecs.werewolf import lookup
from arena.ecs.werewolf.components import Body, Memo
from arena.ecs.werewolf.lookup import MeansInfo
from arena.ecs.werewolf.moves import enemies
from arena.ecs.werewolf.rolls import in_reach, wielded_melee
from arena.ecs.world import TABLES
from arena.rules.commands import IllegalCommand
from arena.rules.fast import quick_init
from arena.rules.werewolf.attack import check_maneuver


@quick_init
@dataclass(frozen=True, slots=True)
class AttackOption:
    """One attack the combatant may declare."""

    means: str
    target: int


def usable_means(ctx: Ctx, ent: int) -> tuple[str, ...]:
    """Weapons in hand, then maneuvers, that the current form and state allow."""
    kept: Memo = TABLES[esper.current_world][lookup.FIGHT][Memo]  # `lookup.fighter`, in place
    f = kept.by_ent[ent]
    body = f.body
    key = ("usable", ent, body.form, (*body.weapons,), f.cond.frenzied, body.held_by != "")
    try:  # `lookup.remembered`'s hit, read in place: every menu and free attack asks
        found: tuple[str, ...] = kept.found[key]
    except KeyError:
        found = lookup.remembered(key, _usable, ctx, ent)
    return found


def _usable(ctx: Ctx, ent: int) -> tuple[str, ...]:
    form = lookup.form_of(ctx, ent)
    frenzied = lookup.condition(ent).frenzied
    held = bool(lookup.body(ent).held_by)
    found = []
    for means in (*lookup.body(ent).weapons, *lookup.sheet(ent).maneuvers):
        info = lookup.means_info(ctx, ent, means)
        if info.forms and form.name not in info.forms:
            continue
        man = info.rules
        try:
            check_maneuver(man, has_hands=form.hands, frenzied=frenzied)
        except IllegalCommand:
            continue
        if held and (man.ability != "brawl" or means == "grapple"):
            continue  # a held combatant fights bare-handed, and cannot grapple back [ruling]
        if info.effect == "disarm" and not wielded_melee(ctx, ent):
            continue
        found.append(means)
    return tuple(found)


def attack_options(ctx: Ctx, ent: int, *, nearest_only: bool = False) -> list[AttackOption]:
    """Every legal (means, target), nearest target first, the combatant's own order of means.

    Args:
        ctx: the fight.
        ent: the attacker.
        nearest_only: only the single nearest enemy (frenzy).
    """
    foes = _foes(ent)
    if nearest_only:
        foes = foes[:1]
    means_list = usable_means(ctx, ent)
    table = TABLES[esper.current_world]
    known = table[lookup.FIGHT][Memo].means
    form = table[ent][Body].form
    me: Position = table[ent][Position]
    found = []
    for foe in foes:
        them: Position = table[foe][Position]
        dx, dy = them.x - me.x, them.y - me.y
        near = -1 <= dx <= 1 and -1 <= dy <= 1
        for means in means_list:
            if not near:
                # Hand-to-hand needs a neighbouring cell (`in_reach`): only a gun may reach
                # a foe farther off, so the others are not looked at further.
                key = (means, form)
                info = known[key] if key in known else lookup.means_info(ctx, ent, means)
                if info.rules.ability != "firearms":
                    continue
            if _allowed_against(ctx, ent, foe, means):
                found.append(AttackOption(means, foe))
    return found


def can_attack(ctx: Ctx, ent: int, target: int, means: str) -> bool:
    """Whether this attack is among `attack_options` now (without working them all out)."""
    if means not in usable_means(ctx, ent) or not _is_foe(ent, target):
        return False
    return _allowed_against(ctx, ent, target, means)


def _is_foe(ent: int, target: int) -> bool:
    """Whether the target is among `_foes`, without finding and sorting them all."""
    kept: Memo = TABLES[esper.current_world][lookup.FIGHT][Memo]  # `lookup.fighter`, in place
    me, them = kept.by_ent[ent], kept.by_ent[target]
    if them.status.state != "active":
        return False
    holder = me.body.held_by
    return them.who.cid == holder if holder else them.who.side != me.who.side


def _foes(ent: int) -> list[int]:
    """Whom it may attack: its enemies, nearest first; held, only whoever holds it."""
    holder = lookup.fighter(ent).body.held_by
    if holder:
        them = lookup.fighter_of(holder)
        return [them.ent] if them.status.state == "active" else []
    return enemies(ent)


def _allowed_against(ctx: Ctx, ent: int, foe: int, means: str) -> bool:
    table = TABLES[esper.current_world]
    try:  # `means_info`'s hit, read in place: every attack option of every menu asks
        info: MeansInfo = table[lookup.FIGHT][Memo].means[(means, table[ent][Body].form)]
    except KeyError:
        info = lookup.means_info(ctx, ent, means)
    if not in_reach(ctx, ent, foe, info.rules):
        return False
    if info.effect == "disarm":
        return bool(lookup.body(foe).weapons)
    if means == "grapple" or info.effect == "grapple":
        holding = lookup.body(ent).holding
        return not holding or holding == lookup.ident(foe).cid
    return True


def is_grapple(ctx: Ctx, ent: int, means: str) -> bool:
    """True for a maneuver that holds its target."""
    return lookup.means_info(ctx, ent, means).effect == "grapple"
