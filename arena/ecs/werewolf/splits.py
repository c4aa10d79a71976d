"""The split choices of an action: a bounded menu of two-part splits, checked by the rules."""

from __future__ import annotations

from collections.abc import Sequence

from arena.ecs.ruleset import Ctx
from arena.ecs.werewolf import lookup
from arena.ecs.werewolf.acts import act_from_key, act_key, describe
from arena.ecs.werewolf.attacks import attack_options, usable_means
from arena.ecs.werewolf.components import Act, Slot
from arena.ecs.werewolf.moves import best_toward, enemies, reach_map, speed
from arena.ecs.werewolf.rolls import full_pool, odds_text, plan_roll
from arena.ecs.werewolf.steps import dice
from arena.rules.commands import IllegalCommand
from arena.rules.grid import distance
from arena.rules.views import Choice
from arena.rules.werewolf.split import (
    PartRequest,
    SplitPart,
    SplitPlan,
    can_split,
    plan_split,
    w20_multiple_action_pools,
)
from arena.rules.werewolf_actions import Split

MOST_TARGETS = 3
"""Split menus pair actions against at most this many of the nearest enemies."""
LOWER_SEGMENTS = 2
"""Besides its own segment, a split's second part is offered on this many free lower ones."""


def occupied(ent: int, slot: Slot) -> set[int]:
    """Segments holding the combatant's other actions this turn."""
    return {s.segment for s in lookup.turn(ent).slots if s is not slot}


def may_split(ctx: Ctx, ent: int, slot: Slot) -> bool:
    """Whether this action may be split at all."""
    if slot.split or slot.aborted or lookup.traits(ctx, ent)["wits"] < 2:
        return False
    cond = lookup.condition(ent)
    if cond.delirium in ("berserk", "flee_or_freeze"):
        return False
    mode = lookup.options(ctx).multiple_actions
    return can_split(mode=mode, rage_action=slot.rage, frenzied=cond.frenzied)


def split_choices(ctx: Ctx, ent: int, slot: Slot) -> list[Choice]:
    """Two-part splits worth offering.

    For each of the nearest enemies in reach: its first attack with a dodge, or twice. With no
    enemy in reach: a move toward the nearest enemy, then an attack on it on a lower segment.
    The dice divide evenly (the odd die to the first part); the second part goes on the same
    segment or on one of the next free lower ones [ruling: a bounded menu].
    """
    if not may_split(ctx, ent, slot):
        return []
    pairs = _pairs(ctx, ent)
    if lookup.options(ctx).multiple_actions == "dice_penalty":
        return [c for first, second in pairs if (c := _w20_choice(ctx, ent, slot, first, second))]
    if not pairs:
        pairs = _move_then_attack(ctx, ent)
    choices = _triples(ctx, ent, slot, pairs)
    for first, second in pairs:
        for where in _segments(ent, slot, same=first.kind != "move"):
            choice = _seed_choice(ctx, ent, slot, first, second, where)
            if choice is not None:
                choices.append(choice)
    return choices


