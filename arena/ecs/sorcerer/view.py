"""The Sorcerer fight as everyone sees it: a frozen FightView, its words drawn from its numbers."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, Final

from arena.ecs.ruleset import Ctx, Standing
from arena.ecs.sorcerer.components import DemonState, Fighter, Health, Placed, RoundState
from arena.ecs.sorcerer.data import intent_parts
from arena.ecs.sorcerer.harm import weapon_harm
from arena.ecs.sorcerer.memo import family
from arena.ecs.sorcerer.phrases import said
from arena.ecs.sorcerer.pools import power_in
from arena.ecs.sorcerer.queries import grid, round_state, weapon
from arena.rules.actions import Attack
from arena.rules.grid import Grid
from arena.rules.kinds import SorcererKind
from arena.rules.phrase import Lines, Phrase, Text
from arena.rules.sorcerer import SorcererOptions, TurnOrder, options_to_mapping, thresholds
from arena.rules.sorcerer.commands import Aim
from arena.rules.views import (
    Board,
    CombatantView,
    DemonView,
    FightView,
    MapView,
    Piece,
    Pool,
    PoolName,
    SorcererHarm,
    SorcererHealth,
    SorcererIntent,
    SorcererState,
)


@lru_cache(maxsize=64)
def options_record(options: SorcererOptions) -> tuple[tuple[str, str], ...]:
    """The options as (name, value) pairs, in declaration order."""
    return tuple((k, str(v)) for k, v in options_to_mapping(options).items())


@lru_cache(maxsize=64)
def _map(title: str, rows: tuple[str, ...]) -> MapView:
    return MapView(title, Grid(rows).floor())


def view(ctx: Ctx, step: str) -> FightView:
    """A frozen snapshot of the fight at `step`."""
    rs = round_state()
    if rs.shown is None:  # the map and the options never change during a fight
        rs.shown = (_map(ctx.scenario.map, grid(ctx).rows), options_record(ctx.options))
    if rs.lines[0] is not rs.order:
        order, by = rs.order, rs.by_ent
        lines = (
            ()
            if order is None
            # The names from the carried records: one comprehension, not a call per name.
            else Lines("sorcerer_order_lines", (order, tuple([by[e].who.name for e in rs.members])))
        )
        rs.lines = (order, lines)
    # Each ordered entity's place: worked out once per order, read here once per view.
    placed = rs.placed
    if placed[0] is not rs.order or placed[1] is not rs.members:
        placed = _placed(rs)
    where, revealed = placed[2], rs.revealed
    clock = ctx.clock
    return FightView(
        "sorcerer",
        clock.round,
        step,
        clock.over,
        clock.winner,
        clock.outcome,
        tuple([_kept(ctx, f, rs, where, revealed) for f in rs.fighters]),
        rs.shown[0],
        rs.lines[1],
        tuple(ctx.rolls)[-6:],
        rs.shown[1],
    )


def standing(ctx: Ctx) -> tuple[Standing, ...]:
    """Each combatant's id, side, status, health, penalty and injury class, as `view` has them."""
    rs = round_state()
    found: list[Standing] = []
    for f in rs.fighters:
        words, penalty, wounds = _hurt(ctx, f, rs)
        found.append((f.who.cid, f.who.side, f.status.state, words, penalty, wounds.severity))
    return tuple(found)


