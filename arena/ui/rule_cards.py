"""Rule cards: each seed step's name, a few lines on its rule, and this moment's numbers."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Final

from arena.engine import Contest, Event, step_name

RULES: Final[Mapping[str, tuple[str, ...]]] = {
    "ww_setup": ("The fighters take their places on the map.",),
    "sorc_setup": ("The fighters take their places on the map.",),
    # Werewolf: The Apocalypse
    "ww_initiative": (
        "Everyone rolls Wits + Alertness at difficulty 4.",
        "The successes are the segment you act on: the more, the sooner.",
    ),
    "ww_rage": (
        "A point of Rage buys actions on every second segment below initiative,",
        "at most Dexterity actions: 4, 2, 0, or 9, 7, 5, 3, 1.",
    ),
    "ww_segments": (
        "Segments count down from the highest to 0.",
        "Actions on the same segment happen at the same time: both blows land.",
    ),
    "ww_willpower": ("A point of Willpower buys one automatic success on an action.",),
    "ww_attack": (
        "The attacker rolls the pool at the attack's difficulty.",
        "Each die at or over the difficulty is a success; each 1 takes one away.",
    ),
    "ww_damage": (
        "Damage dice: Strength (or the weapon) plus the attack's extra successes.",
        "A 10 on damage counts and is rolled again.",
    ),
    "ww_soak": (
        "The target soaks with Stamina at difficulty 6; each success stops one level.",
        "What gets through fills the health track, and its wound penalty applies.",
    ),
    "ww_other": ("Moving, waiting and other actions that roll no attack.",),
    "ww_next": ("The turn ends: Garou regenerate, and a new turn begins.",),
    "ww_frenzy": ("Rage can take over: the Garou attacks the nearest, friend or foe.",),
    "ww_stun": ("Levels of damage over Stamina in one blow stun: the next action is lost.",),
    "ww_delirium": ("Humans who see a Crinos may flee, freeze or fight on.",),
    # Sorcerer
    "sorc_intentions": (
        "Everyone states what they mean to do, in secret; then all are revealed.",
        "A demon may follow its own judgment instead of its master's order.",
    ),
    "sorc_modifiers": (
        "Pools are set: the trait, plus bonus dice, minus the penalty of damage.",
        "Pushing through a penalty takes a Will roll.",
    ),
    "sorc_order": (
        "Each action rolls its pool: the highest die goes first.",
        "These same faces are the action's performance later.",
    ),
    "sorc_reactions": (
        "Attacked before you act: abort to defend with fresh dice, or suck it up.",
        "Clobbered (-3 or worse): both sides roll 4 dice.",
        "Highest die wins; each die over the loser's best is a victory.",
    ),
    "sorc_consequences": (
        "Victories become damage: temporary, and lasting past the thresholds.",
        "Damage gives a penalty to every later roll.",
    ),
    "sorc_finishing": (
        "Temporary damage fades; unused victories roll over as bonus dice.",
        "The fight ends when one side stands alone.",
    ),
}
"""Each seed step's lines, in the project's own words, by the step id the events give it."""

SORCERY: Final[Mapping[str, tuple[str, ...]]] = {
    # Rituals happen inside Steps 2 and 4, whose general lines say nothing of sorcery.
    "snapshot": (
        "In a fight a ritual is a snapshot ritual: 1 die, never the sorcerer's Lore.",
        "Bonus dice (role-playing, rollover) add to it; damage takes dice away.",
    ),
    "ritual_performed": (
        "Sorcery uses the table of rituals: the snapshot roll against the demon's",
        "Power (Bind: its Will; Punish: its Stamina). Banish, a win: the demon is gone.",
    ),
    "humanity_checked": (
        "Every ritual costs a Humanity check: Humanity against the demon's Power.",
        "If the demon wins, the sorcerer loses a point of Humanity.",
    ),
}
"""Lines for the moments of a ritual, in place of their step's general lines."""
ROLLED_IN: Final[Mapping[str, str]] = {
    # A Werewolf botch is said in the damage step, but it is the attack roll that botched.
    "attack_botched": "ww_attack",
}
"""Kinds of event whose card belongs to the step of the roll they tell of, not their own."""
BY_KIND: Final[Mapping[str, tuple[str, ...]]] = {
    "attack_botched": (
        "A roll with at least one 1 and no die at or over the difficulty is a botch.",
        "The attack fails: no damage is rolled.",
    ),
}
"""Lines for moments whose kind says more than their step's general lines."""
RITUAL: Final = "ritual"
"""The kind of a revealed intention (``data["kind"]``) that performs a ritual."""

LEVELS: Final = ("numbers", "rule", "full")
"""How much a card explains: this moment's numbers; plus the rule; plus the event's why."""


