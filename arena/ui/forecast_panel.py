"""The forecast panel: the player's side's chance to win, from continuations of the moment.

The continuations run on worker processes (esper is global state, so no thread beside the
UI's own runs a fight), split among them, and the panel waits for them in a Textual worker:
the keys stay free while it computes. The first few are played on the UI's own thread, one at
a time with the keys answered between them, so a first figure waits for no worker. The side's
chance is an anytime forecast (`arena.engine.anytime`): a first figure from those, sharpened
chunk by chunk until its interval is within 3 points either side or the most continuations
are played. A newer moment cancels the wait for an older one of the same view (the side's
chance, or each choice's): the two are computed apart.
"""

from __future__ import annotations

import asyncio
import os
import threading
from collections import deque
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import Executor, Future
from functools import partial
from typing import Final, Literal, TypeAlias, TypeVar

from rich.text import Text
from textual.message import Message
from textual.widgets import Static

from arena.engine import Fight
from arena.engine.anytime import MOST, WITHIN, Reading, Tally
from arena.engine.coach import ChoiceOdds, Coaching, rank
from arena.engine.forecast import (
    Chance,
    ChoiceChance,
    ChoiceWinners,
    Moment,
    Winners,
    choice_winners_at,
    moment_of,
    ranked,
    replayed,
    split,
    warm_up,
    winners_at,
    winners_from,
)
from arena.engine.setup import Catalog
from arena.ui.pools import kept, real_stderr, started, yield_cpu
from arena.words.rulesets import round_word

T = TypeVar("T")

View: TypeAlias = Literal["chance", "choices"]
"""What the panel shows: the side's chance to win (`f`), or each choice's, ranked (`F`)."""

CONTINUATIONS: Final = MOST
"""The most continuations a forecast plays: it stops sooner once within 3 points either side."""
PER_CHOICE: Final = 100
"""Continuations per choice when each legal choice is forecast (all meet the same dice)."""
SHOWN_AT: Final = (0.03, 0.1, 0.3, 0.6)
"""Shares of `PER_CHOICE` at which a ranking still being computed is shown: a long menu takes
a while, and a rough ranking that sharpens beats a blank panel (the first, of 3 continuations
a choice, comes in under a second for a Werewolf duel's 18 choices)."""

HOPS: Final = 20
"""Rounds of the UI's loop left to answer keys before each continuation played on its thread."""
WORKERS: Final = max(1, min(2, os.cpu_count() or 1))
"""Worker processes a forecast's continuations are split among: two where there are two cores.
They run at a lower priority than the UI, so a key is answered at once all the same."""
_pool: list[Executor] = kept([])


def pool() -> Executor:
    """The worker processes forecasts run on."""
    return started(_pool, WORKERS, yield_cpu)


def start_ahead(ruleset: str) -> threading.Thread:
    """Start the workers and load the content and the ruleset now, off the UI's thread.

    A fight screen calls it as it opens, so the first ``f`` finds the workers ready instead
    of waiting for them to start. They start as a first ``f`` would start them, and lower
    their priority (`yield_cpu`) before they load the content. Started from a thread of
    lower priority they would be born lower: on a busy machine that made them ready later
    than workers started at the first ``f``, and the thread that carries their results
    would inherit it.
    """
    thread = threading.Thread(target=_start, args=(ruleset,), name="forecast workers", daemon=True)
    thread.start()
    return thread


def _start(ruleset: str) -> None:
    with real_stderr():  # a started worker is handed the process's own standard error
        for _ in range(WORKERS):
            pool().submit(warm_up, ruleset)


async def on_workers(
    work: Callable[[Moment, Sequence[int]], T], moment: Moment, numbers: range | None = None
) -> list[T]:
    """``work(moment, numbers)`` for the moment's continuations, split among the workers.

    Each continuation's dice come from its number alone, so the parts give the figures one
    process would. ``numbers``: only these continuations (by default all of the moment's).
    """
    every = range(moment.continuations) if numbers is None else numbers
    with real_stderr():
        futures = [
            pool().submit(work, moment, every[part.start : part.stop])
            for part in split(len(every), WORKERS)
        ]
    try:
        return list(await asyncio.gather(*(asyncio.wrap_future(f) for f in futures)))
    finally:
        for future in futures:  # a newer forecast does not wait behind parts not yet begun
            future.cancel()


