"""What a fight leaves the character with, whether it ends the run, and the rest after it."""

from __future__ import annotations

from typing import Literal, assert_never

from arena.content.gauntlet import RunRules
from arena.content.loader import Catalog
from arena.engine import CombatantView, FightView
from arena.gauntlet.carried import Carried, Pool, rest_sorcerer, rest_werewolf
from arena.gauntlet.lineup import CARRIES_DAMAGE, PLAYER_SIDE, bound_demons
from arena.rules.kinds import Aftermath
from arena.rules.ruleset_traits import traits
from arena.rules.views import SorcererHealth, WerewolfHealth

GONE = ("banished", "dead", "dissipated")
"""A demon in one of these states fights no more this run."""


def after_fight(catalog: Catalog, character: str, before: Carried, view: FightView) -> Carried:
    """The character's state as the fight left it (Sorcerer: after Step 6).

    Args:
        catalog: the content.
        character: the character's combatant id.
        before: what the character carried into the fight.
        view: the fight's last view.
    """
    me = view.combatant(character)
    # Where the scenario cannot start a fight hurt, the fight's damage comes on top.
    extra = Carried() if CARRIES_DAMAGE else before
    pools = tuple(_pool(p.name, p.current, p.maximum, before) for p in me.pools)
    w = me.wounds
    if isinstance(w, WerewolfHealth):
        return Carried(
            bashing=w.bashing + extra.bashing,
            lethal=w.lethal + extra.lethal,
            aggravated=w.aggravated + extra.aggravated,
            pools=pools,
        )
    lasting = w.lasting if isinstance(w, SorcererHealth) else 0
    carried = Carried(lasting=lasting + extra.lasting, pools=pools, demon_gone=before.demon_gone)
    for demon in bound_demons(catalog, character):
        try:
            d = view.combatant(demon)
        except KeyError:
            continue
        binding = d.sorcerer.demon.binding if d.sorcerer and d.sorcerer.demon else None
        dw = d.wounds
        carried = Carried(
            lasting=carried.lasting,
            pools=pools,
            binding=binding,
            demon_lasting=(dw.lasting if isinstance(dw, SorcererHealth) else 0)
            + extra.demon_lasting,
            demon_gone=d.status in GONE or binding is None,
        )
    return carried


def _pool(name: str, now: int, top: int, before: Carried) -> Pool:
    """A pool after the fight, its maximum as the run knows it (overrides may have cut it)."""
    known = before.pool(name)
    return (name, now, max(top, known[2]) if known else top)


def severity_of(me: CombatantView, carried: Carried) -> Aftermath | Literal[""]:
    """Sorcerer: how bad the lasting damage carried out of the fight is (empty for Werewolf).

    Step 6's own word stands when it is ``dead`` or ``mortal``; otherwise the lasting damage
    carried (which may be more than the fight's own) is measured against Stamina S:
    banged up (L <= S), hospital (S < L <= 2S), mortal (L > 2S).
    """
    w = me.wounds
    if not isinstance(w, SorcererHealth):
        return ""
    if w.severity in ("dead", "mortal"):
        return w.severity
    stamina = dict(me.traits).get("stamina", 0)
    lasting = carried.lasting
    if lasting > 2 * stamina:
        return "mortal"
    return "hospital" if lasting > stamina else "banged_up"


def end_of_fight(
    ruleset: str, view: FightView, me: CombatantView, severity: Aftermath | Literal[""]
) -> str:
    """Why the run ends after this fight, or empty if it goes on (``rules/gauntlet.md``)."""
    w = me.wounds
    if me.status == "dead" or (isinstance(w, WerewolfHealth) and w.dead):
        return "dead"
    if not traits(ruleset).aftermath:
        lost = view.winner != PLAYER_SIDE
        return "left for dead" if lost and me.status == "incapacitated" else ""
    match severity:
        case "dead":
            return "dead"
        case "mortal":
            return "mortal injuries"
        case "banged_up" | "hospital" | "":
            pass
        case _:
            assert_never(severity)
    humanity = next((p.current for p in me.pools if p.name == "Humanity"), None)
    return "lost to the demon" if humanity == 0 else ""


def rest(
    ruleset: str, carried: Carried, me: CombatantView, number: int, rules: RunRules
) -> Carried:
    """The rest after fight ``number`` (from 1): long after every ``long_rest_every`` fights."""
    long = number % rules.long_rest_every == 0
    if traits(ruleset).health_levels:
        kind = me.werewolf.kind if me.werewolf is not None else "human"
        return rest_werewolf(carried, kind, long=long, rules=rules)
    return rest_sorcerer(carried, long=long, rules=rules)
