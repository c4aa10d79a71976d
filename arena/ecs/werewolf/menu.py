"""The action decision: every legal choice for one action slot, as numbers (words on demand)."""

from __future__ import annotations

from dataclasses import replace
from typing import Final, assert_never

import esper

from arena.ecs.ruleset import Ctx
from arena.ecs.werewolf import lookup
from arena.ecs.werewolf.acts import act_key, command_of, phrase, roll_phrase
from arena.ecs.werewolf.attack_options import attack_options
from arena.ecs.werewolf.components import Act, Memo, Slot
from arena.ecs.werewolf.family import ActionFamily, part_info
from arena.ecs.werewolf.jumps import landings
from arena.ecs.werewolf.moves import (
    MoveOption,
    enemies,
    move_options,
    reach_map,
    speed,
    toward_exit,
)
from arena.ecs.werewolf.planner import PartInfo, Planner
from arena.ecs.werewolf.splits import may_split, occupied, split_choices
from arena.ecs.werewolf.steps import SEGMENTS
from arena.ecs.world import TABLES
from arena.rules.actions import Attack
from arena.rules.grid import distance
from arena.rules.phrase import Phrase, Text
from arena.rules.views import Choice, Decision, StorytellerSpec, Tag, WerewolfHarm
from arena.rules.werewolf.commands import EndFrenzy, Shift
from arena.rules.werewolf.frenzy import FRENZY

_EXIT: Final = Phrase("ww_toward_exit")
_AWAY: Final = Phrase("ww_away")
_WAIT: Final = Act("wait")
_DEFENCES: Final = (Act("dodge"), Act("block"))
_PARRY: Final = (*_DEFENCES, Act("parry"))
"""The defences a split may pair, with a melee weapon in hand and without."""
_GRIPPED: Final = ("flee_or_freeze", "berserk")
"""Delirium reactions that leave a human only a few choices."""


def action_decision(ctx: Ctx, ent: int, slot: Slot) -> Decision:
    """What the combatant does with this action: the same decision in the same situation.

    Shared by the fights of one setup (`lookup.across`), keyed by all the menu reads: the
    slot, the actor's body, condition, what it reads of the pools and the wound penalty, its
    other actions' segments, and where everyone stands, facing which way, holding what.
    """
    kept: Memo = TABLES[esper.current_world][lookup.FIGHT][Memo]  # `lookup.fighter`, in place
    people = kept.fighters or lookup.fighters()
    me = kept.by_ent[ent]
    body, cond, pools = me.body, me.cond, me.pools
    # Everyone's carried components, gathered with ``+=`` and the weapons unpacked rather
    # than by a comprehension and `tuple`'s calls: this runs for every action of every fight.
    everyone: tuple[object, ...] = ()
    for f in people:
        fb = f.body
        everyone += (((f.pos.x, f.pos.y), f.status.state, fb.facing, (*fb.weapons,)),)
    others: tuple[int, ...] = ()
    for s in me.turn.slots:
        if s is not slot:
            others += (s.segment,)
    key = (
        "action",
        ent,
        slot.segment,
        slot.rage,
        slot.split,
        slot.aborted,
        frozenset(others),  # `occupied`
        body.form,
        body.prone,
        body.held_by,
        body.holding,
        cond.frenzied,
        cond.delirium,
        # `lookup.wound_penalty`, in place: none in frenzy where the frenzy ignores wounds.
        0 if cond.frenzied and FRENZY.ignores_wound_penalties else me.vit.penalty,
        # Of its pools, only what the menu reads of them: Rage enough to shift keeping the
        # action (`_shifts`), the Gnosis and whether Rage was spent (`_other`'s step sideways),
        # Willpower enough to end a frenzy (`_frenzy`). A point of Rage spent for actions or
        # of Willpower on a roll changes no menu: the same one is found again.
        pools.rage >= ctx.options.shift_rage_cost and not pools.gnosis_used_turn,
        pools.gnosis,
        pools.rage_spent_turn == 0,
        cond.frenzied and pools.willpower >= ctx.options.frenzy_end_willpower_cost,
        everyone,
    )
    return lookup.across(ctx, key, _action_decision, ctx, ent, slot)


