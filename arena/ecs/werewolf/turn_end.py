"""Step 4, Next person: once every segment is played, Garou regenerate and a new turn begins."""

from __future__ import annotations

from arena.ecs.ruleset import NOTHING, Ctx, StepResult
from arena.ecs.werewolf import lookup
from arena.ecs.werewolf.steps import NEXT, event
from arena.ecs.werewolf.wounds import health_data, set_track, wounds_of
from arena.rules.events import Datum, Event
from arena.rules.phrase import Phrase
from arena.rules.werewolf.forms import is_breed_form
from arena.rules.werewolf.health import regenerate, regenerates


def next_turn(ctx: Ctx) -> StepResult:
    """Regenerate every Garou still fighting out of its breed form [book, simplified]."""
    opts = ctx.options
    events: list[Event] = []
    # A decided fight ends at once: no regeneration, no new turn [ruling, werewolf.md 3.4].
    for f in [] if lookup.decided() else lookup.fighters():
        ent, who, vit = f.ent, f.who, f.vit
        if vit.track is None or f.status.state != "active":
            continue
        breed = is_breed_form(f.sheet.kind, f.sheet.breed, f.body.form)  # `lookup.breed_form`
        if not regenerates(f.sheet.kind, breed_form=breed):
            continue
        healed = regenerate(vit.track, opts.regeneration_levels, opts.regeneration_order)
        if healed == vit.track:
            continue
        why = Phrase(
            "ww_regeneration_why",
            (opts.regeneration_levels, opts.regeneration_order.replace("_", " ")),
        )
        data: dict[str, Datum] = {"healed": len(vit.track.boxes) - len(healed.boxes)}
        set_track(vit, healed)
        health = wounds_of(ent)
        text = Phrase("ww_regenerates", (who.name, Phrase("wounds_words", (health,))))
        data.update(health_data(health))
        events.append(event(ctx, "regenerated", NEXT, text, why=why, actor=who.cid, data=data))
    for f in lookup.fighters():
        f.turn.slots.clear()
    lookup.clock().acting = {}
    return StepResult(tuple(events)) if events else NOTHING
