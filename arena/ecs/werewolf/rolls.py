"""What each action rolls: its pool, its difficulty and why, from the pure rules."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

import esper

from arena.ecs.components import Position
from arena.ecs.ruleset import Ctx
from arena.ecs.werewolf import lookup
from arena.ecs.werewolf.components import Act, Body, Fighter, Memo
from arena.ecs.werewolf.lookup import MeansInfo
from arena.ecs.world import TABLES
from arena.rules.dice import Tens
from arena.rules.fast import quick_init
from arena.rules.grid import distance, in_cover, line_of_sight
from arena.rules.phrase import Phrase, Text
from arena.rules.views import StorytellerSpec
from arena.rules.werewolf.attack import (
    Facing,
    Maneuver,
    RangeBand,
    attack_pool,
    facing_modifier,
    gun_difficulty,
    range_band,
)
from arena.rules.werewolf.defence import defence_difficulty, defence_traits
from arena.rules.werewolf.options import specialty_tens
from arena.rules.werewolf.terms import DefenceKind, RollKind

DEFENCE_KINDS: dict[str, DefenceKind] = {"dodge": "dodge", "block": "block", "parry": "parry"}
"""The actions that are defences, typed for the rules."""
DIRECTIONS = ((1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1), (0, -1), (1, -1))
"""The 8 steps in turning order, so index differences measure angles in eighths."""


@quick_init
@dataclass(frozen=True, slots=True)
class RollPlan:
    """A roll an action will make."""

    pool: int
    difficulty: int
    kind: RollKind
    tens: Tens = "off"
    """What its 10s do, under the ``specialty`` option."""


def _side(toward: int, faces: int) -> Facing:
    """Where a step of index `toward` lies from a facing of index `faces` (eighths apart)."""
    turn = abs(toward - faces)
    turn = min(turn, 8 - turn)
    return "front" if turn <= 1 else "flank" if turn == 2 else "behind"


_SIDES: dict[tuple[tuple[int, int], tuple[int, int]], Facing] = {
    (toward, faces): _side(i, j)
    for i, toward in enumerate(DIRECTIONS)
    for j, faces in enumerate(DIRECTIONS)
}
"""(step from the target toward the attacker, the target's facing) → the side: every attack
reads one, so the angles are worked out once."""


def facing(attacker: tuple[int, int], target: tuple[int, int], faces: tuple[int, int]) -> Facing:
    """Where the attacker stands relative to the way the target faces [ruling].

    Within 45 degrees of its facing is the front, 90 degrees the flank, beyond that behind.
    """
    dx, dy = attacker[0] - target[0], attacker[1] - target[1]
    toward = ((dx > 0) - (dx < 0), (dy > 0) - (dy < 0))
    try:
        return _SIDES[(toward, faces)]
    except KeyError:  # the same cell, or a facing that is not a step
        return "front"


def in_reach(ctx: Ctx, ent: int, target: int, man: Maneuver) -> bool:
    """Hand-to-hand needs a neighbouring cell; a gun needs sight and the target in range."""
    table = TABLES[esper.current_world]  # read in place: every attack option asks
    me: Position = table[ent][Position]
    them: Position = table[target][Position]
    if man.ability != "firearms":  # not `man.ranged`: every attack option asks
        dx, dy = me.x - them.x, me.y - them.y
        return -1 <= dx <= 1 and -1 <= dy <= 1 and (dx != 0 or dy != 0)  # a neighbour
    here, there = (me.x, me.y), (them.x, them.y)
    if not line_of_sight(lookup.grid(ctx), here, there):
        return False
    return _band(ctx, here, there, man) != "out_of_range"


def _band(ctx: Ctx, here: tuple[int, int], there: tuple[int, int], man: Maneuver) -> RangeBand:
    opts = ctx.options
    yards = distance(here, there) * lookup.place(ctx).yards_per_cell
    return range_band(
        yards,
        man.range_yards,
        point_blank_yards=opts.point_blank_yards,
        long_range_multiple=opts.long_range_multiple,
    )


def attack_difficulty(
    ctx: Ctx, ent: int, them: Fighter, means: str, notes: list[Text] | None = None
) -> int:
    """The difficulty of an attack on `them`, before any split penalty; how, into `notes`."""
    opts = ctx.options
    table = TABLES[esper.current_world]  # read in place: every attack of every menu and roll
    try:  # `lookup.means_info`'s hit, in place
        info: MeansInfo = table[lookup.FIGHT][Memo].means[(means, table[ent][Body].form)]
    except KeyError:
        info = lookup.means_info(ctx, ent, means)
    man = info.rules
    me: Position = table[ent][Position]
    here, there = (me.x, me.y), (them.pos.x, them.pos.y)
    base = man.difficulty
    if man.ability == "firearms":  # `man.ranged`, without the property's call
        band = _band(ctx, here, there, man)
        base = gun_difficulty(
            man.difficulty,
            band,
            point_blank_difficulty=opts.point_blank_difficulty,
            long_range_difficulty=opts.long_range_difficulty,
        )
        if notes is not None:
            notes.append(f"{band.replace('_', ' ')} {base}")
        if in_cover(lookup.grid(ctx), there, here):
            cover = lookup.place(ctx).cover_difficulty
            base += cover
            if notes is not None:
                notes.append(Phrase("ww_note_cover", (cover,)))
    elif info.effect == "disarm":
        weapon = lookup.weapon_def(ctx, wielded_melee(ctx, ent))
        base = weapon.difficulty + man.difficulty
        if notes is not None:
            notes.append(f"{weapon.name} {weapon.difficulty} + {man.difficulty}")
    elif notes is not None:
        notes.append(f"{man.name} {base}")
    # `facing`, in place: the step from the target toward the attacker, against its facing.
    dx, dy = here[0] - there[0], here[1] - there[1]
    try:
        side = _SIDES[(((dx > 0) - (dx < 0), (dy > 0) - (dy < 0)), them.body.facing)]
    except KeyError:  # the same cell, or a facing that is not a step
        return base
    if side == "front":
        return base  # no modifier from the front
    mod = facing_modifier(
        side, flank_modifier=opts.flank_modifier, behind_modifier=opts.behind_modifier
    )
    if mod and notes is not None:
        notes.append(Phrase("ww_note_facing", (side, mod)))
    return base + mod


def wielded_melee(ctx: Ctx, ent: int) -> str:
    """The first melee weapon in the combatant's hands, or empty."""
    for weapon in lookup.body(ent).weapons:
        if lookup.weapon_def(ctx, weapon).ability == "melee":
            return weapon
    return ""


def full_pool(
    ctx: Ctx,
    ent: int,
    act: Act,
    values: Mapping[str, int] | None = None,
    penalty: int | None = None,
) -> int:
    """The whole pool of an action, wound penalty off (what a split divides).

    A move's pool is Dexterity + Athletics: split, it covers as many cells as its dice [ruling].

    Args:
        ctx: the fight.
        ent: who acts.
        act: the action.
        values: the combatant's traits now, if already looked up.
        penalty: its wound penalty now, if already looked up.
    """
    values = lookup.traits(ctx, ent) if values is None else values
    penalty = lookup.wound_penalty(ent) if penalty is None else penalty
    if act.kind == "attack":
        man = lookup.means_info(ctx, ent, act.means).rules
        return attack_pool(values[man.attribute], values[man.ability], penalty)
    defence = DEFENCE_KINDS.get(act.kind)
    if defence is not None:
        attribute, ability = defence_traits(defence, ctx.options.dodge_ability)
        return attack_pool(values[attribute], values[ability], penalty)  # the same sum
    if act.kind == "break_free":
        return max(0, values["strength"] + values["brawl"] - penalty)
    if act.kind == "sideways":
        return max(0, lookup.pools(ent).gnosis - penalty)
    if act.kind == "jump":
        return max(0, values["strength"] - penalty)
    return max(0, values["dexterity"] + values["athletics"] - penalty)


def plan_roll(
    ctx: Ctx,
    ent: int,
    act: Act,
    *,
    dice: int = -1,
    penalty: int = 0,
    notes: list[Text] | None = None,
) -> RollPlan | None:
    """The roll an action makes now, or None if it rolls nothing.

    Args:
        ctx: the fight.
        ent: who acts.
        act: the action.
        dice: a split part's dice; -1 for the full pool.
        penalty: a split's same-segment difficulty penalty.
        notes: if given, how the base difficulty was made is added to it (for `roll_why`).

    Worked out once for all it reads, shared by the fights of one setup (`lookup.across`):
    the Willpower offer and the roll itself plan the same roll, and the fights of a setup
    meet the same rolls again and again. Besides the action and the split's numbers, a plan
    reads the actor's form, wound penalty and (a step sideways) Gnosis; an attack also both
    cells, the target's facing and the attacker's weapons (a disarm's).
    """
    plan, said, _ = _kept_plan(ctx, ent, act, dice, penalty)
    if notes is not None and said:
        notes += said
    return plan


def planned_roll(
    ctx: Ctx, ent: int, act: Act, *, dice: int = -1, penalty: int = 0
) -> tuple[RollPlan | None, Text]:
    """`plan_roll`, with how its pool and difficulty were made in words (`roll_why`)."""
    plan, _, why = _kept_plan(ctx, ent, act, dice, penalty)
    return plan, why


Planned = tuple[RollPlan | None, tuple[Text, ...], Text]
"""A roll's plan, how its base difficulty was made, and its words (`roll_why`)."""


def _kept_plan(ctx: Ctx, ent: int, act: Act, dice: int, penalty: int) -> Planned:
    """The plan of `plan_roll`, kept by all it reads (see there)."""
    kept: Memo = TABLES[esper.current_world][lookup.FIGHT][Memo]  # every roll: read in place
    me = kept.by_ent[ent]
    kind = act.kind
    board: tuple[object, ...] = ()
    if kind == "attack":
        them = kept.by_cid[act.target]
        board = (me.pos.x, me.pos.y, them.pos.x, them.pos.y, them.body.facing, *me.body.weapons)
    key = (
        "plan",
        ent,
        act,
        dice,
        penalty,
        me.body.form,
        lookup.wound_penalty(ent),
        me.pools.gnosis if kind == "sideways" else 0,
        board,
    )
    found: Planned = lookup.across(ctx, key, _plan, ctx, ent, act, dice, penalty)
    return found


def _plan(ctx: Ctx, ent: int, act: Act, dice: int, penalty: int) -> Planned:
    """`plan_roll` made afresh: the plan, how its base difficulty was made, and its words."""
    notes: list[Text] = []
    found = base_difficulty(ctx, ent, act, notes)
    if found is None:
        return None, (), ""
    base, kind = found
    pool = whole_pool(ctx, ent, act) if dice < 0 else dice
    # Without the specialty option, 10s are plain: no call to find the ability.
    tens = "off" if ctx.options.specialty == "off" else tens_of(ctx, ent, act)
    plan = RollPlan(pool, base + penalty, kind, tens)
    return plan, tuple(notes), roll_why(ctx, ent, act, plan, notes, dice=dice, penalty=penalty)


def whole_pool(ctx: Ctx, ent: int, act: Act) -> int:
    """`full_pool`, kept per setup by all it reads: the form, the wound penalty, the Gnosis."""
    kept: Memo = TABLES[esper.current_world][lookup.FIGHT][Memo]  # every roll: read in place
    f = kept.by_ent[ent]
    gnosis = f.pools.gnosis if act.kind == "sideways" else 0
    key = ("whole_pool", ent, f.body.form, act, lookup.wound_penalty(ent), gnosis)
    try:  # `remembered`'s hit, read in place
        found: int = kept.found[key]
        return found
    except KeyError:
        return lookup.remembered(key, full_pool, ctx, ent, act)


def tens_of(ctx: Ctx, ent: int, act: Act) -> Tens:
    """What the 10s of the action's roll do under the ``specialty`` option."""
    rule = ctx.options.specialty
    if rule == "off":
        return "off"
    if act.kind == "attack":
        ability: str = lookup.means_of(ctx, ent, act.means).ability
    elif act.kind in DEFENCE_KINDS:
        ability = defence_traits(DEFENCE_KINDS[act.kind], ctx.options.dodge_ability)[1]
    else:
        ability = "brawl" if act.kind == "break_free" else ""
    return specialty_tens(rule, ability, lookup.sheet(ent).specialties)


def roll_why(
    ctx: Ctx,
    ent: int,
    act: Act,
    plan: RollPlan,
    notes: list[Text],
    *,
    dice: int = -1,
    penalty: int = 0,
) -> Text:
    """How a planned roll's pool and difficulty were made, for the log, drawn when read.

    `notes` are those `plan_roll` gathered while it made the plan.
    """
    wound = lookup.wound_penalty(ent)
    numbers = (plan.pool, plan.difficulty, dice, penalty, wound)
    return Phrase("roll_why", (_traits(ctx, ent, act), numbers, tuple(notes)))


def base_difficulty(
    ctx: Ctx, ent: int, act: Act, notes: list[Text] | None = None
) -> tuple[int, RollKind] | None:
    """(base difficulty, kind of roll) of an action, None if it rolls nothing.

    How the difficulty was made goes to `notes`, if given.
    """
    kind = act.kind
    if kind == "attack":
        # `lookup.fighter_of`, read in place: every attack of every menu and roll.
        kept: Memo = TABLES[esper.current_world][lookup.FIGHT][Memo]
        them = kept.by_cid[act.target]
        return attack_difficulty(ctx, ent, them, act.means, notes), "attack"
    defence = DEFENCE_KINDS.get(kind)
    if defence is not None:
        opts = ctx.options
        base = defence_difficulty(
            defence, block_difficulty=opts.block_difficulty, parry_difficulty=opts.parry_difficulty
        )
        if notes is not None:
            notes.append(f"{defence} {base}")
        return base, "defence"
    if kind == "sideways":
        gauntlet = lookup.place(ctx).gauntlet
        if notes is not None:
            notes.append(Phrase("ww_note_gauntlet", (gauntlet,)))
        return gauntlet, "other"
    if kind == "jump":
        jump = lookup.place(ctx).jump_difficulty
        if notes is not None:
            notes.append(Phrase("ww_note_jump", (jump,)))
        return jump, "other"
    if kind == "break_free":
        grapple = lookup.maneuver_def(ctx, "grapple").difficulty
        if notes is not None:
            notes.append(Phrase("ww_note_grapple", (grapple,)))
        return grapple, "attack"
    return None


def _traits(ctx: Ctx, ent: int, act: Act) -> tuple[str, ...]:
    """The traits an action rolls."""
    if act.kind == "attack":
        man = lookup.means_of(ctx, ent, act.means)
        return (man.attribute, man.ability)
    defence = DEFENCE_KINDS.get(act.kind)
    if defence is not None:
        return defence_traits(defence, ctx.options.dodge_ability)
    if act.kind == "sideways":
        return ("gnosis",)
    if act.kind == "jump":
        return ("strength",)
    return ("strength", "brawl")


def storyteller(plan: RollPlan, *, automatic: int = 0) -> StorytellerSpec:
    """The numbers of a planned roll, for a choice."""
    return StorytellerSpec(plan.pool, plan.difficulty, automatic=automatic, tens=plan.tens)
