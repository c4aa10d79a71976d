"""Step 1's legal intentions for a combatant, each with the numbers of the roll it makes."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Final, TypeAlias

from arena.content.sorcerer import Weapon
from arena.ecs.ruleset import Ctx
from arena.ecs.sorcerer.components import Fighter
from arena.ecs.sorcerer.geometry import (
    MoveKey,
    attack_cell,
    closing_cells,
    hop_cells,
    move_cells,
    move_key,
    moves_from,
    shot_band,
)
from arena.ecs.sorcerer.harm import punish_harm, weapon_harm
from arena.ecs.sorcerer.memo import Board, board_key, family, shelf
from arena.ecs.sorcerer.obstacles import climbs, open_tasks, task_name
from arena.ecs.sorcerer.pools import bonus_reach
from arena.ecs.sorcerer.queries import (
    bound_to,
    foes,
    grid,
    ident,
    in_fight,
    master_of,
    name,
    occupied,
    ritual,
    task,
    weapon,
)
from arena.ecs.sorcerer.rolls import Resists, Sizes, attack_contest, contest, estimate
from arena.ecs.sorcerer.sorcery import ritual_fighters
from arena.ecs.sorcerer.wounds import states_intention
from arena.rules.actions import Attack, Move
from arena.rules.grid import Cell, distance
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
from arena.rules.views import Choice, ContestSpec, SorcererHarm, Tag

PUSHING = Phrase("sorc_pushing")
"""What a label adds when the intention needs a push through damage."""
BOARDS_KEPT: Final = 256
"""Boards remembered per content in each of two generations (those seen again with a few
menus each, some KiB a menu with five combatants): past this many new ones, the older
generation is dropped, so a long batch holds at most about 16 MiB of them."""
MADE_KEPT: Final = 4096
"""Attacks kept made (`shelf`) before they are made afresh: a content's fights repeat a few
hundred (who hits whom with what, from where, at which odds)."""
MENUS_KEPT: Final = 1024
"""Menus kept by their choices (`_same`) before they are kept afresh, as many as a policy
keeps sorted out (`arena.ai.menus.MOST`)."""
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
    menus: Menus | None = None
    """The menus kept for the board the pass is on, by (combatant id, ordered): looked up
    by the board once a pass, not once a menu (None: not looked up yet)."""


def intention_choices(
    ctx: Ctx, f: Fighter, *, ordered: bool = False, shared: Shared | None = None
) -> list[Choice]:
    """Every legal intention of a combatant, in a stable order.

    Args:
        ctx: the fight.
        f: the combatant.
        ordered: only what a master may order its demon to do (no plain moves or commands).
        shared: what other menus of this intentions pass already worked out (None: nothing).
    """
    return [*intention_menu(ctx, f, ordered=ordered, shared=shared)]


def intention_menu(
    ctx: Ctx, f: Fighter, *, ordered: bool = False, shared: Shared | None = None
) -> tuple[Choice, ...]:
    """`intention_choices` as the kept tuple itself (shared by every reader: read only)."""
    # The same board gives the same menu, fight after fight: built once, then looked up.
    if shared is None:
        menus = _on_board(ctx)
        shared = Shared(menus=menus)  # for the menus this one nests (a demon's orders)
    else:
        menus = shared.menus if shared.menus is not None else _on_board(ctx)
        shared.menus = menus
    key = (f.who.cid, ordered)
    found = menus.get(key)
    if found is None:
        found = menus[key] = _same(ctx, _build(ctx, f, ordered, shared))
    return found


def _same(ctx: Ctx, menu: tuple[Choice, ...]) -> tuple[Choice, ...]:
    """The menu of these very choices made before, if any fight of this content made it.

    A board not met before most often gives a combatant the very choices of one that was
    (its moves and attacks are kept made, `shelf`): handed out as the same tuple, it is the
    menu a policy has sorted out and picked from already (`arena.ai.menus`).
    """
    kept = shelf(ctx, _MENUS)
    key = tuple(map(id, menu))  # each entry holds its menu: no id is reused while kept
    found = kept[key] if key in kept else None  # noqa: SIM401 (a test and a subscript: no call)
    if found is None:
        if len(kept) >= MENUS_KEPT:
            kept.clear()
        found = kept[key] = menu
    return found


Menus: TypeAlias = dict[tuple[str, bool], tuple[Choice, ...]]
"""The menus kept for one board, by (combatant id, ordered)."""


@dataclass(slots=True)
class _Boards:
    """Boards by generation, the young and the old, each with its kept menus.

    Where most boards are met again (a duel's, where a round often changes nothing), a
    board's menus are kept the first time it is seen. Where most are not (a gang fight's:
    past its first rounds hardly any board comes back), they are kept from the second time
    (None: seen once, none kept), so menus never asked again take no building of a kept
    entry and hold no memory. A board met again moves to the young generation: it outlives
    the many seen once.
    """

    young: dict[Board, Menus | None] = field(default_factory=dict)
    old: dict[Board, Menus | None] = field(default_factory=dict)
    met: int = 0
    """Boards looked up and found remembered."""
    new: int = 0
    """Boards looked up and not remembered."""


def _on_board(ctx: Ctx) -> Menus:
    """The menus for the board now (hashing the board once, for every menu of a pass)."""
    kept = family(ctx)
    boards: _Boards | None = kept.get(_BOARDS)
    if boards is None:
        boards = kept[_BOARDS] = _Boards()
    board = board_key()
    young = boards.young
    if board in young:
        boards.met += 1
        found = young[board]
        if found is None:  # seen once before: kept from now on
            found = young[board] = {}
        return found
    old = boards.old
    seen = board in old
    found = old.pop(board) if seen else None
    if len(young) >= BOARDS_KEPT:  # the older generation goes; this one grows old
        boards.old, boards.young = young, {}
        young = boards.young
    if not seen:
        boards.new += 1
        if boards.met < boards.new:  # most boards are not met again: keep none yet
            young[board] = None
            return {}  # this pass's menus only
    else:
        boards.met += 1
    if found is None:
        found = {}
    young[board] = found
    return found


_BOARDS: Final = "intention_menus"
"""Where a content's lookups keep its `_Boards`."""


