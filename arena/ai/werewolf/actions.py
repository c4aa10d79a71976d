"""Werewolf action choices in expected levels: blows dealt, blows saved by a defence, splits."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Final

from arena.ai.look import rolls_in
from arena.ai.pick import Level, best, tagged
from arena.ai.werewolf.means import means
from arena.ai.werewolf.situation import beside, hitters, levels_left
from arena.ai.werewolf.values import attack_worth, guarded
from arena.rules.actions import Attack
from arena.rules.grid import distance
from arena.rules.views import Choice, CombatantView, Decision, FightView
from arena.rules.werewolf_actions import Split

_SEGMENT: Final = re.compile(r"segment (\d+)")
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


def segment_of(decision: Decision) -> int | None:
    """The segment this action is on, from the question."""
    found = _SEGMENT.search(decision.prompt)
    return int(found.group(1)) if found else None


def blow_worth(
    view: FightView,
    me: CombatantView,
    name: str,
    target_id: str,
    roll: tuple[int, int],
    style: Style,
    level: Level,
) -> float:
    """What one attack is worth to this policy, in expected levels."""
    target = view.combatant(target_id)
    value = attack_worth(me, target, name, *roll)
    value *= style.guns if means(name, me.form).gun else style.melee
    if level == "easy":
        return value / (1 + distance(me.pos, target.pos))
    if value >= levels_left(target):
        value *= 1 + style.finish
    return value * (1 + style.gang * beside(view, target, me))


def attack_score(
    view: FightView, me: CombatantView, choice: Choice, style: Style, level: Level
) -> tuple[float, str]:
    """An attack choice's worth, with why."""
    rolls = rolls_in(choice.odds) or rolls_in(choice.label)
    if not rolls or not isinstance(choice.command, Attack):
        return 0.0, ""
    cmd = choice.command
    value = blow_worth(view, me, cmd.means, cmd.target, rolls[0], style, level)
    target = view.combatant(cmd.target)
    pool, diff = rolls[0]
    why = f"{cmd.means.replace('_', ' ')} {target.name}: {pool} dice at {diff}, {value:.1f} levels"
    if target.health not in ("Healthy", ""):
        why += f", {target.name} is {target.health}"
    return value, why


def defence_score(
    view: FightView, me: CombatantView, choice: Choice, segment: int | None, style: Style
) -> tuple[float, str]:
    """A whole action spent on a defence: the levels it saves on its segment."""
    rolls = rolls_in(choice.odds)
    if not rolls or style.defend <= 0:
        return 0.0, ""
    attackers = hitters(view, me, segment)
    value = style.defend * guarded(*rolls[0], me, attackers)
    names = ", ".join(a.name for a in attackers) or "nobody"
    return value, f"{choice.key}s against {names}: saves {value:.1f} levels"


def parts(choice: Choice) -> list[tuple[str, int, int]]:
    """A split's parts as (action key, segment, dice), from its command (two or three)."""
    cmd = choice.command
    if not isinstance(cmd, Split):
        return []
    found = [(cmd.first, cmd.first_segment, cmd.first_dice)]
    found.append((cmd.second, cmd.second_segment, cmd.second_dice))
    third = getattr(cmd, "third", "")
    if third:
        found.append((third, getattr(cmd, "third_segment", -1), getattr(cmd, "third_dice", 0)))
    return found


def split_score(
    view: FightView, me: CombatantView, choice: Choice, style: Style, level: Level
) -> tuple[float, str]:
    """A split's worth: each part's, the attack parts dealt and the defence parts saved."""
    if not style.split or level == "easy":
        return 0.0, ""
    rolls = iter(rolls_in(choice.odds))
    total, words = 0.0, []
    for key, segment, dice in parts(choice):
        head, _, rest = key.partition(":")
        if head == "move":
            words.append(f"move on {segment}")
            continue
        roll = next(rolls, (dice, 6))
        if head in DEFENCES:
            value = style.defend * guarded(roll[0], roll[1], me, hitters(view, me, segment))
        elif any(c.id == rest for c in view.combatants):
            value = blow_worth(view, me, head, rest, roll, style, level)
        else:
            value = 0.0
        total += value
        words.append(f"{head.replace('_', ' ')} on {segment} ({value:.1f})")
    return total, f"splits: {' + '.join(words)}"


def best_action(
    view: FightView, decision: Decision, style: Style, level: Level
) -> tuple[float, Choice, str] | None:
    """The attack, defence or split worth most to this policy, if any is worth anything."""
    me = view.combatant(decision.actor)
    segment = segment_of(decision)
    scored = []
    for index, choice in enumerate(decision.choices):
        if "attack" in choice.tags:
            value, why = attack_score(view, me, choice, style, level)
        elif "defend" in choice.tags:
            value, why = defence_score(view, me, choice, segment, style)
        elif "split" in choice.tags:
            value, why = split_score(view, me, choice, style, level)
        else:
            continue
        if value > 0:
            scored.append((value, index, choice, why))
    found = best(scored)
    if found is None:
        return None
    return max(s[0] for s in scored), found[0], found[1]


def moves(decision: Decision) -> list[Choice]:
    """The move choices with a cell."""
    return [c for c in tagged(decision, "move") if c.cell is not None]
