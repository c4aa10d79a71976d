"""The order track: the round, the step, and who acts when (segments or the Sorcerer order)."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Final

from rich.text import Text
from textual.widgets import Static

from arena.engine import FightView, step_name
from arena.ui.wording import winner_words
from arena.words.rulesets import round_word

AFTER = -1
"""The segment of actions taken after everyone's first (W20 extra actions)."""
WIDE_BAR: Final = "  │  "
"""Between groups of the order, where it has the room."""
NARROW_BAR: Final = " │ "
"""Between groups of an order told shorter."""


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
    width: int = 0,
    marks: Mapping[str, str] | None = None,
) -> Text:
    """The two lines of the track.

    Args:
        view: the fight.
        names: combatant id → name.
        acting: the id of whoever decides now, or "".
        segment: the segment the decision is about, if the ruleset has segments.
        stale: the order shown is last round's (this round's is not rolled yet).
        leave: where q goes once the fight is over (a gauntlet's fight: back to the run).
        width: the columns the order's line has (0: as wide as it needs). A wider order is
            told shorter (`order_lines`): whoever acts now always shows, by name.
        marks: combatant id → its mark on the map (``t2``), which a short order uses.
    """
    word = round_word(view.ruleset).capitalize()
    if view.over:
        # The step and order the fight stopped at no longer mean anything: say who won.
        line = Text(f"{word} {view.round}", style="bold").append(f" · over: {winner_words(view)}\n")
        return line.append(f"no more {word.lower()}s · q: {leave}", "dim")
    line = Text(f"{word} {view.round}", style="bold").append(f" · {step_name(view.step)}\n")
    groups = [] if stale else order_groups(view)
    for candidate in order_lines(view, names, groups, acting, segment, stale, marks or {}):
        if not width or candidate.cell_len <= width:
            break
    return line.append_text(candidate)


def order_lines(
    view: FightView,
    names: Mapping[str, str],
    groups: list[tuple[str, int | None, list[str]]],
    acting: str,
    segment: int | None,
    stale: bool,
    marks: Mapping[str, str],
) -> Iterator[Text]:
    """The order's line, told shorter and shorter; the last is the shortest there is.

    In turn: every name; narrower bars; the others by their marks on the map (whoever acts
    now by name); then from the group acting now on, as many groups as fit, the rest counted.
    """
    lead = Text()
    # The group whoever decides acts in now (None: not in the order where the decision is).
    placed = next(
        (
            i
            for i, (_, tick, ids) in enumerate(groups)
            if acting in ids and (segment is None or segment == tick)
        ),
        None,
    )
    if acting and placed is None:
        # Not in the order where the decision is (a reaction, or no numbers): it leads the line.
        lead.append(f"▶ {names.get(acting, acting)}", "bold reverse").append(" · ", "dim")
    if not groups:
        if stale:
            yield lead + _stale_line(view, "order: rolled in Step 3", last=True)
            yield lead + _stale_line(view, "order: rolled in Step 3", last=False)
            yield lead + _stale_line(view, "order: Step 3", last=False)
        else:
            style = "" if view.order else "dim"
            yield lead + Text(WIDE_BAR.join(view.order) or "no order yet", style)
            yield lead + Text(NARROW_BAR.join(view.order) or "no order yet", style)
        return
    yield lead + _groups_line(groups, names, names, acting, segment, WIDE_BAR)
    yield lead + _groups_line(groups, names, names, acting, segment, NARROW_BAR)
    short = {cid: marks.get(cid, name) for cid, name in names.items()}
    yield lead + _groups_line(groups, short, names, acting, segment, NARROW_BAR)
    now = placed or 0
    for last in range(len(groups), now, -1):
        line = Text("… ", "dim") if now else Text()
        line.append_text(_groups_line(groups[now:last], short, names, acting, segment, NARROW_BAR))
        if last < len(groups):
            line.append(f" │ {len(groups) - last} more", "dim")
        yield lead + line
    yield lead + Text(f"▶ {names.get(acting, acting)}", "bold reverse") if acting else lead


def _stale_line(view: FightView, said: str, *, last: bool) -> Text:
    """Steps 1-2 of a Sorcerer round: the order is not rolled yet (and last round's, if kept)."""
    line = Text(said, "italic dim")
    if last and view.order:
        line.append(" · last round: " + WIDE_BAR.join(view.order), "dim")
    return line


def _groups_line(
    groups: list[tuple[str, int | None, list[str]]],
    names: Mapping[str, str],
    whole: Mapping[str, str],
    acting: str,
    segment: int | None,
    bar: str,
) -> Text:
    """The groups in order, by `names`; whoever acts now marked ``▶``, by its `whole` name."""
    line = Text()
    for index, (label, tick, ids) in enumerate(groups):
        if index:
            line.append(bar, style="dim")
        here = segment is None or segment == tick
        line.append(f"{label} ", "dim")
        for n, cid in enumerate(ids):
            mark = here and cid == acting
            line.append(" = " if n and tick is None else ", " if n else "")
            style = "bold reverse" if mark else ""
            name = whole.get(cid, cid) if mark else names.get(cid, cid)
            line.append(("▶ " if mark else "") + name, style)
    return line


@dataclass(frozen=True, slots=True)
class Shown:
    """What the track was last asked to show: drawn again at each new width."""

    view: FightView
    names: Mapping[str, str]
    acting: str
    segment: int | None
    stale: bool
    leave: str
    marks: Mapping[str, str] | None


class OrderTrack(Static):
    """Two lines: where the fight is, and the order with whoever acts now marked ``▶``."""

    def __init__(self, *, id: str | None = None) -> None:
        """An empty track, until `show`."""
        super().__init__(id=id)
        self._shown: Shown | None = None

    def show(
        self,
        view: FightView,
        names: Mapping[str, str],
        *,
        acting: str,
        segment: int | None = None,
        stale: bool = False,
        leave: str = "title menu",
        marks: Mapping[str, str] | None = None,
    ) -> None:
        """Show a view's order (see `track_text`), told as short as its width needs."""
        self._shown = Shown(view, names, acting, segment, stale, leave, marks)
        self._draw()

    def on_resize(self) -> None:
        """A new width may tell the order longer or shorter."""
        self._draw()

    def _draw(self) -> None:
        shown = self._shown
        if shown is None:
            return
        text = track_text(
            shown.view,
            shown.names,
            acting=shown.acting,
            segment=shown.segment,
            stale=shown.stale,
            leave=shown.leave,
            width=self.content_region.width,
            marks=shown.marks,
        )
        self.update(text, layout=False)  # a fixed height: no layout needed
