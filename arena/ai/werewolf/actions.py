"""Werewolf action choices in expected levels: blows dealt, blows saved by a defence, splits."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from arena.ai.look import Sight
from arena.ai.pick import Level, tagged
from arena.ai.werewolf.focus import blow_worth as focus_worth
from arena.ai.werewolf.situation import W, beside, health, hitters, soak_dice
from arena.ai.werewolf.values import WORTH, blow, guarded, roll_of
from arena.rules.actions import Attack
from arena.rules.grid import distance
from arena.rules.views import (
    Choice,
    CombatantView,
    Decision,
    FightView,
    StorytellerSpec,
    WerewolfHarm,
    WerewolfHealth,
)
from arena.words.core import Drawn, Phrase
from arena.words.reasons import names, spaced, split_parts
from arena.words.werewolf import health_words

DEFENCES: Final = ("dodge", "block", "parry")


@dataclass(frozen=True, slots=True)
class Style:
    """What a policy weighs when it picks an action."""

    gang: float = 0.25
    """Extra worth per ally beside the target."""
    finish: float = 0.5
    """Extra worth of a blow expected to take the target out."""
    defend: float = 1.0
    """Weight of the levels a defence saves (0: never defends)."""
    split: bool = True
    guns: float = 1.0
    """Weight of a gun's blows."""
    melee: float = 1.0
    """Weight of hand-to-hand blows."""
    focus: bool = False
    """Weigh a blow by the dice it takes off the enemy (`focus`), not by its levels alone."""


def blow_worth(
    view: Sight[W],
    me: W,
    choice: Choice,
    target_id: str,
    spec: StorytellerSpec,
    style: Style,
    level: Level,
) -> float:
    """What one attack of this choice, with this roll, is worth to this policy, in levels."""
    # `harm_of`, `worth`, `attack_worth` and `levels_left` read in place, the same numbers in
    # the same order: every blow of every choice of every decision is weighed here.
    harm = choice.harm
    if not isinstance(harm, WerewolfHarm):
        return 0.0
    tags = choice.tags
    share = None  # the least share of the tags that count less than a blow (`worth`)
    for tag in tags:
        if tag in WORTH:
            counted = WORTH[tag]
            if share is None or counted < share:
                share = counted
    target = view.combatant(target_id)
    if style.focus and level != "easy":
        # The dice a blow takes off are read from pools, which only a whole view shows.
        if not isinstance(me, CombatantView) or not isinstance(target, CombatantView):
            raise TypeError("a blow weighed by focus reads the whole view")
        value = (1.0 if share is None else share) * focus_worth(me, target, spec, harm)
        value *= style.guns if "ranged" in tags else style.melee
        return value * (1 + style.gang * beside(view, target, me))
    soak = soak_dice(target, harm)
    dealt = blow(spec.pool, spec.difficulty, harm.pool, soak, spec.tens, harm.tens)
    value = (1.0 if share is None else share) * dealt
    value *= style.guns if "ranged" in tags else style.melee
    if level == "easy":
        return value / (1 + distance(me.pos, target.pos))
    wounds = target.wounds
    left = (wounds if isinstance(wounds, WerewolfHealth) else UNHURT).left
    if value >= left:
        value *= 1 + style.finish
    return value * (1 + style.gang * beside(view, target, me))


UNHURT: Final = WerewolfHealth()
"""The health of a combatant whose view gives none (`situation.health`)."""


def attack_value(view: Sight[W], me: W, choice: Choice, style: Style, level: Level) -> float:
    """`attack_score`'s worth alone, without the words of why."""
    spec, cmd = roll_of(choice), choice.command
    if spec is None or not isinstance(cmd, Attack):
        return 0.0
    return blow_worth(view, me, choice, cmd.target, spec, style, level)


def attack_score(
    view: FightView, me: CombatantView, choice: Choice, style: Style, level: Level
) -> tuple[float, Phrase | None]:
    """An attack choice's worth, with why (None for a choice that is no attack roll)."""
    spec, cmd = roll_of(choice), choice.command
    if spec is None or not isinstance(cmd, Attack):
        return 0.0, None
    value = blow_worth(view, me, choice, cmd.target, spec, style, level)
    target = view.combatant(cmd.target)
    means = Drawn(spaced, (cmd.means,))
    wounds = health(target)
    if wounds.filled or wounds.essence < wounds.essence_max:
        # Its health drawn from the numbers it holds.
        said = (
            means,
            target.name,
            spec.pool,
            spec.difficulty,
            value,
            Drawn(health_words, (wounds,)),
        )
        return value, Phrase("ai_ww_attack_hurt", said)
    return value, Phrase("ai_ww_attack", (means, target.name, spec.pool, spec.difficulty, value))


