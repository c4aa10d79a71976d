"""The action decision: every legal choice for one action slot, with exact odds."""

from __future__ import annotations

from dataclasses import replace

from arena.ecs.ruleset import Ctx
from arena.ecs.werewolf import lookup
from arena.ecs.werewolf.acts import act_key, command_of, describe
from arena.ecs.werewolf.attacks import attack_options
from arena.ecs.werewolf.components import Act, Slot
from arena.ecs.werewolf.moves import enemies, move_options, toward_exit
from arena.ecs.werewolf.rolls import odds_text, plan_roll, wielded_melee
from arena.ecs.werewolf.splits import split_choices
from arena.ecs.werewolf.steps import SEGMENTS, dice
from arena.rules.views import Choice, Decision
from arena.rules.werewolf.frenzy import FRENZY
from arena.rules.werewolf_actions import EndFrenzy, Shift


def action_decision(ctx: Ctx, ent: int, slot: Slot) -> Decision:
    """What the combatant does with this action."""
    who = lookup.ident(ent)
    extra = " (a Rage action)" if slot.rage else ""
    if lookup.options(ctx).initiative == "w20":
        prompt = f"{who.name}: declare your action (initiative {slot.segment}){extra}"
    else:
        prompt = f"{who.name}: your action on segment {slot.segment}{extra}"
    choices = tuple(action_choices(ctx, ent, slot))
    # A frenzied Garou is played by the AI until the frenzy ends, whoever controls it [book].
    ai = "ai:frenzy" if lookup.condition(ent).frenzied and not lookup.body(ent).prone else ""
    return Decision(who.cid, "action", SEGMENTS, prompt, choices, controller=ai)


def action_choices(ctx: Ctx, ent: int, slot: Slot) -> list[Choice]:
    """Every legal choice, in a stable order; exactly one carries the ``default`` tag."""
    body, cond = lookup.body(ent), lookup.condition(ent)
    if body.prone:
        return [_act(ctx, ent, Act("stand")), _wait(ctx, ent)]
    if cond.frenzied:
        return _frenzy(ctx, ent)
    if body.held_by:
        held = [_act(ctx, ent, Act("break_free")), *_attacks(ctx, ent)]
        return [*held, _wait(ctx, ent)]
    if cond.delirium == "flee_or_freeze":
        return _fleeing(ctx, ent)
    if cond.delirium == "berserk":
        return [*_attacks(ctx, ent), *_moves(ctx, ent, toward_only=True), _wait(ctx, ent)]
    choices = [*_attacks(ctx, ent), *_defences(ctx, ent), *_moves(ctx, ent)]
    choices += _shifts(ctx, ent) + _other(ctx, ent) + split_choices(ctx, ent, slot)
    return [*choices, _wait(ctx, ent)]


def _act(ctx: Ctx, ent: int, act: Act, *, tags: tuple[str, ...] = (), label: str = "") -> Choice:
    roll = plan_roll(ctx, ent, act)
    at = f" ({dice(roll.pool)} at {roll.difficulty})" if roll else ""
    words = describe(ctx, act)
    text = label or words[:1].upper() + words[1:]
    return Choice(
        act_key(act),
        f"{text}{at}",
        command_of(lookup.ident(ent).cid, act),
        legacy_odds=odds_text(roll),
        tags=tags,
        target=act.target,
        cell=act.cell,
    )


def _wait(ctx: Ctx, ent: int) -> Choice:
    return _act(ctx, ent, Act("wait"), tags=("default",), label="Wait")


def _attacks(ctx: Ctx, ent: int, *, nearest_only: bool = False) -> list[Choice]:
    out = []
    for option in attack_options(ctx, ent, nearest_only=nearest_only):
        act = Act("attack", means=option.means, target=lookup.ident(option.target).cid)
        out.append(_act(ctx, ent, act, tags=("attack",)))
    return out


