"""The Delirium: a human who sees a Crinos reacts by its Willpower, once, for the whole fight."""

from __future__ import annotations

import esper

from arena.ecs.ruleset import Ctx
from arena.ecs.werewolf import lookup
from arena.ecs.werewolf.components import Memo
from arena.ecs.werewolf.steps import DELIRIUM, event
from arena.ecs.world import TABLES
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
    kept: Memo = TABLES[esper.current_world][lookup.FIGHT][Memo]  # every segment's results
    if kept.delirium_spent:
        # A reaction is for the whole fight, and whom no form would strike stays so: every
        # later check would find nothing.
        return events
    people = kept.fighters or lookup.fighters()
    opts = ctx.options
    spent = True  # until someone is met whom the Delirium could still strike
    for f in people:
        cond, who = f.cond, f.who
        if cond.delirium:
            continue
        dreads = f.dreads
        if dreads is None:  # worked out once, then carried
            dreads = f.dreads = _dreads(ctx, f.ent)
        if not dreads:
            continue
        spent = False
        if f.status.state != "active":
            continue
        for o in people:
            # The forms it dreads, read off the carried set: no call for each one it sees.
            if o is f or o.status.state != "active" or o.body.form not in dreads:
                continue
            if not line_of_sight(lookup.grid(ctx), (f.pos.x, f.pos.y), (o.pos.x, o.pos.y)):
                continue
            seen = lookup.form_rules(ctx, o.body.form)
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
    kept.delirium_spent = spent
    return events


def _dreads(ctx: Ctx, ent: int) -> frozenset[str]:
    """The forms in the content whose sight would cause this combatant the Delirium.

    If none would, no check can ever find one: every segment's results skip it.
    """
    return lookup.remembered(("dreaded_forms", ent), _forms_causing, ctx, ent)


def _forms_causing(ctx: Ctx, ent: int) -> frozenset[str]:
    kind = lookup.sheet(ent).kind
    forms = ctx.catalog.section("werewolf", "forms")
    return frozenset(
        [name for name in forms if suffers_delirium(kind, lookup.form_rules(ctx, name))]
    )
