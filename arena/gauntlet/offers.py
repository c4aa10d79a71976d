"""Offers: opponent groups rated by danger, and the fights offered before each fight."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Final

from arena.content.gauntlet import Group, RunRules, SorcererGroup, WerewolfGroup
from arena.content.loader import Catalog
from arena.content.sorcerer import SorcererCharacter
from arena.content.werewolf import FormDef, ManeuverDef, WeaponDef, WerewolfCharacter
from arena.engine.forecast import Chance


@dataclass(frozen=True, slots=True)
class Offer:
    """One fight offered: its group and how dangerous its opponents are."""

    id: str
    """The group's id in ``content/gauntlet/<ruleset>.yaml``."""
    group: Group
    danger: int
    """The opponents' dice summed (see `danger`)."""
    odds: Chance | None = None
    """The character's chance to win from its current state, once it was played out
    (`arena.gauntlet.odds`); None until then."""


LEVEL_QUARTERS: Final = {"easy": 3, "hard": 5, "expert": 5}
"""A foe's danger in quarters by its policy's level (``thug/easy``); normal play is 4."""


def danger(catalog: Catalog, group: Group) -> int:
    """How dangerous a group is, from its opponents' own pools and how well they are played.

    Werewolf, per opponent: Dexterity plus its best combat ability (the attack pool), Stamina
    (soak), half its Rage, Willpower and a spirit's Essence, and what its best form adds;
    its best damage pool on top. A foe that deals aggravated damage counts all that twice and
    its damage three times: aggravated wounds are the ones that stay from fight to fight.
    Sorcerer, per opponent: Stamina twice (the dice of its attacks and defences), Will and a
    demon's Power; the sum grows by half for each opponent past the first. Each foe is scaled
    by its policy's level: three quarters played easy, five quarters played hard.
    """
    quarters = 0
    for foe in group.foes:
        if isinstance(group, WerewolfGroup):
            w = catalog.get("werewolf", "characters", foe.template, WerewolfCharacter)
            one = _werewolf_danger(catalog, w)
        else:
            s = catalog.get("sorcerer", "characters", foe.template, SorcererCharacter)
            one = 2 * s.stamina + s.will + (s.demon.power if s.demon is not None else 0)
        level = LEVEL_QUARTERS.get(foe.policy.partition("/")[2], 4)
        quarters += one * level * foe.count
    if isinstance(group, SorcererGroup):
        # Each opponent past the first adds half again: Vic defends against every one of them.
        quarters = quarters * (1 + sum(f.count for f in group.foes)) // 2
    return quarters // 4


def _werewolf_danger(catalog: Catalog, w: WerewolfCharacter) -> int:
    a, b = w.attributes, w.abilities
    form = _best_form(catalog, w)
    base = a.dexterity + max(b.brawl, b.melee, b.firearms) + a.stamina + sum(form)
    base += (w.rage + w.willpower + w.essence) // 2
    damage, aggravated = _best_damage(catalog, w, a.strength + form[0])
    return base * 2 + damage * 3 if aggravated else base + damage


def _best_form(catalog: Catalog, sheet: WerewolfCharacter) -> tuple[int, int, int]:
    """What the strongest form on the sheet adds to Strength, Dexterity and Stamina.

    The strongest adds the most, then the most Strength: Crinos before Hispo.
    """
    forms = catalog.section("werewolf", "forms")
    return max(
        (
            (f.strength, f.dexterity, f.stamina)
            for key in sheet.forms
            if isinstance(f := forms.get(key), FormDef)
        ),
        key=lambda added: (sum(added), added[0]),
        default=(0, 0, 0),
    )


def _best_damage(catalog: Catalog, sheet: WerewolfCharacter, strength: int) -> tuple[int, bool]:
    """The biggest damage pool among a sheet's weapons and maneuvers, and if it is aggravated.

    A gun adds no Strength; a melee weapon or a maneuver hits with Strength plus its damage.
    """
    pools: list[tuple[int, bool]] = [(strength, False)]
    for key in sheet.weapons:
        weapon = catalog.get("werewolf", "weapons", key, WeaponDef)
        dice = weapon.damage + (0 if weapon.ability == "firearms" else strength)
        pools.append((dice, weapon.damage_type == "aggravated"))
    for key in sheet.maneuvers:
        move = catalog.get("werewolf", "maneuvers", key, ManeuverDef)
        usable = not move.forms or any(f in sheet.forms for f in move.forms)
        if usable:
            pools.append((strength + move.damage, move.damage_type == "aggravated"))
    return max(pools, key=lambda p: (p[1], p[0]))


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
