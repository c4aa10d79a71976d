"""A panel per combatant: health, pools, form, intention; and the look line for one in full."""

from __future__ import annotations

import textwrap
from collections.abc import Mapping

from rich.text import Text
from textual.containers import VerticalScroll
from textual.widgets import Static

from arena.engine import CombatantView, FightView, Pool, controller_words, reason_note
from arena.ui.grid_map import marks_of
from arena.ui.wording import status_word
from arena.words.health import penalty_stated
from arena.words.sorcerer import hidden_intention_short

STATUS_MARK: Mapping[str, str] = {"active": "●", "fled": "»", "dead": "✝"}
"""A shape per status beside its word, so colour is never the only cue."""
SIDE_STYLES = ("bold cyan", "bold red", "bold yellow", "bold magenta")
NOTES_ON_CARD = 2
BARS_FROM = 60
"""Pools get bars in panels at least this wide; narrower ones keep the numbers only."""


INDENT = "    "
"""Before each line of a card after its first."""


def pool_text(pool: Pool, *, bar: bool = True) -> Text:
    """``Rage 3/5 ███░░``: the number, and a bar when there is room.

    A pool keeps its whole name at any width (``Willpower``, as the prompts and the rules say
    it; Sorcerer's Will is another thing): a narrow card gives it a line of its own instead.
    """
    out = Text(f"{pool.name} {pool.current}/{pool.maximum}")
    if bar and pool.maximum <= 10:
        full = max(0, min(pool.current, pool.maximum))
        out.append(" ").append("█" * full + "░" * max(0, pool.maximum - full), "cyan")
    return out


def shown_pools(c: CombatantView) -> tuple[Pool, ...]:
    """The pools worth a place on the card: one with no maximum (a thug's Humanity) is not."""
    return tuple(p for p in c.pools if p.maximum > 0)


def card_text(
    c: CombatantView,
    *,
    side_style: str,
    acting: bool,
    looked: bool = False,
    width: int = 80,
    notes: int = NOTES_ON_CARD,
    glyph: str = "",
    player: str = "",
) -> Text:
    """A combatant's panel: who, their health, their pools, then intention and first notes.

    ``▶`` marks whoever decides now, ``»`` the one under the look cursor. The pools share the
    health line when `width` holds both, else they get a line of their own; bars come with
    room. `player`: who plays it in hot-seat (``player 1``), said beside its side.
    """
    out = Text("▶ " if acting else "» " if looked else "  ", style="bold")
    # `glyph`: its mark on the map (``@``, or ``t2`` among several thugs); its own glyph if none.
    out.append(glyph or c.glyph, side_style).append(f" {c.name}", "bold")
    mark = STATUS_MARK.get(c.status, "✗")
    status = f"  {mark} {status_word(c.status)}"
    # Hot-seat numbers the players by side: where the line has no room for both, the player
    # tells the side, and the status (cut first otherwise) stays in sight.
    played = f" · {player}" if player else ""
    if not player or len(out) + 2 + len(c.side) + len(played) + len(status) <= width:
        out.append(f"  {c.side}", side_style).append(played, "italic")
    else:
        out.append(f"  {player}", "italic")
    out.append(status, "" if c.status == "active" else "bold red")
    # Said once: the health words of most combatants already state the penalty.
    penalty = f" (−{c.penalty} dice)" if c.penalty and c.penalty != penalty_stated(c.wounds) else ""
    health = health_lines(f"{c.health}{penalty}", being_word(c), width)
    bar = width >= BARS_FROM
    held = shown_pools(c)
    pools = Text("  ").join(pool_text(p, bar=bar) for p in held)
    out.append_text(health)
    last = health.plain.rsplit("\n", 1)[-1]
    if pools and 1 + len(last) + 2 + len(pools) <= width:
        out.append("  ").append_text(pools)
    elif pools:
        out.append_text(pools_lines(held, pools, width - len(INDENT), bar=bar))
    if c.intention:
        out.append_text(intention_lines(c, width))
    # The first notes say what matters most (a demon and its binding), then the AI's reason;
    # the look bar has all.
    for note in (*c.notes, reason_note(c.reason))[:notes]:
        if not note:
            continue
        out.append("\n    " + note, "italic dim")
    return out