def _action_decision(ctx: Ctx, ent: int, slot: Slot) -> Decision:
    planner = Planner(ctx, ent)
    me = planner.me
    who = me.who
    extra = Phrase("ww_rage_action") if slot.rage else ""
    if ctx.options.initiative == "w20":
        ask = Phrase("ww_declare_your_action_initiative", (who.name, slot.segment, extra))
    else:
        ask = Phrase("ww_your_action_segment", (who.name, slot.segment, extra))
    choices = tuple(action_choices(planner, slot))
    # A frenzied Garou is played by the AI until the frenzy ends, whoever controls it [book].
    ai = "ai:frenzy" if me.cond.frenzied and not me.body.prone else ""
    return Decision(
        who.cid,
        "action",
        SEGMENTS,
        ask,
        choices,
        controller=ai,
        segment=slot.segment,
        resolver=action_family(planner, slot),
    )


def action_family(p: Planner, slot: Slot) -> ActionFamily | None:
    """The moves and splits the decision accepts unlisted: any reachable cell, any division.

    Only where the full menu is offered (not prone, held, frenzied or in a Delirium's grip).
    """
    ent = p.ent
    body, cond = p.me.body, p.me.cond
    if body.prone or body.held_by or cond.frenzied or cond.delirium in _GRIPPED:
        return None
    steps = speed(p.ctx, ent)
    cells = reach_map(p.ctx, ent, steps)
    if not may_split(p, slot) or p.ctx.options.multiple_actions != "split":
        return ActionFamily(p.cid, slot.segment, cells, steps)
    acts = [*p.attack_acts(), *(_PARRY if p.wielded() else _DEFENCES)]
    # Like the choices, the parts follow from the form, the wound penalty and the difficulties.
    key = ("family_parts", ent, p.form, p.penalty, p.bases(acts))
    here = (p.me.pos.x, p.me.pos.y)
    return ActionFamily(
        p.cid,
        slot.segment,
        cells,
        steps,
        wits=p.values["wits"],
        taken=frozenset(occupied(ent, slot)),
        parts=lookup.across(p.ctx, key, _parts, p, acts),
        move=lookup.across(p.ctx, ("move_part", ent, p.form, p.penalty, here), _move_part, p, here),
    )


def _parts(p: Planner, acts: list[Act]) -> dict[str, PartInfo]:
    return {act_key(act): part_info(p, act) for act in acts}


def _move_part(p: Planner, here: tuple[int, int]) -> PartInfo:
    return part_info(p, Act("move", cell=here))


def action_choices(p: Planner, slot: Slot) -> list[Choice]:
    """Every legal choice, in a stable order; exactly one carries the ``default`` tag."""
    body, cond = p.me.body, p.me.cond
    if body.prone:
        return [_act(p, slot, Act("stand")), _wait(p, slot)]
    if cond.frenzied:
        return _frenzy(p, slot)
    if body.held_by:
        held = [_act(p, slot, Act("break_free")), *_attacks(p, slot)]
        return [*held, _wait(p, slot)]
    match cond.delirium:
        case "flee_or_freeze":
            return _fleeing(p, slot)
        case "berserk":
            return [*_attacks(p, slot), *_moves(p, slot, toward_only=True), _wait(p, slot)]
        case "fight_on" | "":
            pass
        case _:
            assert_never(cond.delirium)
    choices = [*_attacks(p, slot), *_defences(p, slot), *_moves(p, slot), *_jumps(p, slot)]
    choices += _shifts(p, slot) + _other(p, slot) + split_choices(p, slot)
    return [*choices, _wait(p, slot)]


def _act(
    p: Planner,
    slot: Slot,
    act: Act,
    *,
    tags: tuple[Tag, ...] = (),
    text: Text | None = None,
    harm: WerewolfHarm | None = None,
) -> Choice:
    spec = p.spec(act)
    return Choice(
        act_key(act),
        phrase(p.ctx, act) if text is None else text,
        command_of(p.cid, act),
        tags=tags,
        target=act.target,
        cell=act.cell,
        segment=slot.segment,
        rolls=() if spec is None else (spec,),
        harm=harm,
    )


def _wait(p: Planner, slot: Slot) -> Choice:
    key = ("wait_choice", p.ent, slot.segment)
    return lookup.across(p.ctx, key, _act, p, slot, _WAIT, tags=("default",))


