"""An offer's chance to win: its fight, as the run would start it, played to the end by the AI."""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Sequence
from dataclasses import replace

from arena.content.loader import Catalog, default_content_root, load_catalog
from arena.content.scenario import ScenarioDef
from arena.engine import Fight
from arena.engine.forecast import Chance, chance, derive, play_out, stand_ins
from arena.gauntlet.errors import GauntletError
from arena.gauntlet.lineup import PLAYER_SIDE
from arena.gauntlet.run import RunState, offer, start_fight

Winners = tuple[str | None, ...]
"""The winning side of each continuation played (None: a draw)."""


def odds_seed(state: RunState, index: int) -> int:
    """The base seed of offer ``index``'s continuations, from the run's seed and fight number.

    The first 63 bits of SHA-256 of ``"SEED/odds/FIGHT/INDEX"``: the same in every process.
    Continuation ``i`` rolls with ``derive(odds_seed(...), i)``, as a forecast's do.
    """
    key = f"{state.seed}/odds/{len(state.records)}/{index}"
    return int.from_bytes(hashlib.sha256(key.encode()).digest()[:8], "big") >> 1


def stand_in_fight(state: RunState, catalog: Catalog, index: int) -> ScenarioDef:
    """Offer ``index``'s fight as the run would start it, with the character played by AI.

    A person's character is played by the forecast's stand-in (its tactical policy), a
    headless run's by the run's own policy.

    Raises:
        GauntletError: the run is over, or it offers no fight ``index``.
    """
    state = replace(state, underway=None)  # a fight under way does not change what was offered
    offered = offer(state, catalog)
    if not 0 <= index < len(offered):
        raise GauntletError(f"offer {index + 1}: this fight offers {len(offered)}")
    fight = start_fight(state, catalog, offered[index].id)
    try:
        fight.start()
        return stand_ins(fight, f"ai:{state.policy}" if state.policy else None)
    finally:
        fight.close()


def play_offer(state: RunState, catalog: Catalog, index: int, numbers: Iterable[int]) -> Winners:
    """The winner of each continuation numbered in ``numbers`` of offer ``index``'s fight.

    Each continuation is the whole fight from its start with its own dice: before a fight
    there is no moment to copy, and a copy of a started fight would share its first rolls
    (Werewolf's initiative) with every other continuation.

    Raises:
        GauntletError: as `stand_in_fight`.
    """
    scenario = stand_in_fight(state, catalog, index)
    base = odds_seed(state, index)
    return tuple(
        play_out(Fight(scenario, catalog, seed=derive(base, n), hashes=False)).view().winner
        for n in numbers
    )


def offer_odds(state: RunState, catalog: Catalog, index: int, fights: int) -> Chance:
    """The character's chance to win offer ``index``, out of ``fights`` continuations.

    The same run state gives the same chance in every process.

    Raises:
        GauntletError: as `stand_in_fight`.
    """
    return chance(PLAYER_SIDE, play_offer(state, catalog, index, range(fights)))


def odds_of(parts: Iterable[Winners]) -> Chance:
    """The character's chance to win from the winners of an offer's parts (`split` runs)."""
    return chance(PLAYER_SIDE, [w for part in parts for w in part])


def odds_words(odds: Chance) -> str:
    """``win ≈ 64% of 60``."""
    return f"win ≈ {odds.share:.0%} of {odds.fights}"


_CATALOGS: dict[str, Catalog] = {}


def play_offer_at(state: RunState, digest: str, index: int, numbers: Sequence[int]) -> Winners:
    """`play_offer` on a worker process, on the content loaded there once.

    Raises:
        GauntletError: the content there is not the content the run was offered from.
    """
    catalog = _catalog_here()
    if catalog.digest != digest:
        raise GauntletError("the content changed on disk since the run's offer was drawn")
    return play_offer(state, catalog, index, numbers)


def warm_up() -> str:
    """Load the content on a worker process ahead of its first offer; its digest."""
    return _catalog_here().digest


def _catalog_here() -> Catalog:
    root = default_content_root()
    catalog = _CATALOGS.get(str(root))
    if catalog is None:
        catalog = _CATALOGS[str(root)] = load_catalog(root)
    return catalog