def defence_value(
    view: FightView, me: CombatantView, choice: Choice, segment: int | None, style: Style
) -> float:
    """`defence_score`'s worth alone, without the words of why."""
    spec = roll_of(choice)
    if spec is None or style.defend <= 0:
        return 0.0
    return style.defend * guarded(spec, me, hitters(view, me, segment))


def defence_score(
    view: FightView, me: CombatantView, choice: Choice, segment: int | None, style: Style
) -> tuple[float, Phrase | None]:
    """A whole action spent on a defence: the levels it saves on its segment."""
    spec = roll_of(choice)
    if spec is None or style.defend <= 0:
        return 0.0, None
    attackers = hitters(view, me, segment)
    value = style.defend * guarded(spec, me, attackers)
    who = Drawn(names, (tuple([a.name for a in attackers]), Phrase("ai_nobody")))
    return value, Phrase("ai_ww_defence", (choice.key, who, value))


def split_value(
    view: FightView, me: CombatantView, choice: Choice, style: Style, level: Level
) -> float:
    """`split_score`'s worth alone, without the words of why."""
    if not style.split or level == "easy":
        return 0.0
    # The rolls taken in order as `split_score` takes them, and the target looked for, in
    # loops rather than generators: every split of every decision is weighed here.
    rolls = choice.rolls
    at, count = 0, len(rolls)
    total = 0.0
    for part in choice.parts:
        head, segment, rest = part.action, part.segment, part.target
        if head == "move":
            continue
        spec = None
        while at < count:
            roll = rolls[at]
            at += 1
            if isinstance(roll, StorytellerSpec):
                spec = roll
                break
        if spec is None:
            spec = StorytellerSpec(part.dice, 6)
        if head in DEFENCES:
            value = style.defend * guarded(spec, me, hitters(view, me, segment))
        else:
            value = 0.0
            for c in view.combatants:
                if c.id == rest:
                    value = blow_worth(view, me, choice, rest, spec, style, level)
                    break
        total += value
    return total


def split_score(
    view: FightView, me: CombatantView, choice: Choice, style: Style, level: Level
) -> tuple[float, Phrase | None]:
    """A split's worth: each part's, the attack parts dealt and the defence parts saved.

    The parts that roll dice have a roll each in the choice's `rolls`, in order.
    """
    if not style.split or level == "easy":
        return 0.0, None
    rolls = iter(r for r in choice.rolls if isinstance(r, StorytellerSpec))
    total = 0.0
    said: list[tuple[str, int, float | None]] = []
    for part in choice.parts:
        head, segment, rest = part.action, part.segment, part.target
        if head == "move":
            said.append((head, segment, None))
            continue
        spec = next(rolls, StorytellerSpec(part.dice, 6))
        if head in DEFENCES:
            value = style.defend * guarded(spec, me, hitters(view, me, segment))
        elif any(c.id == rest for c in view.combatants):
            value = blow_worth(view, me, choice, rest, spec, style, level)
        else:
            value = 0.0
        total += value
        said.append((head, segment, value))
    return total, Phrase("ai_splits", (Drawn(split_parts, (tuple(said),)),))


def best_action(
    view: FightView, decision: Decision, style: Style, level: Level
) -> tuple[float, Choice, Phrase] | None:
    """The attack, defence or split worth most to this policy, if any is worth anything.

    Ties go to the earlier choice. Only the choice picked is put into words (its reason):
    the others' words would be made for nobody.
    """
    me = view.combatant(decision.actor)
    top, picked = 0.0, None
    for choice in decision.choices:
        tags = choice.tags
        if "attack" in tags:
            value = attack_value(view, me, choice, style, level)
        elif "defend" in tags:
            value = defence_value(view, me, choice, decision.segment, style)
        elif "split" in tags:
            value = split_value(view, me, choice, style, level)
        else:
            continue
        if value > top:  # worth anything, and more than every earlier choice
            top, picked = value, choice
    if picked is None:
        return None
    tags = picked.tags
    if "attack" in tags:
        _, why = attack_score(view, me, picked, style, level)
    elif "defend" in tags:
        _, why = defence_score(view, me, picked, decision.segment, style)
    else:
        _, why = split_score(view, me, picked, style, level)
    # Never None: a choice worth anything says why (the scores give None with nothing only).
    return None if why is None else (top, picked, why)


def moves(decision: Decision) -> list[Choice]:
    """The move choices with a cell."""
    return [c for c in tagged(decision, "move") if c.cell is not None]