def _defences(ctx: Ctx, ent: int) -> list[Choice]:
    kinds = ["dodge", "block"] + (["parry"] if wielded_melee(ctx, ent) else [])
    return [_act(ctx, ent, Act(kind), tags=("defend",)) for kind in kinds]


def _moves(ctx: Ctx, ent: int, *, toward_only: bool = False) -> list[Choice]:
    out = []
    for option in move_options(ctx, ent):
        if toward_only and option.reason in ("away", "toward the exit"):
            continue
        act = Act("move", cell=option.cell)
        out.append(
            _act(ctx, ent, act, tags=("move",), label=f"Move to {option.cell} ({option.reason})")
        )
    return out


def _shifts(ctx: Ctx, ent: int) -> list[Choice]:
    sheet, pools = lookup.sheet(ent), lookup.pools(ent)
    if sheet.kind != "garou":
        return []
    cid, now = lookup.ident(ent).cid, lookup.body(ent).form
    cost = lookup.options(ctx).shift_rage_cost
    rage_ok = pools.rage >= cost and not pools.gnosis_used_turn
    out = []
    for form in sheet.forms:
        if form == now:
            continue
        name = lookup.form_def(ctx, form).name
        out.append(_act(ctx, ent, Act("shift", form=form), tags=("shift",)))
        if rage_ok:
            out.append(
                Choice(
                    f"shift:{form}:rage",
                    f"Shift to {name} for {cost} Rage, keeping the action",
                    Shift(cid, form, use_rage=True),
                    tags=("shift",),
                )
            )
    return out


def _other(ctx: Ctx, ent: int) -> list[Choice]:
    out = []
    if lookup.grid(ctx).is_exit(lookup.cell(ent)):
        out.append(_act(ctx, ent, Act("flee"), tags=("flee",), label="Flee through the exit"))
    pools = lookup.pools(ent)
    if lookup.sheet(ent).kind == "garou" and pools.gnosis > 0 and pools.rage_spent_turn == 0:
        label = "Step sideways into the Umbra (Gnosis)"
        out.append(_act(ctx, ent, Act("sideways"), tags=("flee",), label=label))
    return out


def _frenzy(ctx: Ctx, ent: int) -> list[Choice]:
    """A frenzied Garou attacks the nearest enemy with claw and bite, or runs at it [book]."""
    attacks = [
        c for c in _attacks(ctx, ent, nearest_only=True) if c.key.split(":")[0] in FRENZY.maneuvers
    ]
    out = attacks or _moves(ctx, ent, toward_only=True)[:1]
    out = [_note(c, "frenzy") for c in out] or [_wait(ctx, ent)]
    cost = lookup.options(ctx).frenzy_end_willpower_cost
    if lookup.pools(ent).willpower >= cost:
        cid = lookup.ident(ent).cid
        out.append(
            Choice("end_frenzy", f"Spend {cost} Willpower to end the frenzy", EndFrenzy(cid))
        )
    if not any("default" in c.tags for c in out):
        out[0] = replace(out[0], tags=(*out[0].tags, "default"))
    return out


def _fleeing(ctx: Ctx, ent: int) -> list[Choice]:
    """Delirium, low Willpower: run for the exit, or freeze where there is none [ruling]."""
    if lookup.grid(ctx).is_exit(lookup.cell(ent)):
        return [_act(ctx, ent, Act("flee"), tags=("flee", "default"), label="Flee (Delirium)")]
    cell = toward_exit(ctx, ent, _speed(ctx, ent))
    if cell is not None and enemies(ent):
        label = f"Run for the exit to {cell} (Delirium)"
        return [_act(ctx, ent, Act("move", cell=cell), tags=("flee", "default"), label=label)]
    return [_act(ctx, ent, Act("wait"), tags=("default",), label="Freeze in terror (Delirium)")]


def _speed(ctx: Ctx, ent: int) -> int:
    return lookup.form_def(ctx, lookup.body(ent).form).speed


def _note(choice: Choice, word: str) -> Choice:
    return replace(choice, text=f"{choice.label} ({word})", show_rolls=False)
