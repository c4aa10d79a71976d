"""The gauntlet in words and numbers: the offer, what is carried, a fight's outcome, the end."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Final

from rich.text import Text

from arena.gauntlet import Carried, FightRecord, Offer, RunState
from arena.gauntlet.carried import describe
from arena.gauntlet.morgue import cause
from arena.gauntlet.odds import odds_words
from arena.gauntlet.run import fits_generated
from arena.words.rulesets import round_word, traits

if TYPE_CHECKING:
    from arena.engine.setup import Catalog

DANGER_WORDS: Final = ("easy", "fair", "hard", "very hard", "deadly")
"""Danger in words, by where a group stands in its ruleset's ranking (fifths)."""
SEVERITY_WORDS: Final = {
    "banged_up": "banged up: fights on",
    "hospital": "hospital: the next offer is the easiest fight alone",
    "mortal": "mortal injuries",
    "dead": "dead",
}


def danger_word(danger: int, ranking: Sequence[int]) -> str:
    """A danger rating in a word, by its place among every group of the ruleset."""
    if not ranking:
        return DANGER_WORDS[0]
    below = sum(d < danger for d in ranking)
    return DANGER_WORDS[min(len(DANGER_WORDS) - 1, below * len(DANGER_WORDS) // len(ranking))]


def foes_line(offer: Offer, names: Mapping[str, str]) -> str:
    """The opponents of an offer: ``2 × Thug, Gunman``."""
    return ", ".join(
        f"{f.count} × {names.get(f.template, f.template)}"
        if f.count > 1
        else names.get(f.template, f.template)
        for f in offer.group.foes
    )


def offer_text(
    offer: Offer,
    names: Mapping[str, str],
    maps: Mapping[str, str],
    ranking: Sequence[int],
    *,
    pending: bool = False,
    generated: bool = False,
) -> Text:
    """One offered fight as an option: its name and chance to win, then who and where (and why).

    Until its chance to win is in, the offer shows its danger rating (and, ``pending``, an
    ellipsis: the chance is coming).
    """
    text = Text(offer.group.name, style="bold").append(f" ({offer.group.kind})", style="dim")
    if offer.odds is not None:
        text.append(" · ").append(odds_words(offer.odds), style="bold")
    else:
        word = danger_word(offer.danger, ranking)
        text.append(" · danger ").append(f"{offer.danger}, {word}", style="bold")
        if pending:
            text.append(" …", style="dim")  # short: the longest offer still fits 80 columns
    where = maps.get(offer.group.map, offer.group.map)
    if generated and fits_generated(offer.group):
        where = "a map generated for this fight"
    text.append(f"\n   {foes_line(offer, names)}, on {where}")
    if offer.group.description:
        text.append(f"\n   {offer.group.description}", style="italic")
    return text


def carried_lines(carried: Carried, ruleset: str, *, over: bool = False) -> list[str]:
    """What the character carries, in numbers and in what it means for the next fight."""
    if over:
        return [f"Left with: {describe(carried, ruleset)}"]
    lines = [f"Carried: {describe(carried, ruleset)}"]
    if traits(ruleset).health_levels:
        if carried.aggravated:
            lines.append(
                f"  {carried.aggravated} aggravated: starts {carried.aggravated} health levels"
                " down; it does not regenerate"
            )
        if carried.lethal:
            lines.append(f"  {carried.lethal} lethal: only a Garou regenerates it")
        low = [f"{name} {now} of {top}" for name, now, top in carried.pools if now < top]
        if low:
            lines.append(f"  below full: {', '.join(low)}")
    else:
        if carried.lasting:
            lines.append(
                f"  lasting {carried.lasting}: a penalty of {carried.lasting} on every roll"
                " until it heals"
            )
        humanity = carried.pool("Humanity")
        if humanity is not None and humanity[1] < humanity[2]:
            lines.append(
                f"  Humanity {humanity[1]} of {humanity[2]}: lost for good; at 0 the run ends"
            )
    if len(lines) == 1:
        lines.append("  fresh: nothing carried into the next fight")
    return lines


def rest_words(number: int, every: int, fights: int) -> str:
    """When the next long rest comes."""
    nxt = (number // every + 1) * every
    if nxt > fights:
        return "no long rest left in this run"
    return f"long rest after fight {nxt}" + (" (this one)" if nxt == number + 1 else "")


def record_lines(record: FightRecord, ruleset: str) -> list[str]:
    """One finished fight: the result, the injuries after it and after the rest."""
    result = "won" if record.winner == "player" else "drawn" if not record.winner else "lost"
    word = round_word(ruleset, record.rounds)
    lines = [
        f"Fight {record.number}: {record.name}: {result} in {record.rounds} {word}"
        f" ({record.status})",
        f"  after the fight: {record.after_fight}",
    ]
    if record.severity:
        lines.append(f"  Step 6: {SEVERITY_WORDS.get(record.severity, record.severity)}")
    if record.after_rest:
        lines.append(f"  after the rest: {record.after_rest}")
    # The last of them is the blow that decided the fight (the others were the heaviest).
    lines += [f"  decided by: {roll}" for roll in record.decisive[-1:]]
    return lines


def end_lines(state: RunState, morgue: str) -> list[str]:
    """The end of a run: its cause, the fights won and where the morgue file went."""
    return [
        f"The run is over: {cause(state)}.",
        f"Fights won: {state.won} of {len(state.records)}.",
        f"Morgue file: {morgue}" if morgue else "The morgue file could not be written.",
    ]


def names_of(catalog: Catalog, ruleset: str) -> dict[str, str]:
    """Each character's display name by id."""
    from arena.engine.setup import list_fighters

    return {f.id: f.name for f in list_fighters(catalog, ruleset)}


def map_names(catalog: Catalog) -> dict[str, str]:
    """Each map's display name by id."""
    from arena.engine.setup import list_maps

    return {m.id: m.name for m in list_maps(catalog)}


def waiting_lines(going: RunState, name: str) -> list[str]:
    """The run saved in the saves folder: who, how far, and what the two buttons do with it."""
    fight = len(going.records) + 1
    where = (
        f"fight {fight} is under way and goes on from the move it was left at"
        if going.underway is not None
        else f"fight {fight} is next"
    )
    return [
        f"A run is waiting: {name} ({going.ruleset}, seed {going.seed}), "
        f"{going.won} won of {len(going.records)} fought; {where}.",
        "Continue goes on with it; Start the run gives it up (it ends as abandoned).",
    ]


def damaged_lines(why: str, file: str) -> list[str]:
    """A saved run that cannot go on: why, that it is kept, and what the player can do."""
    return [
        f"The run saved cannot be continued: {why}.",
        f"Its file is left as it is. Start the run begins a new run in its place: move {file} "
        "out of the saves folder first to keep it.",
    ]
