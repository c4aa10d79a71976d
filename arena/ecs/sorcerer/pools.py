"""Step 2 pools on components: each intention's roll and each defence, every modifier named."""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import Final, cast

from arena.content.sorcerer import ABILITIES, Weapon
from arena.ecs.ruleset import Ctx
from arena.ecs.sorcerer.components import DemonState, Fighter
from arena.ecs.sorcerer.memo import shelf
from arena.ecs.sorcerer.queries import (
    OUT,
    fighter_of,
    fighters,
    grid,
    weapon,
)
from arena.ecs.sorcerer.wounds import penalties, roll_modifiers
from arena.rules.actions import Attack, Move
from arena.rules.commands import Command
from arena.rules.grid import distance, in_cover, range_band
from arena.rules.sorcerer import (
    RITUAL_AGAINST,
    Ability,
    ActionKind,
    Defence,
    Demon,
    DicePool,
    Modifier,
    Reaction,
    Ritual,
    Rollover,
    Trait,
    assemble_pool,
    cloak_penalty,
    cover_bonus,
    defence_pool,
    effective_power,
    order_pool,
    protection_bonus,
    psychic_force_defence,
    ritual_pools,
    role_playing_bonus,
    snapshot_pool,
    spend_rollover,
    total_defense_bonus,
    unaimed_firearm_penalty,
)
from arena.rules.sorcerer.commands import (
    Aim,
    Climb,
    Flee,
    Hop,
    PerformRitual,
    TotalDefense,
    WorkTask,
)


def power_of(f: Fighter, ctx: Ctx) -> int:
    """A demon's Power for its own rolls: 1 while it boosts; 0 for humans."""
    return power_in(f.demon, ctx)


def power_in(state: DemonState | None, ctx: Ctx) -> int:
    """`power_of` from the demon state already read (None for a human)."""
    if state is None:
        return 0
    return effective_power(state.power, boosting=state.boosting, options=ctx.options)


Base = tuple[str, Trait, int]
"""The base of an intention's roll: (name or template id, trait, dice)."""


def action_base(ctx: Ctx, f: Fighter, cmd: Command) -> Base | None:
    """The base of the roll an intention makes: (name or template id, trait, dice), or None."""
    # By kind (unique per command class), not by class patterns: every pool asks.
    kind = cmd.kind
    if kind == Attack.kind and isinstance(cmd, Attack):
        means, arms = cmd.means, f.arms
        if (arms[means] if means in arms else weapon(ctx, means)).trait == "power":
            return ("Power", "power", power_in(f.demon, ctx))
        return ("Stamina", "stamina", f.scores.stamina)
    if kind in _ON_STAMINA:
        return ("Stamina", "stamina", f.scores.stamina)
    if kind == PerformRitual.kind:
        return ("sorc_pool_ritual", "lore", 1)
    if kind == Hop.kind:
        return ("Power", "power", power_in(f.demon, ctx))
    return None


_ON_STAMINA: frozenset[str] = frozenset(
    c.kind for c in (Aim, Move, Flee, TotalDefense, Climb, WorkTask)
)
"""The kinds of intention besides attacks whose roll is on Stamina (`action_base`)."""


def performs(cmd: Command | None) -> bool:
    """Whether the action's roll is contested, so a role-playing bonus matters."""
    # By kind (unique per command class): a set test, not an isinstance call, at every tally.
    return cmd is not None and cmd.kind in PERFORMING


PERFORMING: frozenset[str] = frozenset(
    c.kind for c in (Attack, PerformRitual, Aim, Flee, Climb, WorkTask)
)
"""The kinds of intention whose roll is contested (`performs`)."""


def sheet_bonus(ctx: Ctx, f: Fighter) -> int:
    """The role-playing bonus its sheet gives (its AI profile's under ``honour``), capped."""
    most: int = ctx.options.role_play_max
    role_play: int = f.scores.role_play
    return role_play if role_play < most else most


def role_play_dice(ctx: Ctx, f: Fighter, granted: int | None) -> int:
    """The role-playing bonus a contested action rolls with, as option ``role_play`` says.

    ``sheet``: the sheet's value, for everyone alike; ``honour``: what the table `granted`
    (None: not asked, 0); ``off``: none [ruling, sorcerer.md 4].
    """
    rule = ctx.options.role_play
    if rule == "sheet":  # `sheet_bonus`, without its call: every pool asks
        most: int = ctx.options.role_play_max
        role_play: int = f.scores.role_play
        return role_play if role_play < most else most
    return (granted or 0) if rule == "honour" else 0


def bonus_reach(ctx: Ctx, f: Fighter) -> int:
    """The most role-playing dice its action could still get before it is rolled."""
    rule = ctx.options.role_play
    if rule == "sheet":
        return sheet_bonus(ctx, f)
    return ctx.options.role_play_max if rule == "honour" else 0


