"""Werewolf questions besides the action: Rage, Willpower, aborting into a dodge, stuns."""

from __future__ import annotations

from typing import Final

from arena.ai.look import Sight, closest, current, foes
from arena.ai.pick import Level, Pick, default_choice, picked, tagged
from arena.ai.werewolf.actions import Style, attack_score
from arena.ai.werewolf.situation import WAR_FORM, W, attackers, kind, levels_left, state
from arena.ai.werewolf.values import cancelled, roll_of, threat
from arena.rules.odds import storyteller_odds
from arena.rules.views import Choice, Decision, FightView
from arena.rules.werewolf.commands import SpendRage
from arena.words.core import Drawn, Phrase
from arena.words.reasons import names

NEAR: Final = 8
"""Enemies this many cells away or closer make extra actions worth Rage (two moves at most)."""
WILLPOWER_GAIN: Final[dict[Level, float]] = {"easy": 2.0, "normal": 0.25, "hard": 0.15}
"""The rise in a roll's chance of success that makes a point of Willpower worth spending."""


def _amount(choice: Choice) -> int:
    return choice.command.amount if isinstance(choice.command, SpendRage) else 0


def rage(view: FightView, decision: Decision, level: Level, *, eager: bool = False) -> Pick:
    """Spend Rage on extra actions when enemies are near, keeping a point to shift for."""
    me = view.combatant(decision.actor)
    near = closest(me.pos, foes(view, me))
    offered = sorted(decision.choices, key=_amount)
    none = offered[0]
    reach = 1 if level == "easy" else NEAR
    if near > reach and not eager:
        return picked(none, "ai_saves_rage", near)
    keep = 1 if kind(me) == "garou" and state(me).form != WAR_FORM and level != "easy" else 0
    usable = current(me, "Rage") - keep
    spend = [c for c in offered if 0 < _amount(c) <= usable]
    if not spend:
        return picked(none, "ai_keeps_rage", current(me, "Rage"))
    choice = spend[-1]
    return picked(choice, "ai_spends_rage", choice.gist, near)


def free_attack(view: FightView, decision: Decision, level: Level) -> Pick:
    """Strike someone leaving its side with the blow worth most; let it go if none is worth it.

    The free attack costs nothing (no action, no pool), so any blow worth a thing is taken.
    """
    me = view.combatant(decision.actor)
    scored = [(attack_score(view, me, c, Style(), level), c) for c in tagged(decision, "attack")]
    worth = [(value, why, c) for (value, why), c in scored if value > 0]
    none = decision.choice("forgo") or default_choice(decision)
    if not worth:
        return picked(none, "ai_lets_go")
    _value, why, choice = max(worth, key=lambda found: found[0])
    return picked(choice, "ai_free_attack", why)


def willpower(view: FightView, decision: Decision, level: Level, *, gain: float = 0.0) -> Pick:
    """Spend Willpower on the roll it helps most, when it helps enough."""
    best_gain, best_choice = _lift(decision)
    none = decision.choice("forgo") or default_choice(decision)
    if best_choice is None or best_gain < (gain or WILLPOWER_GAIN[level]):
        return picked(none, "ai_keeps_willpower", best_gain)
    if current(view.combatant(decision.actor), "Willpower") < 1:
        return picked(none, "ai_keeps_willpower", best_gain)
    return picked(best_choice, "ai_spends_willpower", best_choice.gist, best_gain)


def keeps_willpower(decision: Decision, level: Level, *, gain: float = 0.0) -> Pick | None:
    """`willpower`'s answer when no roll is lifted enough to spend on, else None (it must look).

    The choices' rolls alone tell: the view is read only to spend.
    """
    best_gain, best_choice = _lift(decision)
    if best_choice is not None and best_gain >= (gain or WILLPOWER_GAIN[level]):
        return None
    none = decision.choice("forgo") or default_choice(decision)
    return picked(none, "ai_keeps_willpower", best_gain)


def _lift(decision: Decision) -> tuple[float, Choice | None]:
    """The most a point of Willpower lifts a roll's chance of success, and its choice."""
    best_gain, best_choice = 0.0, None
    for choice in tagged(decision, "willpower"):
        spec = roll_of(choice)
        if spec is None:
            continue
        rise = 1.0 - storyteller_odds(spec.pool, spec.difficulty, tens=spec.tens).p_success
        if rise > best_gain:
            best_gain, best_choice = rise, choice
    return best_gain, best_choice


def react(view: Sight[W], decision: Decision, level: Level) -> Pick:
    """Abort a later action into a dodge when the dodge saves more than the action would deal.

    It reads no more than the board at a glance shows: a `Board` serves as well as the view.
    """
    me = view.combatant(decision.actor)
    abort, forgo = decision.choice("abort"), decision.choice("forgo")
    spec = roll_of(abort) if abort else None
    if level == "easy" or abort is None or forgo is None or spec is None:
        choice = forgo or default_choice(decision)
        return picked(choice, "ai_keeps_action")
    who = attackers(view, me)
    # What the dodge saves (`guarded`) and what the blows would deal, in one loop over the
    # attackers, each threat reckoned once: the same sums in the same order, the same floats.
    saved: float = 0
    dealt: float = 0
    pool, difficulty, tens = spec.pool, spec.difficulty, spec.tens
    for a in who:
        hit = threat(a, me)
        saved += cancelled(pool, difficulty, a, tens) * hit
        dealt += hit
    enemies = foes(view, me)
    later = threat(me, enemies[0]) if enemies else 0.0
    if dealt >= levels_left(me):
        saved *= 2  # this blow could take it out: its skin first
    named = Drawn(names, (tuple([a.name for a in who]), Phrase("ai_an_enemy")))
    if saved > later:
        return picked(abort, "ai_aborts_dodge", named, saved)
    return picked(forgo, "ai_takes_blow", named, later)


def endure(decision: Decision) -> Pick:
    """Keep the action and take the blow, trusting the soak (a Bane's Gnosis)."""
    choice = decision.choice("forgo") or default_choice(decision)
    return picked(choice, "ai_trusts_soak")


def stun(view: FightView, decision: Decision, level: Level) -> Pick:
    """A stunned Garou spends Rage to act anyway, unless it plays easy."""
    shake = decision.choice("shake_off")
    if shake is not None and level != "easy":
        return picked(shake, "ai_shakes_stun")
    choice = decision.choice("forgo") or default_choice(decision)
    return picked(choice, "ai_loses_stun")
