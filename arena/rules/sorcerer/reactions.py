"""Step 4 reactions: abort or suck it up, defence pools, and the attack's contest."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Final, Literal

from arena.rules.dice import Contest, resolve_contest
from arena.rules.fast import quick_init
from arena.rules.sorcerer.clobber import apply_clobber
from arena.rules.sorcerer.pools import DicePool, Modifier, assemble_pool

SUCK_IT_UP_BASE: Final = 1
"""[seed] Sucking it up, you defend with 1 die plus modifiers."""

Reaction = Literal["abort", "suck_it_up"]
"""The choice of a target attacked before it has acted."""


@quick_init
@dataclass(frozen=True, slots=True)
class Defence:
    """A defence ready to roll, and what the clobber rule gives the attacker."""

    pool: DicePool
    """The defender's pool, at least 1 die."""
    attacker_bonus: Modifier
    """Bonus dice the attacker adds to its performance (zero unless the defender was clobbered)."""
    keeps_action: bool
    """The defender still acts this round (it sucked it up, or it has acted already)."""


def defence_pool(
    *,
    stamina: int,
    has_acted: bool,
    reaction: Reaction | None,
    modifiers: Sequence[Modifier] = (),
    score_name: str = "Stamina",
) -> Defence:
    """The defence against one attack; it is the same for the first attack and the tenth.

    Args:
        stamina: the defender's Stamina score (its Will against Psychic Force).
        has_acted: the defender has already resolved its action this round.
        reaction: before acting, ``abort`` (Stamina, the action is lost) or ``suck_it_up``
            (1 die, the action is kept); None once it has acted.
        modifiers: total defense, damage, rollover, role-playing, Protection, cover...
        score_name: what the log calls the score (``Will`` against Psychic Force).

    Returns:
        The defence, with the clobber rule applied.

    Raises:
        ValueError: a reaction is given after acting, or none before.
    """
    if has_acted != (reaction is None):
        raise ValueError("choose abort or suck_it_up only when attacked before acting")
    if reaction == "suck_it_up":
        pool = assemble_pool("suck it up", SUCK_IT_UP_BASE, modifiers)
    else:
        pool = assemble_pool(score_name, stamina, modifiers)
    lifted, bonus = apply_clobber(pool)
    return Defence(lifted, bonus, keeps_action=reaction != "abort")


def suck_it_up_bonus(penalty_when_rolled: int, penalty_now: int) -> Modifier:
    """Bonus dice for the target of an action whose actor sucked up hits after rolling it.

    The action was rolled at Step 3 and is not reduced; its target gets bonus dice equal to
    the penalty the actor should have taken instead.

    Args:
        penalty_when_rolled: the actor's damage penalty on its Step 3 roll.
        penalty_now: the actor's damage penalty when the action resolves.

    Returns:
        The target's bonus (zero dice if the actor took no new damage).
    """
    return _sucked_up(penalty_now - penalty_when_rolled if penalty_now > penalty_when_rolled else 0)


@lru_cache(maxsize=256)
def _sucked_up(dice: int) -> Modifier:
    """The bonus of `dice` dice, made once: every attack resolved asks it (nearly always 0)."""
    return Modifier("sucked-up damage", dice)


@quick_init
@dataclass(frozen=True, slots=True)
class AttackResult:
    """An attack's contest: the performance (first) against the defence (second)."""

    contest: Contest
    """The contest, with both sides' faces."""

    @property
    def hit(self) -> int:
        """The attacker's victories, for the damage chart (0 if it did not win)."""
        return self.contest.victories if self.contest.winner == "first" else 0

    @property
    def defender_rollover(self) -> int:
        """The defender's victories, which become its rollover (0 if it did not win)."""
        return self.contest.victories if self.contest.winner == "second" else 0


def resolve_attack(performance: Sequence[int], defence: Sequence[int]) -> AttackResult:
    """Resolve an attack: its Step 3 performance against the defence roll; a tie does nothing."""
    return AttackResult(resolve_contest(performance, defence))
