"""Werewolf policies: each answers every Werewolf question, its actions in its own way."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any, Final, assert_never

from arena.ai.basic import nearest
from arena.ai.pick import Body, Level, Pick, picked
from arena.ai.werewolf.answers import (
    endure,
    free_attack,
    keeps_willpower,
    rage,
    react,
    stun,
    willpower,
)
from arena.ai.werewolf.fighters import coward, fomor, shooter, thug
from arena.ai.werewolf.garou import bane, frenzied, frenzy, garou
from arena.rules.views import Decision, FightView
from arena.words.core import Drawn
from arena.words.reasons import label

Act = Callable[[FightView, Decision, Level], Pick]
"""How a policy picks an action."""

MOST_PICKS: Final = 4096
"""Picks a policy keeps before it starts afresh (each holds its decision and views)."""
Picks = dict[tuple[object, ...], tuple[Any, ...]]
"""(id of the decision, level, id of the map, id of each combatant's view) → (the pick, the
decision, the map, each combatant's view): see `policy`."""


def policy(
    act: Act, *, eager_rage: bool = False, willpower_gain: float = 0.0, guards: bool = True
) -> Body:
    """A whole Werewolf policy from its way of picking actions.

    Args:
        act: its actions.
        eager_rage: spend Rage whenever it is offered, whoever is near.
        willpower_gain: the rise in a roll's chance that makes Willpower worth it (0: by level).
        guards: it may abort an action into a dodge (a Bane trusts its Gnosis instead).
    """
    kept: Picks = {}

    def play(view: FightView, decision: Decision, rng: random.Random, level: Level) -> Pick:
        # A Werewolf pick reads only the decision, the map, the combatants' views and the level
        # (never the dice): the fights of one setup share their decisions and views, and meet the
        # same moments again and again, so a pick is kept by those objects' identity (no view
        # is hashed: a view hashes every field it holds). The entry holds the objects, so
        # their ids are not reused while it is kept.
        if decision.kind not in _KEPT:
            return _play(view, decision, rng, level)
        people, shown = view.combatants, view.map
        key: tuple[object, ...] = (id(decision), level, id(shown))
        for c in people:  # gathered with ``+=``, not a generator and `tuple`'s calls
            key += (id(c),)
        found = kept.get(key)
        if found is not None and found[1] is decision and found[2] is shown:
            at = 3
            for c in people:
                if found[at] is not c:
                    break
                at += 1
            else:
                kept_pick: Pick = found[0]
                return kept_pick
        pick = _play(view, decision, rng, level)
        if len(kept) >= MOST_PICKS:
            kept.clear()
        # One tuple: the collector walks every object a batch keeps.
        kept[key] = (pick, decision, shown, *people)
        return pick

    def _play(view: FightView, decision: Decision, rng: random.Random, level: Level) -> Pick:
        match decision.kind:
            case "action":
                return (
                    frenzy(view, decision, level)
                    if frenzied(view, decision)
                    else act(view, decision, level)
                )
            case "rage":
                return rage(view, decision, level, eager=eager_rage)
            case "willpower":
                return willpower(view, decision, level, gain=willpower_gain)
            case "reaction":
                return react(view, decision, level)
            case "stun":
                return stun(view, decision, level)
            case "free_attack":
                return free_attack(view, decision, level)
            case "intention" | "bonus" | "push":  # Sorcerer's: the naive answer
                return nearest(view, decision, rng, level)
            case _:
                assert_never(decision.kind)

    def glance(decision: Decision, rng: random.Random, level: Level) -> Pick | None:
        if len(decision.choices) == 1:
            only = decision.choices[0]
            return picked(only, "ai_one_choice", Drawn(label, (only,)))
        if decision.kind == "reaction" and not guards:
            return endure(decision)
        if decision.kind == "willpower":
            return keeps_willpower(decision, level, gain=willpower_gain)
        return None

    play.__name__ = act.__name__
    play.__doc__ = act.__doc__
    return Body(play, glance)


_KEPT: Final = ("action", "reaction", "free_attack")
"""The questions whose picks are kept: those that weigh blows and defences against the board.
Rage, Willpower and stuns are answered in a few steps, cheaper than a kept pick's upkeep (the
collector walks every object kept); Sorcerer's questions fall back on the naive policy, which
may read the dice."""

THUG = policy(thug)
SHOOTER = policy(shooter)
FOMOR = policy(fomor, willpower_gain=0.1)
COWARD = policy(coward)
GAROU = policy(garou)
BANE = policy(bane, eager_rage=True, guards=False)
FRENZY = policy(frenzy)
