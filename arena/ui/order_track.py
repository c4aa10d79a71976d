"""The order track: the round, the step, and who acts when (segments or the Sorcerer order)."""

from __future__ import annotations

from collections.abc import Mapping

from rich.text import Text
from textual.widgets import Static

from arena.engine import FightView, step_name
from arena.ui.wording import winner_words
from arena.words.rulesets import round_word

AFTER = -1
"""The segment of actions taken after everyone's first (W20 extra actions)."""


def order_groups(view: FightView) -> list[tuple[str, int | None, list[str]]]:
    """The order from the view's numbers: (label, segment, ids) per group, first to act first.

    Werewolf groups are segments, highest first; Sorcerer groups are places in the order
    (several ids in one place act simultaneously). Empty when the view gives no numbers.
    """
    ticks: dict[int, list[str]] = {}
    places: dict[int, list[str]] = {}
    for c in view.combatants:
        if c.status != "active":
            continue
        if c.werewolf is not None:
            for segment in c.werewolf.acts_on:
                ticks.setdefault(segment, []).append(c.id)
        if c.sorcerer is not None and c.sorcerer.place > 0:
            places.setdefault(c.sorcerer.place, []).append(c.id)
    if ticks:
        return [
            ("after:" if tick == AFTER else f"{tick}:", tick, ids)
            for tick, ids in sorted(ticks.items(), key=lambda item: -item[0])
        ]
    return [(f"{place}.", None, ids) for place, ids in sorted(places.items())]


def track_text(
    view: FightView,
    names: Mapping[str, str],
    *,
    acting: str,
    segment: int | None,
    stale: bool,
    leave: str = "title menu",
) -> Text:
    """The two lines of the track.

    Args:
        view: the fight.
        names: combatant id → name.
        acting: the id of whoever decides now, or "".
        segment: the segment the decision is about, if the ruleset has segments.
        stale: the order shown is last round's (this round's is not rolled yet).
        leave: where q goes once the fight is over (a gauntlet's fight: back to the run).
    """
    word = round_word(view.ruleset).capitalize()
    if view.over:
        # The step and order the fight stopped at no longer mean anything: say who won.
        line = Text(f"{word} {view.round}", style="bold").append(f" · over: {winner_words(view)}\n")
        return line.append(f"no more {word.lower()}s · q: {leave}", "dim")
    line = Text(f"{word} {view.round}", style="bold").append(f" · {step_name(view.step)}\n")
    groups = [] if stale else order_groups(view)
    placed = any(acting in ids and (segment is None or segment == tick) for _, tick, ids in groups)
    if acting and not placed:
        # Not in the order where the decision is (a reaction, or no numbers): it leads the line.
        line.append(f"▶ {names.get(acting, acting)}", "bold reverse").append(" · ", "dim")
    if groups:
        for index, (label, tick, ids) in enumerate(groups):
            if index:
                line.append("  │  ", style="dim")
            here = segment is None or segment == tick
            line.append(f"{label} ", "dim")
            for n, cid in enumerate(ids):
                mark = here and cid == acting
                line.append(" = " if n and tick is None else ", " if n else "")
                style = "bold reverse" if mark else ""
                line.append(("▶ " if mark else "") + names.get(cid, cid), style)
    elif stale:
        line.append("order: rolled in Step 3", "italic dim")
        if view.order:
            line.append(" · last round: " + "  │  ".join(view.order), "dim")
    else:
        line.append("  │  ".join(view.order) or "no order yet", "" if view.order else "dim")
    return line


class OrderTrack(Static):
    """Two lines: where the fight is, and the order with whoever acts now marked ``▶``."""

    def show(
        self,
        view: FightView,
        names: Mapping[str, str],
        *,
        acting: str,
        segment: int | None = None,
        stale: bool = False,
        leave: str = "title menu",
    ) -> None:
        """Show a view's order (see `track_text`)."""
        text = track_text(view, names, acting=acting, segment=segment, stale=stale, leave=leave)
        self.update(text, layout=False)  # a fixed height: no layout needed
