"""The split choices of an action: a bounded menu of two-part splits, checked by the rules."""

from __future__ import annotations

from functools import lru_cache

from arena.ecs.werewolf import lookup
from arena.ecs.werewolf.acts import act_key
from arena.ecs.werewolf.attack_options import usable_means
from arena.ecs.werewolf.components import Act, Slot
from arena.ecs.werewolf.family import part_info, split_choice
from arena.ecs.werewolf.moves import best_within, enemies, reach_map, speed
from arena.ecs.werewolf.planner import Planner
from arena.rules.commands import IllegalCommand
from arena.rules.views import Choice
from arena.rules.werewolf.split import (
    PartRequest,
    SplitPart,
    SplitPlan,
    can_split,
    plan_split,
    w20_multiple_action_pools,
)

MOST_TARGETS = 3
"""Split menus pair actions against at most this many of the nearest enemies."""
LOWER_SEGMENTS = 2
"""Besides its own segment, a split's second part is offered on this many free lower ones."""
_DODGE = Act("dodge")
_AROUND = tuple((dx, dy) for dy in (-1, 0, 1) for dx in (-1, 0, 1) if dx or dy)
"""The steps to a cell's eight neighbours."""


def occupied(ent: int, slot: Slot) -> set[int]:
    """Segments holding the combatant's other actions this turn."""
    return {s.segment for s in lookup.turn(ent).slots if s is not slot}


def may_split(p: Planner, slot: Slot) -> bool:
    """Whether this action may be split at all."""
    if slot.split or slot.aborted or p.values["wits"] < 2:
        return False
    cond = p.me.cond
    if cond.delirium in ("berserk", "flee_or_freeze"):
        return False
    mode = p.ctx.options.multiple_actions
    return can_split(mode=mode, rage_action=slot.rage, frenzied=cond.frenzied)


def split_choices(p: Planner, slot: Slot) -> list[Choice]:
    """Two-part splits worth offering.

    For each of the nearest enemies in reach: its first attack with a dodge, or twice. With no
    enemy in reach: a move toward the nearest enemy, then an attack on it on a lower segment.
    The dice divide evenly (the odd die to the first part); the second part goes on the same
    segment or on one of the next free lower ones [ruling: a bounded menu].
    """
    if not may_split(p, slot):
        return []
    pairs = _pairs(p)
    if p.ctx.options.multiple_actions == "dice_penalty":
        return [c for first, second in pairs if (c := _w20_choice(p, slot, first, second))]
    if not pairs:
        pairs = _move_then_attack(p)
    taken = occupied(p.ent, slot)
    wits = p.values["wits"]
    # Pools, harms, tags and words follow from the form and the wound penalty, the rolls from
    # each part's difficulty: the same numbers make the same choices, so they are made once.
    parts = p.bases([act for pair in pairs for act in pair])
    key = ("splits", p.ent, p.form, p.penalty, slot.segment, frozenset(taken), wits, parts)
    return list(lookup.across(p.ctx, key, _split_choices, p, slot, pairs, taken, wits))


def _split_choices(
    p: Planner, slot: Slot, pairs: list[tuple[Act, Act]], taken: set[int], wits: int
) -> tuple[Choice, ...]:
    choices = _triples(p, slot, pairs, taken, wits)
    for first, second in pairs:
        wheres = _segments(slot, taken, same=first.kind != "move")
        choices += _seed_choices(p, slot, (first, second), wheres, taken, wits)
    return tuple(choices)


