"""The order track: the round, the step, and who acts when (segments or the Sorcerer order)."""

from __future__ import annotations

from collections.abc import Mapping

from rich.text import Text
from textual.widgets import Static

from arena.engine import FightView

AFTER = -1
"""The segment of actions taken after everyone's first (W20 extra actions)."""


def segments(view: FightView) -> dict[int, list[str]]:
    """Segment → the ids acting on it, highest segment first, from the view's numbers.

    Empty when the view does not give them (a ruleset without segments).
    """
    ticks: dict[int, list[str]] = {}
    for c in view.combatants:
        if c.werewolf is None or c.status != "active":
            continue
        for segment in c.werewolf.acts_on:
            ticks.setdefault(segment, []).append(c.id)
    return dict(sorted(ticks.items(), key=lambda item: -item[0]))


def track_text(
    view: FightView,
    names: Mapping[str, str],
    *,
    acting: str,
    segment: int | None,
    stale: bool,
) -> Text:
    """The two lines of the track.

    Args:
        view: the fight.
        names: combatant id → name.
        acting: the id of whoever decides now, or "".
        segment: the segment the decision is about, if the ruleset has segments.
        stale: the order shown is last round's (this round's is not rolled yet).
    """
    word = "Turn" if view.ruleset == "werewolf" else "Round"
    line = Text(f"{word} {view.round}", style="bold").append(f" · {view.step}\n")
    ticks = segments(view)
    if acting and not ticks:
        # Without numbers to place the mark in the order, the actor leads the line.
        line.append(f"▶ {names.get(acting, acting)}", "bold reverse").append(" · ", "dim")
    if ticks:
        for index, (tick, ids) in enumerate(ticks.items()):
            if index:
                line.append("  │  ", style="dim")
            here = segment is None or segment == tick
            line.append("after: " if tick == AFTER else f"{tick}: ", "dim")
            for n, cid in enumerate(ids):
                mark = here and cid == acting
                line.append(", " if n else "")
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
    ) -> None:
        """Show a view's order (see `track_text`)."""
        text = track_text(view, names, acting=acting, segment=segment, stale=stale)
        self.update(text, layout=False)  # a fixed height: no layout needed