def health_lines(health: str, what: str, width: int) -> Text:
    """``unhurt · human`` under the name, never cut at the card's edge.

    A long health (a Sorcerer's lasting and temporary damage) wraps, and its kind goes to the
    next line.
    """
    lines = textwrap.wrap(
        health,
        max(10, width),
        initial_indent=INDENT,
        subsequent_indent=INDENT + "  ",
        break_on_hyphens=False,
    ) or [INDENT]
    out = Text("\n" + "\n".join(lines))
    if not what:
        return out
    if len(lines[-1]) + 3 + len(what) <= width:
        return out.append(f" · {what}", "italic")
    return out.append(f"\n{INDENT}{what}", "italic")


def intention_lines(c: CombatantView, width: int) -> Text:
    """``intends: …`` on as many lines as `width` needs: a card never cuts an intention off.

    A hidden Sorcerer intention (stated, not yet revealed: no intent in numbers) says so in
    short where the whole sentence would not fit on one line.
    """
    said = c.intention
    head = f"\n{INDENT}intends: "
    if c.sorcerer is not None and c.sorcerer.intent is None and len(head) - 1 + len(said) > width:
        said = hidden_intention_short()  # where a line is short
    lines = textwrap.wrap(
        said,
        max(10, width),
        initial_indent=" " * (len(head) - 1),
        subsequent_indent=INDENT + "  ",
        break_on_hyphens=False,
    ) or [""]
    out = Text().append(head, "dim").append(lines[0][len(head) - 1 :], "bold")
    for line in lines[1:]:
        out.append("\n" + INDENT + "  ").append(line[len(INDENT) + 2 :], "bold")
    return out


def pools_lines(pools: tuple[Pool, ...], whole: Text, room: int, *, bar: bool) -> Text:
    """The pools on lines of their own, within `room` columns: a card never cuts a pool off.

    `whole` (the pools in one line) if it fits, else as many to a line as fit.
    """
    if len(whole) <= room:
        return Text("\n" + INDENT).append_text(whole)
    out, line = Text(), Text()
    for part in (pool_text(p, bar=bar) for p in pools):
        if line and len(line) + 2 + len(part) > room:
            out.append("\n" + INDENT).append_text(line)
            line = Text()
        line = line.append("  ").append_text(part) if line else part
    return out.append("\n" + INDENT).append_text(line)


def who_is_at(view: FightView, cell: tuple[int, int]) -> str:
    """The id of whoever stands on a cell (the standing before the fallen), or ""."""
    here = [c for c in view.combatants if c.pos == cell and c.status != "fled"]
    here.sort(key=lambda c: c.status != "active")
    return here[0].id if here else ""


def being_word(c: CombatantView) -> str:
    """What a combatant is: a Garou's form (``Homid``); a human, fomor or spirit by its kind."""
    state = c.werewolf
    if state is not None and state.kind != "garou":
        return state.kind.capitalize()
    return c.form


def players(view: FightView, humans: frozenset[str]) -> dict[str, str]:
    """Who plays each person's combatant, by id: ``you``, or ``player 1``, ``player 2``...

    Hot-seat (people on more than one side) numbers the people by side, in roster order.
    """
    sides = list(dict.fromkeys(c.side for c in view.combatants if c.id in humans))
    if len(sides) < 2:
        return {cid: "you" for cid in humans}
    return {c.id: f"player {sides.index(c.side) + 1}" for c in view.combatants if c.id in humans}


def trait_words(traits: tuple[tuple[str, int], ...], room: int = 0) -> str:
    """``Alertness 2, Brawl 3``: every trait by its whole name, a newcomer reads no "Ale 2".

    `room`: the characters there are (0: no limit). When all do not fit, the highest traits
    whole, in the view's order (a 0 tells least: it is left out first), and ``+4 more``.
    """
    words = [f"{name.replace('_', ' ').capitalize()} {value}" for name, value in traits]
    said = ", ".join(words)
    if not room or len(said) <= room:
        return said
    # Highest first; equal values keep the view's order (sorted() is stable).
    ranked = sorted(range(len(words)), key=lambda at: -traits[at][1])
    for kept in range(len(words) - 1, 0, -1):
        chosen = sorted(ranked[:kept])
        said = ", ".join(words[at] for at in chosen) + f", +{len(words) - kept} more"
        if len(said) <= room:
            return said
    return f"{words[ranked[0]]}, +{len(words) - 1} more" if len(words) > 1 else words[0]