def board(ctx: Ctx) -> Board:
    """The board at a glance: each combatant's place, status, penalty, traits and blow.

    Each as `view` has it, with what an attacked one weighs (its revealed intention, its
    order roll's dice, its helpless limit). A naive answer reads no more; a whole view makes
    every changed combatant's parts again. A piece is kept while the facts it is worked out
    from are the same (one tuple of numbers and objects, compared at once), and the board
    too when every piece is kept. Fights of one content share their pieces and boards: the
    same facts give the very same piece, and the same pieces the very same board, so that
    an answer worked out on one board is known again when it comes back (`arena.ai`).
    """
    global _board
    rs = round_state()
    kept_rs, kept, made, shared = _board
    if kept_rs is not rs:
        kept, shared = {}, _shared(ctx)
    placed = rs.placed
    if placed[0] is not rs.order or placed[1] is not rs.members:
        placed = _placed(rs)
    where, revealed = placed[2], rs.revealed
    pieces = []
    changed = False
    for f in rs.fighters:
        ent, pos, sc, hp, p, dem = f.ent, f.pos, f.scores, f.health, f.plan, f.demon
        w = hp.wounds
        # Everything its piece is worked out from, in two parts: what changes every round
        # or step (its place on the map; its order dice, the one fact of its place in the
        # order it shows; its status; its revealed command, kept as the very object all
        # round) and what seldom does (its side, wounds and scores, its demon's Power). A
        # move or a new round makes the piece again from the last one's health, traits and
        # blow; a hidden intention stated does not make it again at all.
        now = (
            pos.x,
            pos.y,
            f.status.state,
            len(where[ent][3]) if ent in where else 0,
            (p.command, p.ordered) if revealed else None,
        )
        body = (
            f.who.side,  # its side may change (a mind turned), its id and name never
            w.lasting,
            w.temporary_pending,
            hp.severity,
            sc.stamina,
            sc.will,
            sc.lore,
            None if dem is None else (dem.power, dem.boosting, dem.abilities),
        )
        was = kept[ent] if ent in kept else None  # noqa: SIM401 (a test and a subscript: no call)
        if was is not None and was[1] == body and was[0] == now:
            pieces.append(was[2])
            continue
        changed = True
        # Fights of one content share pieces: whose it is, among their combatants, too.
        facts = (f.who.cid, now, body)
        piece = shared.pieces[facts] if facts in shared.pieces else None  # noqa: SIM401 (no call)
        if piece is None:
            if was is not None and was[1] == body:
                piece = _moved(ctx, f, rs, where, revealed, was[2])
            else:
                piece = _piece(ctx, f, rs, where, revealed)
            if len(shared.pieces) >= PIECES_KEPT:
                shared.pieces.clear()
            shared.pieces[facts] = piece
        kept[ent] = (now, body, piece)
        pieces.append(piece)
    if changed or len(pieces) != len(made.combatants):
        made = _interned(shared, pieces)
    _board = (rs, kept, made, shared)
    return made


PIECES_KEPT: Final = 4096
"""Pieces kept for the fights of one content (and as many boards) before they are made
afresh: a duel's fights show a few hundred."""


@dataclass(slots=True)
class _Shared:
    """The pieces and boards fights of one content have shown."""

    pieces: dict[tuple[object, ...], Piece] = field(default_factory=dict)
    """Each piece by the facts it is worked out from (`board`)."""
    boards: dict[tuple[int, ...], Board] = field(default_factory=dict)
    """Each board by the ids of its pieces (each board holds its own: no id is reused)."""


def _shared(ctx: Ctx) -> _Shared:
    kept = family(ctx)
    found: _Shared | None = kept.get(_BOARDS)
    if found is None:
        found = kept[_BOARDS] = _Shared()
    return found


_BOARDS: Final = "boards"
"""Where a content's lookups keep its `_Shared` pieces and boards."""


def _interned(shared: _Shared, pieces: list[Piece]) -> Board:
    """The board of these pieces: the one made before, if any fight of this content made it."""
    boards = shared.boards
    key = tuple([id(p) for p in pieces])
    found = boards[key] if key in boards else None  # noqa: SIM401 (no call)
    if found is None:
        if len(boards) >= PIECES_KEPT:
            boards.clear()
        found = boards[key] = Board("sorcerer", tuple(pieces))
    return found


def _piece(ctx: Ctx, f: Fighter, rs: RoundState, where: dict[int, Placed], revealed: bool) -> Piece:
    """A combatant's piece, worked out afresh."""
    pos, dem, ent, who = f.pos, f.demon, f.ent, f.who
    _, penalty, health = _hurt(ctx, f, rs)  # as the view finds it, from the healths it keeps
    power = 0 if dem is None else power_in(dem, ctx)
    arms = _arms(ctx, f, rs, power)
    return Piece(
        who.cid,
        who.name,
        who.side,
        (pos.x, pos.y),
        f.status.state,
        penalty,
        _traits(f),
        arms[0] if arms else None,
        # Its intention as its view shows it: hidden (None) until every one is revealed.
        _intent(ctx, f, rs, power) if revealed else None,
        len(where[ent][3]) if ent in where else 0,
        health.helpless_above,
    )


def _moved(
    ctx: Ctx, f: Fighter, rs: RoundState, where: dict[int, Placed], revealed: bool, was: Piece
) -> Piece:
    """A combatant's piece with its place, status, intention and order dice made again.

    Its side, wounds and scores are as on `was`: its health, traits and blow carried over.
    """
    pos, dem, ent = f.pos, f.demon, f.ent
    intent = None
    if revealed:
        intent = _intent(ctx, f, rs, 0 if dem is None else power_in(dem, ctx))
    return Piece(
        was.id,
        was.name,
        was.side,
        (pos.x, pos.y),
        f.status.state,
        was.penalty,
        was.traits,
        was.blow,
        intent,
        len(where[ent][3]) if ent in where else 0,
        was.helpless_above,
    )