@dataclass(frozen=True, slots=True)
class Card:
    """What the rule card shows for one moment."""

    step: str
    """The step's name as the seed gives it."""
    rule: tuple[str, ...]
    """Two or three lines on the rule (empty at the `numbers` level)."""
    what: str
    """What just happened, in one line."""
    numbers: tuple[str, ...]
    """This moment's numbers: pools, difficulty, faces, what counted."""
    key: tuple[str, ...] = ()
    """The few numbers that matter most, each short enough for the projector's large type."""


def card_for(
    event: Event, level: str = "rule", names: Mapping[str, str] | None = None, intent: str = ""
) -> Card:
    """The card for an event at an explain level (see `LEVELS`).

    `intent`: the kind of the actor's intention revealed this round (see `revealed_intent`).
    """
    rule = rule_lines(event, intent) if level != "numbers" else ()
    numbers = numbers_of(event, names or {})
    if level == "full" and event.why:
        numbers = (*numbers, event.why)
    key = key_numbers(event, names or {}, intent)
    step = step_name(ROLLED_IN.get(event.kind) or event.step) or event.kind.replace("_", " ")
    return Card(step, rule, event.text, numbers, key)


def revealed_intent(event: Event, earlier: Sequence[Event]) -> str:
    """The kind of intention `event`'s actor revealed in its round (``attack``, ``ritual``...).

    Read from the ``intention_revealed`` event's data among `earlier`; "" if none was.
    """
    if not event.actor:
        return ""
    for seen in reversed(earlier):
        if seen.round != event.round:
            break
        if seen.kind == "intention_revealed" and seen.actor == event.actor:
            kind = seen.data.get("kind", "")
            return kind if isinstance(kind, str) else ""
    return ""


def is_snapshot(event: Event, intent: str = "") -> bool:
    """True for the tally of a ritual's pool, whose base is the snapshot ritual's 1 die.

    `intent`: the kind of the intention its actor revealed this round.
    """
    return event.kind == "pool_tallied" and intent == RITUAL


def rule_lines(event: Event, intent: str = "") -> tuple[str, ...]:
    """The rule's lines for this moment: sorcery's own, else its step's."""
    kind = "snapshot" if is_snapshot(event, intent) else event.kind
    return SORCERY.get(kind) or BY_KIND.get(kind) or RULES.get(event.step, ())


def key_numbers(event: Event, names: Mapping[str, str], intent: str = "") -> tuple[str, ...]:
    """This moment's key numbers as short phrases (``7 DICE``, ``DIFF 4``, ``2 SUCCESSES``)."""
    d = event.data
    out: list[str] = []
    if isinstance(event.roll, Contest):
        roll = event.roll
        out.append(f"{len(roll.first)} VS {len(roll.second)} DICE" if roll.second else "")
        if roll.winner is None and roll.second:
            out.append("A TIE")
        elif roll.second:
            out.append(_count(roll.victories, "VICTORY", "VICTORIES"))
    elif "faces" in d and "successes" in d:
        out.append(f"{_value(d.get('pool', 0))} DICE")
        if "difficulty" in d:
            out.append(f"DIFF {d['difficulty']}")
        won = d["successes"]
        out.append(f"{won} SUCCESS" if won == 1 else f"{_value(won)} SUCCESSES")
    segments = d.get("segments")
    if event.kind in ("initiative_rolled", "rage_spent") and isinstance(segments, tuple | list):
        out.append(("SEGMENT " if len(segments) == 1 else "SEGMENTS ") + _value(segments))
    if event.kind == "segments_set" and isinstance(segments, Mapping):
        out += [f"{names.get(w, w)} {_value(on)}" for w, on in sorted(segments.items())]
    if is_snapshot(event, intent):
        out.append(f"BASE {d.get('base', 1)} DIE")
    for key, label in _KEYS.get(event.kind, ()):
        if key in d:
            said = label.format(str(d[key]).replace("_", " ")).upper()
            out.append("1 DIE" + said[6:] if said.startswith("1 DICE") else said)
    return tuple(o for o in out if o)


def _count(n: int, one: str, many: str) -> str:
    return f"{n} {one if n == 1 else many}"


def numbers_of(event: Event, names: Mapping[str, str]) -> tuple[str, ...]:
    """This event's numbers, drawn from its data, as short lines."""
    d = event.data
    lines: list[str] = []
    if "faces" in d and isinstance(d["faces"], tuple | list):
        faces = " ".join(str(f) for f in d["faces"])
        pool = d.get("pool", len(d["faces"]))
        diff = f" at difficulty {d['difficulty']}" if "difficulty" in d else ""
        lines.append(f"Pool {pool}{diff}: {faces}")
        if "successes" in d:
            lines.append(f"Successes: {d['successes']}")
    if event.kind in ("initiative_rolled", "rage_spent") and "segments" in d:
        lines.append("Acts on segments " + _join(d["segments"]))
    if event.kind == "rage_spent":
        lines.append(f"Rage spent {d.get('amount', 0)}, left {d.get('rage', 0)}")
    segments = d.get("segments")
    if event.kind == "segments_set" and isinstance(segments, Mapping):
        for who, on in sorted(segments.items()):
            lines.append(f"{names.get(who, who)}: {_join(on)}")
    for key, label in _LABELS.get(event.kind, ()):
        if key in d:
            lines.append(f"{label}: {_value(d[key])}")
    if isinstance(event.roll, Contest):
        lines[:0] = contest_lines(event.roll, names.get(event.actor, event.actor or "first"))
    return tuple(lines)


