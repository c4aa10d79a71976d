"""The screen holds on the player's own dice only: others' rolls alone are not "your action's"."""

from __future__ import annotations

from pathlib import Path

from arena.content.loader import Catalog
from arena.engine.setup import scenario_fight
from arena.ui.arena_screen import ArenaScreen
from arena.ui.hold import hold_limit
from tests.ui.conftest import make_app, pick, sorcerer_duel

SMALL = (80, 24)


async def test_commanding_a_demon_rolls_nothing_of_ones_own_so_no_hold(
    catalog: Catalog, saves: Path
) -> None:
    # Vic states "command Scratch": Vic rolls nothing; the thugs' and Scratch's order rolls
    # follow at once. Without the fix the screen held on them as "your action's dice".
    fight = scenario_fight(catalog, "sorcerer-vs-thugs", human="vic")
    app = make_app(catalog, saves, fight, hold=-1)
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ArenaScreen)
        start = len(fight.events)
        await pick(pilot, fight.pending()[0], "Command Scratch: Attack Clubber with claws")
        rolled = [e for e in fight.events[start:] if e.roll is not None]
        assert rolled  # others rolled...
        assert all("vic" not in (e.actor, e.target) for e in rolled)  # ...but none of Vic's
        assert not screen.holding


async def test_an_attack_holds_on_the_players_order_roll(catalog: Catalog, saves: Path) -> None:
    fight = sorcerer_duel(catalog)
    app = make_app(catalog, saves, fight, hold=-1)
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ArenaScreen)
        start = len(fight.events)
        await pick(pilot, fight.pending()[0], "Attack Mara")
        await pilot.pause()
        own = [e for e in fight.events[start:] if e.roll is not None and e.actor == "rook"]
        assert own
        # Mara's reaction is the AI's to answer: the screen holds on Rook's roll meanwhile.
        assert screen.holding


def test_hold_limit_counts_rolls_made_by_or_against_the_player(catalog: Catalog) -> None:
    fight = sorcerer_duel(catalog)
    fight.start()
    (mara,) = [d for d in fight.pending() if d.actor == "mara"]
    fight.answer(mara, mara.choices[0].command)  # she states hers first, as in play
    start, round_ = len(fight.events), fight.round
    (rook,) = [d for d in fight.pending() if d.actor == "rook"]
    attack = next(c for c in rook.choices if c.label.startswith("Attack Mara"))
    fight.answer(rook, attack.command)
    events = fight.events
    assert hold_limit(events, start, round_, "rook") is not None
    assert hold_limit(events, start, round_, "nobody") is None
