"""Step 1's legal intentions for a combatant, each with the numbers of the roll it makes."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from typing import Final

import esper

from arena.ecs.components import Identity
from arena.ecs.ruleset import Ctx
from arena.ecs.sorcerer.geometry import (
    MoveKey,
    attack_cell,
    closing_cells,
    contained,
    hop_cells,
    move_cells,
    move_key,
    moves_from,
    shot_band,
)
from arena.ecs.sorcerer.harm import punish_harm, weapon_harm
from arena.ecs.sorcerer.memo import Board, board_key, family
from arena.ecs.sorcerer.obstacles import climbs, open_tasks, task_name
from arena.ecs.sorcerer.pools import bonus_reach
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
    ritual,
    scores,
    status,
    weapon,
)
from arena.ecs.sorcerer.rolls import Resists, Sizes, contest, estimate
from arena.ecs.sorcerer.sorcery import ritual_targets
from arena.ecs.sorcerer.wounds import states_intention
from arena.ecs.world import TABLES
from arena.rules.actions import Attack, Move
from arena.rules.grid import Cell
from arena.rules.obstacle_words import CLIMB_TO, TASK
from arena.rules.phrase import Phrase, Text
from arena.rules.sorcerer.commands import (
    Aim,
    Climb,
    CommandDemon,
    Flee,
    Hop,
    PerformRitual,
    TotalDefense,
    UseAbility,
    WorkTask,
)
from arena.rules.views import Choice, ContestSpec, Tag

PUSHING = Phrase("sorc_pushing")
"""What a label adds when the intention needs a push through damage."""
MENUS_KEPT: Final = 2048
"""Menus kept per content (some KiB each with five combatants): past this many, all are
dropped and built again as asked, so a long batch holds at most about 13 MiB of them."""
MOVE: tuple[Tag, ...] = ("move",)
"""The tags of a move."""
MOVE_HOP: tuple[Tag, ...] = ("move", "hop")
"""The tags of a demon's Hop."""


@dataclass(slots=True)
class Shared:
    """What the menus of one intentions pass share: nothing on the board changes meanwhile."""

    orders: dict[int, tuple[tuple[Choice, ...], tuple[Choice, ...]]] = field(default_factory=dict)
    """What a combatant may be ordered to do, by entity: (attacks to aims, abilities and hops);
    a demon's own menu and its master's commands both hold it."""
    resists: Resists = field(default_factory=dict)
    """The dice defenders roll against attacks, shared by every attacker's menu."""
    sizes: Sizes = field(default_factory=dict)
    """The dice intentions roll: a ritual's or an attack's pool is the same whatever the
    ritual, or whatever the weapon of one kind."""
    board: Board = ()
    """The board the pass's menus are built on (empty: not read yet)."""


def _playable(ctx: Ctx, ent: int, size: int, pushing: bool) -> bool:
    """A pool of 0 or less cannot act, unless a role-playing bonus or a push could lift it."""
    return pushing or size + bonus_reach(ctx, ent) > 0


def intention_choices(
    ctx: Ctx, ent: int, *, ordered: bool = False, shared: Shared | None = None
) -> list[Choice]:
    """Every legal intention of a combatant, in a stable order.

    Args:
        ctx: the fight.
        ent: the combatant.
        ordered: only what a master may order its demon to do (no plain moves or commands).
        shared: what other menus of this intentions pass already worked out (None: nothing).
    """
    # The same board gives the same menu, fight after fight: built once, then looked up.
    board = board_key() if shared is None else shared.board or board_key()
    if shared is not None:
        shared.board = board
    menus = family(ctx)
    key = (board, TABLES[esper.current_world][ent][Identity].cid, ordered)
    found = menus.get(key)
    if found is None:
        if len(menus) >= MENUS_KEPT:
            menus.clear()
        found = menus[key] = tuple(
            _build(ctx, ent, ordered, Shared() if shared is None else shared)
        )
    return [*found]


def _build(ctx: Ctx, ent: int, ordered: bool, shared: Shared) -> list[Choice]:
    """`intention_choices` worked out from the components."""
    if not states_intention(ctx, ent):
        return []  # it cannot act: it only defends, and holds no total defense
    pushing = status(ent) == "cannot_act"
    head, tail = _orderable(ctx, ent, pushing, shared)
    found = [*head]
    if not pushing and not ordered:
        found += _commands(ctx, ent, shared)
    found += tail
    if not ordered:
        found += _moves(ctx, ent, pushing) + _crossings(ctx, ent, pushing)
    return found


def _orderable(
    ctx: Ctx, ent: int, pushing: bool, shared: Shared
) -> tuple[tuple[Choice, ...], tuple[Choice, ...]]:
    """What a master may order the combatant to do, worked out once a pass: (head, tail)."""
    found = shared.orders.get(ent)
    if found is None:
        head = [*_attacks(ctx, ent, pushing, shared), _defend(ident(ent).cid, pushing)]
        head += _rituals(ctx, ent, pushing, shared.sizes) + _aims(ctx, ent, pushing)
        tail = [] if pushing else _abilities(ctx, ent) + _hops(ctx, ent)
        found = shared.orders[ent] = (tuple(head), tuple(tail))
    return found