def look_text(
    where: str, c: CombatantView | None, *, player: str, room: int = 0, health: bool = True
) -> Text:
    """The look line: the cell, and who stands there in full (traits, who plays it, notes).

    `player`: who plays it if a person does (``you``, ``player 2``), else "" (the AI's name).
    `room`: the characters the second line (traits and notes) may take (0: no limit).
    `health`: False leaves the health out (its card shows it) where the line has no room.
    """
    out = Text(where, style="bold")
    if c is None:
        return out
    out.append(f" · {c.name} ({c.side}), {status_word(c.status)}")
    if health:
        out.append(f", {c.health}")
    who = player or controller_words(c.controller)
    out.append(f" · played by {who}", "italic")
    notes = [part for part in (*c.notes, reason_note(c.reason)) if part]
    left = room - sum(len(n) + 3 for n in notes) if room else 0
    traits = trait_words(c.traits, max(left, 24) if room else 0)
    out.append("\n" + " · ".join(part for part in (traits, *notes) if part), "")
    return out


class CombatantPanels(VerticalScroll, can_focus=False):
    """One card per combatant, in roster order; cards change height only when their text does.

    Cards are reused from fight to fight, never removed (see `_deal`).
    """

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.border_title = "Combatants"
        self._cards: dict[str, Static] = {}
        """Each combatant's card, in roster order."""
        self._pool: list[Static] = []
        """Every card mounted, in order; those past the roster are hidden."""
        self._texts: dict[str, Text] = {}
        self._last: tuple[FightView, frozenset[str], str, str] | None = None
        self._scrolled_to = ""
        self.compact = False
        """A short screen: cards leave their notes to the look bar."""

    def on_resize(self) -> None:
        """Redraw the cards for the new width (bars come and go)."""
        if self._last is not None:
            self.show(*self._last)

    def _deal(self, ids: list[str]) -> None:
        """Give each combatant a card, reusing the cards there are and hiding those left over.

        Cards are never removed: every widget Textual removes stays alive in a cache of its
        (``StylesCache.get_inner_outer``, an ``lru_cache`` of 1,024 entries keyed by the
        widget's StylesCache, with every line it drew), so new cards for every fight of a
        looping demo kept the old ones' lines for thousands of fights.
        """
        if len(self._pool) < len(ids):
            more = [Static(classes="card") for _ in range(len(ids) - len(self._pool))]
            self.mount_all(more)
            self._pool += more
        for index, card in enumerate(self._pool):
            card.display = index < len(ids)
        self._cards = dict(zip(ids, self._pool, strict=False))
        self._texts = {}

    def show(self, view: FightView, humans: frozenset[str], acting: str, looked: str) -> None:
        """Update every card; a card is made only when a roster is longer than any before.

        Args:
            view: the fight.
            humans: the player's combatants.
            acting: whoever decides now, or "".
            looked: the combatant under the look cursor, or "".
        """
        self._last = (view, humans, acting, looked)
        ids = [c.id for c in view.combatants]
        if list(self._cards) != ids:
            self._deal(ids)
        sides = list(dict.fromkeys(c.side for c in view.combatants))
        said = marks_of(view, humans, acting)
        people = players(view, humans)
        hot_seat = any(p != "you" for p in people.values())
        for c in view.combatants:
            style = SIDE_STYLES[sides.index(c.side) % len(SIDE_STYLES)]
            text = card_text(
                c,
                side_style=style,
                acting=c.id == acting,
                looked=c.id == looked,
                width=self.size.width - 1,  # the scrollbar's column
                notes=0 if self.compact else NOTES_ON_CARD,
                glyph=said[c.id],
                player=people.get(c.id, "") if hot_seat else "",
            )
            card = self._cards[c.id]
            old = self._texts.get(c.id)
            if old != text:
                self._texts[c.id] = text
                # Only the marker changed (the cursor or the turn moved): no new layout.
                same_size = old is not None and old.plain[2:] == text.plain[2:]
                card.update(text, layout=not same_size)
            card.set_class(c.status != "active", "-down")
            card.set_class(c.id == looked, "-looked")
        if looked in self._cards and looked != self._scrolled_to:
            self.scroll_to_widget(self._cards[looked], animate=False)
        self._scrolled_to = looked
