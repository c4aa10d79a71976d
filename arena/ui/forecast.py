"""What a blow does if it lands, from the numbers a choice or decision carries.

Werewolf: the expected health levels of an attack, from the attack's odds, its damage pool
(a die more per success past the first) and the target's soak dice, each rolled at difficulty
6 with 10s rerolled. Sorcerer: the damage chart row, temporary and lasting by victories.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import Any, Final, Protocol, cast

from arena.engine import Choice, CombatantView, Decision, FightView, levels_through_soak

DAMAGE_DIFFICULTY: Final = 6
"""Damage and soak are rolled at difficulty 6, rerolling 10s."""
CHART_ROWS: Final = 3
"""Victories the Sorcerer chart line lists (more follow the same row)."""


def _spread(exactly: Sequence[float]) -> float:
    return sum(k * p for k, p in enumerate(exactly))


class _Exact(Protocol):
    @property
    def exactly(self) -> tuple[float, ...]: ...


class _Storyteller(Protocol):
    """The numbers of a Storyteller roll still to be made, as the UI reads them."""

    @property
    def required(self) -> int: ...

    def odds(self) -> _Exact: ...


def _open_roll(spec: object, harm: object, dice: int) -> tuple[float, ...]:
    """The exact odds of a damage or soak roll of `dice` dice, made from a roll spec's numbers.

    Its 10s follow the blow's own rule (the ``damage_tens`` option), not the attack's.
    """
    made = dataclasses.replace(
        cast(Any, spec),
        pool=dice,
        difficulty=DAMAGE_DIFFICULTY,
        automatic=0,
        open_ended=True,
        tens=getattr(harm, "tens", "reroll"),
    )
    return cast(_Storyteller, made).odds().exactly


def werewolf_levels(choice: Choice, soak: int) -> tuple[float, float, float] | None:
    """(chance to hit, expected levels before soak, expected levels after `soak` dice).

    None when the choice is not a Werewolf attack with a roll and a harm.
    """
    harm, first = choice.harm, next(iter(choice.rolls), None)
    if first is None or not hasattr(first, "open_ended") or not hasattr(harm, "adds_successes"):
        return None
    attack = cast(_Storyteller, first)

    soaked = _open_roll(first, harm, soak) if soak > 0 else (1.0,)
    chance = before = after = 0.0
    for successes, p in enumerate(attack.odds().exactly):
        if successes < max(1, attack.required) or p == 0:
            continue
        extra = successes - 1 if getattr(harm, "adds_successes", True) else 0
        damage = _open_roll(first, harm, getattr(harm, "pool", 0) + extra)
        chance += p
        before += p * _spread(damage)
        after += p * levels_through_soak(damage, soaked)
    return chance, before, after


def chart_text(harm: object, most: int = CHART_ROWS) -> str:
    """``1 victory: 1 temporary, 1 lasting · 2: 2, 1 · 3: 3, 2`` (a Sorcerer harm's row)."""
    at = getattr(harm, "at", None)
    if at is None:
        return ""
    parts = []
    for victories in range(1, most + 1):
        temporary, lasting = at(victories)
        if victories == 1:
            parts.append(f"1 victory: {temporary} temporary, {lasting} lasting")
        else:
            parts.append(f"{victories}: {temporary}, {lasting}")
    return " · ".join(parts)


def harm_text(choice: Choice, view: FightView | None) -> str:
    """What the choice's blow does if it lands, in a line ("" when it strikes nobody)."""
    if choice.harm is None:
        return ""
    target = _combatant(view, choice.target)
    if hasattr(choice.harm, "at"):
        return f"If it lands: {chart_text(choice.harm)}."
    soak = target.werewolf.soak if target is not None and target.werewolf else 0
    found = werewolf_levels(choice, soak)
    if found is None:
        return ""
    chance, before, after = found
    kind = getattr(choice.harm, "damage_type", "")
    line = f"If it lands ({chance:.0%}): ≈{before:.1f} levels of {kind} before soak"
    if target is not None and soak:
        line += f"; ≈{after:.1f} if {target.name} soaks ({soak} dice)"
    return line + "."


def incoming_text(decision: Decision, view: FightView | None) -> str:
    """For a reaction: who attacks, the faces already rolled, what the blow does if it lands.

    A Werewolf reaction that does not name its attacker falls back on the view: whoever
    declared an attack on the actor, and that one's heaviest blow.
    """
    if decision.kind != "reaction":
        return ""
    attacker = _combatant(view, decision.attacker)
    harm = decision.harm
    if attacker is None and view is not None:
        attacker = next(
            (c for c in view.combatants if c.werewolf and decision.actor in c.werewolf.targets),
            None,
        )
        harm = harm or (attacker.werewolf.blow if attacker and attacker.werewolf else None)
    if attacker is None and not decision.attacker:
        return ""
    who = attacker.name if attacker is not None else decision.attacker
    line = f"Incoming: {who}"
    if harm is not None and not hasattr(harm, "at"):
        me = _combatant(view, decision.actor)
        soak = me.werewolf.soak if me is not None and me.werewolf else 0
        return f"{line}'s heaviest blow{_blow_text(harm, soak, decision)}."
    if decision.incoming:
        line += f" rolled {' '.join(map(str, decision.incoming))}"
    if harm is not None:
        line += f"; if it lands, {chart_text(harm, max(1, len(decision.incoming)))}"
    return line + "."


def _blow_text(harm: object, soak: int, decision: Decision) -> str:
    """``, 4 dice of bashing and 1 per success past the first: ≈2.2 levels or more; ...``."""
    pool, kind = getattr(harm, "pool", 0), getattr(harm, "damage_type", "")
    line = f", {pool} dice of {kind} and 1 per success past the first"
    spec = next((r for c in decision.choices for r in c.rolls if hasattr(r, "open_ended")), None)
    if spec is None:
        return line

    damage = _open_roll(spec, harm, pool)
    soaked = _open_roll(spec, harm, soak) if soak > 0 else (1.0,)
    after = levels_through_soak(damage, soaked)
    line += f": ≈{_spread(damage):.1f} levels or more"
    return line + (
        f"; ≈{after:.1f} after your {soak} soak dice, if you may soak it" if soak else ""
    )


def _combatant(view: FightView | None, cid: str) -> CombatantView | None:
    if view is None or not cid:
        return None
    return next((c for c in view.combatants if c.id == cid), None)