def _attacks(p: Planner, slot: Slot, *, nearest_only: bool = False) -> list[Choice]:
    ctx, ent = p.ctx, p.ent
    if nearest_only:
        acts = [
            Act("attack", means=o.means, target=lookup.ident(o.target).cid)
            for o in attack_options(ctx, ent, nearest_only=True)
        ]
    else:
        acts = p.attack_acts()
    out = []
    for act, base in p.bases(acts):
        # The choice is fixed by its difficulty, the form and the wound penalty: made once.
        key = ("attack_choice", p.ent, act, p.form, p.penalty, base, slot.segment)
        out.append(lookup.across(p.ctx, key, _attack, p, slot, act))
    return out


def _attack(p: Planner, slot: Slot, act: Act) -> Choice:
    return attack_choice(p, slot.segment, act)


def attack_choice(p: Planner, segment: int, act: Act, *, extra: tuple[Tag, ...] = ()) -> Choice:
    """An attack's choice with its whole pool: its roll, harm and tags (and `extra` tags)."""
    spec = p.spec(act)
    return Choice(
        act_key(act),
        phrase(p.ctx, act),
        command_of(p.cid, act),
        tags=(*p.tags(act.means), *extra),
        target=act.target,
        segment=segment,
        rolls=() if spec is None else (spec,),
        harm=p.harm(act.means),
    )


def _defences(p: Planner, slot: Slot) -> list[Choice]:
    """Dodge, block, parry: the same choices whenever the same numbers make them."""
    wielded = p.wielded()
    key = ("defences", p.ent, p.form, p.penalty, wielded, slot.segment)
    return list(lookup.across(p.ctx, key, _defence_choices, p, slot, wielded))


def _defence_choices(p: Planner, slot: Slot, wielded: str) -> tuple[Choice, ...]:
    kinds = ["dodge", "block"] + (["parry"] if wielded else [])
    return tuple(_act(p, slot, Act(kind), tags=("defend",)) for kind in kinds)


def _moves(p: Planner, slot: Slot, *, toward_only: bool = False) -> list[Choice]:
    out = []
    for option in move_options(p.ctx, p.ent):
        if toward_only and option.way != "toward":
            continue
        # The option's fields, not the option: a tuple of them hashes without a call.
        key = ("move_choice", p.ent, option.cell, option.way, option.foe, slot.segment)
        out.append(lookup.across(p.ctx, key, _move, p, slot, option))
    return out


def _move(p: Planner, slot: Slot, option: MoveOption) -> Choice:
    """A move's choice: the same for the same cell, way and segment (it rolls nothing)."""
    act = Act("move", cell=option.cell)
    if option.way == "toward":
        why = Phrase("ww_toward", (lookup.name(option.foe),))
    else:
        why = _EXIT if option.way == "exit" else _AWAY
    text = Phrase("ww_label_move_toward", (act.cell, why))
    return _act(p, slot, act, tags=("move", option.way), text=text)


def _jumps(p: Planner, slot: Slot, *, toward: bool = False) -> list[Choice]:
    """Jumps over low obstacles, to each landing its Strength could reach (none on open maps).

    With `toward`, only those that bring it closer to the nearest enemy, the closest first.
    """
    cells = landings(p.ctx, p.ent)
    if toward and cells:
        foes = enemies(p.ent)
        if not foes:
            return []
        here, goal = lookup.cell(p.ent), lookup.cell(foes[0])
        closer = [c for c in cells if distance(c, goal) < distance(here, goal)]
        cells = tuple(sorted(closer, key=lambda c: distance(c, goal)))
    return [_jump(p, slot, cell) for cell in cells] if cells else []


def _jump(p: Planner, slot: Slot, cell: tuple[int, int]) -> Choice:
    """A jump's choice, with the Strength roll it makes."""
    return _act(p, slot, Act("jump", cell=cell), tags=("move", "jump"))


def _shifts(p: Planner, slot: Slot) -> list[Choice]:
    """The other forms, with an action or for Rage: the same choices in the same state."""
    if p.me.sheet.kind != "garou":
        return []
    pools = p.me.pools
    rage_ok = pools.rage >= p.ctx.options.shift_rage_cost and not pools.gnosis_used_turn
    key = ("shifts", p.ent, p.form, rage_ok, slot.segment)
    return list(lookup.across(p.ctx, key, _shift_choices, p, slot, rage_ok=rage_ok))


