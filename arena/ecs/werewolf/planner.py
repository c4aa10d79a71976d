"""A combatant's pools, rolls and attacks while its menu is built, each worked out once."""

from __future__ import annotations

from dataclasses import dataclass

import esper

from arena.ecs.ruleset import Ctx
from arena.ecs.werewolf import lookup
from arena.ecs.werewolf.acts import ROLLLESS, part_phrase
from arena.ecs.werewolf.attack_options import AttackOption, attack_options
from arena.ecs.werewolf.components import Act, Memo
from arena.ecs.werewolf.harm import attack_tags, harm_of
from arena.ecs.werewolf.rolls import (
    attack_difficulty,
    base_difficulty,
    full_pool,
    tens_of,
    wielded_melee,
)
from arena.ecs.world import TABLES
from arena.rules.dice import Tens
from arena.rules.fast import quick_init
from arena.rules.phrase import Phrase
from arena.rules.views import StorytellerSpec, Tag, WerewolfHarm
from arena.rules.werewolf.frenzy import FRENZY
from arena.rules.werewolf.terms import RollKind


@quick_init
@dataclass(frozen=True, slots=True)
class PartInfo:
    """What one action does as a part of a split: its numbers and words."""

    act: Act
    pool: int
    """Its whole pool (wound penalty off)."""
    difficulty: int | None
    """Its base difficulty; None if it rolls nothing."""
    words: Phrase
    """The action as a part, in words still to be rendered: ``punch Tom``."""
    harm: WerewolfHarm | None = None
    """What it does if it lands (attacks)."""
    tags: tuple[Tag, ...] = ()
    """What its blow does besides hurt: ``ranged``, ``grapple``... (attacks)."""
    tens: Tens = "off"
    """What the 10s of its roll do (the ``specialty`` option)."""