def _rollover_key(cmd: Command, w: Weapon | None) -> tuple[ActionKind, str, bool]:
    # By kind (unique per command class), not by class patterns: every roll with a rollover
    # waiting asks.
    kind = cmd.kind
    if kind == Attack.kind and w is not None and isinstance(cmd, Attack):
        return ("attack", cmd.target, w.firearm)
    if kind == PerformRitual.kind and isinstance(cmd, PerformRitual):
        return ("ritual", cmd.target, False)
    if kind == Aim.kind and isinstance(cmd, Aim):
        return ("task", cmd.target, False)
    return ("task", "", False)


def _situational(
    ctx: Ctx, f: Fighter, cmd: Attack, w: Weapon, held: Sequence[Rollover]
) -> list[Modifier]:
    """Unaimed firearms and Cloak: modifiers that depend on the target."""
    mods: list[Modifier] = []
    target = fighter_of(cmd.target)
    if w.firearm:
        me = f.who.cid
        aimed = any(r.holder == me and r.link == "aim" and r.other == cmd.target for r in held)
        here, there = f.pos, target.pos
        band = range_band(distance((here.x, here.y), (there.x, there.y)), w.range)
        if band != "out_of_range":
            mods.append(unaimed_firearm_penalty(band, aimed=aimed, options=ctx.options))
    state = target.demon
    if state is not None and state.cloaked:
        mods.append(cloak_penalty(state.power, ctx.options))
    return mods


def pool_key(ctx: Ctx, f: Fighter, cmd: Command) -> object:
    """What of an intention its own pool reads (`action_pool` reads no more of it).

    The same actor's intentions with equal keys roll equal pools while nothing changes.
    """
    match cmd:
        case Attack(target=target, means=means):
            w = f.arms[means] if means in f.arms else weapon(ctx, means)
            return ("attack", target, w.trait == "power", means if w.firearm else "")
        case PerformRitual(target=target):
            return ("ritual", target)
    return cmd


def action_pool(
    ctx: Ctx,
    f: Fighter,
    cmd: Command,
    bonus: int,
    held: Sequence[Rollover],
    base: Base | None = None,
) -> tuple[DicePool, tuple[Rollover, ...]] | None:
    """The pool an intention rolls at Step 3, and the rollovers left once it spends its own.

    Args:
        ctx: the fight.
        f: who acts.
        cmd: its intention.
        bonus: the role-playing bonus granted.
        held: every rollover waiting.
        base: its `action_base` if already read (None: read it here).

    Returns:
        The pool and the rollovers still waiting; None if the intention rolls nothing.
    """
    if base is None:
        base = action_base(ctx, f, cmd)
        if base is None:
            return None
    base_name, trait, dice = base
    # The weapon looked up once: the rollover's link and the situational modifiers read it.
    # By kind (unique per command class): a compare, not an isinstance call, at every tally.
    tag = cmd.kind
    attack = cmd if tag == Attack.kind and isinstance(cmd, Attack) else None
    w = None
    if attack is not None:
        means, arms = attack.means, f.arms
        w = arms[means] if means in arms else weapon(ctx, means)
    used: tuple[Modifier, ...] = ()
    kept: tuple[Rollover, ...] = ()
    if held:  # most rolls find none waiting: nothing to link or spend
        me = f.who.cid
        kept = tuple(held)
        for r in held:
            if r.holder == me:  # only its own are looked at: none held, nothing to spend
                kind, target, firearm = _rollover_key(cmd, w)
                used, kept = spend_rollover(held, me, kind, target, firearm=firearm)
                break
    p = f.plan
    boosted = p.boost is not None and p.boost_trait == trait
    wounds = f.health.wounds  # `roll_modifiers` without its call: every pool asks
    lasting, pending = wounds.lasting, wounds.temporary_pending
    # Without a boost, a shot or a cloaked target, the same numbers make the same pool (a
    # frozen value): a duel's fighters tally theirs each round, most rounds as before.
    plain = not boosted
    if plain and attack is not None and w is not None:
        state = None if w.firearm else fighter_of(attack.target).demon
        plain = not w.firearm and (state is None or not state.cloaked)
    pools: dict[object, DicePool] | None = None
    if plain:
        key = (tag, base, bonus, used, lasting, pending)
        pools = shelf(ctx, _POOLS)  # the pools' numbers hold for every fight of this content
        found = pools.get(key)
        if found is not None:
            return found, kept
    mods = [role_playing_bonus(bonus, ctx.options)] if bonus else []
    mods += used
    if boosted and p.boost is not None:
        mods.append(p.boost)
    if not plain and attack is not None and w is not None:
        mods += _situational(ctx, f, attack, w, held)
    mods += penalties(lasting, pending, trait)
    pool = _pool(ctx, tag, base_name, dice, mods)
    if pools is not None:
        if len(pools) >= POOLS_KEPT:
            pools.clear()
        pools[key] = pool
    return pool, kept