def contest_lines(contest: Contest, first: str) -> list[str]:
    """A Sorcerer contest: both sides' faces, who won, by how many victories."""
    mine = " ".join(str(f) for f in contest.first) or "no dice"
    theirs = " ".join(str(f) for f in contest.second) or "no dice"
    if not contest.second:  # a roll for order: faces, no opponent
        return [f"{first}: {mine}"]
    lines = [f"{first}: {mine}", f"against: {theirs}"]
    if contest.set_aside:
        lines.append("Ties set aside: " + " ".join(str(f) for f in contest.set_aside))
    if contest.winner is None:
        lines.append("A complete tie")
    else:
        won = _count(contest.victories, "victory", "victories")
        lines.append(f"{contest.winner} side wins, {won}")
    return lines


_LABELS: Final[Mapping[str, tuple[tuple[str, str], ...]]] = {
    "damage_soaked": (("damage", "Damage rolled"), ("levels", "Levels through")),
    "wounded": (("levels", "Levels taken"), ("penalty", "Wound penalty")),
    "attack_hit": (
        ("victories", "Victories"),
        ("successes", "Net successes"),
        ("defence_dice", "Defence dice"),
    ),
    "attack_missed": (("victories", "Victories"), ("defence_dice", "Defence dice")),
    "order_rolled": (("dice", "Dice"), ("performance", "Faces"), ("order", "Highest")),
    "order_fixed": (("places", "Order"),),
    "pool_tallied": (
        ("base", "Base"),
        ("bonus", "Bonus"),
        ("penalty", "Penalty"),
        ("dice", "Pool"),
    ),
    "clobbered": (("dice", "Both sides roll"), ("added", "Dice added")),
    "sucked_up_damage": (("dice", "Defence dice"), ("penalty_now", "Penalty now")),
    "pushed_through": (("push", "Pushed"), ("victories", "Victories"), ("winner", "Won by")),
    "damage_taken": (("temporary", "Temporary"), ("lasting", "Lasting"), ("row", "Chart row")),
    "demon_chose": (("judgment", "Its judgment"),),
    "demon_judgment": (("judgment", "Its judgment"),),
    "ritual_performed": (("ritual", "Ritual"), ("victories", "Victories"), ("winner", "Won by")),
    "humanity_checked": (("before", "Humanity before"), ("after", "Humanity after")),
    "rollover_earned": (("dice", "Dice rolled over"),),
    "regenerated": (("healed", "Levels healed"),),
    "frenzied": (("needed", "Successes needed"),),
    "shifted_for_rage": (("form", "Form"), ("cost", "Rage")),
    "willpower_spent": (("cost", "Willpower"),),
    "fight_ended": (("winner", "Winner"),),
}
"""For events without faces: which data to show, under which label."""


_KEYS: Final[Mapping[str, tuple[tuple[str, str], ...]]] = {
    "rage_spent": (("rage", "RAGE LEFT {}"),),
    "damage_soaked": (("damage", "DAMAGE {}"), ("levels", "{} THROUGH")),
    "wounded": (("levels", "{} LEVELS"), ("penalty", "PENALTY -{}")),
    "pool_tallied": (("bonus", "BONUS {}"), ("penalty", "PENALTY {}"), ("dice", "POOL {}")),
    "order_rolled": (("dice", "{} DICE"),),
    "clobbered": (("dice", "{} DICE ADDED"),),
    "sucked_up_damage": (("dice", "DEFENDS WITH {}"), ("penalty_now", "PENALTY {}")),
    "pushed_through": (("wanted", "PUSH {} DICE"),),
    "push_failed": (("wanted", "PUSH {} DICE"),),
    "damage_taken": (("temporary", "TEMPORARY {}"), ("lasting", "LASTING {}")),
    "demon_judgment": (("judgment", "{}"),),
    "demon_chose": (("judgment", "{}"),),
    "rollover_earned": (("dice", "{} BONUS DICE"),),
    "regenerated": (("healed", "{} HEALED"),),
    "willpower_spent": (("cost", "WILLPOWER {}"),),
    "ritual_performed": (("ritual", "{}"),),
    "humanity_checked": (("after", "HUMANITY {}"),),
}
"""For the projector: which data make key numbers, and how each reads."""


def _join(value: object) -> str:
    if isinstance(value, tuple | list):
        return ", ".join(str(v) for v in value)
    return str(value)


def _value(value: object) -> str:
    if isinstance(value, tuple | list):
        return " ".join(str(v) for v in value)
    if isinstance(value, Mapping):
        return ", ".join(f"{k} {v}" for k, v in value.items())
    return str(value)