def _shift_choices(p: Planner, slot: Slot, *, rage_ok: bool) -> tuple[Choice, ...]:
    ctx, ent = p.ctx, p.ent
    cid, now = p.cid, lookup.body(ent).form
    cost = ctx.options.shift_rage_cost
    out = []
    for form in lookup.sheet(ent).forms:
        if form == now:
            continue
        out.append(_act(p, slot, Act("shift", form=form), tags=("shift",)))
        if rage_ok:
            name = lookup.form_def(ctx, form).name
            out.append(
                Choice(
                    f"shift:{form}:rage",
                    Phrase("ww_shift_rage_keeping_action", (name, cost)),
                    Shift(cid, form, use_rage=True),
                    tags=("shift",),
                    segment=slot.segment,
                )
            )
    return tuple(out)


def _other(p: Planner, slot: Slot) -> list[Choice]:
    me = p.me
    out = []
    if lookup.grid(p.ctx).is_exit((me.pos.x, me.pos.y)):
        flee = ("flee_choice", p.ent, slot.segment)  # it rolls nothing: the same each time
        out.append(lookup.across(p.ctx, flee, _flee, p, slot))
    pools = me.pools
    if me.sheet.kind == "garou" and pools.gnosis > 0 and pools.rage_spent_turn == 0:
        # Its roll is the Gnosis less the wound penalty against the place's Gauntlet.
        sideways = ("sideways_choice", p.ent, slot.segment, pools.gnosis, p.penalty)
        out.append(lookup.across(p.ctx, sideways, _sideways, p, slot))
    return out


def _flee(p: Planner, slot: Slot) -> Choice:
    text = Phrase("ww_flee_through_exit")
    return _act(p, slot, Act("flee"), tags=("flee",), text=text)


def _sideways(p: Planner, slot: Slot) -> Choice:
    text = Phrase("ww_step_sideways_into_umbra_gnosis")
    return _act(p, slot, Act("sideways"), tags=("flee",), text=text)


def _frenzy(p: Planner, slot: Slot) -> list[Choice]:
    """A frenzied Garou attacks the nearest enemy with claw and bite, or runs at it [book]."""
    attacks = [
        c
        for c in _attacks(p, slot, nearest_only=True)
        if isinstance(c.command, Attack) and c.command.means in FRENZY.maneuvers
    ]
    out = attacks or _moves(p, slot, toward_only=True)[:1] or _jumps(p, slot, toward=True)[:1]
    out = [_frenzied(c) for c in out] or [_wait(p, slot)]
    cost = p.ctx.options.frenzy_end_willpower_cost
    if lookup.pools(p.ent).willpower >= cost:
        cid = lookup.ident(p.ent).cid
        text = Phrase("ww_spend_willpower_end_frenzy", (cost,))
        out.append(Choice("end_frenzy", text, EndFrenzy(cid), segment=slot.segment))
    if not any("default" in c.tags for c in out):
        out[0] = replace(out[0], tags=(*out[0].tags, "default"))
    return out


def _fleeing(p: Planner, slot: Slot) -> list[Choice]:
    """Delirium, low Willpower: run for the exit, or freeze where there is none [ruling]."""
    ctx, ent = p.ctx, p.ent
    if lookup.grid(ctx).is_exit(lookup.cell(ent)):
        text = Phrase("ww_label_flee_delirium")
        return [_act(p, slot, Act("flee"), tags=("flee", "default"), text=text)]
    cell = toward_exit(ctx, ent, lookup.form_def(ctx, lookup.body(ent).form).speed)
    if cell is not None and enemies(ent):
        text = Phrase("ww_run_exit_delirium", (cell,))
        return [_act(p, slot, Act("move", cell=cell), tags=("flee", "default"), text=text)]
    text = Phrase("ww_freeze_terror_delirium")
    return [_act(p, slot, Act("wait"), tags=("default",), text=text)]


def _frenzied(choice: Choice) -> Choice:
    """The choice marked as the frenzy's, after its dice: ``Claw Tom (7 dice at 6) (frenzy)``."""
    if not choice.rolls or not isinstance(choice.rolls[0], StorytellerSpec):
        return replace(choice, text=Phrase("ww_label_frenzy", (choice.text,)))
    roll = choice.rolls[0]
    text = Phrase("ww_label_frenzy_side", (choice.text, roll_phrase(roll.pool, roll.difficulty)))
    return replace(choice, text=text, show_rolls=False)