def _pool(ctx: Ctx, tag: str, base_name: str, dice: int, mods: list[Modifier]) -> DicePool:
    """The pool an intention of this kind rolls: its base and every modifier, in order."""
    if tag == TotalDefense.kind:
        pool = order_pool(
            assemble_pool("Stamina", dice), total_defense=True, stamina=dice, options=ctx.options
        )
        return pool.plus(*mods)
    if tag == PerformRitual.kind:
        return snapshot_pool(mods)
    return assemble_pool(base_name, dice, mods)


POOLS_KEPT: Final = 4096
"""Plain pools kept for a content at once (past this many, all are dropped)."""
_POOLS: Final = "plain_pools"
"""Where a content's lookups keep the pools made without a boost, a shot or a cloaked target,
by the numbers they read (kind, base, bonus, rollovers spent, damage)."""


def defence(
    ctx: Ctx,
    defender: Fighter,
    attacker: Fighter,
    w: Weapon,
    reaction: Reaction | None,
    extra: Sequence[Modifier] = (),
) -> Defence:
    """The defence against one attack, with every modifier and the clobber rule applied.

    Args:
        ctx: the fight.
        defender: who defends.
        attacker: who attacks.
        w: the attack's weapon.
        reaction: ``abort`` or ``suck_it_up`` before acting; None after (or with no action).
        extra: more modifiers, e.g. the bonus for damage the attacker sucked up.
    """
    return defences(ctx, defender, attacker, w, (reaction,), extra)[0]


def defences(
    ctx: Ctx,
    defender: Fighter,
    attacker: Fighter,
    w: Weapon,
    reactions: tuple[Reaction | None, ...],
    extra: Sequence[Modifier] = (),
) -> tuple[Defence, ...]:
    """`defence` under each of `reactions`: the modifiers, read once, are the same for all."""
    sc = defender.scores
    trait: Trait = w.defence
    score = sc.will if trait == "will" else sc.stamina
    # The Power of the strongest demon whose Protection covers the defender (0: none), read
    # here rather than in a function of its own: every defence asks. Only a fight with a
    # demon that has Protection looks (the roster is fixed when the fight starts).
    guard, everyone = 0, fighters()
    if everyone is not _GUARDED[0]:
        _GUARDED[:] = [everyone, any(_can_protect(f) for f in everyone)]
    if _GUARDED[1]:
        cid = defender.who.cid
        for other in everyone:
            state = other.demon
            if state is not None and state.protecting == cid and state.power > guard:
                guard = state.power if other.status.state not in OUT else guard
    p, kind = defender.plan, w.attack_kind
    # Without cover, a Boost or Psychic Force, a defence reads only plain numbers: the same
    # ones give the same frozen defences, fight after fight (a menu asks one per target).
    found: tuple[Defence, ...] | None = None
    kept_defences: dict[object, tuple[Defence, ...]] | None = None
    boosted = p.boost is not None and p.boost_trait == trait
    plain = not w.firearm and kind != "psychic_force" and not boosted
    if plain:
        wounds = defender.health.wounds
        key: tuple[object, ...] = (
            score,
            trait,
            reactions,
            p.total_defense,
            guard,
            kind,
            wounds.lasting,
            wounds.temporary_pending,
        )
        for m in extra:  # by plain strings and numbers: hashing a modifier is a call
            if m.dice:
                key += (m.source, m.dice)
        kept_defences = shelf(ctx, _DEFENCES)
        found = kept_defences.get(key)
        if found is not None:
            return found
    mods = _defence_modifiers(ctx, defender, attacker, w, extra)
    if kind == "psychic_force":
        return tuple(
            [
                psychic_force_defence(
                    will=score,
                    has_acted=reaction is None,
                    reaction=reaction,
                    protection_power=guard,
                    modifiers=mods,
                )
                for reaction in reactions
            ]
        )
    if guard:  # no Protection adds no dice: the modifier would be dropped
        mods.append(protection_bonus(guard, kind))
    # Kept by plain strings and numbers: hashing a modifier is a call, a tuple of them many.
    named: tuple[tuple[str, int], ...] = ()
    if mods:  # in a loop, not a comprehension: a call fewer for every defence
        kept = []
        for m in mods:
            if m.dice:
                kept.append((m.source, m.dice))
        named = tuple(kept)
    title = _TITLES[trait]
    if len(reactions) == 1:  # most defences are asked one at a time: no list to make
        found = (_defence(score, reactions[0], named, title),)
    else:
        found = tuple([_defence(score, reaction, named, title) for reaction in reactions])
    if kept_defences is not None:
        if len(kept_defences) >= DEFENCES_KEPT:
            kept_defences.clear()
        kept_defences[key] = found
    return found


