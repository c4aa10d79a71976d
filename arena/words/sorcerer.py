"""Sorcerer words drawn from numbers: intentions, health, victories, contests, the view's notes."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import assert_never

from arena.rules.actions import Attack, Move, Wait
from arena.rules.commands import Command
from arena.rules.dice import Contest
from arena.rules.sorcerer import (
    Banished,
    Bound,
    Contacted,
    Contained,
    DicePool,
    OrderRoll,
    Punished,
    RitualOutcome,
    Summoned,
    TurnOrder,
)
from arena.rules.sorcerer.commands import (
    Aim,
    Climb,
    CommandDemon,
    Flee,
    Hop,
    PerformRitual,
    TotalDefense,
    UseAbility,
    WorkTask,
)
from arena.rules.views import DemonView, SorcererHealth, SorcererState
from arena.words.catalogue import TEMPLATES
from arena.words.core import Phrase, Text, bare, won_by
from arena.words.core import dice as dice
from arena.words.obstacles import CLIMB_INTENT, TASK_INTENT

SEVERITY_WORDS = {
    "banged_up": "banged up: probably okay",
    "hospital": "hospital: broken bones, a stab wound",
    "mortal": "mortal: injuries that need a surgeon or intensive care",
    "dead": "dead",
}
"""How badly each combatant is hurt once the fight is over, in words."""


def pool_words(pool: DicePool) -> str:
    """A pool in one line for the log, e.g. ``Stamina 3 +2 total defense −1 lasting damage = 4``."""
    # A base named by a template id (``sorc_pool_pushed``) reads as that template's words.
    parts = [f"{TEMPLATES.get(pool.base_name, pool.base_name)} {pool.base}"]
    parts += [f"{'+' if m.dice > 0 else '−'}{abs(m.dice)} {m.source}" for m in pool.modifiers]
    return f"{' '.join(parts)} = {pool.size}"


def severity(level: str) -> str:
    """How badly one is hurt once the fight is over, from its severity id."""
    return SEVERITY_WORDS[level]


def intention(cmd: Command, target: str = "", means: str = "") -> str:
    """An intention in words, e.g. ``attack Tom with a knife``.

    `target` is the name of whom it acts on (the demon, for an order), `means` the name of the
    weapon, ritual or task it uses.
    """
    match cmd:
        case Attack():
            return f"attack {target} with {means}"
        case TotalDefense():
            return "total defense"
        case PerformRitual():
            return f"ritual: {means} on {target}"
        case Aim():
            return f"aim {means} at {target}"
        case CommandDemon(order=order):
            return f"command demon: order {target} to {order}"
        case Move(to=to):
            return f"other task: move to {to}"
        case Flee():
            return "other task: flee"
        case Hop(to=to):
            return f"other task: Hop to {to}"
        case Climb(to=to):
            return CLIMB_INTENT.format(to)
        case WorkTask():
            return TASK_INTENT.format(means)
        case UseAbility(ability="boost", trait=trait):
            return f"other task: Boost {target}'s {trait.title()}"
        case UseAbility(ability="protection"):
            return f"other task: use Protection on {target}"
        case UseAbility(ability=ability):
            return f"other task: {ability.replace('_', ' ').title()}"
        case Wait():
            return "wait"
    return cmd.kind


def hidden_intention_short() -> str:
    """A stated intention not yet revealed, in the fewest words (a narrow card's line)."""
    return TEMPLATES["sorc_intention_hidden_short"]


def order_given(demon: str, ordered: str) -> str:
    """A demon's order as its master's intention: ``command demon: Ash is to attack Tom``."""
    return f"command demon: {demon} is to {ordered.removeprefix('other task: ')}"


def ordered(ordered: str) -> str:
    """What a demon is ordered to do, without the ``other task:`` it would say itself."""
    return ordered.removeprefix("other task: ")


def victories(n: int) -> str:
    """``1 victory``, ``3 victories``."""
    return f"{n} victory" if n == 1 else f"{n} victories"


@lru_cache(maxsize=256)
def health_text(lasting: int, temporary: int) -> str:
    """``unhurt``, or e.g. ``lasting 2, temporary 1 (penalty 3)``."""
    if not lasting + temporary:
        return "unhurt"
    parts = []
    if lasting:
        parts.append(f"lasting {lasting}")
    if temporary:
        parts.append(f"temporary {temporary}")
    return f"{', '.join(parts)} (penalty {lasting + temporary})"


def penalty_stated(health: SorcererHealth) -> int:
    """The penalty `health_text` states, e.g. 3 for ``... (penalty 3)`` (0: ``unhurt``)."""
    return health.lasting + health.temporary


def contest_words(rolls: tuple[Contest, ...], first: str, second: str) -> str:
    """How a contest (and any rerolled complete ties) came out, for a ``why`` line."""
    c = rolls[-1]
    aside = f"; set aside {' '.join(map(str, c.set_aside))}" if c.set_aside else ""
    again = f"; {len(rolls) - 1} complete ties rerolled" if len(rolls) > 1 else ""
    if c.winner is None:
        return f"{aside}; a complete tie{again}"
    winner = first if c.winner == "first" else second
    return f"{aside}; {winner} wins with {victories(c.victories)}{again}"


def attack_why(
    performance: tuple[int, ...],
    pool: DicePool,
    defence: tuple[int, ...],
    rolls: tuple[Contest, ...],
    first: str,
    second: str,
) -> str:
    """An attack's ``why``: the attacker's faces, the defence's pool and faces, the outcome."""
    # One text drawn for the four parts: an attack makes one, not five, until it is read.
    parts = (
        faces(performance),
        pool_words(pool),
        faces(defence),
        contest_words(rolls, first, second),
    )
    return bare(Phrase("sorc_attack_why", parts))


def will_roll(who: str, count: int, intention: Text) -> str:
    """A tallied pool: who rolls how many dice for what (one text made per tally, not two)."""
    return bare(Phrase("sorc_will_roll", (who, dice(count), intention)))


def damage_stands(who: str, lasting: int, temporary: int, status: str, pushes: bool) -> str:
    """The damage a combatant carries after the round's blows, and what it may still do."""
    push = word("sorc_or_push") if pushes else ""
    hurt = health_text(lasting, temporary)
    return bare(Phrase("sorc_damage_stands", (who, hurt, word(f"sorc_status_{status}"), push)))


def damage_stands_why(temporary: int) -> str:
    """Why damage stands: lasting damage is a penalty; pending temporary goes with the next roll."""
    temp = Phrase("sorc_temporary_next", (temporary,)) if temporary else ""
    return bare(Phrase("sorc_damage_stands_why", (temp,)))


def order_rolled(who: str, performance: tuple[int, ...], intention: Text) -> str:
    """A roll for order: who rolled which faces, to do what."""
    return bare(Phrase("sorc_order_rolled", (who, faces(performance), intention)))


def order_rolled_why(pool: DicePool, roll: OrderRoll) -> str:
    """Why a roll for order: its pool, its faces, and Fast's extra dice for order only."""
    fast: Text = ""
    if len(roll.order) > len(roll.performance):  # only Fast rolls more for order
        fast = Phrase("sorc_fast_note", (len(roll.order), faces(roll.order)))
    said = (pool_words(pool), faces(roll.performance), fast)
    return bare(Phrase("sorc_order_rolled_why", said))


def attack_outcome(winner: str | None, attacker: str, defender: str, weapon: str, won: int) -> str:
    """An attack's hit, miss or complete tie, by name, with the winner's victories."""
    if winner == "first":
        return bare(Phrase("sorc_attack_hit", (attacker, defender, weapon, victories(won))))
    if winner == "second":
        return bare(Phrase("sorc_attack_missed", (defender, attacker, weapon, victories(won))))
    return bare(Phrase("sorc_attack_tied", (attacker, defender)))


def rollover_earned(holder: str, won: int, link: str, other: str) -> str:
    """Victories carried over to the holder's next roll against the other."""
    said = (holder, victories(won), word(f"sorc_rollover_{link}"), other)
    return bare(Phrase("sorc_rollover_earned", said))


def word(template: str) -> str:
    """The words of a template id that takes nothing (a label another text reads whole)."""
    return TEMPLATES.get(template, template)


def band_words(band: str) -> str:
    """A range band's id in words: ``point_blank`` reads ``point blank``."""
    return band.replace("_", " ")


def outcome(names: Sequence[str], side: str | None) -> str:
    """How the fight ended: who won by name, or that nobody is left standing."""
    return won_by(names, side) if side else "nobody is left standing"


def comma_list(items: Sequence[str]) -> str:
    """``north, south``: ids listed as they are."""
    return ", ".join(items)


def faces(values: Sequence[int]) -> str:
    """Faces for the log, high to low, e.g. ``9 7 3`` (``none`` for no dice)."""
    return " ".join(map(str, sorted(values, reverse=True))) or "none"


def order_lines(order: TurnOrder, names: tuple[str, ...]) -> tuple[str, ...]:
    """The words of an order, one line per combatant; a shared place acts simultaneously."""
    places = order.places()
    lines = []
    for e in order.entries:
        together = next(g for g in places if e.combatant in g)
        same = " (simultaneous)" if len(together) > 1 else ""
        perf = ""
        if e.performance != e.order:
            perf = f", performance {faces(e.performance)}"
        broken = "".join(f", tie broken by {faces(t)}" for t in e.tiebreak)
        lines.append(f"{e.place + 1}. {names[e.combatant]}: {faces(e.order)}{perf}{broken}{same}")
    return tuple(lines)


def tiebreaks(order: TurnOrder, names: tuple[str, ...]) -> str:
    """The lines of an order whose complete ties were rerolled, for a ``why`` line."""
    lines = order_lines(order, names)
    return "; ".join(line for e, line in zip(order.entries, lines, strict=True) if e.tiebreak)


def order_fixed(order: TurnOrder, names: tuple[str, ...]) -> str:
    """The order fixed, place by place, by name (`place_words`)."""
    groups = tuple([tuple([names[i] for i in g]) for g in order.places()])
    return bare(Phrase("sorc_order_fixed", (place_words(groups),)))


def order_fixed_why(order: TurnOrder, names: tuple[str, ...]) -> str:
    """Why the order stands: complete ties rerolled, or places shared."""
    note: Text = ""
    if [e for e in order.entries if e.tiebreak]:
        note = Phrase("sorc_order_rerolled_note", (tiebreaks(order, names),))
    elif len(order.places()) < len(order.entries):
        note = Phrase("sorc_order_tie_note")
    return bare(Phrase("sorc_order_fixed_why", (note,)))


def place_words(groups: tuple[tuple[str, ...], ...]) -> str:
    """The order's places by name: ``Tom = Vilna, then Mara``."""
    return ", then ".join(" = ".join(g) for g in groups)


def ritual_words(outcome: RitualOutcome) -> str:
    """What a ritual did, e.g. ``bound with strength +2, in the sorcerer's favour``."""
    match outcome:
        case Contacted(learned=learned):
            return "its Need and Desire are revealed" if learned else "no contact"
        case Summoned(appears=appears):
            return "it will appear next round" if appears else "it does not come"
        case Bound(strength=strength):
            if strength is None:
                return "a complete tie, no binding"
            side = "the sorcerer's" if strength > 0 else "the demon's"
            return f"bound with strength {strength:+d}, in {side} favour"
        case Punished(lasting=lasting):
            return f"{lasting} lasting damage" if lasting else "it shrugs the punishment off"
        case Banished(banished=banished):
            return "it is banished from the fight" if banished else "it resists"
        case Contained(contained=contained, radius=radius):
            size = 2 * radius + 1
            return f"held in a {size}×{size} area" if contained else "it is not contained"
        case _:
            assert_never(outcome)


def notes(
    more: SorcererState, wounds: SorcererHealth, judgment: Text, names: Mapping[str, str]
) -> tuple[str, ...]:
    """A combatant's notes for the view; `names` names the combatants a demon's notes name."""
    found: list[str] = []
    if more.demon is not None:
        found += _demon_notes(more.demon, bare(judgment), names)
    if more.may_push:
        found.append("sorcerer: may push through damage")
    if more.boost:
        found.append(f"boosted: +{more.boost} {more.boost_trait.title()} this round")
    if wounds.severity:
        found.append(f"after the fight: {SEVERITY_WORDS[wounds.severity]}")
    return tuple(found)


def _demon_notes(d: DemonView, judgment: str, names: Mapping[str, str]) -> list[str]:
    """The demon's numbers in words, with why its own judgment chose what it did."""

    def named(cid: str) -> str:
        return names.get(cid, cid)

    found = [f"{d.type.title()} demon, Power {d.power}"]
    if d.binding is not None:
        found.append(f"bound to {named(d.master)}, binding strength {d.binding:+d}")
    else:
        found.append("unbound")
    if d.known_by:
        knowers = ", ".join(named(k) for k in d.known_by)
        found.append(f"Need: {d.need}; Desire: {d.desire} (known to {knowers})")
    else:
        found.append("Need and Desire unknown")
    if d.abilities:
        found.append("abilities: " + ", ".join(a.replace("_", " ") for a in d.abilities))
    if judgment:
        found.append(f"own judgment: {judgment}")
    for flag, text in (
        (d.cloaked, "cloaked"),
        (bool(d.protecting), f"protecting {d.protecting and named(d.protecting)}"),
        (d.contained_at is not None, f"contained around {d.contained_at}"),
        (d.arriving, "summoned: arrives next round"),
    ):
        if flag:
            found.append(text)
    return found


def trait_name(trait: str) -> str:
    """A trait's id as its name: ``will`` reads ``Will``."""
    return trait.title()


def named(reason: str, cid: str, name: str) -> str:
    """Words that speak of a combatant by id, speaking of it by name instead."""
    return re.sub(rf"\b{re.escape(cid)}\b", name, reason)
