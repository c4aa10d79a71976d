"""The Werewolf fight as everyone sees it: a frozen view copied out of the components."""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from operator import itemgetter
from typing import Any, Final, TypeVar

import esper

from arena.ecs.ruleset import Ctx
from arena.ecs.ruleset import Standing as AtTheEnd
from arena.ecs.werewolf import lookup
from arena.ecs.werewolf.acts import describe
from arena.ecs.werewolf.attack_options import usable_means
from arena.ecs.werewolf.components import (
    Fighter,
    Memo,
    TurnClock,
    Vitality,
)
from arena.ecs.werewolf.harm import harm_of
from arena.ecs.werewolf.rage import acts_on
from arena.ecs.werewolf.wounds import soak_numbers, wounds_of
from arena.ecs.world import TABLES
from arena.rules.phrase import Lines, Phrase, Text
from arena.rules.views import (
    Board,
    CombatantView,
    FightView,
    MapView,
    Piece,
    Pool,
    WerewolfHarm,
    WerewolfHealth,
    WerewolfState,
)
from arena.rules.views import Status as Standing
from arena.rules.werewolf.options import WerewolfOptions, options_to_mapping
from arena.rules.werewolf.terms import SEVERITY


@lru_cache(maxsize=64)
def options_record(options: WerewolfOptions) -> tuple[tuple[str, str], ...]:
    """Every option with its value, in the order the rules list them (the preset is separate)."""
    mapping = options_to_mapping(options)
    return tuple((name, str(value)) for name, value in mapping.items())


def combatant_view(ctx: Ctx, me: Fighter, tick: int, kept: Kept) -> CombatantView:
    """One combatant as everyone sees it: numbers first, its words drawn from them when read.

    Made again only when something it shows has changed: everything it reads from the
    components is its key, and its health tracks are compared by identity (they are frozen
    values, replaced when they change); else shared by the fights of one setup (`across`),
    where the tracks count by the numbers drawn from them (`wounds_of`), all the view reads
    of them. `me` is its carried components, `tick` the turn clock's, `kept` the fight's views
    by entity.
    """
    return _carried(ctx, "view", me, _key(me, tick), kept, _combatant_view)


Made = TypeVar("Made", CombatantView, Piece)
Last = tuple["Key", object, object, Made]
"""What a view or piece read (`Key`), its health track and Essence (by identity), and it."""


def _carried(
    ctx: Ctx,
    kind: str,
    me: Fighter,
    key: Key,
    kept: dict[int, Last[Made]],
    make: Callable[[Ctx, Fighter, Key, Last[Made] | None], Made],
) -> Made:
    """A combatant's view or piece (`kind`): its last one while what it reads is the same.

    Else the one the fights of one setup made from the same key and health numbers
    (`across`), or one `make` makes from its last one. `kept` holds the last by entity.
    """
    vit, ent = me.vit, me.ent
    found = kept[ent] if ent in kept else None  # noqa: SIM401 (no call: every view and piece)
    if found is not None and found[0] == key and found[1] is vit.track and found[2] is vit.essence:
        return found[3]
    shared = (kind, ent, key, _counted(ent, vit))
    made = lookup.across(ctx, shared, make, ctx, me, key, found)
    kept[ent] = (key, vit.track, vit.essence, made)
    return made


def _counted(ent: int, vit: Vitality) -> tuple[object, ...]:
    """Its health's numbers as a plain tuple, for a record shared by the fights of one setup.

    Their tracks are equal objects, not the same ones: the numbers hash in one step, a
    track's levels in eight (and the numbers as a plain tuple without a call of their own).
    """
    fight: Memo = TABLES[esper.current_world][lookup.FIGHT][Memo]
    done = fight.wounds[ent] if ent in fight.wounds else None  # noqa: SIM401 (no call)
    # `wounds_of`'s hit, in place: its numbers are kept by the track and Essence they count.
    if done is not None and done[0] is vit.track and done[1] is vit.essence:
        w = done[2]
    else:
        w = wounds_of(ent)
    return (w.bashing, w.lethal, w.aggravated, w.track, w.penalty, w.dead, w.essence, w.essence_max)