_board: tuple[
    object, dict[int, tuple[tuple[object, ...], tuple[object, ...], Piece]], Board, _Shared
] = (None, {}, Board("sorcerer", ()), _Shared())
"""The last board made, of which fight (its round state), each entity's piece with the two
parts of the facts it was worked out from: kept while nothing it shows changes (as between two
intentions stated in secret), and the pieces and boards of the fight's content."""


def _kept(
    ctx: Ctx, f: Fighter, rs: RoundState, where: dict[int, Placed], revealed: bool
) -> CombatantView:
    """A combatant's view, made again only when something it shows has changed.

    Two parts are kept, each with a key of everything it reads from the carried components
    (frozen values such as the wounds and the order compare as values): its Sorcerer state
    (place in the order, Boost, Power, the revealed intention, its demon), and the view
    around it. A stated but hidden intention, a move or a wound makes the view again but
    keeps the state, and `_again` makes only the view's parts whose facts changed; names,
    the map and the options never change.
    """
    ent, pos, sc, hp, p, dem = f.ent, f.pos, f.scores, f.health, f.plan, f.demon
    demon_key = None if dem is None else _demon_key(dem)
    # The place, from the places the view worked out once for every combatant (`where`).
    place = where[ent] if ent in where else NOT_PLACED  # noqa: SIM401 (a test and a subscript: no call)
    shown = revealed and p.command is not None
    # The command shown and the intention are compared as the very objects: a plan keeps
    # its command and its words all round, and comparing two commands as values is a call
    # (a new one, or None against one, makes the state again). Its Power is left out: the
    # demon's key holds all it is worked out from (the options never change during a
    # fight), so it is worked out only when the state is made again.
    command = p.command if shown else None
    # Its intention, hidden until everyone has stated one.
    intention = HIDDEN if p.declared is not None and not revealed else p.intention
    w = hp.wounds
    # Everything else it reads, in one key: what its Sorcerer state reads first (`STATE`),
    # then the rest; the wounds by their numbers (comparing two equal frozen wounds would be
    # a call). A view found unchanged is checked with one comparison.
    key: tuple[object, ...] = (
        place,
        sc.sorcerer,
        p.boost,
        p.boost_trait,
        p.ordered if shown else False,
        demon_key,
        pos.x,
        pos.y,
        f.status.state,
        f.who.side,
        sc.stamina,
        sc.will,
        sc.lore,
        sc.humanity,
        sc.humanity_max,
        w.lasting,
        w.temporary_pending,
        hp.severity,
    )
    views = rs.views
    found = views[ent] if ent in views else None  # noqa: SIM401 (a test and a subscript: no call)
    if found is not None and found[0] is intention and found[1] is command and found[2] == key:
        return found[3]
    states = rs.states
    kept_state = states[ent] if ent in states else None  # noqa: SIM401 (a test and a subscript: no call)
    # The state's facts are the key's first `STATE`, compared in place (no slice made); the
    # state keeps the whole key it was made from.
    more: SorcererState | None = None
    if kept_state is not None and kept_state[0] is command:
        was = kept_state[1]
        if (
            was[0] == key[0]
            and was[1] == key[1]
            and was[2] == key[2]
            and was[3] == key[3]
            and was[4] == key[4]
            and was[5] == key[5]
        ):
            more = kept_state[2]
    if more is None:
        power = 0 if dem is None else power_in(dem, ctx)
        more = _state(ctx, f, rs, place, power, shown)
        states[ent] = (command, key, more)
    if found is None:
        parts = _combatant(ctx, f, rs, more, intention)
    else:
        parts = _again(ctx, f, rs, found[2], key, found[4], more, intention)
    made = CombatantView(*parts)
    views[ent] = (intention, command, key, made, parts)
    return made


STATE = 6
"""How many of a view's key's first facts its Sorcerer state reads (the demon's key last)."""