def _can_protect(f: Fighter) -> bool:
    """A demon with Protection: it may cover someone's defence."""
    return f.demon is not None and "protection" in f.demon.abilities


_GUARDED: list[object] = [None, False]
"""The roster last asked about and whether a demon in it has Protection (held: its id is not
reused meanwhile)."""
DEFENCES_KEPT: Final = 4096
"""Plain defences kept for a content at once (past this many, all are dropped)."""
_DEFENCES: Final = "plain_defences"
"""Where a content's lookups keep the defences made without cover, a Boost or Psychic Force,
by the numbers they read (score, reactions, total defense, Protection, damage, `extra`)."""


_TITLES: dict[Trait, str] = {t: t.title() for t in ("stamina", "will", "lore", "humanity", "power")}
"""Each trait as a defence's pool names its base."""


@lru_cache(maxsize=4096)
def _defence(
    score: int, reaction: Reaction | None, named: tuple[tuple[str, int], ...], score_name: str
) -> Defence:
    """`defence_pool`, worked out once for the same numbers and modifiers (source, dice)."""
    return defence_pool(
        stamina=score,
        has_acted=reaction is None,
        reaction=reaction,
        modifiers=tuple([Modifier(source, dice) for source, dice in named]),
        score_name=score_name,
    )


def _defence_modifiers(
    ctx: Ctx, defender: Fighter, attacker: Fighter, w: Weapon, extra: Sequence[Modifier]
) -> list[Modifier]:
    """Total defense, cover from a shot, Boost, `extra`, then the defender's damage."""
    p = defender.plan
    mods: list[Modifier] = []
    if p.total_defense:
        mods.append(total_defense_bonus())
    if w.firearm:
        there, here = defender.pos, attacker.pos
        if in_cover(grid(ctx), (there.x, there.y), (here.x, here.y)):
            mods.append(cover_bonus(ctx.options))
    if p.boost is not None and p.boost_trait == w.defence:
        mods.append(p.boost)
    wounds = defender.health.wounds  # `roll_modifiers` without its call: every defence asks
    return [*mods, *extra, *penalties(wounds.lasting, wounds.temporary_pending, w.defence)]


def rules_demon(f: Fighter) -> Demon:
    """A demon combatant as the rules see it.

    Raises:
        ValueError: the combatant is not a demon.
    """
    state, sc = f.demon, f.scores
    if state is None:
        raise ValueError(f"not_a_demon: {f.who.cid}")
    abilities = _abilities(state.abilities)
    return Demon(
        sc.stamina,
        sc.will,
        sc.lore,
        state.power,
        state.need,
        state.desire,
        state.type,
        abilities,
        state.binding,
    )


@lru_cache(maxsize=256)
def _abilities(held: tuple[str, ...]) -> tuple[Ability, ...]:
    """A demon's abilities in the rules' order, worked out once for the same ones."""
    return cast(tuple[Ability, ...], tuple([a for a in ABILITIES if a in held]))


def ritual_defence(ctx: Ctx, target: Fighter, rid: str, extra: Sequence[Modifier] = ()) -> DicePool:
    """The demon's pool against a ritual: its score, its damage (never on Power), `extra`."""
    rite = cast(Ritual, rid)
    state, sc, wounds = target.demon, target.scores, target.health.wounds
    if extra or state is None:
        mods = [*extra, *roll_modifiers(target, RITUAL_AGAINST[rite])]
        return ritual_pools(rite, rules_demon(target), demon_modifiers=mods)[1]
    # Without `extra` (every menu's case), the pool reads only the demon's three scores and
    # its damage: kept by those plain numbers, the same demon gives the same pool at once.
    key = (rite, state.power, sc.will, sc.stamina, wounds.lasting, wounds.temporary_pending)
    found = _RESISTING.get(key)
    if found is None:
        if len(_RESISTING) >= RESISTING_KEPT:
            _RESISTING.clear()
        mods = [*roll_modifiers(target, RITUAL_AGAINST[rite])]
        found = _RESISTING[key] = ritual_pools(rite, rules_demon(target), demon_modifiers=mods)[1]
    return found


RESISTING_KEPT: Final = 1024
"""Demons' pools against rituals kept at once (past this many, all are dropped)."""
_RESISTING: dict[tuple[str, int, int, int, int, int], DicePool] = {}
"""The demon's pool against a ritual with no `extra`, by the numbers it reads."""
