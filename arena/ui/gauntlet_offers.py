"""The gauntlet's offer menu: each fight on offer, its danger until its chance to win is in.

The chances are played out on worker processes (esper is global state, so neither the UI
thread nor its threads play a fight), and the menu waits for them in a Textual worker: the
keys stay free while they compute, and each offer fills in as its fights come back.
"""

from __future__ import annotations

import asyncio
from collections.abc import Mapping, Sequence
from concurrent.futures import Executor, Future
from dataclasses import replace
from typing import Final

from rich.text import Text
from textual.widgets import OptionList
from textual.widgets.option_list import Option

from arena.engine.forecast import split
from arena.gauntlet import Offer, RunState
from arena.gauntlet.odds import Winners, odds_of, play_offer_at, warm_up
from arena.ui.gauntlet_text import offer_text
from arena.ui.pools import kept, real_stderr, started

ODDS_FIGHTS: Final = 40
"""Continuations per offer: the offer screen fills within 2 s on two busy cores (half a
second idle) once the workers run (``bench/bench_gauntlet.py``); about 15 points either side."""
ODDS_WORKERS: Final = 2
"""Worker processes the offers' continuations share: each offer is split among them."""

_pool: list[Executor] = kept([])


def odds_pool() -> Executor:
    """The worker processes the offers' odds run on."""
    return started(_pool, ODDS_WORKERS)


def warm_pool() -> None:
    """Start the odds workers and load their content while a person fills in the form."""
    with real_stderr():  # a started worker is handed the process's own standard error
        for _ in range(ODDS_WORKERS):
            odds_pool().submit(warm_up)


class OfferMenu(OptionList):
    """The fights on offer, by number; each offer's chance to win fills in when it is in."""

    def __init__(
        self,
        names: Mapping[str, str],
        maps: Mapping[str, str],
        ranking: Sequence[int],
        *,
        odds: int = ODDS_FIGHTS,
        generated: bool = False,
        id: str | None = None,
    ) -> None:
        """An empty menu.

        Args:
            names: each character's display name by id.
            maps: each map's display name by id.
            ranking: every group's danger in the ruleset, for the danger in words.
            odds: continuations of each offer's fight (0: only the danger rating).
            generated: the run plays on generated maps (``--maps generated``).
            id: the widget's id.
        """
        super().__init__(id=id)
        self.names, self.maps, self.ranking, self.odds = names, maps, ranking, odds
        self.generated = generated
        self.offers: tuple[Offer, ...] = ()
        """The fights on offer, each with its chance to win once it is in."""
        self._asked: list[Future[Winners]] = []
        """The parts of the offers' odds still on the worker processes."""
        self._shown = 0
        """How many offers were shown: a chance that comes back for an older one is dropped."""

    def show(self, state: RunState, offers: tuple[Offer, ...], digest: str) -> None:
        """List the offers of the run's next fight and ask for their chances to win.

        Args:
            state: the run.
            offers: its next fight's offers (empty: none, the run is over).
            digest: the content's digest, which the workers' content must match.
        """
        self.drop()
        self.clear_options()
        self.offers = offers
        self._shown += 1
        if self.odds > 0 and offers and state.underway is None:
            parts = split(self.odds, ODDS_WORKERS)
            with real_stderr():
                asked = [
                    [odds_pool().submit(play_offer_at, state, digest, i, part) for part in parts]
                    for i in range(len(offers))
                ]
            self._asked = [future for row in asked for future in row]
            self.run_worker(self._fill(asked, self._shown), group="odds", exclusive=True)
        for number, offered in enumerate(offers, 1):
            self.add_option(Option(self._prompt(number, offered), id=offered.id))

    def drop(self) -> None:
        """Forget the odds asked for: the parts not yet begun are cancelled."""
        for future in self._asked:
            future.cancel()
        self._asked = []
        self.workers.cancel_group(self, "odds")

    def on_unmount(self) -> None:
        """A menu gone drops its odds: quitting need not wait for them."""
        self.drop()

    async def _fill(self, asked: list[list[Future[Winners]]], shown: int) -> None:
        """Each offer's chance, in order, as its parts come back."""
        try:
            for index, parts in enumerate(asked):
                winners = [await asyncio.wrap_future(part) for part in parts]
                if shown != self._shown:
                    return  # another offer is shown: it asked for its own
                offered = replace(self.offers[index], odds=odds_of(winners))
                self.offers = (*self.offers[:index], offered, *self.offers[index + 1 :])
                self.replace_option_prompt(offered.id, self._prompt(index + 1, offered))
        except Exception as err:  # the odds failing must not take the run down
            self._asked = []
            for number, offered in enumerate(self.offers, 1):
                self.replace_option_prompt(offered.id, self._prompt(number, offered))
            self.notify(f"No chance to win: {err}", title="Gauntlet", severity="warning")

    def _prompt(self, number: int, offered: Offer) -> Text:
        pending = bool(self._asked)
        return Text(f"{number}  ", style="bold").append_text(
            offer_text(
                offered,
                self.names,
                self.maps,
                self.ranking,
                pending=pending,
                generated=self.generated,
            )
        )