GAP_LEGEND = "gap to best, *: beyond noise"
"""What a ranking's second column means: said wherever the whole ranking is shown."""


def chance_words(chance: Chance, name: str, *, final: bool = True) -> str:
    """``Garou wins 62% (95%: 58%–66%, 500 continuations)``; ``… so far`` while it sharpens."""
    more = "" if final else " so far…"
    return (
        f"{name} wins {chance.share:.0%} "
        f"(95%: {chance.low:.0%}–{chance.high:.0%}, {chance.fights:,} continuations{more})"
    )


def gap_words(odds: ChoiceOdds) -> str:
    """``-12*``: the gap to the best in points, starred if larger than its noise."""
    sign = "-" if odds.gap > 0 else ""
    return f"{sign}{odds.gap * 100:.0f}{'*' if odds.clear else ''}"


def choices_text(
    heading: str,
    ranked: list[ChoiceChance],
    keys: Mapping[str, str] | None = None,
    gaps: Mapping[str, str] | None = None,
) -> str:
    """The heading, then each choice's chance to win, best first, with the key that picks it.

    ``keys`` maps a choice's label to its key (none when the choices are not the player's);
    ``gaps`` a label to its gap to the best (`gap_words`; none: no gap column).
    """
    if not ranked:
        return f"{heading}\nNothing to choose now."
    keys = keys or {}
    pad = "    " if keys else ""
    lines = [heading]
    for index, (label, c) in enumerate(ranked):
        key = f"[{keys[label]}] " if label in keys else pad
        gap = "" if gaps is None else f"{'best' if index == 0 else gaps.get(label, ''):>4} "
        lines.append(f"{key}{c.share:4.0%} {gap}{label}")
    return "\n".join(lines)