def _build(ctx: Ctx, f: Fighter, ordered: bool, shared: Shared) -> tuple[Choice, ...]:
    """`intention_choices` worked out from the components."""
    now = f.status.state
    # `states_intention`, called only when the status alone does not settle it.
    if now != "active" and (now != "cannot_act" or not states_intention(ctx, f)):
        return ()  # it cannot act: it only defends, and holds no total defense
    pushing = now == "cannot_act"
    # Where the others stand, read once: closing in and moving both walk around them.
    blocked = frozenset(occupied(but=f.ent))
    head, tail = _orderable(ctx, f, pushing, shared, blocked)
    if ordered:
        return (*head, *tail)
    commands = () if pushing else _commands(ctx, f, shared)
    # The menu made in one step, its moves (most of it) copied once.
    moves = _moves(ctx, f, pushing, blocked)
    return (*head, *commands, *tail, *moves, *_crossings(ctx, f, pushing))


def _orderable(
    ctx: Ctx, f: Fighter, pushing: bool, shared: Shared, blocked: frozenset[Cell]
) -> tuple[tuple[Choice, ...], tuple[Choice, ...]]:
    """What a master may order the combatant to do, worked out once a pass: (head, tail)."""
    found = shared.orders.get(f.ent)
    if found is None:
        # A pool of 0 or less cannot act, unless a role-playing bonus or a push could lift
        # it: how far a bonus could lift it is read once for every roll below.
        lift = bonus_reach(ctx, f)
        head = [*_attacks(ctx, f, pushing, shared, lift, blocked), _defend(f.who.cid, pushing)]
        head += _rituals(ctx, f, pushing, shared.sizes, lift) + _aims(ctx, f, pushing, lift)
        # Only a demon has abilities to switch on or a Hop (most are human).
        tail = [] if pushing or f.demon is None else _abilities(ctx, f) + _hops(ctx, f)
        found = shared.orders[f.ent] = (tuple(head), tuple(tail))
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


