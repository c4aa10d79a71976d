"""Step 1's legal intentions for a combatant, each with its exact odds."""

from __future__ import annotations

from arena.ecs.ruleset import Ctx
from arena.ecs.sorcerer.geometry import (
    attack_cell,
    closing_cells,
    hop_cells,
    move_cells,
    shot_band,
)
from arena.ecs.sorcerer.pools import action_pool, defence, ritual_defence
from arena.ecs.sorcerer.queries import (
    cell,
    demon,
    demons_of,
    enemies,
    grid,
    ident,
    in_fight,
    master_of,
    name,
    opts,
    ritual,
    roster,
    round_state,
    scores,
    status,
    task,
    weapon,
)
from arena.ecs.sorcerer.texts import odds_text
from arena.rules.actions import Attack, Move
from arena.rules.commands import Command
from arena.rules.sorcerer import challenge_pool
from arena.rules.sorcerer_actions import (
    Aim,
    CommandDemon,
    Flee,
    Hop,
    PerformRitual,
    TotalDefense,
    UseAbility,
)
from arena.rules.views import Choice


def estimate(ctx: Ctx, ent: int, cmd: Command) -> int:
    """The dice an intention would roll now, before any role-playing bonus."""
    found = action_pool(ctx, ent, cmd, 0, round_state().rollovers)
    return 0 if found is None else found[0].size


def _playable(ctx: Ctx, size: int, pushing: bool) -> bool:
    """A pool of 0 or less cannot act, unless a role-playing bonus or a push could lift it."""
    return pushing or size + opts(ctx).role_play_max > 0


def intention_choices(ctx: Ctx, ent: int, *, ordered: bool = False) -> list[Choice]:
    """Every legal intention of a combatant, in a stable order.

    Args:
        ctx: the fight.
        ent: the combatant.
        ordered: only what a master may order its demon to do (no plain moves or commands).
    """
    defend = Choice(
        "total_defense",
        "Total defense: +2 dice on every defense this round",
        TotalDefense(ident(ent).cid),
        tags=("defend", "default"),
    )
    pushing = status(ent) == "cannot_act"
    if pushing and not scores(ent).sorcerer:
        return [defend]
    found = [*_attacks(ctx, ent, pushing), defend, *_rituals(ctx, ent, pushing)]
    found += _aims(ctx, ent, pushing)
    if not pushing:
        found += [] if ordered else _commands(ctx, ent)
        found += _abilities(ctx, ent) + _hops(ctx, ent)
    if not ordered:
        found += _moves(ctx, ent, pushing)
    return found


def _suffix(pushing: bool) -> str:
    return " (push through)" if pushing else ""


def _attacks(ctx: Ctx, ent: int, pushing: bool) -> list[Choice]:
    me = ident(ent).cid
    found: list[Choice] = []
    near = closing_cells(ctx, ent)
    for target in enemies(ent):
        tid = ident(target).cid
        for wid in scores(ent).weapons:
            w = weapon(ctx, wid)
            spot = attack_cell(ctx, ent, target, w, near)
            cmd = Attack(me, tid, wid)
            if spot is None:
                continue
            size = estimate(ctx, ent, cmd)
            if not _playable(ctx, size, pushing):
                continue
            closing = f", closing in to {spot}" if spot != cell(ent) else ""
            band = f" ({shot_band(ctx, ent, target, w).replace('_', ' ')})" if w.range else ""
            against = defence(ctx, target, ent, w, None).pool.size
            found.append(
                Choice(
                    f"attack:{tid}:{wid}",
                    f"Attack {name(target)} with {w.name}{band}{closing}{_suffix(pushing)}",
                    cmd,
                    odds_text(size, against, "hit"),
                    ("attack",),
                    tid,
                    spot if closing else None,
                )
            )
    return found


def ritual_targets(ctx: Ctx, ent: int, rid: str) -> list[int]:
    """The demons a ritual can be performed on now, in roster order."""
    targets = ritual(ctx, rid).targets
    found = []
    for other, _ in roster():
        state = demon(other)
        if other == ent or state is None or state.arriving:
            continue
        here = state.present and in_fight(other)
        if (targets in ("present", "any") and here) or (targets != "present" and not state.present):
            found.append(other)
    return found


