"""Health as numbers: wounds by kind, for the views and for the events that change them."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final, Literal

import esper

from arena.ecs.ruleset import Ctx
from arena.ecs.werewolf import lookup
from arena.ecs.werewolf.components import Memo, Vitality
from arena.ecs.world import TABLES
from arena.rules.events import Datum, EventKind
from arena.rules.phrase import Phrase
from arena.rules.views import WerewolfHealth
from arena.rules.werewolf.health import EssenceTrack, HealthTrack
from arena.rules.werewolf.soak import SoakTrait, soak_pool, soak_trait


def wounds_of(ent: int) -> WerewolfHealth:
    """The combatant's health track (or a spirit's Essence) as numbers.

    Tracks are frozen values, replaced when they change: the numbers are worked out once per
    track.
    """
    memo: Memo = TABLES[esper.current_world][lookup.FIGHT][Memo]  # one read: every view asks
    try:
        vit = memo.by_ent[ent].vit
    except KeyError:  # the roster is not read yet
        vit = lookup.fighter(ent).vit
    kept = memo.wounds
    if ent in kept:  # not .get(): a call saved, every view
        found = kept[ent]
        if found[0] is vit.track and found[1] is vit.essence:
            return found[2]
    health = _numbers(vit.track, vit.essence)
    kept[ent] = (vit.track, vit.essence, health)
    return health


def set_track(vit: Vitality, track: HealthTrack) -> None:
    """Give the combatant a new health track, with the wound penalty it carries."""
    vit.track = track
    vit.penalty = track.penalty


def _numbers(track: HealthTrack | None, essence: EssenceTrack | None) -> WerewolfHealth:
    if track is not None:
        boxes = track.boxes  # counted in place, not through `HealthTrack.count`'s calls
        return WerewolfHealth(
            bashing=boxes.count("bashing"),
            lethal=boxes.count("lethal"),
            aggravated=boxes.count("aggravated"),
            track=len(track.levels),
            penalty=track.penalty,
            dead=track.dead,
        )
    if essence is not None:
        return WerewolfHealth(track=0, essence=essence.current, essence_max=essence.maximum)
    return WerewolfHealth()


OutStatus = Literal["dead", "incapacitated", "dissipated"]
"""The statuses damage leaves a combatant out of the fight in."""
OUT_KIND: Final[Mapping[OutStatus, EventKind]] = {
    "dead": "killed",
    "incapacitated": "incapacitated",
    "dissipated": "dissipated",
}
"""The event that says a combatant is out, by the status it is left in."""


def out_of_fight(vit: Vitality) -> OutStatus | None:
    """The status damage leaves a combatant in when it is out of the fight, else None."""
    if vit.track is not None and vit.track.dead:
        return "dead"
    if vit.track is not None and vit.track.incapacitated:
        return "incapacitated"
    if vit.essence is not None and vit.essence.dissipated:
        return "dissipated"
    return None


_OUT: Final[Mapping[OutStatus, Phrase]] = {
    "dead": Phrase("ww_dead"),
    "incapacitated": Phrase("ww_incapacitated_out_fight"),
    "dissipated": Phrase("ww_has_essence_left_dissipates"),
}


def out_phrase(state: OutStatus, name: str) -> Phrase:
    """A fall out of the fight in words, by the status it leaves."""
    return Phrase(_OUT[state].template, (name,))


def health_data(health: WerewolfHealth) -> dict[str, Datum]:
    """Health numbers for an event: boxes by kind, filled, penalty, dead; or Essence."""
    if health.essence_max:
        return {"essence": health.essence, "essence_max": health.essence_max}
    return {
        "bashing": health.bashing,
        "lethal": health.lethal,
        "aggravated": health.aggravated,
        "filled": health.filled,
        "penalty": health.penalty,
        "dead": health.dead,
    }


def soak_numbers(ctx: Ctx, ent: int) -> tuple[SoakTrait, int, int, int]:
    """(trait, its value, wound penalty taken off, dice) the combatant soaks with now."""
    trait = soak_trait(lookup.sheet(ent).kind, ctx.options.spirit_soak)
    value = (
        lookup.traits(ctx, ent)["stamina"]
        if trait == "stamina"
        else getattr(lookup.pools(ent), trait)
    )
    penalty = lookup.wound_penalty(ent) if ctx.options.wounds_on_damage_and_soak else 0
    return trait, value, penalty, soak_pool(value, penalty)
