"""Rolls as styled text: every face, what counted or cancelled, what was rerolled or set aside."""

from __future__ import annotations

from typing import Final

from rich.text import Text

from arena.engine import Contest, StorytellerRoll

LEGENDS: Final = {
    "werewolf": "[n] counts (1) cancels !1 botch n^ again +n extra",
    "sorcerer": "[n] beats every die against it · =n= tied, set aside",
}
"""What each ruleset's marks mean: each has a shape, and a colour on top."""
SHORT_LEGENDS: Final = {
    "werewolf": "[n] counts (1) cancels !1 botch ^ again",
    "sorcerer": "[n] beats all · =n= tied, aside",
}
"""The same in fewer words, for a narrow tray (80 columns, the tray beside the map 36 wide):
each mark in the same word."""


def legend_for(ruleset: str, width: int) -> Text:
    """The ruleset's legend in `width` columns: whole, shorter, or on two lines.

    Two lines break between a mark and the next (never between a mark and its word), so a
    tray narrower than the short legend (the one beside the map at 80x24) still explains
    every mark; each line is cut only where even one mark does not fit.
    """
    for legends in (LEGENDS, SHORT_LEGENDS):
        words = legends.get(ruleset, "")
        if len(words) <= width:
            return Text(words, style="dim", no_wrap=True, overflow="ellipsis")
    lines = [""]
    for part in legend_parts(words):
        joined = f"{lines[-1]} {part}" if lines[-1] else part
        if len(joined) <= width or not lines[-1]:
            lines[-1] = joined
        else:
            lines.append(part)
    if width > 0:
        lines = [line if len(line) <= width else line[: width - 1] + "…" for line in lines]
    return Text("\n".join(lines), style="dim", no_wrap=True, overflow="ellipsis")


def legend_parts(legend: str) -> list[str]:
    """A legend's marks, each with its words: parted at `` · ``, else two words a part."""
    if " · " in legend:
        return legend.split(" · ")
    words = legend.split()
    return [" ".join(words[i : i + 2]) for i in range(0, len(words), 2)]


SUCCESS: Final = "bold green"
ONE: Final = "bold red"
ASIDE: Final = "yellow"
PLAIN: Final = "dim"


def roll_text(roll: StorytellerRoll | Contest, first: str = "", second: str = "") -> Text:
    """One roll on one line; a contest names its two sides (``first``, ``second`` by default)."""
    if isinstance(roll, StorytellerRoll):
        return storyteller_text(roll)
    return contest_text(roll, first or "first", second or "second")


def storyteller_text(roll: StorytellerRoll) -> Text:
    """A Storyteller roll: ``6d@5: [9] [7] 3 (1) → 1 success``."""
    target = max(2, min(10, roll.difficulty))
    out = Text(f"{roll.pool}d@{roll.difficulty}: ")
    cancels = roll.cancelled
    for index, face in enumerate(roll.faces):
        extra = "+" if index >= len(roll.faces) - roll.rerolls else ""
        # Only a roll whose 10s added dice marks them: under damage_tens: plain none did.
        again = "^" if roll.rerolls and face == 10 else ""
        if face >= target:
            out.append(f"{extra}[{face}]{again}", SUCCESS)
        elif face == 1 and cancels:
            cancels -= 1
            out.append(f"{extra}(1)", ONE)
        elif face == 1 and roll.botch:
            out.append(f"{extra}!1", ONE)
        else:
            out.append(f"{extra}{face}", PLAIN)
        out.append(" ")
    if not roll.faces:
        out.append("no dice ", PLAIN)
    out.append(f"→ {_outcome(roll)}", "bold")
    return out


def _outcome(roll: StorytellerRoll) -> str:
    if roll.botch:
        return "botch"
    notes = []
    if roll.cancelled:
        notes.append(f"{roll.cancelled} cancelled by 1s")
    if roll.automatic:
        notes.append(f"+{roll.automatic} automatic")
    if roll.required:
        notes.append(f"-{roll.required} above difficulty 10")
    if roll.rerolls:
        notes.append(f"{roll.rerolls} rerolled")
    word = "success" if roll.net == 1 else "successes"
    return f"{roll.net} {word}" + (f" ({', '.join(notes)})" if notes else "")


def contest_text(contest: Contest, first: str = "first", second: str = "second") -> Text:
    """A Sorcerer contest: ``=10= [9] 3 vs =10= 5 → Rook wins, 1 victory``.

    Args:
        contest: the rolled contest.
        first: who rolled the first faces (the one acting).
        second: who rolled the others (the one acted on, or what stood against the roll).
    """
    aside = len(contest.set_aside)
    out = Text()
    if not contest.second and not aside:
        # A roll against nobody (a Sorcerer order roll): the faces are all there is.
        if not contest.first:
            return out.append("no dice to roll", "dim")
        out.append(" ".join(map(str, contest.first)), "bold")
        # What places it in the order: its highest die (then the next, on a tie).
        return out.append(f" → highest {max(contest.first)}", "bold")
    best = {
        "first": contest.second[aside] if len(contest.second) > aside else 0,
        "second": contest.first[aside] if len(contest.first) > aside else 0,
    }
    for side, faces in (("first", contest.first), ("second", contest.second)):
        if side == "second":
            out.append("vs ")
        for index, face in enumerate(faces):
            if index < aside:
                out.append(f"={face}=", ASIDE)
            elif contest.winner == side and face > best[side]:
                out.append(f"[{face}]", SUCCESS)
            else:
                out.append(str(face), PLAIN)
            out.append(" ")
        if not faces:
            out.append("no dice ", PLAIN)
    if contest.winner is None:
        out.append("→ complete tie", "bold")
    else:
        word = "victory" if contest.victories == 1 else "victories"
        who = first if contest.winner == "first" else second
        out.append(f"→ {who} wins, {contest.victories} {word}", "bold")
    return out