def _rituals(ctx: Ctx, ent: int, pushing: bool) -> list[Choice]:
    me = ident(ent).cid
    found: list[Choice] = []
    for rid in scores(ent).rituals:
        for target in ritual_targets(ctx, ent, rid):
            tid = ident(target).cid
            cmd = PerformRitual(me, rid, tid)
            size = estimate(ctx, ent, cmd)
            if not _playable(ctx, size, pushing):
                continue
            against = ritual_defence(ctx, target, rid).size
            found.append(
                Choice(
                    f"ritual:{rid}:{tid}",
                    f"Ritual: {ritual(ctx, rid).name} on {name(target)}{_suffix(pushing)}",
                    cmd,
                    odds_text(size, against, "succeed"),
                    ("ritual",),
                    tid,
                )
            )
    return found


def _aims(ctx: Ctx, ent: int, pushing: bool) -> list[Choice]:
    me = ident(ent).cid
    level = task(ctx, "aim").challenge
    found: list[Choice] = []
    for target in enemies(ent):
        tid = ident(target).cid
        for wid in scores(ent).weapons:
            w = weapon(ctx, wid)
            if not w.firearm or shot_band(ctx, ent, target, w) == "out_of_range":
                continue
            cmd = Aim(me, tid, wid)
            size = estimate(ctx, ent, cmd)
            against = 0 if level == "none" else challenge_pool(level, opts(ctx)).size
            if _playable(ctx, size, pushing):
                found.append(
                    Choice(
                        f"aim:{tid}:{wid}",
                        f"Aim {w.name} at {name(target)}{_suffix(pushing)}",
                        cmd,
                        odds_text(size, against, "aim"),
                        ("aim",),
                        tid,
                    )
                )
    return found


def _commands(ctx: Ctx, ent: int) -> list[Choice]:
    me = ident(ent).cid
    found: list[Choice] = []
    for d in demons_of(ent):
        state = demon(d)
        if state is None or not state.present or status(d) not in ("active", "cannot_act"):
            continue
        did = ident(d).cid
        for c in intention_choices(ctx, d, ordered=True):
            found.append(
                Choice(
                    f"command:{did}:{c.key}",
                    f"Command {name(d)}: {c.label}",
                    CommandDemon(me, did, c.key),
                    c.odds,
                    ("command",),
                    c.target,
                )
            )
    return found


def _abilities(ctx: Ctx, ent: int) -> list[Choice]:
    state = demon(ent)
    if state is None:
        return []
    me, master = ident(ent).cid, master_of(ent)
    helped = master if master is not None and in_fight(master) else None
    found: list[Choice] = []
    if "boost" in state.abilities and helped is not None:
        for trait in ("stamina", "will"):
            found.append(
                Choice(
                    f"boost:{trait}",
                    f"Boost {name(helped)}'s {trait.title()} by {state.power} dice this round",
                    UseAbility(me, "boost", ident(helped).cid, trait),
                    tags=("ability",),
                    target=ident(helped).cid,
                )
            )
    if "cloak" in state.abilities:
        label = f"Cloak: attackers lose {-(-state.power // opts(ctx).cloak_divisor)} dice"
        found.append(Choice("cloak", label, UseAbility(me, "cloak", "", ""), tags=("ability",)))
    if "protection" in state.abilities and helped is not None:
        hid = ident(helped).cid
        found.append(
            Choice(
                "protect",
                f"Protection: {name(helped)} gains {state.power} dice against demons' attacks",
                UseAbility(me, "protection", hid, ""),
                tags=("ability",),
                target=hid,
            )
        )
    return found


def _hops(ctx: Ctx, ent: int) -> list[Choice]:
    me = ident(ent).cid
    return [
        Choice(
            f"hop:{x},{y}", f"Hop to {(x, y)}", Hop(me, (x, y)), tags=("move", "hop"), cell=(x, y)
        )
        for x, y in hop_cells(ctx, ent)
    ]


def _moves(ctx: Ctx, ent: int, pushing: bool) -> list[Choice]:
    me = ident(ent).cid
    found = [
        Choice(
            f"move:{x},{y}",
            f"Move to {(x, y)}{_suffix(pushing)}",
            Move(me, (x, y)),
            tags=("move",),
            cell=(x, y),
        )
        for x, y in move_cells(ctx, ent)
    ]
    if grid(ctx).is_exit(cell(ent)):
        level = task(ctx, "flee").challenge
        against = 0 if level == "none" else challenge_pool(level, opts(ctx)).size
        size = estimate(ctx, ent, Flee(me))
        found.append(
            Choice(
                "flee",
                f"Flee the fight{_suffix(pushing)}",
                Flee(me),
                odds_text(size, against, "escape"),
                ("flee",),
            )
        )
    return found