@lru_cache(maxsize=256)
def _defend(me: str, pushing: bool = False) -> Choice:
    # Total defense is an intention like any other: one too hurt to act holds it only by
    # pushing through; otherwise it defends normally [seed, sorcerer.md 6 and 7].
    return Choice(
        "total_defense",
        Phrase("sorc_total_defense_choice", (_suffix(pushing),)),
        TotalDefense(me),
        tags=("defend", "default"),
    )


def _suffix(pushing: bool) -> Text:
    return PUSHING if pushing else ""


def _attacks(ctx: Ctx, ent: int, pushing: bool, shared: Shared) -> list[Choice]:
    me, here = ident(ent).cid, cell(ent)
    found: list[Choice] = []
    near = closing_cells(ctx, ent)
    arms = [(wid, weapon(ctx, wid)) for wid in scores(ent).weapons]
    for target in enemies(ent):
        tid = ident(target).cid
        # Melee weapons of one reach attack a target from the same cell.
        spots: dict[int, Cell | None] = {}
        for wid, w in arms:
            if w.range:
                spot = attack_cell(ctx, ent, target, w, near)
            elif w.reach in spots:
                spot = spots[w.reach]
            else:
                spot = spots[w.reach] = attack_cell(ctx, ent, target, w, near)
            if spot is None:
                continue
            cmd = Attack(me, tid, wid)
            size = estimate(ctx, ent, cmd, shared.sizes)
            if not _playable(ctx, ent, size, pushing):
                continue
            label = Phrase(
                "sorc_attack_choice",
                (
                    name(target),
                    w.name,
                    _band(shot_band(ctx, ent, target, w)) if w.range else "",
                    Phrase("sorc_attack_closing", (spot,)) if spot != here else "",
                    _suffix(pushing),
                ),
            )
            found.append(
                Choice(
                    f"attack:{tid}:{wid}",
                    label,
                    cmd,
                    tags=("attack",),
                    target=tid,
                    cell=spot if spot != here else None,
                    rolls=_rolls(contest(ctx, ent, cmd, size, shared.resists)),
                    harm=weapon_harm(ctx, ent, w),
                    show_rolls=False,
                )
            )
    return found


def _band(band: str) -> Phrase:
    """A ranged attack's label names its range band."""
    return Phrase("sorc_attack_band", (Phrase("band_words", (band,)),))


def _rolls(spec: ContestSpec | None) -> tuple[ContestSpec, ...]:
    return () if spec is None else (spec,)


def _rituals(ctx: Ctx, ent: int, pushing: bool, sizes: Sizes) -> list[Choice]:
    me = ident(ent).cid
    found: list[Choice] = []
    for rid in scores(ent).rituals:
        for target in ritual_targets(ctx, ent, rid):
            tid = ident(target).cid
            cmd = PerformRitual(me, rid, tid)
            size = estimate(ctx, ent, cmd, sizes)
            if not _playable(ctx, ent, size, pushing):
                continue
            found.append(
                Choice(
                    f"ritual:{rid}:{tid}",
                    Phrase(
                        "sorc_ritual_choice",
                        (ritual(ctx, rid).name, name(target), _suffix(pushing)),
                    ),
                    cmd,
                    tags=("ritual",),
                    target=tid,
                    rolls=_rolls(contest(ctx, ent, cmd, size)),
                    harm=punish_harm() if rid == "punish" else None,
                    show_rolls=False,
                )
            )
    return found


def _aims(ctx: Ctx, ent: int, pushing: bool) -> list[Choice]:
    me = ident(ent).cid
    found: list[Choice] = []
    guns = [(wid, w) for wid in scores(ent).weapons if (w := weapon(ctx, wid)).firearm]
    for target in enemies(ent) if guns else ():
        tid = ident(target).cid
        for wid, w in guns:
            if shot_band(ctx, ent, target, w) == "out_of_range":
                continue
            cmd = Aim(me, tid, wid)
            size = estimate(ctx, ent, cmd)
            if _playable(ctx, ent, size, pushing):
                found.append(
                    Choice(
                        f"aim:{tid}:{wid}",
                        Phrase("sorc_aim_choice", (w.name, name(target), _suffix(pushing))),
                        cmd,
                        tags=("aim",),
                        target=tid,
                        rolls=_rolls(contest(ctx, ent, cmd, size)),
                        harm=weapon_harm(ctx, ent, w),
                        show_rolls=False,
                    )
                )
    return found


