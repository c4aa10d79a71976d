"""What a fight shows and asks: frozen views and pending decisions."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal, Protocol, TypeVar

from arena.rules import phrase
from arena.rules.commands import Command
from arena.rules.dice import Tens
from arena.rules.events import Roll
from arena.rules.fast import quick_init
from arena.rules.kinds import (
    Aftermath,
    BoostTrait,
    DamageType,
    DeliriumReaction,
    DemonIntent,
    DemonType,
    Ruleset,
    SorcererKind,
    WerewolfKind,
)
from arena.rules.odds import (
    StorytellerOdds,
    contest_chances,
    known_contest_odds,
    open_odds,
    storyteller_odds,
)
from arena.rules.phrase import Phrase, Said, Text

DecisionKind = Literal[
    "intention", "bonus", "push", "reaction", "action", "rage", "stun", "willpower", "free_attack"
]
"""What a decision asks (matched exhaustively where it matters)."""
Status = Literal[
    "active",
    "cannot_act",
    "incapacitated",
    "helpless",
    "dead",
    "fled",
    "banished",
    "stepped_out",
    "dissipated",
    "absent",
]
"""Where a combatant stands in the fight."""
PoolName = Literal["Rage", "Gnosis", "Willpower", "Humanity", "Power"]
"""A spendable trait a view shows (Sorcerer's Power: a demon's)."""
Tag = Literal[
    # what a choice does
    "attack",
    "defend",
    "move",
    "flee",
    "split",
    "shift",
    "willpower",
    "ritual",
    "aim",
    "command",
    "ability",
    "task",
    # how it does it
    "default",
    "judgment",
    "ranged",
    "grapple",
    "disarm",
    "knocks_down",
    "falls_too",
    "toward",
    "away",
    "exit",
    "jump",
    "climb",
    "hop",
]
"""What kind of choice it is, for AI policies and menus: a choice carries several."""


@quick_init
@dataclass(frozen=True, slots=True)
class StorytellerSpec:
    """A Storyteller roll still to be made: the numbers its odds come from."""

    pool: int
    """Dice rolled (after wound and split penalties)."""
    difficulty: int
    """The difficulty as stated (may exceed 10)."""
    automatic: int = 0
    """Automatic successes (Willpower)."""
    required: int = 1
    """Net successes the action needs."""
    open_ended: bool = False
    """A damage or soak roll: 1s do not cancel, no botch."""
    tens: Tens = "off"
    """What a 10 does: ``off`` nothing more; ``double`` a second success (a specialty);
    ``reroll`` adds a die (a specialty; on a damage or soak roll, the seed's rule)."""

    def odds(self) -> StorytellerOdds:
        """Exact odds (computed once per distinct roll, then cached)."""
        if self.open_ended:
            return open_odds(self.pool, self.difficulty, tens=self.tens)
        return storyteller_odds(
            self.pool, self.difficulty, automatic=self.automatic, tens=self.tens
        )

    def chance(self) -> float:
        """The chance of at least `required` net successes."""
        table = self.odds().at_least
        return table[self.required] if self.required < len(table) else 0.0

    def words(self) -> str:
        """The roll in a few words, for a label: ``4 dice at 6``."""
        return phrase.draw(Phrase("roll_words", (self,)))

    def odds_words(self) -> str:
        """The roll's exact odds in words."""
        return phrase.draw(Phrase("roll_odds", (self,)))


@quick_init
@dataclass(frozen=True, slots=True)
class ContestSpec:
    """A Sorcerer contest still to be rolled, from the chooser's side."""

    own: int
    """The chooser's dice."""
    opposing: int
    """The other side's dice."""
    known: tuple[int, ...] | None = None
    """The other side's faces, when they are already rolled (a defence against a made attack)."""
    extra: int = 0
    """With `known`: the other side's dice still to roll on top of those faces (the bonus a
    clobbered defender hands the attacker); `opposing` counts them with the faces."""
    reroll_ties: bool = False
    """With `known`: a complete tie is rerolled until someone wins (option ``tie: reroll``)."""
    win: str = "win"
    """What winning means here, for the odds line: ``hit``, ``defend``, ``escape``, or a
    template id of the words (``sorc_win_push``), drawn only when the odds are shown."""

    def chances(self) -> tuple[float, float, float]:
        """(win, lose, complete tie) for the chooser, against the known faces if any."""
        if self.known is not None:
            odds = known_contest_odds(
                self.own, self.known, self.extra, reroll_ties=self.reroll_ties
            )
            return odds.p_first, odds.p_second, odds.p_tie
        return contest_chances(self.own, self.opposing)

    def words(self) -> str:
        """The contest in a few words, for a label: ``4 dice against 3``."""
        return phrase.draw(Phrase("roll_words", (self,)))

    def odds_words(self) -> str:
        """The contest's exact odds in words, for the chooser."""
        return phrase.draw(Phrase("roll_odds", (self,)))


RollSpec = StorytellerSpec | ContestSpec
"""A roll a choice would make."""


@quick_init
@dataclass(frozen=True, slots=True)
class WerewolfHarm:
    """What a Werewolf blow does if it lands: damage dice before extra successes, and type."""

    pool: int
    damage_type: DamageType
    adds_successes: bool = True
    """Each success past the first adds a die (the seed's rule) unless this is False."""
    silver: bool = False
    """Silver: only a Garou in its breed form soaks it (and takes it as lethal)."""
    tens: Tens = "reroll"
    """What a 10 does on its damage roll and on the soak roll against it: the seed rerolls it;
    ``off`` under option ``damage_tens: plain``."""


@dataclass(frozen=True, slots=True)
class SorcererHarm:
    """What a Sorcerer blow does, by the victories it wins: the chart row as numbers."""

    row: str
    """The damage chart row (``hand``, ``melee``, ``firearm``...)."""
    temporary: tuple[int, ...]
    """``temporary[v]``: temporary damage at v victories (index 0 unused)."""
    lasting: tuple[int, ...]
    """``lasting[v]``: lasting damage at v victories."""

    def at(self, victories: int) -> tuple[int, int]:
        """(temporary, lasting) at this many victories (the last entry beyond the table)."""
        if victories <= 0 or not self.temporary:
            return 0, 0
        v = min(victories, len(self.temporary) - 1)
        return self.temporary[v], self.lasting[v]


Harm = WerewolfHarm | SorcererHarm
"""What an attack can do."""


@quick_init
@dataclass(frozen=True, slots=True)
class ChoicePart:
    """One part of a split choice: what it does, to whom, when, with how many dice."""

    action: str
    """The attack's means, else the action: ``punch``, ``dodge``, ``move``."""
    segment: int
    """The segment it happens on."""
    dice: int
    """Dice it is given."""
    roll: int | None = None
    """Its roll's index in the choice's `rolls`; None for a part that rolls nothing (a move)."""
    target: str = ""
    """Whom it attacks, if anyone."""


@quick_init
@dataclass(frozen=True, slots=True)
class Choice:
    """One legal answer to a decision: numbers first; its words are drawn from them on demand."""

    key: str
    """A short stable name scripts and the plain mode use, e.g. ``punch:tom``."""
    text: Text
    """The label's words without the dice (the presentation adds them)."""
    command: Command
    """What applying this choice sends to the fight."""
    tags: tuple[Tag, ...] = ()
    """What kind of choice it is, for AI policies: ``attack``, ``move``, ``defend``, ``flee``..."""
    target: str = ""
    """The combatant this choice acts on, if any."""
    cell: tuple[int, int] | None = None
    """The map cell this choice moves to, if any."""
    segment: int | None = None
    """The Werewolf segment it acts on, if any."""
    rolls: tuple[RollSpec, ...] = ()
    """The rolls it makes, in order (a split makes several)."""
    harm: Harm | None = None
    """What it does to the target if it lands."""
    show_rolls: bool = True
    """Whether the label names the dice after its words."""
    parts: tuple[ChoicePart, ...] = ()
    """A split's parts in order. Empty for a choice that is not split."""
    gist: Text = ""
    """What it gives or acts on, without its verb or dice, for a reason to quote: the actions
    a Rage spend buys (``actions on 3, 1``), the roll Willpower goes to (``claw Bane``)."""

    @property
    def label(self) -> str:
        """What a person reads (rendered on demand)."""
        return phrase.draw_label(self)

    @property
    def odds(self) -> str:
        """The exact odds of the roll this choice makes in words, e.g. ``hit 84.4%``."""
        return phrase.draw(Phrase("choice_odds", (self,)))


class ChoiceResolver(Protocol):
    """Legal answers a decision accepts beyond those it lists: a family too large to list.

    A Werewolf move to any reachable cell, or any division of a split, is legal without being
    listed; the resolver checks a typed key or a command against the rules and builds its
    choice. It works from numbers taken when the decision was made, never the live fight.
    """

    def by_key(self, key: str) -> Choice | None:
        """The choice a key names, or None if the key is not a legal answer."""
        ...

    def by_command(self, command: Command) -> Choice | None:
        """The choice a command makes, or None if the command is not a legal answer."""
        ...

    def move_cells(self) -> frozenset[tuple[int, int]]:
        """Every cell a move may go to now, listed or not (empty: no move)."""
        ...

    def move_to(self, cell: tuple[int, int]) -> Choice | None:
        """The move to this cell, or None if no move may go there."""
        ...


@quick_init
@dataclass(frozen=True, slots=True)
class Decision:
    """Someone must decide something before the fight can go on."""

    actor: str
    """The combatant whose controller decides."""
    kind: DecisionKind
    """What is asked: one of `DecisionKind`."""
    step: str
    """The id of the seed step that asks it (``ww_segments``), named by `arena.words.steps`."""
    ask: Text
    """The question, rendered on demand as `prompt`."""
    choices: tuple[Choice, ...]
    """Every legal answer, in a stable order."""
    secret: bool = False
    """Answers stay hidden until every pending secret decision is answered (Sorcerer
    intentions are stated, then revealed together): an AI's reason waits until then too."""
    controller: str = ""
    """An ``ai:<policy>`` that answers this decision whoever controls the actor (a frenzied
    Garou is played by the AI until the frenzy ends); empty for the actor's own controller."""
    segment: int | None = None
    """The Werewolf segment the decision is about, if any."""
    attacker: str = ""
    """For a reaction: who attacks."""
    incoming: tuple[int, ...] = ()
    """For a reaction: the attacker's faces already rolled (Sorcerer)."""
    harm: Harm | None = None
    """For a reaction: what the incoming blow does if it lands."""
    resolver: ChoiceResolver | None = field(default=None, repr=False, compare=False, hash=False)
    """Legal answers beyond the listed `choices` (keys and commands), if any."""
    _index: dict[str, Choice] | None = field(
        default=None, init=False, repr=False, compare=False, hash=False
    )

    @property
    def prompt(self) -> str:
        """The question in words."""
        return phrase.draw(self.ask)

    def choice(self, key: str) -> Choice | None:
        """The choice with this key, or None (an index built on first use).

        A key not listed may still be legal: the `resolver`, if any, checks it.
        """
        index = self._index
        if index is None:
            index = {c.key: c for c in self.choices}
            object.__setattr__(self, "_index", index)
        found = index.get(key)
        if found is None and self.resolver is not None:
            return self.resolver.by_key(key)
        return found

    def admits(self, command: Command) -> Choice | None:
        """The unlisted choice a command makes, if the `resolver` finds it legal, else None."""
        return None if self.resolver is None else self.resolver.by_command(command)

    def move_cells(self) -> frozenset[tuple[int, int]]:
        """Every cell a move may go to now: the listed moves' and the `resolver`'s.

        The set a ``move:X,Y`` answer is accepted for; a menu offers all of them.
        """
        listed = {c.cell for c in self.choices if c.cell is not None and "move" in c.tags}
        more = self.resolver.move_cells() if self.resolver is not None else frozenset()
        return frozenset(listed) | more


@quick_init
@dataclass(frozen=True, slots=True)
class Pool:
    """A spendable trait: Rage, Gnosis, Willpower, Humanity..."""

    name: PoolName
    current: int
    maximum: int


@quick_init
@dataclass(frozen=True, slots=True)
class WerewolfHealth:
    """Werewolf health as numbers: the boxes filled on the track by kind, or a spirit's Essence."""

    bashing: int = 0
    lethal: int = 0
    aggravated: int = 0
    track: int = 7
    """Boxes on the track; the last one is Incapacitated (0 for a spirit)."""
    penalty: int = 0
    """Dice its wounds take off its pools (frenzy aside)."""
    dead: bool = False
    """Lethal or aggravated damage went past the last box."""
    essence: int = 0
    """A spirit's Essence left (0 for the rest)."""
    essence_max: int = 0
    """A spirit's Essence at full strength (0 for the rest)."""

    @property
    def filled(self) -> int:
        """Boxes filled, of any kind."""
        return self.bashing + self.lethal + self.aggravated

    @property
    def left(self) -> int:
        """Levels it can still take before it is out of the fight."""
        if self.essence_max:
            return self.essence
        return 0 if self.dead else max(0, self.track - self.filled)


@quick_init
@dataclass(frozen=True, slots=True)
class WerewolfState:
    """A Werewolf combatant beyond its health: what it is, its form, its conditions, its turn."""

    kind: WerewolfKind
    """``garou``, ``human``, ``spirit`` or ``fomor``."""
    form: str
    """The form's id (``crinos``...)."""
    breed_form: bool = False
    """A Garou in the form it was born in."""
    soak: int = 0
    """Dice it soaks with now, if it may soak the damage at all."""
    frenzied: bool = False
    stunned: bool = False
    prone: bool = False
    delirium: DeliriumReaction | Literal[""] = ""
    """The Delirium reaction once it struck: ``flee_or_freeze``, ``berserk`` or ``fight_on``."""
    held_by: str = ""
    """The id of whoever holds it."""
    holding: str = ""
    """The id of whoever it holds."""
    acts_on: tuple[int, ...] = ()
    """The segments it acts on this turn, highest first (-1: after everyone's first, w20)."""
    targets: tuple[str, ...] = ()
    """Whom its actions declared for the current segment attack."""
    blow: WerewolfHarm | None = None
    """Its heaviest blow in its current form, target unknown."""


@quick_init
@dataclass(frozen=True, slots=True)
class SorcererHealth:
    """Sorcerer damage as numbers: what it carries and where its thresholds lie."""

    temporary: int = 0
    """Temporary damage not yet spent: a penalty on its next roll only."""
    lasting: int = 0
    """Lasting damage: a penalty on every roll."""
    penalty: int = 0
    """P, the penalty on its next roll: lasting plus pending temporary."""
    cannot_act_at: int = 0
    """P at or above this: it cannot act except by pushing through."""
    helpless_above: int = 0
    """P above this: helpless."""
    dead_above: int = 0
    """Lasting damage above this: dead."""
    severity: Aftermath | Literal[""] = ""
    """After the fight: ``banged_up``, ``hospital``, ``mortal`` or ``dead``; empty before."""


@dataclass(frozen=True, slots=True)
class DemonView:
    """A Sorcerer demon as numbers: its nature, its binding and what it has switched on."""

    type: DemonType
    """``passer``, ``object``, ``inconspicuous``, ``possessor`` or ``parasite``."""
    power: int
    binding: int | None = None
    """Binding strength (positive: its master has the upper hand); None when unbound."""
    master: str = ""
    """Its master's id; empty when unbound."""
    need: str = ""
    """Its Need, once someone in the fight knows it (else empty)."""
    desire: str = ""
    """Its Desire, once someone in the fight knows it (else empty)."""
    known_by: tuple[str, ...] = ()
    """Ids of the sorcerers who know its Need and Desire."""
    abilities: tuple[str, ...] = ()
    judgment: DemonIntent | Literal[""] = ""
    """Its own judgment this round: ``attack``, ``total_defense`` or ``hide``; empty if none."""
    judgment_target: str = ""
    """Whom its own judgment attacks, if anyone."""
    judgment_why: Text = field(default="", metadata={"hashed": False})
    """Why its own judgment chose so, drawn on demand; empty if it has not judged (words: not
    part of the state's hash)."""
    cloaked: bool = False
    protecting: str = ""
    """The id of the combatant its Protection covers, if any."""
    contained_at: tuple[int, int] | None = None
    contain_radius: int = 0
    arriving: bool = False
    """Summoned: it appears next round."""
    boosting: bool = False
    """It boosts its master this round (its own Power counts as 1)."""


@quick_init
@dataclass(frozen=True, slots=True)
class SorcererIntent:
    """A revealed Sorcerer intention as numbers."""

    kind: str
    """The command's kind: ``attack``, ``total_defense``, ``ritual``, ``aim``, ``move``..."""
    target: str = ""
    """Whom it acts on, if anyone."""
    means: str = ""
    """The weapon, ritual or ability it uses, if any."""
    cell: tuple[int, int] | None = None
    """Where it moves or hops to, if anywhere."""
    harm: SorcererHarm | None = None
    """What its attack does if it lands."""
    ordered: bool = False
    """A demon carries out its master's order."""


@quick_init
@dataclass(frozen=True, slots=True)
class SorcererState:
    """A Sorcerer combatant beyond its health: what it is, its intention, its place, its arms."""

    kind: SorcererKind
    """``human``, ``sorcerer`` or ``demon``."""
    may_push: bool = False
    """A sorcerer: it may push through damage."""
    demon: DemonView | None = None
    intent: SorcererIntent | None = None
    """Its intention once revealed (None while hidden or not stated)."""
    place: int = 0
    """Its place in this round's order, from 1 (0: not in the order)."""
    simultaneous: bool = False
    """It shares its place: those in it act simultaneously."""
    order: tuple[int, ...] = ()
    """Its faces for the order, high to low."""
    performance: tuple[int, ...] = ()
    """Its performance, high to low: the order roll plus any dice added since."""
    tiebreak: tuple[tuple[int, ...], ...] = ()
    """Rerolls that broke a complete tie for its place."""
    boost: int = 0
    """Dice a demon's Boost adds to one of its scores this round."""
    boost_trait: BoostTrait | Literal[""] = ""
    """The score `boost` adds to (empty without a boost)."""
    arms: tuple[SorcererHarm, ...] = ()
    """What each of its weapons does if it lands (before the victim's Armor), sheet order."""


@dataclass(frozen=True, slots=True)
class Reason:
    """Why an AI gave its latest answer, as a value: its words are drawn only where shown."""

    text: Text
    """What the AI gave as its reason (a phrase is drawn into words when shown)."""
    round: int
    """The round (Sorcerer) or turn (Werewolf) it was told in, so a front end can leave out an
    old reason."""


@quick_init
@dataclass(frozen=True, slots=True)
class CombatantView:
    """One combatant as everyone can see it."""

    id: str
    name: str
    template: str
    side: str
    glyph: str
    controller: str
    pos: tuple[int, int]
    status: Status
    """``active``, ``incapacitated``, ``helpless``, ``dead``, ``fled``, ``banished``..."""
    health_text: Text
    """Health levels (Werewolf) or damage (Sorcerer), drawn into words as `health`."""
    penalty: int
    """Dice lost to damage right now."""
    traits: tuple[tuple[str, int], ...]
    pools: tuple[Pool, ...] = ()
    form: str = ""
    intention_text: Text = ""
    """What it means to do, drawn into words as `intention`."""
    notes_text: Said = ()
    """Anything else worth showing (demon and binding, frenzy), drawn into words as `notes`."""
    wounds: WerewolfHealth | SorcererHealth | None = None
    """Health as numbers (the words in `health` are drawn from them)."""
    werewolf: WerewolfState | None = None
    """A Werewolf combatant's other numbers: what it is, its form, conditions, when it acts."""
    sorcerer: SorcererState | None = None
    """A Sorcerer combatant's other numbers: its demon, intention, place in the order, arms."""
    reason: Reason | None = None
    """Why its AI gave its latest answer (None: no AI has told a reason for it yet)."""

    @property
    def health(self) -> str:
        """Health levels (Werewolf) or damage (Sorcerer) in words, drawn when read."""
        return phrase.draw(self.health_text)

    @property
    def intention(self) -> str:
        """What it means to do in words, drawn when read (empty: nothing shown)."""
        return phrase.draw(self.intention_text)

    @property
    def notes(self) -> tuple[str, ...]:
        """Anything else worth showing in words, a line each, drawn when read."""
        return phrase.draw_lines(self.notes_text)


@dataclass(frozen=True, slots=True)
class MapView:
    """The grid as rows of glyphs: ``#`` wall, ``.`` floor, ``+`` door, ``~`` rough, ``>`` exit."""

    name: str
    rows: tuple[str, ...]

    @property
    def width(self) -> int:
        """Cells across."""
        return max((len(r) for r in self.rows), default=0)

    @property
    def height(self) -> int:
        """Cells down."""
        return len(self.rows)


@quick_init
@dataclass(frozen=True, slots=True)
class FightView:
    """A frozen snapshot of a whole fight."""

    ruleset: Ruleset
    round: int
    step: str
    over: bool
    winner: str | None
    """The winning side, or None (still going, or nobody won)."""
    outcome_text: Text
    """How the fight ended (empty while it goes on), drawn into words as `outcome`."""
    combatants: tuple[CombatantView, ...]
    map: MapView
    order_text: Said
    """The order track (Werewolf segments or Sorcerer order), drawn into words as `order`."""
    rolls: tuple[Roll, ...]
    """The last rolls, for the dice tray."""
    options: tuple[tuple[str, str], ...]

    @property
    def outcome(self) -> str:
        """How the fight ended in words, drawn when read (empty while it goes on)."""
        return phrase.draw(self.outcome_text)

    @property
    def order(self) -> tuple[str, ...]:
        """The order track in words, a line each, drawn when read."""
        return phrase.draw_lines(self.order_text)

    def combatant(self, cid: str) -> CombatantView:
        """The combatant with this id.

        Raises:
            KeyError: there is none.
        """
        return _with_id(self.combatants, cid)


@quick_init
@dataclass(frozen=True, slots=True)
class Piece:
    """One combatant at a glance: who, its side and place, whether in, its penalty and blow.

    A Sorcerer fighter's piece also carries what an attacked one weighs: its revealed
    intention, its order roll's dice and its helpless limit; a Werewolf combatant's, its
    health and Werewolf numbers (whom it attacks, when it acts, its soak and heaviest blow).
    """

    id: str
    name: str
    side: str
    pos: tuple[int, int]
    status: Status
    penalty: int
    """Dice lost to damage right now, as its `CombatantView` shows."""
    traits: tuple[tuple[str, int], ...]
    """Its traits now, as its `CombatantView` shows them."""
    blow: SorcererHarm | None
    """What its first weapon does if it lands (a Sorcerer fighter's `SorcererState.arms`)."""
    intent: SorcererIntent | None = None
    """Its revealed intention this round (a Sorcerer fighter's `SorcererState.intent`)."""
    dice: int = 0
    """The dice of its roll for order this round (0 outside the order)."""
    helpless_above: int = 0
    """The penalty past which it is helpless (its `SorcererHealth.helpless_above`)."""
    wounds: WerewolfHealth | None = None
    """A Werewolf combatant's health as numbers, as its `CombatantView` shows it."""
    werewolf: WerewolfState | None = None
    """A Werewolf combatant's other numbers (attackers, segments, soak, blow), as its
    `CombatantView` shows them."""


@dataclass(frozen=True, slots=True)
class Board:
    """The board at a glance: what a naive answer reads, without the whole `FightView`."""

    ruleset: Ruleset
    combatants: tuple[Piece, ...]

    def combatant(self, cid: str) -> Piece:
        """The combatant with this id.

        Raises:
            KeyError: there is none.
        """
        return _with_id(self.combatants, cid)


class _HasId(Protocol):
    @property
    def id(self) -> str: ...


_Named = TypeVar("_Named", bound=_HasId)


def _with_id(combatants: tuple[_Named, ...], cid: str) -> _Named:
    """The one of `combatants` with this id (a view's or a board's: a few, looked through)."""
    for c in combatants:
        if c.id == cid:
            return c
    raise KeyError(cid)
