"""The Delirium: a human who sees a Crinos reacts by its Willpower, once, for the whole fight."""

from __future__ import annotations

from arena.ecs.ruleset import Ctx
from arena.ecs.werewolf import lookup
from arena.ecs.werewolf.steps import DELIRIUM, event
from arena.rules.events import Event
from arena.rules.grid import line_of_sight
from arena.rules.phrase import Phrase
from arena.rules.werewolf.delirium import delirium_reaction, suffers_delirium

NOTES = {
    "flee_or_freeze": "ww_delirium_flees_freezes_where_way",
    "berserk": "ww_delirium_attacks_berserk_rage",
    "fight_on": "ww_delirium_shaken_but_fights",
}
"""The note (a template id) a combatant carries for each reaction to the Delirium."""


def delirium_checks(ctx: Ctx) -> list[Event]:
    """Every human in the fight who now sees a form that causes the Delirium reacts to it."""
    events: list[Event] = []
    people = lookup.fighters()
    opts = ctx.options
    for f in people:
        cond, who = f.cond, f.who
        if cond.delirium or f.status.state != "active":
            continue
        if f.may_suffer_delirium is None:  # worked out once, then carried
            f.may_suffer_delirium = _may_suffer(ctx, f.ent)
        if not f.may_suffer_delirium:
            continue
        grid = lookup.grid(ctx)
        for o in people:
            if o is f or o.status.state != "active":
                continue
            seen = lookup.form_rules(ctx, o.body.form)
            if not suffers_delirium(f.sheet.kind, seen):
                continue
            if not line_of_sight(grid, (f.pos.x, f.pos.y), (o.pos.x, o.pos.y)):
                continue
            them = o.who
            willpower = f.pools.willpower_max
            cond.delirium = delirium_reaction(
                willpower, berserk_from=opts.delirium_berserk, steady_from=opts.delirium_steady
            )
            cond.note = NOTES[cond.delirium]
            form = lookup.form_def(ctx, seen.name).name
            text = Phrase(
                "ww_sees_form", (who.name, them.name, form, Phrase("lowered", (Phrase(cond.note),)))
            )
            why = Phrase(
                "ww_delirium_why",
                (willpower, opts.delirium_berserk, opts.delirium_steady),
            )
            data = {
                "reaction": cond.delirium,
                "willpower": willpower,
                "sees": them.cid,
                "form": seen.name,
            }
            events.append(event(ctx, "delirium", DELIRIUM, text, why=why, actor=who.cid, data=data))
            break
    return events


def _may_suffer(ctx: Ctx, ent: int) -> bool:
    """Whether any form in the content would cause this combatant the Delirium.

    If none would, no check can ever find one: every segment's results skip it.
    """
    return lookup.remembered(("may_suffer_delirium", ent), _any_form_causes, ctx, ent)


def _any_form_causes(ctx: Ctx, ent: int) -> bool:
    kind = lookup.sheet(ent).kind
    forms = ctx.catalog.section("werewolf", "forms")
    return any(suffers_delirium(kind, lookup.form_rules(ctx, name)) for name in forms)
