"""Frenzy: a Garou first wounded, or seeing a packmate wounded, rolls Rage against the moon."""

from __future__ import annotations

from arena.ecs.ruleset import Ctx
from arena.ecs.werewolf import lookup
from arena.ecs.werewolf.steps import FRENZY, event
from arena.rules.dice import dice_for
from arena.rules.events import Datum, Event
from arena.rules.grid import line_of_sight
from arena.rules.phrase import Phrase, Text
from arena.rules.werewolf.frenzy import FRENZY as EFFECTS
from arena.rules.werewolf.frenzy import check_frenzy, frenzy_difficulty


def frenzy_checks(ctx: Ctx, wounded: list[int]) -> list[Event]:
    """Check every Garou who was first wounded, or saw a packmate wounded, this segment."""
    events: list[Event] = []
    if not wounded:
        return events  # nobody was wounded: nothing to check
    grid = lookup.grid(ctx)
    opts = ctx.options
    for f in lookup.fighters():
        if f.sheet.kind != "garou" or f.status.state != "active":
            continue
        if f.cond.frenzied or f.pools.rage < opts.frenzy_successes:
            continue  # too little Rage left can never make the successes a frenzy needs
        ent, who = f.ent, f.who
        first = ent in wounded and not f.vit.wounded_before
        here = (f.pos.x, f.pos.y)
        seen = []
        for w in wounded:
            other = lookup.fighter(w)
            there = (other.pos.x, other.pos.y)
            if w != ent and other.who.side == who.side and line_of_sight(grid, here, there):
                seen.append(w)
        if first or seen:
            why = (
                Phrase("ww_first_wounded_fight")
                if first
                else Phrase("ww_saw_wounded", (lookup.name(seen[0]),))
            )
            events += _check(ctx, ent, why, first=first)
    for ent in wounded:
        lookup.fighter(ent).vit.wounded_before = True
    return events


def _check(ctx: Ctx, ent: int, trigger: Text, *, first: bool) -> list[Event]:
    opts = ctx.options
    form = lookup.form_of(ctx, ent)
    difficulty = frenzy_difficulty(opts.moon_difficulty, form.frenzy_modifier)
    rage = lookup.pools(ent).rage
    who = lookup.ident(ent)
    check = check_frenzy(
        dice_for(ctx.dice, who.cid, "frenzy"), rage, difficulty, opts.frenzy_successes
    )
    name = lookup.form_def(ctx, form.name).name
    modifier = (
        Phrase("ww_frenzy_form_modifier", (form.frenzy_modifier, name))
        if form.frenzy_modifier
        else ""
    )
    why = Phrase(
        "ww_frenzy_why",
        (
            trigger,
            rage,
            Phrase("dice", (rage,)),
            difficulty,
            opts.moon_difficulty,
            modifier,
            Phrase("faces", (check.roll,)),
            Phrase("successes", (opts.frenzy_successes,)),
        ),
    )
    data: dict[str, Datum] = {
        "trigger": "wounded" if first else "saw_wounded",
        "needed": opts.frenzy_successes,
    }
    if not check.frenzies:
        text = Phrase("ww_keeps_control", (who.name, Phrase("successes", (check.roll.net,))))
        return [
            event(
                ctx,
                "frenzy_resisted",
                FRENZY,
                text,
                why=why,
                actor=who.cid,
                roll=check.roll,
                terse=False,
                data=data,
            )
        ]
    cond, body = lookup.condition(ent), lookup.body(ent)
    cond.frenzied = True
    cond.note = "ww_frenzy_attacks_nearest_enemy_claw"
    if EFFECTS.form in lookup.sheet(ent).forms and body.form != EFFECTS.form:
        body.form = EFFECTS.form
        text = Phrase("ww_frenzies_takes_form", (who.name, lookup.form_def(ctx, body.form).name))
    else:
        text = Phrase("ww_frenzies", (who.name,))
    data["form"] = body.form
    return [
        event(ctx, "frenzied", FRENZY, text, why=why, actor=who.cid, roll=check.roll, data=data)
    ]