def _key(me: Fighter, tick: int, *, glance: bool = False) -> Key:
    """What a combatant's view (or at a `glance`, its piece) reads of its carried components.

    In parts, so a view or piece made again takes over the parts of its last one that did not
    change. `tick` is the turn clock's.
    """
    # Its carried components, read off the record: this runs for every combatant of every view.
    body, pools, cond, turn, pos = me.body, me.pools, me.cond, me.turn, me.pos
    status = me.status.state
    acts: tuple[object, ...] = ()
    if glance:
        # A piece shows no intention: only the segments it acts on (each action's tick and
        # segment) and whom it attacks now, so a done action or a new tick changes nothing.
        for s in turn.slots:
            acts += ((s.tick, s.segment),)
        acts = (acts, _targets(me, tick))
    else:
        # Its actions, each marked if it is on the clock's tick (the intention's and the
        # targets' "now"): the clock passing ticks it does not act on changes nothing shown.
        # Gathered with ``+=``, not a comprehension and a tuple's call: every combatant of
        # every view.
        for s in turn.slots:
            acts += ((s.tick, s.segment, s.act, s.dice, s.done, s.tick == tick),)
    return (
        (pos.x, pos.y),
        (
            body.form,
            (*body.weapons,),  # unpacked, not `tuple`'s call: every combatant of every view
            body.prone,
            body.held_by,
            body.holding,
            cond.frenzied,
            cond.stunned,
            cond.delirium,
            cond.note,
            turn.botched,
        ),
        (
            pools.rage,
            pools.rage_max,
            pools.gnosis,
            pools.gnosis_max,
            pools.willpower,
            pools.willpower_max,
        ),
        (status, acts),
    )


Key = tuple[
    tuple[int, int], tuple[object, ...], tuple[int, ...], tuple[Standing, tuple[object, ...]]
]
"""What a combatant's view reads: (cell, body and conditions, pools, (status, actions)); an
action is (tick, segment, act, dice, done, on the clock's tick), as the order track reads it.
A piece's actions are (each action's (tick, segment), whom those of the clock's tick attack)."""
Kept = dict[int, Last[CombatantView]]
"""Entity → (what its view read, its health track, its Essence, the view)."""


def _combatant_view(
    ctx: Ctx, me: Fighter, key: Key, last: Last[CombatantView] | None
) -> CombatantView:
    """The view made afresh from `key`'s numbers.

    The parts its last view (`last`) showed alike are taken over: what a part shows depends
    only on its part of the key (the health words on the wounds' numbers).
    """
    ent, who, form = me.ent, me.who, me.body.form
    wounds = wounds_of(ent)
    old, before = (None, None) if last is None else (last[3], last[0])
    same_turn = before is not None and before[3] == key[3]
    same_body = before is not None and before[1] == key[1]
    if old is not None and (old.wounds is wounds or old.wounds == wounds):
        health = old.health_text  # the same numbers say the same words
    else:
        health = _health(wounds)
    return CombatantView(
        who.cid,
        who.name,
        who.template,
        who.side,
        who.glyph,
        who.controller,
        key[0],
        key[3][0],
        health,
        wounds.penalty,
        lookup.remembered(("traits_shown", ent, form), _traits_shown, ctx, ent),
        old.pools
        if old is not None and before is not None and before[2] == key[2]
        else _pools(ent),
        old.form if old is not None and same_body else lookup.form_def(ctx, form).name,
        old.intention_text if old is not None and same_turn else _intention(ctx, key[3]),
        old.notes_text if old is not None and same_body else _notes(ent),
        wounds=wounds,
        werewolf=_numbers(ctx, me, key, wounds, before, old),
    )


def _numbers(
    ctx: Ctx,
    me: Fighter,
    key: Key,
    wounds: WerewolfHealth,
    before: Key | None,
    old: CombatantView | Piece | None,
) -> WerewolfState:
    """Its Werewolf numbers, with those its last view or piece showed alike taken over.

    `old` is that view or piece, `before` what it read.
    """
    was = None if old is None else old.wounds
    if old is None or before is None or old.werewolf is None or not isinstance(was, WerewolfHealth):
        return _state(ctx, me, None, same_state=False, same_turn=False)
    # What its state reckons from its form, arms and pools, with the penalty its wounds take.
    same_state = before[1] == key[1] and before[2] == key[2] and was.penalty == wounds.penalty
    return _state(ctx, me, old.werewolf, same_state=same_state, same_turn=before[3] == key[3])


