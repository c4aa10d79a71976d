"""Werewolf components: sheet, body, pools, health, conditions and the turn's actions (data only).

Fast-changing state lives in fields of these components, never in components added and removed
(that clears esper's query caches).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, ClassVar, Literal, NamedTuple

from arena.ecs.components import Identity, Position, Status
from arena.rules.dice import StorytellerRoll
from arena.rules.kinds import DeliriumReaction
from arena.rules.phrase import Text
from arena.rules.views import CombatantView, Decision, WerewolfHealth
from arena.rules.werewolf.health import EssenceTrack, HealthTrack
from arena.rules.werewolf.terms import Breed, DamageType, Template


@dataclass(frozen=True, slots=True)
class Sheet:
    """What a combatant is, fixed for the fight: its traits as written, its forms and attacks.

    Frozen: a copy of the fight (`arena.ecs.snapshot`) shares it rather than copying it.
    """

    kind: Template
    breed: Breed | None
    base: dict[str, int]
    """Attributes and abilities as written (Homid values for a Garou), overrides applied."""
    forms: tuple[str, ...]
    maneuvers: tuple[str, ...]
    specialties: tuple[str, ...] = ()
    """Abilities with a specialty: their 10s follow the ``specialty`` option."""


@dataclass(slots=True)
class Body:
    """The combatant's body now: its form, what it holds, how it stands."""

    form: str
    weapons: list[str]
    """Weapons still in hand (a disarm takes one)."""
    facing: tuple[int, int] = (0, 1)
    """The direction it faces, one of the 8 neighbour steps."""
    prone: bool = False
    """Knocked down: its next action goes on standing up."""
    held_by: str = ""
    """The id of whoever holds it in a grapple."""
    holding: str = ""
    """The id of whoever it holds in a grapple."""


@dataclass(slots=True)
class Pools:
    """Rage, Gnosis and Willpower (current and permanent), and what was spent this turn."""

    rage: int
    rage_max: int
    gnosis: int
    gnosis_max: int
    willpower: int
    willpower_max: int
    rage_spent_turn: int = 0
    gnosis_used_turn: bool = False
    willpower_used_turn: bool = False


@dataclass(slots=True)
class Vitality:
    """Health: a health track, or a spirit's Essence."""

    track: HealthTrack | None
    essence: EssenceTrack | None
    wounded_before: bool = False
    """Has taken damage earlier in the fight (the first wound triggers a frenzy check)."""
    penalty: int = 0
    """The track's wound penalty, kept with it (`wounds.set_track`): every pool reads it."""


@dataclass(slots=True)
class Condition:
    """Frenzy, stun and Delirium, and a word on why the combatant does what it does."""

    frenzied: bool = False
    stunned: bool = False
    delirium: DeliriumReaction | Literal[""] = ""
    """The Delirium reaction once it struck: flee_or_freeze, berserk or fight_on."""
    note: str = ""
    """Why it acts as it does (frenzy, Delirium): a template id of `arena.words`, or empty."""


class Act(NamedTuple):
    """What one action (or one part of a split action) does.

    A named tuple, not a dataclass: menus, rolls and shared lookups key by actions hundreds of
    times a fight, and a tuple hashes and compares without a call of its own.
    """

    kind: str
    """attack, dodge, block, parry, move, shift, flee, sideways, stand, break_free, wait."""
    means: str = ""
    """The maneuver or weapon of an attack."""
    target: str = ""
    cell: tuple[int, int] | None = None
    form: str = ""

    def __deepcopy__(self, memo: dict[int, Any]) -> Act:
        # Unchangeable, as a frozen value: a world's copy shares it (`arena.ecs.snapshot`).
        return self


@dataclass(slots=True)
class Slot:
    """One action of the turn: when it goes, what was declared, what its roll did."""

    tick: int
    """Ordering: higher goes first, equal is simultaneous (the segment, in the seed preset)."""
    segment: int
    """The segment (seed) or initiative score (w20) shown to people."""
    rage: bool = False
    """Bought with Rage."""
    act: Act | None = None
    """The declared action; None until declared."""
    dice: int = -1
    """The dice of a split part; -1 rolls the full pool."""
    penalty: int = 0
    """Difficulty added by a split on one segment."""
    split: bool = False
    """Part of a split action."""
    aborted: bool = False
    """An abort to dodge moved it here."""
    willpower: bool = False
    """1 Willpower buys it an automatic success."""
    roll: StorytellerRoll | None = None
    """Its roll this segment (attack, defence, Gnosis, a contest's own side)."""
    versus: StorytellerRoll | None = None
    """The other side of a contested roll."""
    difficulty: int = 0
    why: Text = ""
    """How the pool and difficulty were made, for the log (drawn only when read)."""
    done: bool = False
    """Resolved or lost."""
    left: bool = False
    """A move past the free attacks of the enemies it leaves (asked, rolled, applied)."""


@dataclass(slots=True)
class Turn:
    """A combatant's turn: initiative, Rage, its action slots and which decisions were made."""

    initiative: int = -1
    """The segment (seed) or score (w20); -1 before the roll."""
    botched: bool = False
    rage_decided: bool = False
    slots: list[Slot] = field(default_factory=list)
    reaction_tick: int = -1
    """The tick at which it was last asked whether to abort into a dodge."""
    willpower_tick: int = -1
    """The tick at which it was last asked whether to spend Willpower."""
    stun_tick: int = -1
    """The tick at which it was last asked whether to shake off a stun."""
    free_attacked: bool = False
    """It made its free attack of the turn on someone leaving its side [ruling]."""