def _attacks(
    ctx: Ctx, f: Fighter, pushing: bool, shared: Shared, lift: int, blocked: frozenset[Cell]
) -> list[Choice]:
    me, here = f.who.cid, (f.pos.x, f.pos.y)
    found: list[Choice] = []
    # Attacks made before, in any fight of this content: a gang fight's boards seldom come
    # back, but the same attack with the same numbers does, round after round.
    made = shelf(ctx, _ATTACKS)
    # The cells it could close in to, worked out only once a foe is near enough to need them:
    # most foes are in reach already, or farther than closing in could bring them.
    near: Mapping[Cell, int] | None = None
    steps = task(ctx, "close_in").cells
    held = f.arms
    arms = [(wid, held[wid] if wid in held else weapon(ctx, wid)) for wid in f.scores.weapons]
    for target in foes(f):
        tid = target.who.cid
        gap = distance(here, (target.pos.x, target.pos.y))
        # Melee weapons of one reach attack a target from the same cell.
        spots: dict[int, Cell | None] = {}
        for wid, w in arms:
            if w.range:
                spot = attack_cell(ctx, f, target, w)  # a shot reads no closing cells
            elif w.reach in spots:
                spot = spots[w.reach]
            elif gap <= w.reach:
                spot = spots[w.reach] = here
            elif gap > w.reach + steps:
                spot = spots[w.reach] = None  # `attack_cell`'s answer, without its call
            else:
                if near is None:
                    near = closing_cells(ctx, f, blocked)
                spot = spots[w.reach] = attack_cell(ctx, f, target, w, near)
            if spot is None:
                continue
            named = (me, tid, wid)
            cmd = made[named] if named in made else None  # noqa: SIM401 (no call)
            if cmd is None:
                cmd = made[named] = Attack(me, tid, wid)
            size = estimate(ctx, f, cmd, shared.sizes)
            if not (pushing or size + lift > 0):
                continue
            spec = attack_contest(ctx, f, target, wid, w, size, shared.resists)
            harm = weapon_harm(ctx, f, w)
            cell = spot if spot != here else None
            band = shot_band(ctx, f, target, w) if w.range else ""
            # The very roll and harm objects in the key (both are kept where they are made),
            # and checked on a find: an id outlives no object it was taken from here.
            key = (me, tid, wid, cell, band, pushing, id(spec), id(harm))
            entry = made[key] if key in made else None  # noqa: SIM401 (no call)
            if entry is None or entry[0] is not spec or entry[1] is not harm:
                choice = _attack(f, target, cmd, w, cell, band, pushing, spec, harm)
                entry = made[key] = (spec, harm, choice)
            found.append(entry[2])
    if len(made) > MADE_KEPT:
        made.clear()
    return found


def _attack(
    f: Fighter,
    target: Fighter,
    cmd: Attack,
    w: Weapon,
    cell: Cell | None,
    band: str,
    pushing: bool,
    spec: ContestSpec | None,
    harm: SorcererHarm,
) -> Choice:
    """One attack choice, from the numbers `_attacks` found."""
    label = Phrase(
        "sorc_attack_choice",
        (
            target.who.name,
            w.name,
            _band(band) if band else "",
            Phrase("sorc_attack_closing", (cell,)) if cell is not None else "",
            PUSHING if pushing else "",
        ),
    )
    return Choice(
        f"attack:{cmd.target}:{cmd.means}",
        label,
        cmd,
        tags=("attack",),
        target=cmd.target,
        cell=cell,
        rolls=() if spec is None else (spec,),
        harm=harm,
        show_rolls=False,
    )


_MENUS: Final = "same_menus"
_ATTACKS: Final = "attack_choices"
_RITUALS: Final = "ritual_choices"
_ORDERS: Final = "order_choices"
"""Where a content's lookups keep the choices made of each kind, and menus (`_same`)."""


def _band(band: str) -> Phrase:
    """A ranged attack's label names its range band."""
    return Phrase("sorc_attack_band", (Phrase("band_words", (band,)),))