def board(ctx: Ctx) -> Board:
    """The board at a glance: each combatant's place, health and numbers, as `view` has them.

    Its place, status, penalty, traits, health and Werewolf numbers: what the nearest policy
    weighs, without the words, pools and order track a whole view makes. A piece is kept
    while what its view would read is the same (`Key`, and its tracks by identity), and the
    board too when every piece is kept.
    """
    global _board
    fight = TABLES[esper.current_world][lookup.FIGHT]  # one read for every piece
    tick: int = fight[TurnClock].tick
    memo = fight[Memo]
    kept_memo, kept, made = _board
    if kept_memo is not memo:  # another fight's, or a copy's: its pieces are not this one's
        kept = {}
    pieces: list[Piece] = []
    same = True
    for f in memo.fighters or lookup.fighters():
        was = kept[f.ent] if f.ent in kept else None  # noqa: SIM401 (a test and a subscript: no call)
        piece = _carried(ctx, "piece", f, _key(f, tick, glance=True), kept, _piece)
        pieces.append(piece)
        same = same and was is not None and piece is was[3]
    if not same or len(pieces) != len(made.combatants):
        made = Board("werewolf", tuple(pieces))
    _board = (memo, kept, made)
    return made


def _piece(ctx: Ctx, me: Fighter, key: Key, last: Last[Piece] | None) -> Piece:
    """A combatant's piece from `key`'s numbers.

    What its last piece (`last`) reckoned alike is taken over, as `_combatant_view` takes
    over its last view's.
    """
    ent, who = me.ent, me.who
    wounds = wounds_of(ent)
    old, before = (None, None) if last is None else (last[3], last[0])
    return Piece(
        who.cid,
        who.name,
        who.side,
        key[0],
        key[3][0],
        wounds.penalty,
        lookup.remembered(("traits_shown", ent, me.body.form), _traits_shown, ctx, ent),
        None,
        wounds=wounds,
        werewolf=_numbers(ctx, me, key, wounds, before, old),
    )


_board: tuple[object, dict[int, Last[Piece]], Board] = (
    None,
    {},
    Board("werewolf", ()),
)
"""The last board made: (the fight's memo it was made for, each piece with what it read by
entity, the board). Replaced whole, in one step."""


def _health(wounds: WerewolfHealth) -> Phrase:
    """Its health levels in words (drawn when read)."""
    return Phrase("health_words", (wounds,))


def standing(ctx: Ctx) -> tuple[AtTheEnd, ...]:
    """Each combatant's id, side, status, health and penalty, as `view` has them.

    The seed names no injury class after the fight: each one's is empty.
    """
    memo: Memo = TABLES[esper.current_world][lookup.FIGHT][Memo]
    found: list[AtTheEnd] = []
    for f in memo.fighters or lookup.fighters():
        wounds = wounds_of(f.ent)
        found.append((f.who.cid, f.who.side, f.status.state, _health(wounds), wounds.penalty, ""))
    return tuple(found)


def _pools(ent: int) -> tuple[Pool, ...]:
    pools = lookup.pools(ent)
    return (
        Pool("Rage", pools.rage, pools.rage_max),
        Pool("Gnosis", pools.gnosis, pools.gnosis_max),
        Pool("Willpower", pools.willpower, pools.willpower_max),
    )


def _traits_shown(ctx: Ctx, ent: int) -> tuple[tuple[str, int], ...]:
    return tuple(sorted(lookup.traits(ctx, ent).items()))


def _state(
    ctx: Ctx, me: Fighter, old: WerewolfState | None, *, same_state: bool, same_turn: bool
) -> WerewolfState:
    """Its Werewolf numbers; from `old` (its last view's) the parts that did not change."""
    if old is not None and same_state and same_turn:
        return old
    ent, body, cond = me.ent, me.body, me.cond
    if old is not None and same_state:
        kind, breed, soak, blow = old.kind, old.breed_form, old.soak, old.blow
    else:
        kind, breed = me.sheet.kind, lookup.breed_form(ent)
        soak, blow = soak_numbers(ctx, ent)[3], _blow(ctx, ent)
    if old is not None and same_turn:
        acts, targets = old.acts_on, old.targets
    elif me.status.state == "active":
        acts, targets = acts_on(ent), _targets(me, lookup.clock().tick)
    else:
        acts, targets = (), ()
    return WerewolfState(
        kind,
        body.form,
        breed_form=breed,
        soak=soak,
        frenzied=cond.frenzied,
        stunned=cond.stunned,
        prone=body.prone,
        delirium=cond.delirium,
        held_by=body.held_by,
        holding=body.holding,
        acts_on=acts,
        targets=targets,
        blow=blow,
    )


def _targets(me: Fighter, tick: int | None) -> tuple[str, ...]:
    """Whom the actions declared for the segment being played (the clock's `tick`) attack."""
    found: tuple[str, ...] = ()
    for s in me.turn.slots:  # gathered with ``+=``, not a generator and `tuple`'s calls
        if s.tick == tick and not s.done and s.act is not None and s.act.target:
            found += (s.act.target,)
    return found


