"""What a blow does if it lands, as numbers and tags a choice carries: damage dice and type."""

from __future__ import annotations

from typing import assert_never

from arena.content.werewolf import Effect, Knockdown
from arena.ecs.ruleset import Ctx
from arena.ecs.werewolf import lookup
from arena.rules.dice import Tens
from arena.rules.views import Tag, WerewolfHarm


def harm_of(ctx: Ctx, ent: int, means: str) -> WerewolfHarm | None:
    """The damage a blow with this means rolls before extra successes; None if it does none.

    Strength plus the means' dice (a gun: its own dice), less the wound penalty when option
    ``wounds_on_damage_and_soak`` is on. A disarm does no damage.
    """
    info = lookup.means_info(ctx, ent, means)
    if info.effect == "disarm":
        return None
    man = info.rules
    pool = man.damage + (lookup.traits(ctx, ent)["strength"] if man.adds_strength else 0)
    if ctx.options.wounds_on_damage_and_soak:
        pool = max(0, pool - lookup.wound_penalty(ent))
    tens: Tens = "reroll" if ctx.options.damage_tens == "reroll" else "off"
    return WerewolfHarm(pool, man.damage_type, silver=man.silver, tens=tens)


def attack_tags(ctx: Ctx, ent: int, means: str) -> tuple[Tag, ...]:
    """An attack's tags: ``attack``, then what else its means does.

    ``ranged``, ``grapple``, ``disarm``, ``knocks_down`` (the target) and ``falls_too`` (the
    attacker as well).
    """
    form = lookup.body(ent).form
    return lookup.remembered(("attack_tags", means, form), _tags, ctx, ent, means)


def _tags(ctx: Ctx, ent: int, means: str) -> tuple[Tag, ...]:
    info = lookup.means_info(ctx, ent, means)
    ranged: tuple[Tag, ...] = ("ranged",) if info.rules.ranged else ()
    return ("attack", *ranged, *_effect_tags(info.effect), *_knockdown_tags(info.knockdown))


def _effect_tags(effect: Effect) -> tuple[Tag, ...]:
    """What a blow does besides hurt."""
    match effect:
        case "none":
            return ()
        case "grapple":
            return ("grapple",)
        case "disarm":
            return ("disarm",)
        case _:
            assert_never(effect)


def _knockdown_tags(knockdown: Knockdown) -> tuple[Tag, ...]:
    """Who a blow that lands knocks down: the target, or the attacker as well."""
    match knockdown:
        case "none":
            return ()
        case "target":
            return ("knocks_down",)
        case "both":
            return ("knocks_down", "falls_too")
        case _:
            assert_never(knockdown)
