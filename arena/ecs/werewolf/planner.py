"""A combatant's pools, rolls and attacks while its menu is built, each worked out once."""

from __future__ import annotations

from arena.ecs.ruleset import Ctx
from arena.ecs.werewolf.attack_options import AttackOption, attack_options
from arena.ecs.werewolf.components import Act
from arena.ecs.werewolf.rolls import RollPlan, base_difficulty, full_pool
from arena.rules.werewolf.terms import RollKind


class Planner:
    """One combatant's pools and rolls while its menu is built, each worked out once."""

    __slots__ = ("_attacks", "_bases", "_pools", "ctx", "ent")

    def __init__(self, ctx: Ctx, ent: int) -> None:
        """Plan for this combatant, in the state the fight is in now (nothing changes meanwhile)."""
        self.ctx, self.ent = ctx, ent
        self._pools: dict[Act, int] = {}
        self._bases: dict[Act, tuple[int, RollKind] | None] = {}
        self._attacks: list[AttackOption] | None = None

    def attacks(self) -> list[AttackOption]:
        """Every legal (means, target) now (`attack_options`)."""
        if self._attacks is None:
            self._attacks = attack_options(self.ctx, self.ent)
        return self._attacks

    def pool(self, act: Act) -> int:
        """The action's whole pool (`full_pool`)."""
        found = self._pools.get(act)
        if found is None:
            found = self._pools[act] = full_pool(self.ctx, self.ent, act)
        return found

    def plan(self, act: Act, *, dice: int = -1, penalty: int = 0) -> RollPlan | None:
        """The roll the action makes (`plan_roll`)."""
        if act in self._bases:
            base = self._bases[act]
        else:
            base = self._bases[act] = base_difficulty(self.ctx, self.ent, act)
        if base is None:
            return None
        return RollPlan(self.pool(act) if dice < 0 else dice, base[0] + penalty, base[1])