def _triples(
    p: Planner, slot: Slot, pairs: list[tuple[Act, Act]], taken: set[int], wits: int
) -> list[Choice]:
    """Three parts on this segment (+1, +2, +3), with Wits 3 or more.

    Each target's first attack three times, and twice with a dodge [ruling: the parts may be
    different actions].
    """
    found = []
    for first, second in pairs:
        if wits < 3 or first.kind != "attack":
            continue
        one, two = act_key(first), act_key(second)
        pools = {one: p.pool(first), two: p.pool(second)}
        divided = min(pools.values())
        thirds = [divided // 3 + (1 if i < divided % 3 else 0) for i in range(3)]
        if min(thirds) < 1:
            continue
        keys = (one, one, two)
        parts = tuple((key, n, slot.segment) for key, n in zip(keys, thirds, strict=True))
        plan = checked(tuple(pools.items()), wits, slot.segment, parts, frozenset(taken))
        if plan is not None:
            found.append(_choice(p, slot, plan, divided, {one: first, two: second}))
    return found


def _pairs(p: Planner) -> list[tuple[Act, Act]]:
    pairs: list[tuple[Act, Act]] = []
    seen: list[int] = []
    for option, attack in zip(p.attacks(), p.attack_acts(), strict=True):
        if option.target in seen or len(seen) == MOST_TARGETS:
            continue
        seen.append(option.target)
        pairs += [(attack, _DODGE), (attack, attack)]
    return pairs


def _move_then_attack(p: Planner) -> list[tuple[Act, Act]]:
    ctx, ent = p.ctx, p.ent
    foes = enemies(ent)
    if not foes or lookup.body(ent).held_by:
        return []
    foe = foes[0]
    attack = next((o for o in p.attacks() if o.target == foe), None)
    means = attack.means if attack else _first_hand_to_hand(p)
    if not means:
        return []
    strike = Act("attack", means=means, target=lookup.ident(foe).cid)
    dice = _halves(min(p.pool(Act("move")), p.pool(strike)))[0]
    fx, fy = there = lookup.cell(foe)
    steps = min(speed(ctx, ent), dice)
    reach = reach_map(ctx, ent, steps)
    cells = {}
    # The cells next to the foe (`distance` 1) that are in reach: its eight neighbours looked
    # up, not every cell in reach looked at (`best_within` ranks them in an order of their own).
    for dx, dy in _AROUND:
        cell = (fx + dx, fy + dy)
        if cell in reach:
            cells[cell] = reach[cell]
    goal = best_within(cells, there, lookup.cell(ent), steps)
    return [] if goal is None else [(Act("move", cell=goal), strike)]


def _first_hand_to_hand(p: Planner) -> str:
    for means in usable_means(p.ctx, p.ent):
        if not lookup.means_of(p.ctx, p.ent, means).ranged:
            return means
    return ""


def _segments(slot: Slot, taken: set[int], *, same: bool) -> list[int]:
    lower = [s for s in range(slot.segment - 1, -1, -1) if s not in taken][:LOWER_SEGMENTS]
    return [slot.segment, *lower] if same else lower


def _halves(divided: int) -> tuple[int, int]:
    first = (divided + 1) // 2
    return first, divided - first


def _seed_choices(
    p: Planner,
    slot: Slot,
    pair: tuple[Act, Act],
    wheres: list[int],
    taken: set[int],
    wits: int,
) -> list[Choice]:
    """The pair's dice halved, the second part on each of these segments the rules allow."""
    first, second = pair
    one, two = act_key(first), act_key(second)
    acts = {one: first, two: second}
    pools = {one: p.pool(first), two: p.pool(second)}
    divided = min(pools.values())
    a, b = _halves(divided)
    if b < 1:
        return []
    found = []
    for where in wheres:
        parts = ((one, a, slot.segment), (two, b, where))
        plan = checked(tuple(pools.items()), wits, slot.segment, parts, frozenset(taken))
        if plan is not None:
            found.append(_choice(p, slot, plan, divided, acts))
    return found


@lru_cache(maxsize=4096)
def checked(
    pools: tuple[tuple[str, int], ...],
    wits: int,
    segment: int,
    parts: tuple[PartRequest, ...],
    taken: frozenset[int],
) -> SplitPlan | None:
    """`plan_split`, or None where the rules refuse it (a pure function: checked once)."""
    try:
        return plan_split(dict(pools), wits, segment, parts, occupied=taken)
    except IllegalCommand:
        return None


def _w20_choice(p: Planner, slot: Slot, first: Act, second: Act) -> Choice | None:
    a, b = w20_multiple_action_pools((p.pool(first), p.pool(second)))
    if a < 1 or b < 1:
        return None
    plan = SplitPlan(
        divided=a + b,
        parts=(
            SplitPart(act_key(first), a, slot.segment, 0),
            SplitPart(act_key(second), b, slot.segment, 0),
        ),
    )
    return _choice(p, slot, plan, 0, {act_key(first): first, act_key(second): second})


def _choice(p: Planner, slot: Slot, plan: SplitPlan, divided: int, acts: dict[str, Act]) -> Choice:
    """A split as a choice (`family.split_choice`), its parts' numbers from the planner."""
    infos = {key: part_info(p, act) for key, act in acts.items()}
    return split_choice(p.cid, slot.segment, plan, divided, infos)
