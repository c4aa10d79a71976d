"""Sorcerer components: scores, wounds, demons, the round's plan and the fight's own state."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, ClassVar, Literal

from arena.content.sorcerer import SorcererCharacter, Weapon
from arena.ecs.components import Identity, Position, Status
from arena.rules.commands import Command
from arena.rules.grid import Cell
from arena.rules.kinds import Aftermath, BoostTrait, DemonIntent, DemonType
from arena.rules.phrase import Phrase, Said, Text
from arena.rules.sorcerer import (
    Binding,
    Damage,
    Defence,
    DicePool,
    Modifier,
    Rollover,
    Thresholds,
    TurnOrder,
    Wounds,
)
from arena.rules.views import (
    CombatantView,
    Decision,
    MapView,
    SorcererHarm,
    SorcererHealth,
    SorcererIntent,
    SorcererState,
)

Placed = tuple[int, bool, tuple[int, ...], tuple[int, ...], tuple[tuple[int, ...], ...]]
"""Where the order puts a combatant: (place from 1, shared, order dice, performance, tiebreaks)."""


@dataclass(slots=True)
class Scores:
    """A character's scores and what it can do with them."""

    stamina: int
    will: int
    lore: int
    humanity: int
    humanity_max: int
    weapons: tuple[str, ...]
    rituals: tuple[str, ...]
    role_play: int
    """The role-playing bonus its AI profile takes."""
    sorcerer: bool = False
    """Lore ≥ 1 and a bound demon or rituals: only sorcerers push through damage."""


@dataclass(slots=True)
class Health:
    """Damage carried, and the aftermath once the fight is over."""

    wounds: Wounds = field(default_factory=Wounds)
    checked: tuple[Wounds, int, str] | None = None
    """The wounds, a Big demon's Power and the status the thresholds last left: the same
    again need no new look at the thresholds (a refresh follows every roll and hit)."""
    severity: Aftermath | Literal[""] = ""
    """After the fight: ``banged_up``, ``hospital``, ``mortal`` or ``dead``; empty before."""


@dataclass(slots=True)
class DemonState:
    """A demon's Power, nature, binding and the abilities it has switched on."""

    power: int
    need: str
    desire: str
    type: DemonType
    abilities: tuple[str, ...]
    binding: Binding | None
    need_fed: bool
    present: bool = True
    """False until summoned into the fight."""
    arriving: bool = False
    """Summoned this round: it appears at the start of the next."""
    summoner: str = ""
    """Who summoned it: it appears beside them."""
    known_by: list[str] = field(default_factory=list)
    """Sorcerers who know its Need and Desire (its master, and whoever made Contact)."""
    contained_at: tuple[int, int] | None = None
    contain_radius: int = 0
    cloaked: bool = False
    """Cloak is on: attackers lose dice until the demon acts again."""
    protecting: str = ""
    """The combatant its Protection covers, until it acts again."""
    boosting: bool = False
    """It boosts its master this round: its own Power counts as 1."""
    judgment: Text = ""
    """Why it chose its intention on its own judgment (for the log and the view)."""
    judged: DemonIntent | Literal[""] = ""
    """Its own judgment's intent this round (``attack``, ``total_defense``, ``hide``)."""
    judged_target: str = ""
    """Whom its own judgment attacks, if anyone."""


@dataclass(slots=True)
class Plan:
    """This round: the intention, the pool, the reactions and how the action ended."""

    declared: Command | None = None
    """The intention stated at Step 1 (hidden until every intention is in)."""
    intention: Text = ""
    """The revealed intention, its words drawn when read."""
    order: Text = ""
    """A master's order to its demon as revealed: what the demon is to do."""
    command: Command | None = None
    """The action it will carry out (a demon's may come from its master's order)."""
    bonus: int | None = None
    """Role-playing bonus granted at Step 2; None: not yet asked."""
    push: int | None = None
    """Dice asked for when pushing through; 0: not pushing; None: not yet asked."""
    pool: DicePool | None = None
    """The action's pool after every modifier (Step 2)."""
    pushed: bool = False
    """The action rolls the pushed-for dice instead of its pool."""
    boost: Modifier | None = None
    """Boost from its demon this round, and the score it adds to."""
    boost_trait: BoostTrait | Literal[""] = ""
    baseline: int = 0
    """Its damage penalty just after its Step 3 roll (for sucked-up damage)."""
    reactions: dict[str, str] = field(default_factory=dict)
    """Attacker id → ``abort`` or ``suck_it_up``, for attacks before it acted."""
    hidden: list[str] = field(default_factory=list)
    """Attackers whose reaction was chosen in a simultaneous place and is not yet revealed."""
    ordered: bool = False
    """A demon carries out its master's order this round."""
    done: bool = False
    """The action was resolved, aborted or lost."""
    aborted: bool = False
    total_defense: bool = False


@dataclass(slots=True)
class Fighter:
    """One combatant's components, carried together: every step reads its facts from here.

    The components themselves, not copies: a system that changes one changes what every reader
    sees. Not frozen, so a copy of the fight (`arena.ecs.snapshot`) gets one holding the copy's
    own components.
    """

    SHARED_BY_COPIES: ClassVar[frozenset[str]] = frozenset({"sheet", "arms", "harms"})
    """Fields a copy of the fight shares with it: content fixed for the fight, and a lookup
    whose keys name all it depends on (the same combatant's weapons in both)."""

    ent: int
    who: Identity
    status: Status
    pos: Position
    scores: Scores
    health: Health
    plan: Plan
    demon: DemonState | None
    """Its demon state; None for a human."""
    sheet: SorcererCharacter
    """Its character sheet (content, fixed for the fight)."""
    arms: dict[str, Weapon]
    """Its weapons from content, by id (fixed for the fight)."""
    harms: dict[tuple[str, int], SorcererHarm] = field(default_factory=dict)
    """What its blows do, by (damage chart row, its Power now), worked out once."""
    place: int = -1
    """When it acts: its index among the members of the order Step 3 last fixed (as
    `RoundState.members` holds them); -1 when it has no action in that order, or none is fixed."""
    performance: tuple[int, ...] = ()
    """Its performance in that order: its Step 3 roll, high to low, plus any dice added since
    (a clobbered defender's gift); empty when it has no action in the order."""