class ForecastPanel(Static):
    """A side's chance to win from this moment, or each choice's; hidden until toggled.

    It shows one of two views (`showing`), each computed apart and kept while the other is
    shown: `f` goes back from a ranking to the chance, and `F` from the chance to the ranking,
    neither computed again for the same moment. A ranking longer than the panel is cut;
    `RankingScreen` shows it whole.
    """

    class Updated(Message):
        """New figures came in (the chance, or the ranking), or the panel was hidden."""

    def __init__(self, *, continuations: int = CONTINUATIONS, id: str | None = None) -> None:
        """An empty, hidden panel."""
        # Names, choice labels and errors are shown as written, never read as markup.
        super().__init__("", id=id, markup=False)
        self.continuations = continuations
        self.display = False
        self.border_title = "Forecast"
        self.showing: View = "chance"
        """Which view the panel shows while displayed."""
        self.chance: Chance | None = None
        """The latest chance shown, or None."""
        self.ranked: list[ChoiceChance] = []
        """The latest choices forecast, best first."""
        self.heading = ""
        """Whose choices the ranking is of, and when."""
        self._moment: tuple[int, int] | None = None
        """(round, commands) of the moment last asked for."""
        self._keys: dict[str, str] = {}
        """The ranked choices' keys, by label."""
        self._ranked_at: tuple[int, int] | None = None
        """(round, commands) of the moment the ranking is of."""
        self._so_far: tuple[int, int] | None = None
        """(done, total) continuations a choice while a ranking is computed; None once whole."""
        self._texts: dict[View, tuple[str, str]] = {"chance": ("", ""), "choices": ("", "")}
        """Each view's text and border subtitle, as last computed."""
        self._chance_at: tuple[int, int] | None = None
        """(round, commands) of the moment `chance` is of."""
        self.final = False
        """True once the chance shown is the forecast's last (it sharpens no further)."""
        self.within = WITHIN
        """The forecast stops once its interval is within this either side (0: never early)."""
        self.coached: tuple[ChoiceOdds, ...] = ()
        """The latest ranking with each choice's gap to the best and the gap's noise."""
        self._choice_keys: list[str] = []
        """The ranked decision's choice keys, in the menu's order."""
        self._ranked_for = ("", "", "")
        """The ranked decision's actor, side and kind."""

    def toggle(self, fight: Fight, side: str, name: str) -> None:
        """Show the chance to win (from hidden, or over a ranking), or hide it."""
        if self.display and self.showing == "chance":
            self.display = False
            if not self.final:  # nobody looks: the workers stop sharpening it; f starts anew
                self.workers.cancel_group(self, "chance")
                self._moment = None
            self.post_message(self.Updated())
            return
        self.display = True
        self._show("chance")
        self.follow(fight, side, name, now=True)

    def follow(self, fight: Fight, side: str, name: str, *, now: bool = False) -> None:
        """Forecast again at a new round or turn, or at once when ``now`` (a player's choice).

        Only while the chance is shown: a ranking on screen stays as it is.
        """
        if not self.display or self.showing != "chance":
            return
        if fight.over:
            self._set("chance", f"The fight is over: {fight.view().winner or 'a draw'}.")
            return
        if not now and self._moment is not None and self._moment[0] == fight.round:
            return
        moment = (fight.round, len(fight.commands))
        if moment == self._moment:
            return
        self._moment = moment
        self.final = False
        self._set("chance", self._texts["chance"][0], "computing…")
        asked = moment_of(fight, side, self.continuations, as_seen=True)
        word = round_word(fight.view().ruleset)
        count = len(fight.commands)
        when = f"from {word} {fight.round}, {count} command{'' if count == 1 else 's'} in"
        self.run_worker(
            self._compute(asked, fight.catalog, name, when, moment), group="chance", exclusive=True
        )

    def forecast_choices(
        self,
        fight: Fight,
        side: str,
        actor: str,
        who: str = "",
        keys: Mapping[str, str] | None = None,
    ) -> None:
        """Forecast each legal choice of the actor's decision, ranked (the panel shows).

        The actor may be the player, or (for a presenter watching the AI) whoever decides
        next; ``who`` names it in the heading; ``keys`` maps each choice's label to its key.
        """
        self.display = True
        self.showing = "choices"
        self._keys = dict(keys or {})
        self._ranked_at = (fight.round, len(fight.commands))
        self._so_far = None
        self.ranked = []
        self.coached = ()
        decision = next((d for d in fight.pending() if d.actor == actor), None)
        self._choice_keys = [c.key for c in decision.choices] if decision is not None else []
        self._ranked_for = (actor, side, decision.kind if decision is not None else "")
        word = round_word(fight.view().ruleset)
        self.heading = f"Chance to win if {who or actor} picks ({word} {fight.round}):"
        computing = f"{self.heading}\ncomputing {PER_CHOICE} continuations a choice…"
        self._set("choices", computing, "each choice: computing…")
        asked = moment_of(fight, side, PER_CHOICE, as_seen=True)
        self.run_worker(self._compute_choices(asked, actor), group="choices", exclusive=True)

    def show_ranking(self, fight: Fight) -> bool:
        """Show the ranking kept for the fight's moment again, if there is one and it is hidden.

        Returns:
            True if it was shown now; False if there is none, or it is on screen already.
        """
        if not self.ranks(fight) or (self.display and self.showing == "choices"):
            return False
        self.display = True
        self._show("choices")
        return True

    def forget_ranking(self, fight: Fight) -> None:
        """Drop a ranking whose decision has been answered: its figures and keys are stale."""
        if self._ranked_at is None or self.ranks(fight):
            return
        self.workers.cancel_group(self, "choices")
        self.ranked = []
        self._ranked_at = None
        self._so_far = None
        self._texts["choices"] = ("", "")
        if self.showing == "choices":
            # The ranking's panel goes with its decision: the tray it covered shows the
            # choice's dice. f shows the side's chance again, of the moment at hand.
            self._moment = None
            self.display = False
            self._show("chance")
        self.post_message(self.Updated())

    def changes(self, fight: Fight) -> dict[str, float]:
        """What each choice of the decision at hand does to the chance to win, by label.

        Its chance if picked (the ranking), less the side's chance now: only while the panel
        shows, with both computed for this moment (a ranking alone has nothing to compare to).
        """
        moment = (fight.round, len(fight.commands))
        if not self.display or not self.ranks(fight) or self.chance is None:
            return {}
        if self._chance_at != moment:
            return {}
        return {label: c.share - self.chance.share for label, c in self.ranked}

    def coaching(self, fight: Fight, taken: str) -> Coaching | None:
        """The whole ranking of the decision at hand as the coach's figures, ``taken`` picked.

        None unless the panel has ranked this moment's choices to the end.
        """
        if not self.ranks(fight) or self._so_far is not None or not self.coached:
            return None
        actor, side, kind = self._ranked_for
        count = len(fight.commands)
        total = self.coached[0].fights
        return Coaching(actor, side, kind, fight.round, count, total, self.coached, taken)

    def ranks(self, fight: Fight) -> bool:
        """True if the panel ranks (or is ranking) the choices of the fight's moment now."""
        return self._ranked_at == (fight.round, len(fight.commands))

    def _set(self, view: View, text: str, subtitle: str = "") -> None:
        """Keep a view's text, and show it if it is the view on screen."""
        self._texts[view] = (text, subtitle)
        if self.showing == view:
            self._show(view)

    def _show(self, view: View) -> None:
        self.showing = view
        text, subtitle = self._texts[view]
        self.update(text)
        self.border_subtitle = subtitle
        if view == "choices":
            self.call_after_refresh(self._say_if_cut)

    def _say_if_cut(self) -> None:
        if self.showing == "choices":  # not if f brought the chance back meanwhile
            self._say_it_is_cut()

    async def _on_workers(
        self,
        view: View,
        work: Callable[[Moment, Sequence[int]], T],
        moment: Moment,
        numbers: range | None = None,
    ) -> list[T] | None:
        """`on_workers` (started on first use); None, said in the view, if it fails."""
        try:
            return await on_workers(work, moment, numbers)
        except Exception as err:  # a forecast failing must not take the screen down
            self._set(view, f"No forecast: {type(err).__name__}: {err}")
            return None

    async def _compute_choices(self, moment: Moment, actor: str) -> None:
        work = partial(choice_winners_at, actor=actor)
        total = moment.continuations
        stops = sorted({max(1, int(total * share)) for share in SHOWN_AT} | {total})
        parts: list[ChoiceWinners] = []
        done = 0
        for stop in stops:
            more = await self._on_workers("choices", work, moment, range(done, stop))
            if more is None:
                return
            parts += more
            done = stop
            # The same continuations in runs: the last ranking is the one a single run gives.
            self.ranked = ranked(moment.side, parts)
            self.coached = self._coach(moment.side, parts)
            self._so_far = (done, total) if done < total else None
            self._set(
                "choices",
                self.ranking_text(),
                f"each choice, {done} of {total} continuations so far…"
                if done < total
                # Short enough for the panel's edge at 120 columns: the legend is not cut.
                else f"{total:,} continuations · {GAP_LEGEND}",
            )
            self.post_message(self.Updated())

    def _coach(self, side: str, parts: list[ChoiceWinners]) -> tuple[ChoiceOdds, ...]:
        """The coach's figures of the parts so far: each choice's gap to the best, and noise."""
        if not parts or not parts[0] or len(parts[0]) != len(self._choice_keys):
            return ()
        joined: ChoiceWinners = [
            (label, [w for part in parts for w in part[index][1]])
            for index, (label, _) in enumerate(parts[0])
        ]
        return rank(side, self._choice_keys, joined)

    def ranking_text(self) -> str:
        """The whole ranking, each choice with its key and its gap to the best."""
        gaps = {c.label: gap_words(c) for c in self.coached[1:]} if self.coached else None
        return choices_text(self.heading, self.ranked, self._keys, gaps)

    def ranking_whole(self) -> str:
        """The ranking for its own screen: said to be rough while it is still computed."""
        if self._so_far is None:
            return self.ranking_text()
        done, total = self._so_far
        rough = f"(rough: {done}/{total} continuations a choice so far; it sharpens)"
        return f"{self.ranking_text()}\n{rough}"

    def ranking_legend(self) -> str:
        """What the whole ranking's gaps and stars mean, for its own screen's border."""
        if self._so_far is None:
            return f"{len(self.ranked)} choices · {GAP_LEGEND}"
        return GAP_LEGEND

    def _say_it_is_cut(self) -> None:
        """A ranking longer than the panel says how to see the rest.

        Its lines are counted as drawn: a long label wraps onto a second line.
        """
        box = self.content_region
        if not self.ranked or box.width <= 0:
            return
        drawn = Text(self.ranking_text()).wrap(self.app.console, box.width)
        if len(drawn) > box.height:
            # Short enough for the panel at 80 columns, with the count still to come.
            if self._so_far is None:
                self.border_subtitle = f"{len(self.ranked)} choices · F again: all"
            else:
                done, total = self._so_far
                self.border_subtitle = f"F again: all · {done}/{total}…"

    async def _compute(
        self, moment: Moment, catalog: Catalog, name: str, when: str, asked_at: tuple[int, int]
    ) -> None:
        """The anytime forecast: a figure after each chunk, in the chunks' order, until it stops.

        The first chunk is played here, at once, while the workers start or replay the moment
        (`arena.engine.anytime.stream`'s way); the next are asked of the workers a few ahead,
        so each stays busy. The figures depend on the continuations' numbers alone, never on
        where a chunk was played or which worker finished first.
        """
        tally = Tally(moment.side, most=moment.continuations, within=self.within)
        pending: deque[Future[Winners]] = deque()
        first = tally.next_part()

        def top_up() -> None:
            while len(pending) < WORKERS + 1:
                part = tally.next_part()
                if part is None:
                    return
                with real_stderr():
                    pending.append(pool().submit(winners_at, moment, part))

        try:
            top_up()
            if first is not None:
                try:
                    won = await _played_here(moment, first, catalog)
                except Exception as err:  # a forecast failing must not take the screen down
                    self._set("chance", f"No forecast: {type(err).__name__}: {err}")
                    return
                self._take(tally.add(won), name, when, asked_at)
                if self.final:
                    return
            while pending:
                try:
                    won = await asyncio.wrap_future(pending[0])
                except Exception as err:  # a forecast failing must not take the screen down
                    self._set("chance", f"No forecast: {type(err).__name__}: {err}")
                    return
                pending.popleft()
                self._take(tally.add(won), name, when, asked_at)
                if self.final:
                    return
                top_up()
        finally:
            for future in pending:  # a newer forecast does not wait behind chunks not begun
                future.cancel()

    def _take(self, reading: Reading, name: str, when: str, asked_at: tuple[int, int]) -> None:
        """Show a reading: its figure, interval and the continuations behind it."""
        self.chance = reading.chance
        self.final = reading.final
        self._chance_at = asked_at
        fights = reading.chance.fights
        # While it sharpens, how far it has gone (the moment comes with the last figure): the
        # two would not fit the panel's border at 80 columns.
        subtitle = when if reading.final else f"sharpening: {fights:,}/{self.continuations:,}…"
        self._set("chance", chance_words(reading.chance, name, final=reading.final), subtitle)
        self.post_message(self.Updated())


async def _played_here(moment: Moment, numbers: range, catalog: Catalog) -> Winners:
    """The continuations played in this process, one at a time, keys answered in between.

    Each holds the UI's loop for ~10-30 ms, so before each the loop is let round `HOPS` times:
    a key goes through several hops before it is answered, one a round.
    """
    await _let_keys_through()
    fight = replayed(moment, catalog)
    try:
        won: Winners = []
        for index in numbers:
            await _let_keys_through()
            won += winners_from(fight, moment, (index,))
        return won
    finally:
        fight.close()


async def _let_keys_through() -> None:
    for _ in range(HOPS):
        await asyncio.sleep(0)
