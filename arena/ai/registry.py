"""The named policies, each with a body per ruleset, and names with a difficulty level."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from functools import partial
from typing import Final

from arena.ai import sorcerer, werewolf
from arena.ai.basic import nearest, random_legal
from arena.ai.nearest import NEAREST
from arena.ai.pick import LEVELS, Body, Level, Pick
from arena.ai.sorcerer.gang import GANG as SORCERER_GANG
from arena.ai.werewolf.gang import GANG as WEREWOLF_GANG
from arena.rules.views import Board, Decision, FightView

Bound = Callable[[FightView, Decision, random.Random], Pick]
"""A named policy at its level, ready to answer: (view, decision, rng) → pick."""


@dataclass(frozen=True, slots=True)
class Entry:
    """One named policy."""

    summary: str
    """What it does, in a line."""
    bodies: tuple[tuple[str, Body], ...]
    """Ruleset → its body; a ruleset without one is played by the fallback."""
    fallback: Body = nearest
    worded: tuple[tuple[str, str], ...] = ()
    """Ruleset → its own summary, where the plain one names the other game's things."""

    def summary_for(self, ruleset: str) -> str:
        """The summary in a ruleset's words: Rage is Werewolf's alone."""
        return dict(self.worded).get(ruleset, self.summary)


RULESETS: Final = ("sorcerer", "werewolf")
"""The rulesets a policy may have a body for."""


def _entry(summary: str, *, sorcerer: Body | None = None, werewolf: Body | None = None) -> Entry:
    bodies = tuple((k, v) for k, v in zip(RULESETS, (sorcerer, werewolf), strict=True) if v)
    return Entry(summary, bodies)


ENTRIES: dict[str, Entry] = {
    "nearest": Entry(
        "naive: attacks the nearest enemy, defends when it is sensible",
        (("sorcerer", NEAREST), ("werewolf", NEAREST)),
        worded=(
            (
                "werewolf",
                "naive: attacks the nearest enemy, dodges when sensible, never spends Rage",
            ),
        ),
    ),
    "random": _entry("any legal choice at random", sorcerer=random_legal, werewolf=random_legal),
    "thug": _entry(
        "attacks the weakest in reach and gangs up on it",
        sorcerer=sorcerer.THUG,
        werewolf=werewolf.THUG,
    ),
    "gang": Entry(
        "a thug that fights as a gang: none steps into reach first alone or into an ally's way",
        (("sorcerer", SORCERER_GANG), ("werewolf", WEREWOLF_GANG)),
        worded=(
            (
                "werewolf",
                "a thug that fights as a gang: strikes whoever is nearest to harmless, "
                "Willpower on any roll it lifts",
            ),
        ),
    ),
    "gunman": _entry(
        "aims, keeps its range, uses cover", sorcerer=sorcerer.GUNMAN, werewolf=werewolf.SHOOTER
    ),
    "shooter": _entry(
        "shoots from cover, keeps its range", sorcerer=sorcerer.GUNMAN, werewolf=werewolf.SHOOTER
    ),
    "coward": _entry(
        "fights until hurt, then runs", sorcerer=sorcerer.COWARD, werewolf=werewolf.COWARD
    ),
    "demon": _entry("a demon's own judgment, from its Desire and Need", sorcerer=sorcerer.DEMON),
    "sorcerer": _entry(
        "commands its demon, banishes or punishes an enemy demon, pushes through",
        sorcerer=sorcerer.SORCERER,
    ),
    "fomor": _entry(
        "a Bane-ridden brute: never runs, spends Willpower freely", werewolf=werewolf.FOMOR
    ),
    "garou": _entry(
        "spends Rage when it pays, splits to dodge, shifts, flees at Crippled",
        werewolf=werewolf.GAROU,
    ),
    "bane": _entry(
        "a spirit that trusts its Gnosis to soak and never gives ground", werewolf=werewolf.BANE
    ),
    "frenzy": _entry(
        "a frenzied Garou: claws and bites the nearest enemy", werewolf=werewolf.FRENZY
    ),
}
"""Every policy a scenario may name as ``ai:<name>`` or ``ai:<name>/<level>``."""


EXPERT = "expert"
"""A level the engine plays by looking ahead (rollouts of each sensible choice); asked of a
policy alone, without a fight to look into, it plays as ``hard``."""


