"""Sorcerers and demons: commanding a demon, rituals against an enemy demon, own judgment."""

from __future__ import annotations

from typing import Final

from arena.ai.look import foes, trait
from arena.ai.pick import Level, Pick, best, picked, tagged
from arena.ai.sorcerer.fighters import (
    GANG,
    approach,
    attack_score,
    guard,
    guard_worth,
    thug,
    weakest,
)
from arena.ai.sorcerer.situation import (
    THREAT,
    binding,
    blow,
    contest_of,
    crowd,
    defence,
    demon_of,
    desire,
    harm_of,
    hurt_past,
    is_demon,
    keyed,
    room,
    strike,
    suffer,
)
from arena.ai.sorcerer.values import OUT, chance
from arena.rules.grid import distance
from arena.rules.sorcerer.commands import CommandDemon, PerformRitual
from arena.rules.views import Choice, CombatantView, Decision, FightView
from arena.words.core import Drawn, Phrase, Text
from arena.words.reasons import label, names

RITUAL_WORTH: Final[dict[str, float]] = {"banish": 1.0, "bind": 0.8, "contain": 0.15}
"""A won ritual's worth, as a share of taking the demon out of the fight [a policy estimate]."""
CONTACT: Final = 1.0
"""Learning an unknown demon's Need and Desire, in harm [a policy estimate]."""


def judgment_note(c: CombatantView) -> Text:
    """Why a demon's own judgment chose as it did, to quote in a reason ("" if it has not)."""
    d = c.sorcerer.demon if c.sorcerer is not None else None
    return "" if d is None else d.judgment_why


def demon(view: FightView, decision: Decision, level: Level) -> Pick:
    """Follow the demon's own judgment, from its Desire and Need (the fight marks it)."""
    judged = tagged(decision, "judgment")
    if judged:
        note = judgment_note(view.combatant(decision.actor)) or Drawn(label, (judged[0],))
        return picked(judged[0], "ai_own_judgment", note)
    return thug(view, decision, level)


def _ritual(view: FightView, me: CombatantView, choice: Choice) -> tuple[float, Phrase | None]:
    cmd, spec = choice.command, contest_of(choice)
    rid = cmd.ritual if isinstance(cmd, PerformRitual) else ""
    target = view.combatant(choice.target)
    if target.side == me.side or target.status not in ("active", "cannot_act"):
        return 0.0, None
    mine, theirs = (spec.own, spec.opposing) if spec is not None else (0, 0)
    win = chance(mine, theirs)
    if harm_of(choice) is not None:
        value = strike(target, harm_of(choice), mine, theirs)  # Punish: victories, lasting
    elif rid == "contact":
        value = win * CONTACT if not desire(target) else 0.0
    elif rid == "bind" and binding(target) is not None:
        value = 0.0  # another sorcerer's bound demon: banish it instead
    else:
        value = win * (OUT + room(target)) * RITUAL_WORTH.get(rid, 0.0)
    return value, Phrase("ai_ritual", (rid, target.name, win, value))


def _protect(view: FightView, me: CombatantView, dem: CombatantView) -> tuple[float, Phrase | None]:
    """An order to protect me: the harm its Power in defence dice saves against enemy demons."""
    found = demon_of(dem)
    if found is not None and found.protecting == me.id:
        return 0.0, None  # it protects me until it acts again
    demons = [
        c
        for c in foes(view, me)
        if is_demon(c) and c.status == "active" and distance(c.pos, me.pos) <= 2 * THREAT
    ]
    mine, extra = defence(me), trait(dem, "power")
    saved = 0.0
    for d in demons:
        attack = max(trait(d, "stamina"), trait(d, "power")) - d.penalty
        saved += suffer(me, blow(d), mine, attack) - suffer(me, blow(d), mine + extra, attack)
    who = Drawn(names, (tuple([d.name for d in demons]), Phrase("ai_nobody_near")))
    return saved, Phrase("ai_protect", (dem.name, saved, who))


def _command(
    view: FightView, me: CombatantView, choice: Choice, level: Level
) -> tuple[float, Phrase | None]:
    """An order to attack or protect: what it adds to what the demon would do uncommanded."""
    cmd = choice.command
    if not isinstance(cmd, CommandDemon):
        return 0.0, None
    dem = view.combatant(cmd.demon)
    if cmd.order == "protect":
        return _protect(view, me, dem)
    spec, harm = contest_of(choice), harm_of(choice)
    if harm is None or not choice.target or spec is None:
        return 0.0, None
    target = view.combatant(choice.target)
    value = strike(target, harm, spec.own, spec.opposing) * (
        1 + GANG[level] * crowd(view, target, me)
    )
    strength = binding(dem)
    obeys = 1.0 if (strength or 0) > 0 or desire(dem).lower() == "violence" else 0.5
    judged = demon_of(dem)
    already = value if judged is not None and judged.judgment == "attack" else 0.0
    worth = obeys * value - already
    return worth, Phrase("ai_orders_attack", (dem.name, target.name, worth))


def sorcerer(view: FightView, decision: Decision, level: Level) -> Pick:
    """Weigh its own blows, rituals on enemy demons and orders to its demon; take the best."""
    me = view.combatant(decision.actor)
    scored: list[tuple[float, int, Choice, Phrase | None]] = []
    why: Phrase | None
    # Most of a menu is moves, whose choices share one tags tuple: tags found to weigh
    # nothing are passed over by identity, not looked through again.
    passed: object = None
    for index, choice in enumerate(decision.choices):
        tags = choice.tags
        if tags is passed:
            continue
        if "attack" in tags:
            value, why = attack_score(view, me, choice, level)
        elif "ritual" in tags and level != "easy":
            value, why = _ritual(view, me, choice)
        elif "command" in tags:
            value, why = _command(view, me, choice, level)
        else:
            passed = tags
            continue
        scored.append((value, index, choice, why))
    worth = guard_worth(view, me) if me.penalty and level != "easy" else 0.0
    found = best([(v, i, c, w) for v, i, c, w in scored if v > 0 and w is not None])
    top = max((s[0] for s in scored), default=0.0)
    if worth > top:
        guarded = guard(decision, worth, view)
        if guarded is not None:
            return guarded
    if found is not None:
        return picked(*found)
    defend = keyed(decision, "total_defense")
    if hurt_past(me) and defend is not None:
        # Any other task would need a push through its wounds, for little gain.
        return picked(defend, "ai_too_hurt")
    target = weakest(view, me)
    moved = approach(view, decision, target) if target is not None else None
    return moved if moved is not None else thug(view, decision, level)