def _again(
    ctx: Ctx,
    f: Fighter,
    rs: RoundState,
    was: tuple[object, ...],
    key: tuple[object, ...],
    parts: list[Any],
    more: SorcererState,
    intention: Text,
) -> list[Any]:
    """A combatant's view made again from its last one: only the parts whose facts changed.

    `was` and `key` are the facts the last view and this one read (as `_kept` lists them):
    its place and status are set anew; its health, its notes and its kind only when their
    facts changed. A new side, new scores or a changed demon make every part afresh.
    """
    # Compared fact by fact, not as slices: a slice is a tuple made for each side.
    if (
        was[5] != key[5]
        or was[9] != key[9]
        or was[10] != key[10]
        or was[11] != key[11]
        or was[12] != key[12]
        or was[13] != key[13]
        or was[14] != key[14]
    ):
        return _combatant(ctx, f, rs, more, intention)
    made = parts.copy()
    pos = f.pos
    made[6] = (pos.x, pos.y)
    made[7] = f.status.state
    made[13] = intention
    hurt = was[15] != key[15] or was[16] != key[16] or was[17] != key[17]
    if hurt:
        made[8], made[9], made[15] = _hurt(ctx, f, rs)
    if hurt or more is not parts[17]:
        state = f.demon
        made[12] = state.type if state is not None else more.kind
        judged = "" if state is None else state.judgment
        # The roster's names, fixed all fight: the notes name whom a demon's notes name.
        made[14] = Lines("notes", (more, made[15], judged, rs.names))
        made[17] = more
    return made


@lru_cache(maxsize=256)
def _pools(name: PoolName, now: int, most: int) -> tuple[Pool, ...]:
    """A combatant's one pool as the view shows it, made once for the same numbers."""
    return (Pool(name, now, most),)


def _demon_key(state: DemonState) -> tuple[object, ...]:
    return (
        state.power,
        state.boosting,
        state.type,
        state.binding,
        state.need,
        state.desire,
        tuple(state.known_by),
        state.abilities,
        state.judgment,
        state.judged,
        state.judged_target,
        state.cloaked,
        state.protecting,
        state.contained_at,
        state.contain_radius,
        state.arriving,
    )


def _combatant(
    ctx: Ctx, f: Fighter, rs: RoundState, more: SorcererState, intention: Text
) -> list[Any]:
    """Every part of a combatant's view, in the order `CombatantView` declares its fields."""
    i, pos, sc, state = f.who, f.pos, f.scores, f.demon
    traits = _traits(f)
    if state is None:
        pools = _pools("Humanity", sc.humanity, sc.humanity_max)
    else:
        pools = _pools("Power", 1 if state.boosting else state.power, state.power)
    words, penalty, wounds = _hurt(ctx, f, rs)
    return [
        i.cid,
        i.name,
        i.template,
        i.side,
        i.glyph,
        i.controller,
        (pos.x, pos.y),
        f.status.state,
        words,
        penalty,
        traits,
        pools,
        state.type if state is not None else more.kind,
        intention,
        # The roster's names, fixed all fight: the notes name whom a demon's notes name.
        Lines("notes", (more, wounds, "" if state is None else state.judgment, rs.names)),
        wounds,
        None,  # werewolf
        more,  # sorcerer
    ]


def _traits(f: Fighter) -> tuple[tuple[str, int], ...]:
    """Its traits as the view shows them: Stamina, Will and Lore, and a demon's Power."""
    sc, state = f.scores, f.demon
    if state is None:
        return (("stamina", sc.stamina), ("will", sc.will), ("lore", sc.lore))
    return (("stamina", sc.stamina), ("will", sc.will), ("lore", sc.lore), ("power", state.power))


def _hurt(ctx: Ctx, f: Fighter, rs: RoundState) -> tuple[Phrase, int, SorcererHealth]:
    """Its health as the view shows it: words, penalty and numbers."""
    sc, hp, state = f.scores, f.health, f.demon
    # Its health with its words, made once for the same numbers (most views find it made).
    big = state.power if state is not None and "big" in state.abilities else 0
    w = hp.wounds
    # Keyed on its numbers: hashing the frozen wounds would cost two calls a lookup.
    health_key = (w.lasting, w.temporary_pending, hp.severity, sc.stamina, big)
    healths = rs.healths
    if health_key in healths:
        wounds, words = healths[health_key]
    else:
        # A new fight's combatant finds its health made by an earlier fight of this content
        # and options, as the same numbers always show alike.
        shared = family(ctx)
        kept = ("health", *health_key)
        found = shared[kept] if kept in shared else None  # noqa: SIM401 (a test and a subscript: no call)
        if found is None:
            found = shared[kept] = _health(ctx, rs, hp, sc.stamina, big)
        wounds, words = healths[health_key] = found
    return words, wounds.penalty, wounds


