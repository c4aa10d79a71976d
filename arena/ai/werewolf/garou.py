"""Garou, Banes and frenzy: Rage, forms, splitting to dodge, fleeing at Crippled."""

from __future__ import annotations

from typing import Final

from arena.ai.look import current, foes, friends
from arena.ai.pick import Level, Pick, default_choice, picked, tagged
from arena.ai.werewolf.actions import Style, best_action
from arena.ai.werewolf.fighters import approach, brawl, flee, special, weakest
from arena.ai.werewolf.situation import WAR_FORM, crippled, hitters, levels_left, state
from arena.rules.views import Decision, FightView
from arena.words.core import Drawn, Phrase
from arena.words.reasons import label

GAROU: Final = Style(gang=0.25, finish=0.6, defend=1.0)
OUTNUMBERED: Final = Style(gang=0.25, finish=0.6, defend=1.6)
"""Beset by two or more, a Garou weighs its dodges higher: it splits to dodge."""
BANE: Final = Style(gang=0.2, defend=0.0, split=False)


def frenzied(view: FightView, decision: Decision) -> bool:
    """Its view says it is in frenzy."""
    return state(view.combatant(decision.actor)).frenzied


def frenzy(view: FightView, decision: Decision, level: Level) -> Pick:
    """Claw or bite the nearest enemy, whichever hurts more; else run at it; never stop."""
    action = best_action(view, decision, Style(gang=0.0, finish=0.0, defend=0.0), level)
    if action is not None:
        return picked(action[1], "ai_frenzy", action[2])
    run = [c for c in tagged(decision, "move") if c.cell is not None]
    if run:
        return picked(run[0], "ai_frenzy_runs")
    keep = [c for c in decision.choices if c.key != "end_frenzy"]
    choice = keep[0] if keep else default_choice(decision)
    return picked(choice, "ai_frenzy", Drawn(label, (choice,)))


def _shift(view: FightView, decision: Decision, blow: float) -> Pick | None:
    """Take the war form: for Rage, keeping the action; else with it, unless a blow would end it."""
    me = view.combatant(decision.actor)
    if state(me).form == WAR_FORM:
        return None
    free = decision.choice(f"shift:{WAR_FORM}:rage")
    if free is not None:
        return picked(free, "ai_shifts_for_rage")
    slow = decision.choice(f"shift:{WAR_FORM}")
    target = weakest(view, me)
    if slow is None or target is None or blow >= levels_left(target):
        return None
    why = (
        Phrase("ai_nobody_in_reach_yet") if blow <= 0 else Phrase("ai_not_one_blow", (target.name,))
    )
    return picked(slow, "ai_shifts", why)


def garou(view: FightView, decision: Decision, level: Level) -> Pick:
    """Crinos first; claws and bites; splits to dodge when beset; flees at Crippled."""
    if frenzied(view, decision):
        return frenzy(view, decision, level)
    found = special(decision)
    if found is not None:
        return found
    me = view.combatant(decision.actor)
    if crippled(me) and level != "easy":
        why = Phrase("ai_crippled" if friends(view, me) else "ai_crippled_alone")
        ran = flee(view, decision, why)
        if ran is not None:
            return ran
    style = OUTNUMBERED if len(hitters(view, me)) >= 2 else GAROU
    action = best_action(view, decision, style, level)
    shifted = _shift(view, decision, action[0] if action else 0.0) if level != "easy" else None
    if shifted is not None:
        return shifted
    if action is not None:
        return picked(action[1], action[2])
    return approach(view, decision) or brawl(view, decision, level, style)


def bane(view: FightView, decision: Decision, level: Level) -> Pick:
    """Lash the weakest in reach, trusting its Gnosis to soak; never guards, never runs."""
    found = special(decision)
    if found is not None:
        return found
    me = view.combatant(decision.actor)
    action = best_action(view, decision, BANE, level)
    if action is not None:
        return picked(action[1], "ai_bane_soaks", action[2], current(me, "Gnosis"))
    if not foes(view, me):
        choice = default_choice(decision)
        return picked(choice, "ai_nothing_left")
    return approach(view, decision, Phrase("ai_hungers")) or brawl(view, decision, level, BANE)
