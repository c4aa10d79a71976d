"""Setting a Werewolf fight up: one entity per combatant, built from its sheet, and the clock."""

from __future__ import annotations

import esper

from arena.content.scenario import CombatantDef
from arena.content.werewolf import ABILITIES, ATTRIBUTES, WerewolfCharacter
from arena.ecs.components import Identity, Position, Status
from arena.ecs.ruleset import Ctx
from arena.ecs.werewolf import lookup
from arena.ecs.werewolf.components import (
    Body,
    Condition,
    Memo,
    Pools,
    Sheet,
    Turn,
    TurnClock,
    Vitality,
)
from arena.ecs.werewolf.steps import SETUP, event
from arena.ecs.werewolf.wounds import OUT_KIND, out_of_fight, out_phrase
from arena.ecs.world import spawn as spawn_entity
from arena.rules.events import Event
from arena.rules.grid import distance
from arena.rules.phrase import Phrase
from arena.rules.werewolf.health import EssenceTrack, HealthTrack
from arena.rules.werewolf.terms import Breed, DamageType, Template

WORST_FIRST: tuple[DamageType, ...] = ("aggravated", "lethal", "bashing")
"""Starting damage fills the track in this order."""
TRAITS = (*ATTRIBUTES, *ABILITIES)
"""The traits a sheet gives every combatant."""


def spawn(ctx: Ctx) -> tuple[Event, ...]:
    """Create one entity per combatant, and the fight's own entity with its clock."""
    kept = Memo()
    if spawn_entity(TurnClock(), kept) != lookup.FIGHT:
        raise RuntimeError(Phrase("ww_spawn_fresh_world_only"))
    lookup.share(ctx, kept)
    # Who stands where, with what, and the words saying so: the scenario's, the same in every
    # fight of the setup, so worked out once; each fight gets its own components from it.
    # Its events too: made before any turn, they read nothing of the fight but the scenario.
    placed = lookup.across(ctx, ("placing",), _placing, ctx)
    events = []
    for who, (x, y), values, track, rest, said in placed:
        spawn_entity(Identity(*who), Position(x, y), Status(), *_components(values, track, rest))
        events.append(said)
    # Where everyone starts is the scenario's: the same facings in every fight of the setup.
    facings = lookup.across(ctx, ("start_facings",), _start_facings)
    for (ent, _), facing in zip(lookup.roster(), facings, strict=True):
        if facing is not None:
            lookup.body(ent).facing = facing
    return (*events, *_out_from_the_start(ctx))


Numbers = tuple[
    tuple[Template, Breed | None, tuple[str, ...], tuple[str, ...], tuple[str, ...]],
    str,
    tuple[str, ...],
    tuple[int, int, int, int, int, int],
    EssenceTrack | None,
]
"""A combatant's components' numbers besides its traits and track: its sheet's kind, breed,
forms, maneuvers and specialties; its starting form and weapons; its pools; its Essence."""

Placing = tuple[
    tuple[str, str, str, str, str, int, str],
    tuple[int, int],
    dict[str, int],
    HealthTrack,
    Numbers,
    Event,
]
"""A combatant as the scenario places it: its identity's fields, cell, traits as written,
starting track, the rest of its components' numbers (`_components`), and the event that
says so (a frozen value). Not to be changed: every fight of the setup reads the same."""


def _placing(ctx: Ctx) -> tuple[Placing, ...]:
    """Everyone as the scenario places it, in roster order."""
    grid = lookup.grid(ctx)
    found: list[Placing] = []
    for index, spec in enumerate(ctx.scenario.combatants):
        sheet = ctx.catalog.get("werewolf", "characters", spec.template, WerewolfCharacter)
        x, y = grid.spawn(spec.spawn)
        name = spec.name or sheet.name
        who = (spec.id, name, spec.template, spec.side, sheet.glyph, index, spec.controller)
        start = spec.form or sheet.start_form
        form = lookup.form_def(ctx, start).name
        found.append(
            (
                who,
                (x, y),
                _values(sheet, spec),
                _start_track(spec),
                _numbers(sheet, spec),
                event(
                    ctx,
                    "combatant_placed",
                    SETUP,
                    Phrase("ww_stands_form", (name, spec.side, (x, y), form)),
                    why=_describe(sheet),
                    actor=spec.id,
                    terse=False,
                    round=0,
                    data={"cell": (x, y), "side": spec.side, "form": start},
                ),
            )
        )
    return tuple(found)