def _rituals(ctx: Ctx, f: Fighter, pushing: bool, sizes: Sizes, lift: int) -> list[Choice]:
    me = f.who.cid
    found: list[Choice] = []
    if not f.scores.rituals:
        return found
    suffix = PUSHING if pushing else ""  # `_suffix`, without its call
    made = shelf(ctx, _RITUALS)  # as attacks are (`_attacks`)
    # Rituals that take the same kind of target take the same demons: looked up once.
    held: dict[str, list[Fighter]] = {}
    for rid in f.scores.rituals:
        rite = ritual(ctx, rid)
        kind = rite.targets
        found_for = held[kind] if kind in held else None  # noqa: SIM401 (a test and a subscript: no call)
        if found_for is None:
            found_for = held[kind] = ritual_fighters(ctx, f.ent, rite)
        for target in found_for:
            tid = target.who.cid
            named = (me, rid, tid)
            cmd = made[named] if named in made else None  # noqa: SIM401 (no call)
            if cmd is None:
                cmd = made[named] = PerformRitual(me, rid, tid)
            size = estimate(ctx, f, cmd, sizes)
            if not (pushing or size + lift > 0):
                continue
            spec = contest(ctx, f, cmd, size, None, target)
            key = (me, rid, tid, pushing, id(spec))  # the roll checked on a find, as an attack's
            entry = made[key] if key in made else None  # noqa: SIM401 (no call)
            if entry is None or entry[0] is not spec:
                choice = Choice(
                    f"ritual:{rid}:{tid}",
                    Phrase("sorc_ritual_choice", (rite.name, target.who.name, suffix)),
                    cmd,
                    tags=("ritual",),
                    target=tid,
                    rolls=() if spec is None else (spec,),
                    harm=punish_harm() if rid == "punish" else None,
                    show_rolls=False,
                )
                entry = made[key] = (spec, choice)
            found.append(entry[1])
    if len(made) > MADE_KEPT:
        made.clear()
    return found


def _aims(ctx: Ctx, f: Fighter, pushing: bool, lift: int) -> list[Choice]:
    me = f.who.cid
    found: list[Choice] = []
    held = f.arms
    guns = [
        (wid, w)
        for wid in f.scores.weapons
        if (w := held[wid] if wid in held else weapon(ctx, wid)).firearm
    ]
    if not guns:
        return found
    suffix = _suffix(pushing)

    for target in foes(f):
        tid = target.who.cid
        for wid, w in guns:
            if shot_band(ctx, f, target, w) == "out_of_range":
                continue
            cmd = Aim(me, tid, wid)
            size = estimate(ctx, f, cmd)
            if pushing or size + lift > 0:
                spec = contest(ctx, f, cmd, size)
                found.append(
                    Choice(
                        f"aim:{tid}:{wid}",
                        Phrase("sorc_aim_choice", (w.name, target.who.name, suffix)),
                        cmd,
                        tags=("aim",),
                        target=tid,
                        rolls=() if spec is None else (spec,),
                        harm=weapon_harm(ctx, f, w),
                        show_rolls=False,
                    )
                )
    return found


def _commands(ctx: Ctx, f: Fighter, shared: Shared) -> list[Choice]:
    me = f.who.cid
    found: list[Choice] = []
    made = shelf(ctx, _ORDERS)
    for dem in bound_to(f):
        state = dem.demon
        if state is None or not state.present or not states_intention(ctx, dem):
            continue
        did = dem.who.cid
        # An order wraps the demon's own choice: made once for each choice object (those of
        # attacks and rituals are kept made, `shelf`), the choice checked on a find.
        for c in intention_menu(ctx, dem, ordered=True, shared=shared):
            key = (me, did, id(c))
            entry = made[key] if key in made else None  # noqa: SIM401 (no call)
            if entry is None or entry[0] is not c:
                order = Choice(
                    f"command:{did}:{c.key}",
                    Phrase("sorc_command_choice", (dem.who.name, c.text)),
                    CommandDemon(me, did, c.key),
                    tags=("command",),
                    target=c.target,
                    cell=c.cell,
                    rolls=c.rolls,
                    harm=c.harm,
                    show_rolls=False,
                )
                entry = made[key] = (c, order)
            found.append(entry[1])
    if len(made) > MADE_KEPT:
        made.clear()
    return found