def _blow(ctx: Ctx, ent: int) -> WerewolfHarm | None:
    """Its heaviest blow now: the worst kind of damage, then silver, then the most dice."""
    body = lookup.body(ent)
    # The blow's dice lose the wound penalty only under option wounds_on_damage_and_soak.
    penalty = lookup.wound_penalty(ent) if ctx.options.wounds_on_damage_and_soak else 0
    frenzied = lookup.condition(ent).frenzied
    key = ("blow", ent, body.form, tuple(body.weapons), frenzied, bool(body.held_by), penalty)
    return lookup.remembered(key, _heaviest, ctx, ent)


def _heaviest(ctx: Ctx, ent: int) -> WerewolfHarm | None:
    blows = [h for m in usable_means(ctx, ent) if (h := harm_of(ctx, ent, m)) is not None]
    return max(blows, key=_severity, default=None)


def _severity(harm: WerewolfHarm) -> tuple[int, bool, int]:
    return SEVERITY[harm.damage_type], harm.silver, harm.pool


def _intention(ctx: Ctx, actions: tuple[Standing, tuple[Any, ...]]) -> Text:
    """The declared action of the current segment, else the segments still to come.

    From the status and actions its view read (`Key`): (tick, segment, act, dice, done, now).
    """
    status, slots = actions
    if status != "active":
        return ""
    now = tuple(
        [
            (describe(ctx, act), dice)
            for _, _, act, dice, done, on in slots
            if on and not done and act is not None
        ]
    )
    if now:
        return Phrase("intention_words", (now,))
    # Highest tick first, then as added (a reverse sort keeps equals in order).
    left = sorted([s[:2] for s in slots if not s[4]], key=itemgetter(0), reverse=True)
    if left:
        return Phrase("ww_acts_on", (Phrase("segment_list", (tuple([s for _, s in left]),)),))
    return ""


def _notes(ent: int) -> tuple[Text, ...]:
    cond, body = lookup.condition(ent), lookup.body(ent)
    notes: list[Text] = []
    if cond.frenzied:
        notes.append(Phrase("ww_note_frenzy"))
    if cond.stunned:
        notes.append(Phrase("ww_note_stunned"))
    if cond.delirium:
        notes.append(Phrase("ww_note_delirium", (cond.delirium.replace("_", " "),)))
    if body.prone:
        notes.append(Phrase("ww_note_knocked_down"))
    if body.held_by:
        notes.append(Phrase("ww_note_held", (lookup.name(lookup.entity_of(body.held_by)),)))
    if body.holding:
        notes.append(Phrase("ww_note_holding", (lookup.name(lookup.entity_of(body.holding)),)))
    if lookup.turn(ent).botched:
        notes.append(Phrase("ww_note_botched"))
    if cond.note:
        notes.append(Phrase("ww_note_why", (Phrase(cond.note),)))
    return tuple(notes)


def view(ctx: Ctx, step: str) -> FightView:
    """The whole fight now."""
    fight = TABLES[esper.current_world][lookup.FIGHT]  # one read for every combatant's view
    tick: int = fight[TurnClock].tick
    memo = fight[Memo]  # untyped, as the table holds it: its views are `Kept`
    kept: Kept = memo.views
    people: list[Fighter] = memo.fighters or lookup.fighters()  # in roster order, in place
    try:  # `lookup.remembered`'s hits, read in place: every view shows the map and options
        shown: MapView = memo.found[_MAP]
        record: tuple[tuple[str, str], ...] = memo.found[_OPTIONS]
    except KeyError:
        shown = lookup.remembered(_MAP, _map, ctx)
        # The options are the setup's own: kept with its lookups, not hashed field by field.
        record = lookup.remembered(_OPTIONS, options_record, ctx.options)
    # Gathered with ``+=``, not comprehensions and `tuple`'s calls: every view asks.
    combatants: tuple[CombatantView, ...] = ()
    track: tuple[tuple[object, ...], ...] = ()
    for f in people:
        combatants += (combatant_view(ctx, f, tick, kept),)
        # The order track's numbers are the status and slots the view just read (`Key`).
        track += ((f.who.name, *kept[f.ent][0][3]),)
    return FightView(
        "werewolf",
        ctx.clock.round,
        step,
        ctx.clock.over,
        ctx.clock.winner,
        ctx.clock.outcome,
        combatants,
        shown,
        Lines("werewolf_order_lines", (track,)),
        tuple(ctx.rolls)[-8:],
        record,
    )


_MAP: Final = ("map",)
_OPTIONS: Final = ("options_record",)


def _map(ctx: Ctx) -> MapView:
    return MapView(ctx.scenario.map, lookup.grid(ctx).floor())