def _health(
    ctx: Ctx, rs: RoundState, hp: Health, stamina: int, big: int
) -> tuple[SorcererHealth, Phrase]:
    """Its health as the view shows it, with its words (drawn when read)."""
    w = hp.wounds
    t = rs.limits.get((stamina, big))
    if t is None:
        t = rs.limits[stamina, big] = thresholds(stamina, big_power=big, options=ctx.options)
    shown = SorcererHealth(
        w.temporary_pending,
        w.lasting,
        w.total,
        t.cannot_act_at,
        t.helpless_above,
        t.dead_above,
        hp.severity,
    )
    return (shown, said("health_text", (shown.lasting, shown.temporary)))


def _state(
    ctx: Ctx, f: Fighter, rs: RoundState, placed: Placed, power: int, shown: bool
) -> SorcererState:
    sc, p, state = f.scores, f.plan, f.demon
    kind: SorcererKind = "demon" if state is not None else "sorcerer" if sc.sorcerer else "human"
    place, together, faces, perf, tiebreak = placed
    boost = p.boost.dice if p.boost is not None else 0
    arms = _arms(ctx, f, rs, power)
    # Every field by position, in the order `SorcererState` declares them: matching a dozen
    # keywords is work at every state made.
    return SorcererState(
        kind,
        sc.sorcerer,  # may_push
        None if state is None else _demon(state),  # demon
        _intent(ctx, f, rs, power) if shown else None,  # intent
        place,
        together,  # simultaneous
        faces,  # order
        perf,  # performance
        tiebreak,
        boost,
        p.boost_trait if boost else "",  # boost_trait
        arms,
    )


def _arms(ctx: Ctx, f: Fighter, rs: RoundState, power: int) -> tuple[SorcererHarm, ...]:
    """What its weapons do, in the order it lists them: the same until its Power changes."""
    held, key = rs.arms, (f.ent, power)
    if key in held:
        return held[key]
    sc = f.scores
    held[key] = found = tuple(
        [weapon_harm(ctx, f, f.arms[w] if w in f.arms else weapon(ctx, w)) for w in sc.weapons]
    )
    return found


NOT_PLACED: Placed = (0, False, (), (), ())
"""A combatant outside the order."""


def _placed(rs: RoundState) -> tuple[TurnOrder | None, tuple[int, ...], dict[int, Placed]]:
    """Each ordered entity's place in the latest order, worked out again (it has changed)."""
    order, members = rs.order, rs.members
    found: dict[int, Placed] = {}
    if order is not None:
        places = order.places()
        for e in order.entries:
            together = len(places[e.place]) > 1
            found[members[e.combatant]] = (
                e.place + 1,
                together,
                e.order,
                e.performance,
                e.tiebreak,
            )
    rs.placed = (order, members, found)
    return rs.placed


def _intent(ctx: Ctx, f: Fighter, rs: RoundState, power: int) -> SorcererIntent | None:
    ent, p = f.ent, f.plan
    cmd = p.command
    if cmd is None:
        return None
    # Kept by entity and checked by the command's identity: hashing the frozen command would
    # cost two calls a lookup, and a plan keeps its command object all round.
    last = rs.intents[ent] if ent in rs.intents else None  # noqa: SIM401 (no call)
    if last is not None and last[0] is cmd and last[1] == p.ordered and last[2] == power:
        return last[3]
    kind, target, means, to = intent_parts(cmd)
    harm = None
    if isinstance(cmd, Attack | Aim):
        means = cmd.means
        harm = weapon_harm(ctx, f, f.arms[means] if means in f.arms else weapon(ctx, means))
    found = SorcererIntent(kind, target, means, to, harm, p.ordered)
    rs.intents[ent] = (cmd, p.ordered, power, found)
    return found


def _demon(state: DemonState) -> DemonView:
    known = bool(state.known_by)
    return DemonView(
        state.type,
        state.power,
        binding=None if state.binding is None else state.binding.strength,
        master="" if state.binding is None else state.binding.master,
        need=state.need if known else "",
        desire=state.desire if known else "",
        known_by=tuple(state.known_by),
        abilities=state.abilities,
        judgment=state.judged,
        judgment_target=state.judged_target,
        judgment_why=state.judgment,
        cloaked=state.cloaked,
        protecting=state.protecting,
        contained_at=state.contained_at,
        contain_radius=state.contain_radius,
        arriving=state.arriving,
        boosting=state.boosting,
    )


HIDDEN = Phrase("sorc_intention_hidden")
"""An intention stated but not yet revealed."""