def _out_from_the_start(ctx: Ctx) -> list[Event]:
    """Those the scenario's damage or pools leave out of the fight: they never act or roll.

    Announced before the first initiative, each with the status it starts in.
    """
    events = []
    for ent, who in lookup.roster():
        state = out_of_fight(lookup.vitality(ent))
        if state is None:
            continue
        esper.component_for_entity(ent, Status).state = state
        kind = OUT_KIND[state]
        events.append(
            event(
                ctx,
                kind,
                SETUP,
                out_phrase(state, who.name),
                actor=who.cid,
                round=0,
                data={"status": state, "at_start": True},
            )
        )
    lookup.clock().sides = None  # the turn clock counts the sides still in the fight afresh
    return events


def _values(sheet: WerewolfCharacter, spec: CombatantDef) -> dict[str, int]:
    """Attributes and abilities as written, with the scenario's overrides (not to be changed)."""
    attrs, abils = sheet.attributes, sheet.abilities
    base = {name: getattr(attrs, name, None) for name in ATTRIBUTES}
    base.update({name: getattr(abils, name) for name in ABILITIES})
    values = {k: int(v or 0) for k, v in base.items()}
    values.update({k: v for k, v in dict(spec.overrides).items() if k in TRAITS})
    return values


def _start_track(spec: CombatantDef) -> HealthTrack:
    """The health track with the scenario's starting damage, worst first."""
    track = HealthTrack()
    for kind in WORST_FIRST:
        track = track.apply(kind, spec.damage.get(kind, 0))
    return track


def _numbers(sheet: WerewolfCharacter, spec: CombatantDef) -> Numbers:
    """What a combatant's components hold besides its traits and track (`_components`)."""
    over = dict(spec.overrides)
    rage = over.get("rage", sheet.rage)
    gnosis = over.get("gnosis", sheet.gnosis)
    willpower = over.get("willpower", sheet.willpower)
    essence = over.get("essence", sheet.essence)
    now = spec.pools  # the scenario may start a pool below its rating
    maneuvers = sheet.maneuvers if spec.maneuvers is None else spec.maneuvers
    weapons = sheet.weapons if spec.weapons is None else spec.weapons
    return (
        (sheet.kind, sheet.breed, sheet.forms, maneuvers, sheet.specialties),
        spec.form or sheet.start_form,
        tuple(weapons),
        (
            now.get("rage", rage),
            rage,
            now.get("gnosis", gnosis),
            gnosis,
            now.get("willpower", willpower),
            willpower,
        ),
        EssenceTrack(now.get("essence", essence), essence) if sheet.kind == "spirit" else None,
    )


def _components(
    values: dict[str, int],
    track: HealthTrack,
    numbers: Numbers,
) -> tuple[object, ...]:
    """A fight's own components of a combatant, from its numbers (`_numbers`)."""
    (kind, breed, forms, maneuvers, specialties), form, weapons, pools, essence = numbers
    spirit = essence is not None
    return (
        Sheet(kind, breed, dict(values), forms, maneuvers, specialties),
        Body(form, list(weapons)),
        Pools(*pools),
        Vitality(
            None if spirit else track,
            essence,
            wounded_before=bool(track.boxes),
            penalty=0 if spirit else track.penalty,
        ),
        Condition(),
        Turn(),
    )


def _describe(sheet: WerewolfCharacter) -> Phrase:
    a, b = sheet.attributes, sheet.abilities
    who = Phrase("being", (sheet.kind, sheet.breed, sheet.auspice))
    return Phrase(
        "ww_sheet",
        (
            who,
            a.strength,
            a.dexterity,
            a.stamina,
            a.wits,
            b.alertness,
            b.brawl,
            b.dodge,
            b.melee,
            b.firearms,
            sheet.rage,
            sheet.gnosis,
            sheet.willpower,
        ),
    )


def _start_facings() -> tuple[tuple[int, int] | None, ...]:
    """Everyone starts facing the nearest enemy (facing matters for flank attacks).

    In roster order; None for one with no enemy on the map.
    """
    people = lookup.roster()
    found: list[tuple[int, int] | None] = []
    for ent, me in people:
        here = lookup.cell(ent)
        foes = [lookup.cell(e) for e, i in people if i.side != me.side]
        if foes:
            goal = min(foes, key=lambda c: (distance(here, c), c[1], c[0]))
            found.append(step_toward(here, goal))
        else:
            found.append(None)
    return tuple(found)


def step_toward(here: tuple[int, int], there: tuple[int, int]) -> tuple[int, int]:
    """The unit step from one cell toward another (itself if they are the same)."""
    dx, dy = there[0] - here[0], there[1] - here[1]
    return ((dx > 0) - (dx < 0), (dy > 0) - (dy < 0))
