"""What a character carries from one fight into the next, and the rests between them."""

from __future__ import annotations

from dataclasses import dataclass, replace

from arena.content.gauntlet import RunRules
from arena.rules.ruleset_traits import traits

Pool = tuple[str, int, int]
"""A pool as carried: its name, its current value and its maximum."""


@dataclass(frozen=True, slots=True)
class Carried:
    """The character's state between fights, as numbers."""

    bashing: int = 0
    """Werewolf: levels of bashing damage."""
    lethal: int = 0
    """Werewolf: levels of lethal damage."""
    aggravated: int = 0
    """Werewolf: levels of aggravated damage."""
    lasting: int = 0
    """Sorcerer: lasting damage (a penalty on every roll)."""
    pools: tuple[Pool, ...] = ()
    """Werewolf: Rage, Gnosis, Willpower; Sorcerer: Humanity."""
    binding: int | None = None
    """Sorcerer: the bound demon's binding strength (None: no demon, or never fought)."""
    demon_lasting: int = 0
    """Sorcerer: the bound demon's lasting damage."""
    demon_gone: bool = False
    """Sorcerer: the bound demon was banished or destroyed; it fights no more this run."""

    def pool(self, name: str) -> Pool | None:
        """The pool of this name, or None."""
        return next((p for p in self.pools if p[0] == name), None)

    @property
    def hurt(self) -> int:
        """Damage carried, of any kind."""
        return self.bashing + self.lethal + self.aggravated + self.lasting


def rest_werewolf(carried: Carried, kind: str, *, long: bool, rules: RunRules) -> Carried:
    """A rest between Werewolf fights (``rules/gauntlet.md``).

    Args:
        carried: the state the fight left.
        kind: ``garou`` regenerate bashing and lethal damage; others heal only bashing.
        long: a day's rest: aggravated damage heals by the ruling, every pool refills.
        rules: the run's rulings.
    """
    lethal = 0 if kind == "garou" else carried.lethal
    aggravated = carried.aggravated
    if long:
        aggravated = max(0, aggravated - rules.aggravated_long_rest)
        pools = tuple((name, top, top) for name, _, top in carried.pools)
    else:
        pools = tuple(
            (name, min(top, now + rules.willpower_rest) if name == "Willpower" else now, top)
            for name, now, top in carried.pools
        )
    return replace(carried, bashing=0, lethal=lethal, aggravated=aggravated, pools=pools)


def rest_sorcerer(carried: Carried, *, long: bool, rules: RunRules) -> Carried:
    """A rest between Sorcerer fights: Step 6 already ran; a long rest divides lasting again."""
    if not long:
        return carried
    return replace(
        carried,
        lasting=carried.lasting // rules.long_rest_divisor,
        demon_lasting=carried.demon_lasting // rules.long_rest_divisor,
    )


def levels_words(bashing: int, lethal: int, aggravated: int) -> list[str]:
    """Werewolf health levels taken, by kind, e.g. ``["2 bashing", "1 aggravated"]``."""
    levels = ((bashing, "bashing"), (lethal, "lethal"), (aggravated, "aggravated"))
    return [f"{n} {kind}" for n, kind in levels if n]


def describe(carried: Carried, ruleset: str) -> str:
    """What is carried, in words and numbers."""
    if traits(ruleset).health_levels:
        parts = levels_words(carried.bashing, carried.lethal, carried.aggravated)
        hurt = ", ".join(parts) if parts else "unhurt"
    else:
        hurt = f"lasting {carried.lasting}" if carried.lasting else "unhurt"
        if carried.binding is not None and not carried.demon_gone:
            hurt += f"; demon binding {carried.binding}"
            hurt += f", demon lasting {carried.demon_lasting}" if carried.demon_lasting else ""
        elif carried.demon_gone:
            hurt += "; demon gone"
    pools = ", ".join(f"{name} {now}/{top}" for name, now, top in carried.pools)
    return f"{hurt}; {pools}" if pools else hurt