def parse_name(name: str) -> tuple[str, Level]:
    """Split ``thug/hard`` into (``thug``, ``hard``); no level means normal.

    ``thug/expert`` gives ``hard``: see `EXPERT`.

    Raises:
        KeyError: no such policy or level.
    """
    base, slash, level = name.partition("/")
    if base not in ENTRIES:
        raise KeyError(name)
    if level == EXPERT:
        return base, "hard"
    for known in LEVELS:
        if level == known or (not slash and known == "normal"):
            return base, known
    raise KeyError(name)


def play(
    entry: Entry, level: Level, view: FightView, decision: Decision, rng: random.Random
) -> Pick:
    """Ask a policy's body for this ruleset; a pick that is not a legal choice plays naive."""
    return play_on_sight(entry, level, view.ruleset, lambda: view, decision, rng)


def play_on_sight(
    entry: Entry,
    level: Level,
    ruleset: str,
    see: Callable[[], FightView],
    decision: Decision,
    rng: random.Random,
) -> Pick:
    """As `play`, with the view asked of ``see`` only when the body reads it (not at a glance)."""
    return answer_on_sight(body_for(entry, ruleset), level, see, decision, rng)


def body_for(entry: Entry, ruleset: str) -> Body:
    """A policy's body for a ruleset: its own, else the fallback."""
    for name, own in entry.bodies:
        if name == ruleset:
            return own
    return entry.fallback


def answer_on_sight(
    body: Body,
    level: Level,
    see: Callable[[], FightView],
    decision: Decision,
    rng: random.Random,
    glimpse: Callable[[], Board] | None = None,
) -> Pick:
    """A body's pick at its level, the view asked of ``see`` only when the body reads it.

    ``glimpse`` gives the board at a glance, for a body with a `Body.peek` (None: the view).
    A pick that is not a legal choice plays naive.
    """
    pick = body.glance(decision, rng, level)
    if pick is None:
        peek = body.peek
        if peek is not None and glimpse is not None:
            pick = peek(glimpse, decision, rng, level)
        if pick is None:
            pick = body.look(see(), decision, rng, level)
    # A pick is nearly always a choice's own command, and one of the first few (the attacks,
    # the default): identity first spares the comparisons, and a look along the menu finds it
    # sooner than sorting out the whole menu's commands would.
    choices = decision.choices
    command = pick.command
    for c in choices:
        if c.command is command:
            return pick
    for c in choices:
        if c.command == command:
            return pick
    naive = nearest(see(), decision, rng, level)
    return Pick(naive.command, "ai_not_legal", (naive.reason,))


OnSight = Callable[[Callable[[], FightView], Decision, random.Random], Pick]
"""A named policy at its level for one ruleset, shown the view only on demand:
(see, decision, rng) → pick."""

_bound: dict[str, Bound] = {}
"""Each policy name asked for, bound to its entry and level (asked once per AI decision)."""
ON_SIGHT: dict[str, dict[str, tuple[Body, Level]]] = {}
"""Ruleset → policy name → the policy's body for the ruleset and its level (`played`)."""


class Registry(Mapping[str, Bound]):
    """Policies by name: iterating gives the base names; looking up also takes a level."""

    def __getitem__(self, name: str) -> Bound:
        bound = _bound.get(name)
        if bound is None:
            base, level = parse_name(name)
            bound = _bound[name] = partial(play, ENTRIES[base], level)
        return bound

    def on_sight(self, name: str, ruleset: str) -> OnSight:
        """The named policy for a ruleset, asking for the view only when it reads it.

        Raises:
            KeyError: no such policy or level.
        """
        return partial(answer_on_sight, *self.played(name, ruleset))

    def played(self, name: str, ruleset: str) -> tuple[Body, Level]:
        """The named policy's body for a ruleset and its level, for `answer_on_sight`.

        Found once per name and ruleset (kept in `ON_SIGHT`): it is asked at every AI answer.

        Raises:
            KeyError: no such policy or level.
        """
        by_name = ON_SIGHT.get(ruleset)
        if by_name is None:
            by_name = ON_SIGHT[ruleset] = {}
        found = by_name.get(name)
        if found is None:
            base, level = parse_name(name)
            found = by_name[name] = (body_for(ENTRIES[base], ruleset), level)
        return found

    def __iter__(self) -> Iterator[str]:
        return iter(ENTRIES)

    def __len__(self) -> int:
        return len(ENTRIES)