class Planner:
    """One combatant's pools, rolls and attacks while its menu is built, each worked out once.

    Nothing in the fight changes while a menu is built, so what is found stays true until the
    menu is done; a planner is thrown away with it.
    """

    __slots__ = (
        "_acts",
        "_attacks",
        "_bases",
        "_harms",
        "_pools",
        "_specs",
        "_wielded",
        "_words",
        "cid",
        "ctx",
        "ent",
        "form",
        "me",
        "parts",
        "penalty",
        "values",
    )

    def __init__(self, ctx: Ctx, ent: int) -> None:
        """Plan for this combatant, in the state the fight is in now."""
        self.ctx, self.ent = ctx, ent
        me = self.me = lookup.fighter(ent)
        """Its carried components: the menu reads its body, condition, pools... from here."""
        self.cid = me.who.cid
        self.form = me.body.form
        """Its form now: with `penalty`, all its pools, harms and tags depend on."""
        self.values = lookup.traits(ctx, ent)
        """Its traits now (`lookup.traits`): read by every pool and split of its menu."""
        # `lookup.wound_penalty`, in place: none in frenzy where the frenzy ignores wounds.
        frenzied = me.cond.frenzied and FRENZY.ignores_wound_penalties
        self.penalty = 0 if frenzied else me.vit.penalty
        self._pools: dict[Act, int] = {}
        self._bases: dict[Act, tuple[int, RollKind] | None] = {}
        self._specs: dict[tuple[Act, int, int], StorytellerSpec | None] = {}
        self._harms: dict[str, WerewolfHarm | None] = {}
        self._words: dict[Act, Phrase] = {}
        self._attacks: list[AttackOption] | None = None
        self._acts: list[Act] | None = None
        self._wielded: str | None = None
        self.parts: dict[Act, PartInfo] = {}
        """Each action's numbers as a split part, kept by `family.part_info`."""

    def attacks(self) -> list[AttackOption]:
        """Every legal (means, target) now (`attack_options`); not to be changed."""
        if self._attacks is None:
            self._attacks, self._acts = attack_lists(self.ctx, self.ent)
        return self._attacks

    def attack_acts(self) -> list[Act]:
        """Each of `attacks` as the action it declares, in the same order; not to be changed."""
        if self._acts is None:
            self._attacks, self._acts = attack_lists(self.ctx, self.ent)
        return self._acts

    def wielded(self) -> str:
        """The first melee weapon in its hands, or empty (`wielded_melee`)."""
        if self._wielded is None:
            self._wielded = wielded_melee(self.ctx, self.ent)
        return self._wielded

    def pool(self, act: Act) -> int:
        """The action's whole pool (`full_pool`)."""
        pools = self._pools
        if act in pools:  # not .get(): a call saved, every pool of every menu
            return pools[act]
        found = pools[act] = full_pool(self.ctx, self.ent, act, self.values, self.penalty)
        return found

    def base(self, act: Act) -> tuple[int, RollKind] | None:
        """(base difficulty, kind of roll) of the action; None if it rolls nothing."""
        bases = self._bases
        if act in bases:  # not .get(): a call saved, every roll of every menu
            return bases[act]
        found = bases[act] = base_difficulty(self.ctx, self.ent, act)
        return found

    def bases(self, acts: list[Act]) -> tuple[tuple[Act, tuple[int, RollKind] | None], ...]:
        """Each action with its `base`, in order: one call for a menu's whole list."""
        bases = self._bases
        found: tuple[tuple[Act, tuple[int, RollKind] | None], ...] = ()
        for act in acts:  # `base`, in place
            if act in bases:
                found += ((act, bases[act]),)
                continue
            base: tuple[int, RollKind] | None
            if act.kind == "attack":  # `base_difficulty`'s attack, without its own call
                them = TABLES[esper.current_world][lookup.FIGHT][Memo].by_cid[act.target]
                base = (attack_difficulty(self.ctx, self.ent, them, act.means), "attack")
            else:
                base = base_difficulty(self.ctx, self.ent, act)
            bases[act] = base
            found += ((act, base),)
        return found

    def spec(self, act: Act, *, dice: int = -1, penalty: int = 0) -> StorytellerSpec | None:
        """The numbers of the roll the action makes (`plan_roll`); None if it rolls nothing."""
        if act.kind in ROLLLESS:
            return None
        key = (act, dice, penalty)
        specs = self._specs
        if key in specs:  # not .get(), as above
            return specs[key]
        base = self.base(act)
        found = None
        if base is not None:
            found = StorytellerSpec(
                self.pool(act) if dice < 0 else dice, base[0] + penalty, tens=self.tens(act)
            )
        self._specs[key] = found
        return found

    def tens(self, act: Act) -> Tens:
        """What the 10s of the action's roll do (`tens_of`)."""
        return tens_of(self.ctx, self.ent, act)

    def harm(self, means: str) -> WerewolfHarm | None:
        """What a blow with this means does if it lands (`harm_of`)."""
        if means in self._harms:
            return self._harms[means]
        found = self._harms[means] = harm_of(self.ctx, self.ent, means)
        return found

    def tags(self, means: str) -> tuple[Tag, ...]:
        """An attack's tags with this means (`attack_tags`)."""
        return attack_tags(self.ctx, self.ent, means)

    def words(self, act: Act) -> Phrase:
        """The action as a part of a split, in words still to be rendered (`part_phrase`)."""
        found = self._words.get(act)
        if found is None:
            found = self._words[act] = part_phrase(self.ctx, act)
        return found


def attack_lists(ctx: Ctx, ent: int) -> tuple[list[AttackOption], list[Act]]:
    """`attack_options` now, and each as the action it declares: the same for the same facts.

    Shared by the fights of one setup (`lookup.across`), keyed by all `attack_options` reads:
    the attacker's form, Frenzy and grapple, and where everyone stands, whether still in the
    fight, holding what (its own weapons among them). A menu made again for another segment or
    other pools finds them made.
    """
    kept: Memo = TABLES[esper.current_world][lookup.FIGHT][Memo]  # `lookup.fighter`, in place
    people = kept.fighters or lookup.fighters()
    me = kept.by_ent[ent]
    body = me.body
    placing: tuple[object, ...] = ()
    for f in people:  # gathered with ``+=``, the weapons unpacked: no call a combatant
        placing += ((f.pos.x, f.pos.y, f.status.state, (*f.body.weapons,)),)
    key = ("attacks", ent, body.form, me.cond.frenzied, body.held_by, body.holding, placing)
    return lookup.across(ctx, key, _attack_lists, ctx, ent)


def _attack_lists(ctx: Ctx, ent: int) -> tuple[list[AttackOption], list[Act]]:
    options = attack_options(ctx, ent)
    acts = [Act("attack", means=o.means, target=lookup.ident(o.target).cid) for o in options]
    return options, acts
