"""Fixtures for the UI tests: fights with rigged dice, and the app around them."""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from pathlib import Path

import pytest
from textual.pilot import Pilot
from textual.worker import WorkerCancelled

from arena.content.loader import Catalog
from arena.engine import Decision, Fight
from arena.engine.setup import scenario_fight
from arena.ui.app import ArenaApp
from arena.ui.choice_keys import keyed

# Werewolf duel, Tom played from the keyboard. Each turn Tom rolls four 9s for initiative
# (segment 4) and Vilna seven dice with a 1 and no success: a botch, so she never acts.
# Turn 1: Tom steps next to Vilna. Turn 2: Tom punches, spends no Willpower; the punch hits
# with 6 successes, its damage rolls 8 successes, Vilna soaks none: she is Incapacitated.
BOTCH = [1, 2, 2, 2, 2, 2, 2]
TOM_WINS = [9] * 4 + BOTCH + [9] * 4 + BOTCH + [9] * 6 + [9] * 8 + [2, 2, 2]


# Sorcerer duel, Rook played from the keyboard, attacking Mara every round.
# Round 1: Rook's order roll (4 dice, his attack's performance) all 10s; Mara's (5 dice) all
# 1s. Attacked before acting, she sucks it up: 1 die to defend, a 1, and Rook's 4 victories
# hurt her. Her attack still goes: Rook defends with 4 + 5 dice (the penalty she sucked up),
# all 10s: 9 victories of rollover. Mara (penalty 5 = Stamina) can only defend.
# Round 2: Rook rolls 4 + 4 + 9 rollover = 17 dice, all 10s; Mara's total defense order roll
# (2 dice) and defense (6 dice) all 1s: 17 victories, and she is helpless.
ROOK_WINS = [10] * 4 + [1] * 5 + [1] + [10] * 9 + [10] * 17 + [1] * 2 + [1] * 6


def duel(catalog: Catalog, rigged: Sequence[int] = TOM_WINS) -> Fight:
    """The shipped Werewolf duel with Tom in the player's hands."""
    return scenario_fight(catalog, "werewolf-duel", human="tom", rigged=rigged)


def sorcerer_duel(catalog: Catalog, rigged: Sequence[int] = ROOK_WINS) -> Fight:
    """The shipped Sorcerer duel with Rook in the player's hands."""
    return scenario_fight(catalog, "sorcerer-duel", human="rook", rigged=rigged)


def make_app(
    catalog: Catalog, saves: Path, fight: Fight | None = None, *, hold: float = 0
) -> ArenaApp:
    """The app at pace 0, no hold on the player's rolls and no preferences file: the AI
    answers at once, so tests do not wait, and nothing is read from the user's folders."""
    return ArenaApp(catalog, saves=saves, pace=0, hold=hold, fight=fight, preferences=None)


async def odds_settled(pilot: Pilot[None]) -> None:
    """Wait until the odds screen shows the answer to the form's newest numbers.

    The odds are worked out on a thread, and a newer question cancels an older one: so the
    field's change is let through first (it starts the newest worker), and a worker dropped
    for a newer one is not an error, while one that failed is.
    """
    await pilot.pause()
    while pending := [w for w in pilot.app.workers if not w.is_finished]:
        ends = await asyncio.gather(*(w.wait() for w in pending), return_exceptions=True)
        for end in ends:
            if isinstance(end, BaseException) and not isinstance(end, WorkerCancelled):
                raise end
        await pilot.pause()


def key_for(decision: Decision, wanted: str) -> str:
    """The key the prompt shows for the first choice whose label starts with `wanted`."""
    for key, choice in keyed(decision.choices):
        if choice.label.lower().startswith(wanted.lower()):
            return key
    raise AssertionError(f"no choice {wanted!r} in {[c.label for c in decision.choices]}")


async def pick(pilot: Pilot[None], decision: Decision, wanted: str) -> None:
    """Pick the first choice whose label starts with `wanted`: its digit, or (past the ninth,
    which has no key) the list's highlight moved to it and Enter."""
    key = key_for(decision, wanted)
    screen = pilot.app.screen
    if pilot.app.hold != 0:  # type: ignore[attr-defined]
        await pilot.pause(screen.SETTLE)  # type: ignore[attr-defined]  # a person's pace
    if key:
        await pilot.press(key)
        return
    from arena.ui.prompt import DecisionPrompt

    prompt = screen.query_one(DecisionPrompt)
    low = wanted.lower()
    prompt.highlight(next(c for _, c in keyed(decision.choices) if c.label.lower().startswith(low)))
    await pilot.pause()
    await pilot.press("enter")


@pytest.fixture
def saves(tmp_path: Path) -> Path:
    return tmp_path / "saves"
