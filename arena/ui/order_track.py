"""The order track: the round, the step, and who acts when (segments or the Sorcerer order)."""

from __future__ import annotations

from rich.text import Text
from textual.widgets import Static

from arena.engine import FightView


class OrderTrack(Static):
    """One or two lines: where the fight is, and the order as the view states it."""

    def show(self, view: FightView, acting: str) -> None:
        """Show a view's order; `acting` names whoever decides now (empty if nobody)."""
        word = "Turn" if view.ruleset == "werewolf" else "Round"
        line = Text(f"{word} {view.round}", style="bold").append(f" · {view.step}")
        if acting:
            line.append(" · ").append(acting, style="bold reverse").append(" decides")
        if view.order:
            line.append("\n")
            for index, entry in enumerate(view.order):
                if index:
                    line.append("  │  ", style="dim")
                mark = acting and entry.startswith(acting)
                line.append(("▶ " if mark else "") + entry, style="bold" if mark else "")
        self.update(line, layout=False)  # a fixed height: no layout needed