def _abilities(ctx: Ctx, f: Fighter) -> list[Choice]:
    state = f.demon
    if state is None:
        return []
    me, master = f.who.cid, master_of(f.ent)
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


def _hops(ctx: Ctx, f: Fighter) -> list[Choice]:
    cells = hop_cells(ctx, f.ent)
    return list(_hop_menu(f.who.cid, tuple(cells))) if cells else []


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


def _moves(ctx: Ctx, f: Fighter, pushing: bool, blocked: frozenset[Cell]) -> tuple[Choice, ...]:
    me = f.who.cid
    if f.demon is not None and f.demon.contained_at is not None:  # held by Contain
        found = _move_menu(me, move_cells(ctx, f.ent), pushing)
    else:
        found = _free_moves(me, move_key(ctx, f.ent, blocked), pushing)
    if not grid(ctx).is_exit((f.pos.x, f.pos.y)):
        return found  # the kept tuple itself: the menu copies it
    cmd = Flee(me)
    spec = contest(ctx, f, cmd, estimate(ctx, f, cmd))
    flee = Choice(
        "flee",
        Phrase("sorc_flee_choice", (_suffix(pushing),)),
        cmd,
        tags=("flee",),
        rolls=() if spec is None else (spec,),
        show_rolls=False,
    )
    return (*found, flee)


@lru_cache(maxsize=4096)
def _free_moves(me: str, key: MoveKey, pushing: bool) -> tuple[Choice, ...]:
    """The moves from a situation: the same situation gives the same choices, fight after fight."""
    return _move_menu(me, moves_from(key), pushing)


def _move_menu(me: str, cells: tuple[Cell, ...], pushing: bool) -> tuple[Choice, ...]:
    """The move choices to these cells."""
    return tuple([_move_choice(me, x, y, pushing) for x, y in cells])


@lru_cache(maxsize=16384)
def _move_choice(me: str, x: int, y: int, pushing: bool) -> Choice:
    """One move choice: the same combatant moving to the same cell, fight after fight."""
    return Choice(
        f"move:{x},{y}",
        Phrase("sorc_move_choice", ((x, y), _suffix(pushing))),
        Move(me, (x, y)),
        tags=MOVE,
        cell=(x, y),
    )


def _crossings(ctx: Ctx, f: Fighter, pushing: bool) -> list[Choice]:
    """Other tasks on the map: climbing over a low obstacle, and the scenario's own tasks.

    Both are challenges (rules/sorcerer.md §2); none are offered on a map without them, nor
    to one whose pool is 0 or less (§6), unless it could push through.
    """
    me = f.who.cid
    found: list[Choice] = []
    over, spots = climbs(ctx, f.ent), open_tasks(ctx, f.ent)
    if not over and not spots:
        return found  # most maps and places: nothing to cross or work
    # A pool of 0 or less cannot act, unless a role-playing bonus or a push could lift it.
    lift, suffix = bonus_reach(ctx, f), _suffix(pushing)
    for x, y in over:
        cmd: Climb | WorkTask = Climb(me, (x, y))
        size = estimate(ctx, f, cmd)
        if not (pushing or size + lift > 0):
            break  # every climb rolls the same pool: none is playable
        spec = contest(ctx, f, cmd, size)
        found.append(
            Choice(
                f"climb:{x},{y}",
                Phrase("climb_choice", ((x, y), suffix)),
                cmd,
                tags=("move", "climb"),
                cell=(x, y),
                rolls=() if spec is None else (spec,),
                show_rolls=False,
            )
        )
    for spot in spots:
        cmd = WorkTask(me, spot.id)
        size = estimate(ctx, f, cmd)
        if not (pushing or size + lift > 0):
            break
        spec = contest(ctx, f, cmd, size)
        found.append(
            Choice(
                f"task:{spot.id}",
                Phrase("task_choice", (task_name(spot), spot.pool, suffix)),
                cmd,
                tags=("task",),
                rolls=() if spec is None else (spec,),
                show_rolls=False,
            )
        )
    return found