@dataclass(slots=True)
class RoundState:
    """The fight's own entity: where the round's steps are, the order, the rollovers."""

    SHARED_BY_COPIES: ClassVar[frozenset[str]] = frozenset(
        {"roster", "entities", "names", "arms", "limits", "healths", "shown", "placed", "lines"}
    )
    """Fields a copy of the fight shares with it (`arena.ecs.snapshot`): lookups whose keys
    name all they depend on, what never changes during a fight, and values only ever replaced
    whole, never changed in place (the view's places and order lines)."""
    ENTRIES_SHARED_BY_COPIES: ClassVar[frozenset[str]] = frozenset({"views"})
    """Fields whose dict a copy makes its own but whose entries it shares: each entry is
    replaced whole, never changed in place (a view's record, its list of fields too)."""

    roster: tuple[tuple[int, Identity], ...] = ()
    """Every combatant entity with its identity, in roster order (fixed once spawned)."""
    entities: dict[str, int] = field(default_factory=dict)
    """Combatant id → entity."""
    names: dict[str, str] = field(default_factory=dict)
    """Combatant id → name (what the view's notes call the combatants a demon's notes name)."""
    fighters: tuple[Fighter, ...] = ()
    """Every combatant's carried components, in roster order (made with the roster)."""
    by_ent: dict[int, Fighter] = field(default_factory=dict)
    """Entity → its carried components."""
    by_cid: dict[str, Fighter] = field(default_factory=dict)
    """Combatant id → its carried components."""
    prepared: int = 0
    """The round whose plans were last reset."""
    asked: dict[str, Decision | None] = field(default_factory=dict)
    """This round's intention decisions by combatant id: nothing changes while they are
    collected, so each is built once; None for one found unable to state an intention."""
    menus: dict[tuple[str, str], Decision] = field(default_factory=dict)
    """Bonus and push decisions by (kind, combatant id), kept while Step 2 collects them."""
    arms: dict[tuple[int, int], tuple[SorcererHarm, ...]] = field(default_factory=dict)
    """What each combatant's weapons do, by (entity, its Power now), worked out once."""
    intents: dict[int, tuple[Command, bool, int, SorcererIntent]] = field(default_factory=dict)
    """Each entity's revealed intention as the view last showed it, with what it was made
    from: (command, ordered, Power, the intention)."""
    limits: dict[tuple[int, int], Thresholds] = field(default_factory=dict)
    """Damage thresholds by (Stamina, a Big demon's Power)."""
    healths: dict[tuple[int, int, str, int, int], tuple[SorcererHealth, Phrase]] = field(
        default_factory=dict
    )
    """Health as the view shows it, with its words, by (lasting, pending temporary damage,
    aftermath, Stamina, a Big demon's Power)."""
    views: dict[int, tuple[Text, Command | None, tuple[object, ...], CombatantView, list[Any]]] = (
        field(default_factory=dict)
    )
    """Entity → (the intention and the command it showed, what else it read, the view, the
    view's fields): made again only when one of them changed (the intention and the command:
    when either is another object), and then only the fields whose facts changed."""
    states: dict[int, tuple[Command | None, tuple[object, ...], SorcererState]] = field(
        default_factory=dict
    )
    """Entity → (the command it showed, the facts the view around it read, of which its
    Sorcerer state reads the first few, the state): kept apart from the view around it, which
    changes more often."""
    shown: tuple[MapView, tuple[tuple[str, str], ...]] | None = None
    """The map and the options as the view shows them (they never change during a fight)."""
    placed: tuple[TurnOrder | None, tuple[int, ...], dict[int, Placed]] = (None, (), {})
    """The order and members the view last placed, and each ordered entity's place."""
    lines: tuple[TurnOrder | None, Said] = (None, ())
    """The order the view last showed, and its lines (drawn into words when read)."""
    tasks_won: tuple[str, ...] = ()
    """The scenario's tasks won so far, by id: a won task is not stated again."""
    revealed: bool = False
    modified: bool = False
    ordered: bool = False
    """Step 3 has fixed this round's order."""
    order: TurnOrder | None = None
    """The latest order (last round's until Step 3 fixes this round's)."""
    members: tuple[int, ...] = ()
    """Entities in the order, indexed as `TurnOrder` indexes combatants."""
    place: int = 0
    """The next place of the order to resolve."""
    deferred: list[tuple[int, Damage, Text, int, str]] = field(default_factory=list)
    """Hits of a simultaneous place: (victim, damage, source in words, dealt by, chart row),
    applied once all have acted."""
    summarised: bool = False
    rollovers: tuple[Rollover, ...] = ()
    reacting: tuple[Command, tuple[object, ...], Cell | None, Defence, Defence] | None = None
    """The attack whose target was last asked to abort or suck it up, with what its answer
    leaves as it was: (the command, what it was worked out from, the attacker's cell, the
    defences under abort and under suck it up). Taken by that attack's next resolving."""
    sides: list[str] = field(default_factory=list)
    """Every side that has had someone in the fight, in order of appearance: a side left
    empty (its demon bound away) has lost."""
    over: bool = False
    winner: str | None = None
    outcome: Text = ""