def _triples(ctx: Ctx, ent: int, slot: Slot, pairs: list[tuple[Act, Act]]) -> list[Choice]:
    """With Wits 3 or more: the first attack three times on this segment (+1, +2, +3)."""
    wits = lookup.traits(ctx, ent)["wits"]
    found = []
    for first, second in pairs:
        if wits < 3 or first != second or first.kind != "attack":
            continue
        key, pool = act_key(first), full_pool(ctx, ent, first)
        thirds = [pool // 3 + (1 if i < pool % 3 else 0) for i in range(3)]
        if min(thirds) < 1:
            continue
        parts = [(key, n, slot.segment) for n in thirds]
        try:
            plan = plan_split({key: pool}, wits, slot.segment, parts, occupied=occupied(ent, slot))
        except IllegalCommand:
            continue
        found.append(_choice(ctx, ent, plan, pool))
    return found


def _pairs(ctx: Ctx, ent: int) -> list[tuple[Act, Act]]:
    pairs: list[tuple[Act, Act]] = []
    seen: list[int] = []
    for option in attack_options(ctx, ent):
        if option.target in seen or len(seen) == MOST_TARGETS:
            continue
        seen.append(option.target)
        attack = Act("attack", means=option.means, target=lookup.ident(option.target).cid)
        pairs += [(attack, Act("dodge")), (attack, attack)]
    return pairs


def _move_then_attack(ctx: Ctx, ent: int) -> list[tuple[Act, Act]]:
    foes = enemies(ent)
    if not foes or lookup.body(ent).held_by:
        return []
    foe = foes[0]
    attack = next((o for o in attack_options(ctx, ent) if o.target == foe), None)
    means = attack.means if attack else _first_hand_to_hand(ctx, ent)
    if not means:
        return []
    strike = Act("attack", means=means, target=lookup.ident(foe).cid)
    dice = _halves(min(full_pool(ctx, ent, Act("move")), full_pool(ctx, ent, strike)))[0]
    cells = {
        c: cost
        for c, cost in reach_map(ctx, ent, min(speed(ctx, ent), dice)).items()
        if distance(c, lookup.cell(foe)) == 1
    }
    goal = best_toward(cells, lookup.cell(foe))
    return [] if goal is None else [(Act("move", cell=goal), strike)]


def _first_hand_to_hand(ctx: Ctx, ent: int) -> str:
    for means in usable_means(ctx, ent):
        if not lookup.means_of(ctx, ent, means).ranged:
            return means
    return ""


def _segments(ent: int, slot: Slot, *, same: bool) -> list[int]:
    taken = occupied(ent, slot)
    lower = [s for s in range(slot.segment - 1, -1, -1) if s not in taken][:LOWER_SEGMENTS]
    return [slot.segment, *lower] if same else lower


def _halves(divided: int) -> tuple[int, int]:
    first = (divided + 1) // 2
    return first, divided - first


def _seed_choice(
    ctx: Ctx, ent: int, slot: Slot, first: Act, second: Act, where: int
) -> Choice | None:
    pools = {
        act_key(first): full_pool(ctx, ent, first),
        act_key(second): full_pool(ctx, ent, second),
    }
    divided = min(pools.values())
    a, b = _halves(divided)
    if b < 1:
        return None
    parts: Sequence[PartRequest] = (
        (act_key(first), a, slot.segment),
        (act_key(second), b, where),
    )
    try:
        plan = plan_split(
            pools,
            lookup.traits(ctx, ent)["wits"],
            slot.segment,
            parts,
            occupied=occupied(ent, slot),
        )
    except IllegalCommand:
        return None
    return _choice(ctx, ent, plan, divided)


def _w20_choice(ctx: Ctx, ent: int, slot: Slot, first: Act, second: Act) -> Choice | None:
    a, b = w20_multiple_action_pools((full_pool(ctx, ent, first), full_pool(ctx, ent, second)))
    if a < 1 or b < 1:
        return None
    plan = SplitPlan(
        divided=a + b,
        parts=(
            SplitPart(act_key(first), a, slot.segment, 0),
            SplitPart(act_key(second), b, slot.segment, 0),
        ),
    )
    return _choice(ctx, ent, plan, 0)


def _choice(ctx: Ctx, ent: int, plan: SplitPlan, divided: int) -> Choice:
    cid = lookup.ident(ent).cid
    texts, odds = [], []
    for part in plan.parts:
        act = act_from_key(ctx, part.action)
        roll = plan_roll(ctx, ent, act, dice=part.dice, penalty=part.penalty)
        at = f" at {roll.difficulty}" if roll else ""
        texts.append(f"{describe(ctx, act)} on {part.segment} ({dice(part.dice)}{at})")
        if roll:
            odds.append(f"{describe(ctx, act)}: {odds_text(roll)}")
    head = f"Split {divided} dice" if divided else "Two actions (fewer dice each)"
    key = "split:" + "+".join(f"{p.action}@{p.segment}x{p.dice}" for p in plan.parts)
    target = next((a.target for p in plan.parts if (a := act_from_key(ctx, p.action)).target), "")
    fields = [value for p in plan.parts for value in (p.action, p.dice, p.segment)]
    return Choice(
        key,
        f"{head}: " + " + ".join(texts),
        Split(cid, *fields),  # type: ignore[arg-type]
        legacy_odds="; ".join(odds),
        tags=("split",),
        target=target,
    )