@dataclass(slots=True)
class Hit:
    """An attack of the current segment that landed: its damage and soak as they are rolled."""

    attacker: int
    target: int
    means: str
    damage_pool: int
    damage_type: DamageType
    silver: bool
    knockdown: str
    effect: str
    successes: int
    damage: StorytellerRoll | None = None
    soak: StorytellerRoll | None = None
    levels: int = 0
    taken: DamageType = "bashing"


@dataclass(slots=True)
class TurnClock:
    """The fight's own entity: where the segment loop is within the turn."""

    tick: int | None = None
    """The tick being played; None before the first and after the last."""
    phase: int = 0
    """Index into the segment phases for the current tick."""
    hits: list[Hit] = field(default_factory=list)
    """This segment's landed hits, between the attack, damage, soak and health phases."""
    wounded: list[int] = field(default_factory=list)
    """Entities wounded in this segment, for frenzy checks."""
    rolled_round: int = 0
    """The turn whose initiative was rolled."""
    free: dict[str, str] = field(default_factory=dict)
    """The move being resolved: each enemy's answer to its free attack (the means, or ""
    when it lets the mover go), by combatant id; emptied once the move resolves."""
    acting: dict[int, list[tuple[Fighter, list[Slot]]]] = field(default_factory=dict)
    """Who acts when, kept as it changes rather than searched for: tick → each combatant in
    the fight with open slots on that tick, in roster order, with those slots in the order
    added; no tick without any. `slots` keeps it as initiative is rolled, Rage sets the
    segments, an action is split, aborted, resolved or lost, and a combatant leaves the fight.
    Its lists are replaced, never changed in place, so a phase may loop over one meanwhile."""
    sides: dict[str, int] | None = None
    """Side → how many of it are still in the fight, for the sides with anyone left, in roster
    order; counted when first asked (None before), then kept as combatants leave the fight."""


@dataclass(slots=True)
class Fighter:
    """One combatant's components, carried together: every step reads its facts from here.

    The components themselves, not copies: a system that changes one changes what every reader
    sees. Not frozen, so a copy of the fight (`arena.ecs.snapshot`) gets one holding the copy's
    own components.
    """

    ent: int
    who: Identity
    status: Status
    pos: Position
    sheet: Sheet
    body: Body
    pools: Pools
    vit: Vitality
    cond: Condition
    turn: Turn
    dreads: frozenset[str] | None = None
    """The forms in the content whose sight would cause it the Delirium (empty: none can);
    None until first asked."""


@dataclass(slots=True)
class Memo:
    """What the fight looks up again and again, kept on the fight's own entity.

    Lookups of what stays fixed for the fight (content, the roster, the map), filled on first
    use, and the decisions still waiting for an answer.
    """

    SHARED_BY_COPIES: ClassVar[frozenset[str]] = frozenset(
        {"roster", "found", "traits", "means", "wounds", "views"}
    )
    """Fields a copy of the fight shares with it (`arena.ecs.snapshot`): lookups whose keys
    name all they depend on, so both fights may read and fill them. A view record or a
    wounds record is checked against all it read (its key and its tracks, by identity: frozen
    values shared by the copies) before it is used: another fight's record is used only where
    it shows the same."""

    roster: list[tuple[int, Identity]] = field(default_factory=list)
    """Every combatant entity with its identity, in roster order."""
    fighters: list[Fighter] = field(default_factory=list)
    """Every combatant's carried components, in roster order (filled with the roster)."""
    by_ent: dict[int, Fighter] = field(default_factory=dict)
    """Entity → its carried components."""
    by_cid: dict[str, Fighter] = field(default_factory=dict)
    """Combatant id → its carried components."""
    found: dict[tuple[object, ...], Any] = field(default_factory=dict)
    """Lookups by a key naming all they depend on: a form, a reach map for one placing..."""
    traits: dict[tuple[int, str], dict[str, int]] = field(default_factory=dict)
    """(entity, form) → its traits in that form."""
    means: dict[tuple[str, str], Any] = field(default_factory=dict)
    """(means, form) → the maneuver or weapon in that form."""
    wounds: dict[int, tuple[HealthTrack | None, EssenceTrack | None, WerewolfHealth]] = field(
        default_factory=dict
    )
    """Entity → (health track, Essence, their numbers), worked out once per track."""
    views: dict[int, tuple[tuple[object, ...], object, object, CombatantView]] = field(
        default_factory=dict
    )
    """Entity → (what its view read, its health track, its Essence, the view): made again only
    when one of them changed."""
    kept: dict[tuple[int, str], tuple[tuple[object, ...], Decision]] = field(default_factory=dict)
    delirium_spent: bool = False
    """Nobody is left whom the Delirium could still strike (each struck already, or dreading no
    form): worked out at a check, and true for the rest of the fight once true."""
    shared: Shared | None = None
    """Lookups shared by every fight of the same content, scenario and options (`lookup.across`);
    None until first used."""


@dataclass(frozen=True, slots=True)
class Shared:
    """Lookups shared by the fights of one content, scenario and options.

    Each key names everything its value depends on besides those three. Frozen, so a copied
    fight shares them too.
    """

    found: dict[tuple[object, ...], Any]
    """Key → value: the lookups made or used since the last turnover (see `lookup.across`)."""
    older: dict[tuple[object, ...], Any] = field(default_factory=dict)
    """The lookups of the generation before: still used (and brought back into `found`) until
    the next turnover drops those not used meanwhile."""
    said: dict[tuple[object, ...], Any] = field(default_factory=dict)
    """Key → an event's words (`lookup.said`): kept apart, so that they never hasten the
    turnover of the lookups above, which cost far more to make again."""
