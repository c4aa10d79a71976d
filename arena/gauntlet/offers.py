"""Offers: opponent groups rated by danger, and the fights offered before each fight."""

from __future__ import annotations

import random
from dataclasses import dataclass

from arena.content.gauntlet import Group, RunRules, SorcererGroup, WerewolfGroup
from arena.content.loader import Catalog
from arena.content.sorcerer import SorcererCharacter
from arena.content.werewolf import FormDef, WerewolfCharacter


@dataclass(frozen=True, slots=True)
class Offer:
    """One fight offered: its group and how dangerous its opponents are."""

    id: str
    """The group's id in ``content/gauntlet/<ruleset>.yaml``."""
    group: Group
    danger: int
    """The opponents' dice summed (see `danger`)."""
    forecast: float | None = None
    """The chance to win from the character's current state, when the batch simulator
    was asked for it."""


def danger(catalog: Catalog, group: Group) -> int:
    """How dangerous a group is, from its opponents' own pools.

    Werewolf: per opponent, Dexterity plus its best combat ability (the attack pool),
    Strength (the damage pool), Stamina (soak), Rage (extra actions), half its Willpower and
    half a spirit's Essence, and what its best form adds to Strength, Dexterity and Stamina
    (a Garou takes Crinos when the fight starts). Sorcerer: Stamina plus Will, and a demon's
    Power twice (it adds to every roll it boosts and fights with).
    """
    total = 0
    for foe in group.foes:
        if isinstance(group, WerewolfGroup):
            w = catalog.get("werewolf", "characters", foe.template, WerewolfCharacter)
            a, b = w.attributes, w.abilities
            best = max(b.brawl, b.melee, b.firearms)
            one = a.dexterity + best + a.strength + a.stamina + w.rage + w.willpower // 2
            one += w.essence // 2 + _best_form(catalog, w)
        else:
            s = catalog.get("sorcerer", "characters", foe.template, SorcererCharacter)
            one = s.stamina + s.will + (2 * s.demon.power if s.demon is not None else 0)
        total += one * foe.count
    return total


def _best_form(catalog: Catalog, sheet: WerewolfCharacter) -> int:
    """The most a form on the sheet adds to Strength, Dexterity and Stamina together."""
    forms = catalog.section("werewolf", "forms")
    return max(
        (
            f.strength + f.dexterity + f.stamina
            for key in sheet.forms
            if isinstance(f := forms.get(key), FormDef)
        ),
        default=0,
    )


def ranked(catalog: Catalog, ruleset: str) -> tuple[Offer, ...]:
    """Every group of a ruleset, least dangerous first (ties by id)."""
    section = catalog.section("gauntlet", ruleset)
    offers = [
        Offer(gid, g, danger(catalog, g))
        for gid, g in section.items()
        if isinstance(g, WerewolfGroup | SorcererGroup)
    ]
    return tuple(sorted(offers, key=lambda o: (o.danger, o.id)))


def draw_offer(
    groups: tuple[Offer, ...],
    *,
    fight: int,
    rules: RunRules,
    rng: random.Random,
    fought: tuple[str, ...],
    only_easiest: bool = False,
) -> tuple[Offer, ...]:
    """The fights offered before fight ``fight`` (from 0), least dangerous first.

    Fight k draws from a band of ``rules.band`` groups that slides up the danger ranking from
    the easiest (first fight) to the hardest (last), skipping groups already fought; a band
    too thin is topped up with the nearest groups not fought, then with any.

    Args:
        groups: every group, ranked (`ranked`).
        fight: the fight's index in the run, from 0.
        rules: the run's rulings.
        rng: the run's offer stream.
        fought: ids of the groups already fought.
        only_easiest: the character comes out of hospital: one fight, the easiest of the band.
    """
    size = len(groups)
    band = min(rules.band, size)
    last = max(1, rules.fights - 1)
    low = round(fight * (size - band) / last)
    order = sorted(range(size), key=lambda i: (not low <= i < low + band, abs(i - low), i))
    fresh = [i for i in order if groups[i].id not in fought]
    pool = fresh + [i for i in order if i not in fresh]
    in_band = [i for i in fresh if low <= i < low + band]
    candidates = in_band if len(in_band) >= rules.offer else pool[: rules.offer]
    if only_easiest:
        return (groups[min(candidates)],)
    picked = rng.sample(candidates, min(rules.offer, len(candidates)))
    return tuple(groups[i] for i in sorted(picked))