def _commands(ctx: Ctx, ent: int, shared: Shared) -> list[Choice]:
    me = ident(ent).cid
    found: list[Choice] = []
    for d in demons_of(ent):
        state = demon(d)
        if state is None or not state.present or not states_intention(ctx, d):
            continue
        did = ident(d).cid
        for c in intention_choices(ctx, d, ordered=True, shared=shared):
            found.append(
                Choice(
                    f"command:{did}:{c.key}",
                    Phrase("sorc_command_choice", (name(d), c.text)),
                    CommandDemon(me, did, c.key),
                    tags=("command",),
                    target=c.target,
                    cell=c.cell,
                    rolls=c.rolls,
                    harm=c.harm,
                    show_rolls=False,
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
        hid = ident(helped).cid
        for trait in ("stamina", "will"):
            found.append(
                Choice(
                    f"boost:{trait}",
                    Phrase(
                        "sorc_boost_choice",
                        (name(helped), Phrase("trait_name", (trait,)), state.power),
                    ),
                    UseAbility(me, "boost", hid, trait),
                    tags=("ability",),
                    target=hid,
                )
            )
    if "cloak" in state.abilities:
        lost = -(-state.power // ctx.options.cloak_divisor)
        found.append(
            Choice(
                "cloak",
                Phrase("sorc_cloak_choice", (lost,)),
                UseAbility(me, "cloak", "", ""),
                tags=("ability",),
            )
        )
    if "protection" in state.abilities and helped is not None:
        hid = ident(helped).cid
        found.append(
            Choice(
                "protect",
                Phrase("sorc_protect_choice", (name(helped), state.power)),
                UseAbility(me, "protection", hid, ""),
                tags=("ability",),
                target=hid,
            )
        )
    return found


def _hops(ctx: Ctx, ent: int) -> list[Choice]:
    cells = hop_cells(ctx, ent)
    return list(_hop_menu(ident(ent).cid, tuple(cells))) if cells else []


@lru_cache(maxsize=1024)
def _hop_menu(me: str, cells: tuple[Cell, ...]) -> tuple[Choice, ...]:
    return tuple(
        Choice(
            f"hop:{x},{y}",
            Phrase("sorc_hop_choice", ((x, y),)),
            Hop(me, (x, y)),
            tags=MOVE_HOP,
            cell=(x, y),
        )
        for x, y in cells
    )


def _moves(ctx: Ctx, ent: int, pushing: bool) -> list[Choice]:
    me = ident(ent).cid
    if contained(ent):
        found = list(_move_menu(me, move_cells(ctx, ent), pushing))
    else:
        found = list(_free_moves(me, move_key(ctx, ent), pushing))
    if grid(ctx).is_exit(cell(ent)):
        cmd = Flee(me)
        found.append(
            Choice(
                "flee",
                Phrase("sorc_flee_choice", (_suffix(pushing),)),
                cmd,
                tags=("flee",),
                rolls=_rolls(contest(ctx, ent, cmd, estimate(ctx, ent, cmd))),
                show_rolls=False,
            )
        )
    return found


@lru_cache(maxsize=4096)
def _free_moves(me: str, key: MoveKey, pushing: bool) -> tuple[Choice, ...]:
    """The moves from a situation: the same situation gives the same choices, fight after fight."""
    return _move_menu(me, moves_from(key), pushing)


def _move_menu(me: str, cells: tuple[Cell, ...], pushing: bool) -> tuple[Choice, ...]:
    """The move choices to these cells."""
    return tuple(
        Choice(
            f"move:{x},{y}",
            Phrase("sorc_move_choice", ((x, y), _suffix(pushing))),
            Move(me, (x, y)),
            tags=MOVE,
            cell=(x, y),
        )
        for x, y in cells
    )


def _crossings(ctx: Ctx, ent: int, pushing: bool) -> list[Choice]:
    """Other tasks on the map: climbing over a low obstacle, and the scenario's own tasks.

    Both are challenges (rules/sorcerer.md §2); none are offered on a map without them, nor
    to one whose pool is 0 or less (§6), unless it could push through.
    """
    me = ident(ent).cid
    found: list[Choice] = []
    for x, y in climbs(ctx, ent):
        cmd: Climb | WorkTask = Climb(me, (x, y))
        size = estimate(ctx, ent, cmd)
        if not _playable(ctx, ent, size, pushing):
            break  # every climb rolls the same pool: none is playable
        found.append(
            Choice(
                f"climb:{x},{y}",
                Phrase(CLIMB_TO + "{}", ((x, y), _suffix(pushing))),
                cmd,
                tags=("move", "climb"),
                cell=(x, y),
                rolls=_rolls(contest(ctx, ent, cmd, size)),
                show_rolls=False,
            )
        )
    for spot in open_tasks(ctx, ent):
        cmd = WorkTask(me, spot.id)
        size = estimate(ctx, ent, cmd)
        if not _playable(ctx, ent, size, pushing):
            break
        found.append(
            Choice(
                f"task:{spot.id}",
                Phrase(TASK + "{}", (task_name(spot), spot.pool, _suffix(pushing))),
                cmd,
                tags=("task",),
                rolls=_rolls(contest(ctx, ent, cmd, size)),
                show_rolls=False,
            )
        )
    return found
