"""Frenzy: a Garou first wounded, or seeing a packmate wounded, rolls Rage against the moon."""

from __future__ import annotations

from arena.ecs.ruleset import Ctx
from arena.ecs.werewolf import lookup
from arena.ecs.werewolf.steps import FRENZY, dice, event, faces, successes
from arena.rules.dice import dice_for
from arena.rules.events import Datum, Event
from arena.rules.grid import line_of_sight
from arena.rules.werewolf.frenzy import FRENZY as EFFECTS
from arena.rules.werewolf.frenzy import check_frenzy, frenzy_difficulty


def frenzy_checks(ctx: Ctx, wounded: list[int]) -> list[Event]:
    """Check every Garou who was first wounded, or saw a packmate wounded, this segment."""
    events: list[Event] = []
    grid = lookup.grid(ctx)
    opts = ctx.options
    for ent, who in lookup.roster():
        if lookup.sheet(ent).kind != "garou" or not lookup.is_active(ent):
            continue
        if lookup.condition(ent).frenzied or lookup.pools(ent).rage < opts.frenzy_successes:
            continue  # too little Rage left can never make the successes a frenzy needs
        vit = lookup.vitality(ent)
        first = ent in wounded and not vit.wounded_before
        seen = [
            w
            for w in wounded
            if w != ent
            and lookup.ident(w).side == who.side
            and line_of_sight(grid, lookup.cell(ent), lookup.cell(w))
        ]
        if first or seen:
            why = "first wounded in this fight" if first else f"saw {lookup.name(seen[0])} wounded"
            events += _check(ctx, ent, why)
    for ent in wounded:
        lookup.vitality(ent).wounded_before = True
    return events


def _check(ctx: Ctx, ent: int, trigger: str) -> list[Event]:
    opts = ctx.options
    form = lookup.form_of(ctx, ent)
    difficulty = frenzy_difficulty(opts.moon_difficulty, form.frenzy_modifier)
    rage = lookup.pools(ent).rage
    who = lookup.ident(ent)
    check = check_frenzy(
        dice_for(ctx.dice, who.cid, "frenzy"), rage, difficulty, opts.frenzy_successes
    )
    name = lookup.form_def(ctx, form.name).name
    modifier = f", {form.frenzy_modifier:+d} in {name}" if form.frenzy_modifier else ""
    why = (
        f"{trigger}: Rage {rage}, {dice(rage)} at difficulty {difficulty} (the moon "
        f"{opts.moon_difficulty}{modifier}): {faces(check.roll)}; "
        f"{successes(opts.frenzy_successes)} frenzy"
    )
    data: dict[str, Datum] = {
        "trigger": "wounded" if trigger.startswith("first") else "saw_wounded",
        "needed": opts.frenzy_successes,
    }
    if not check.frenzies:
        text = f"{who.name} keeps control ({successes(check.roll.net)})."
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
    cond.note = "frenzy: attacks the nearest enemy with claw and bite"
    if EFFECTS.form in lookup.sheet(ent).forms and body.form != EFFECTS.form:
        body.form = EFFECTS.form
        text = f"{who.name} frenzies and takes {lookup.form_def(ctx, body.form).name} form!"
    else:
        text = f"{who.name} frenzies!"
    data["form"] = body.form
    return [
        event(ctx, "frenzied", FRENZY, text, why=why, actor=who.cid, roll=check.roll, data=data)
    ]
