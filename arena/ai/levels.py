"""Named difficulty levels: how each plays (policy level, look-ahead) and how it measured.

From ``normal`` up a level keeps every AI fighter's own policy (a thug stays a thug, a coward
still runs) and changes how thoughtfully it plays: ``normal`` as written, ``hard`` at its hard
level, ``expert`` looks ahead with rollouts over its hard level. ``easy`` plays every fighter
naively (``nearest/easy``: the nearest enemy, no defence, no Rage or Willpower spent). Each
level's record is what ``bench/bench_ai.py`` measured against the level below.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from arena.ai.errors import quoted
from arena.rules.level_names import LEVEL_NAMES as LEVEL_NAMES
from arena.rules.level_names import LevelName as LevelName
from arena.rules.lookahead import DEFAULT_BUDGET_MS
from arena.rules.proportion import wilson


@dataclass(frozen=True, slots=True)
class Measured:
    """One row of the ladder: this level's win rate against the level below, in one matchup."""

    matchup: str
    """The mirror match, e.g. ``Werewolf duel``."""
    fights: int
    won: int
    """Fights won (a draw is a fight not won)."""

    @property
    def rate(self) -> float:
        """Wins over fights."""
        return self.won / self.fights

    @property
    def low(self) -> float:
        """The 95% Wilson interval's lower end."""
        return wilson(self.won, self.fights).low

    @property
    def high(self) -> float:
        """The 95% Wilson interval's upper end."""
        return wilson(self.won, self.fights).high


@dataclass(frozen=True, slots=True)
class Rung:
    """A named level: the suffix it gives each AI policy and the look-ahead it buys."""

    name: LevelName
    policy: str | None
    """The policy every AI fighter plays at this level, or None: each keeps its own."""
    suffix: str
    """Appended to each AI fighter's policy: ``/easy``, nothing, ``/hard`` or ``/expert``."""
    budget_ms: int | None
    """Look-ahead per decision in ms (None: the level does not look ahead)."""
    summary: str
    """How it plays, in a line."""
    below: LevelName | None
    """The level it was measured against (None for the lowest)."""
    measured: tuple[Measured, ...] = ()


WW_DUEL: Final = "Werewolf duel"
WW_BRAWL: Final = "Werewolf thug brawl"
SO_DUEL: Final = "Sorcerer duel"
SO_GANG: Final = "Sorcerer street gang"
"""The ladder's four mirror matches (``bench/bench_ai.py``): Crinos Garou, three thugs a
side, two Sorcerer fighters, three street thugs a side; sides swapped for half the fights."""

LADDER: Final[tuple[Rung, ...]] = (
    Rung(
        "easy",
        "nearest",
        "/easy",
        None,
        "naive: the nearest enemy, never defends, spends no Rage or Willpower",
        None,
    ),
    Rung(
        "normal",
        None,
        "",
        None,
        "each fighter's own policy as written (tactical)",
        "easy",
        (
            Measured(WW_DUEL, 400, 352),
            Measured(WW_BRAWL, 400, 296),
            Measured(SO_DUEL, 400, 214),
            Measured(SO_GANG, 400, 218),
        ),
    ),
    Rung(
        "hard",
        None,
        "/hard",
        None,
        "the policy's hard level: gangs up harder, spends Willpower sooner, guards when hurt",
        "normal",
        (
            Measured(WW_DUEL, 400, 186),
            Measured(WW_BRAWL, 400, 251),
            Measured(SO_DUEL, 400, 208),
            Measured(SO_GANG, 400, 226),
        ),
    ),
    Rung(
        "expert",
        None,
        "/expert",
        DEFAULT_BUDGET_MS,
        "looks ahead: plays out each sensible choice over its hard level (a thug's: "
        "the gang policy) on copies of the fight, keeps the best",
        "hard",
        (
            Measured(WW_DUEL, 400, 190),
            Measured(WW_BRAWL, 400, 244),
            Measured(SO_DUEL, 400, 213),
            Measured(SO_GANG, 400, 255),
        ),
    ),
)
"""The levels, weakest first."""


class UnknownLevel(ValueError):
    """No difficulty level has this name; the message names the legal ones."""

    def __init__(self, name: str) -> None:
        super().__init__(f"unknown level {quoted(name)}; levels: {', '.join(LEVEL_NAMES)}")
        self.name = name


def rung(name: str) -> Rung:
    """The level of this name.

    Raises:
        UnknownLevel: no level has that name (a ValueError).
    """
    for found in LADDER:
        if found.name == name:
            return found
    raise UnknownLevel(name)


def policy_at(policy: str, level: str) -> str:
    """A policy name at a level: ``thug/hard`` at ``expert`` is ``thug/expert``.

    At ``easy`` every policy is ``nearest/easy``: the level's own policy replaces it.

    Raises:
        UnknownLevel: no level has that name.
    """
    found = rung(level)
    return (found.policy or policy.partition("/")[0]) + found.suffix


def controller_at(controller: str, level: str) -> str:
    """An ``ai:`` controller at a level; a person's or a script's is left as it is.

    Raises:
        UnknownLevel: no level has that name.
    """
    if not controller.startswith("ai:"):
        rung(level)
        return controller
    return "ai:" + policy_at(controller.removeprefix("ai:"), level)


def short(found: Rung) -> str:
    """A level in a few words, with its lowest measured win rate against the level below."""
    head = found.summary.partition(":")[0]
    if not found.measured or found.below is None:
        # No rate to say: what the level does, whole ("naive" alone told a newcomer nothing).
        return found.summary
    worst = min(found.measured, key=lambda m: m.rate)
    best = max(found.measured, key=lambda m: m.rate)
    return f"{head}; wins {worst.rate:.0%}-{best.rate:.0%} against {found.below}"


def described(found: Rung) -> str:
    """A level in one line, with its measured win rates against the level below."""
    text = f"{found.name}: {found.summary}"
    if found.budget_ms is not None:
        text += f" ({found.budget_ms} ms of look-ahead per decision by default)"
    if found.measured and found.below is not None:
        rows = "; ".join(
            f"{m.matchup} {m.rate:.1%} [{m.low:.1%}, {m.high:.1%}] of {m.fights}"
            for m in found.measured
        )
        text += f"; against {found.below}: {rows}"
    return text
