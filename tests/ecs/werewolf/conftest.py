"""Werewolf fights for engine-level tests: a small test map, extra sheets, rigged dice."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import pytest

from arena.content.loader import Catalog
from arena.content.maps import MapDef
from arena.content.scenario import CombatantDef, ScenarioDef
from arena.content.werewolf import Attributes, WerewolfCharacter
from arena.engine import Fight
from arena.rules.events import Event
from arena.rules.views import Decision

# 1-4 stand in a row (neighbours in turn); 5 is two cells below 2 (its flank when 2 faces
# west); 6 sits by the exit, in cover from 9; 7 is behind a wall from 1 (no line of sight);
# 8 is far along the lower corridor; 9 is 19 cells east of 1.
TEST_MAP = MapDef(
    "Test yard",
    (
        "##################################",
        "#1234...............9............#",
        "#................................#",
        "#.5.............................6>",
        "#######.##########################",
        "#7.........................8.....#",
        "##################################",
    ),
)


def _sheets(catalog: Catalog) -> dict[str, Any]:
    chars = dict(catalog.section("werewolf", "characters"))
    vilna = chars["vilna"]
    assert isinstance(vilna, WerewolfCharacter)
    extra = {
        # Vilna as the seed's Vilna example has her: in Crinos (Dexterity 5).
        "vilna_crinos": dataclasses.replace(vilna, form="crinos"),
        "ahroun_crinos": dataclasses.replace(chars["ahroun"], form="crinos"),
        "ahroun_lupus": dataclasses.replace(chars["ahroun"], form="lupus"),
        "ahroun_hispo": dataclasses.replace(chars["ahroun"], form="hispo"),
        "ahroun_glabro": dataclasses.replace(chars["ahroun"], form="glabro"),
        "gunman": dataclasses.replace(
            chars["operative"], weapons=("light_pistol", "heavy_pistol", "knife")
        ),
        # A dull human whose numbers make dice easy to count.
        "dummy": WerewolfCharacter(
            name="Dummy",
            glyph="d",
            kind="human",
            attributes=Attributes(2, 2, 2, 2, 2),
            willpower=6,
            weapons=(),
        ),
    }
    return {**chars, **extra}


@pytest.fixture(scope="session")
def ww_catalog(catalog: Catalog) -> Catalog:
    sections = dict(catalog.sections)
    sections[("werewolf", "characters")] = _sheets(catalog)
    sections[("arenas", "maps")] = {**catalog.section("arenas", "maps"), "yard": TEST_MAP}
    return dataclasses.replace(catalog, sections=sections)


Spec = tuple[str, str, str, int] | tuple[str, str, str, int, Mapping[str, int]]
MakeFight = Callable[..., Fight]


@pytest.fixture
def make_fight(ww_catalog: Catalog) -> MakeFight:
    """Build a fight of human-controlled combatants: (id, template, side, spawn[, overrides])."""

    def make(
        *specs: Spec,
        rigged: Sequence[int] = (),
        options: Mapping[str, Any] | None = None,
        preset: str = "seed",
        map: str = "yard",
        max_rounds: int = 20,
        strict: bool = True,
        controller: str = "human",
    ) -> Fight:
        combatants = tuple(
            CombatantDef(
                s[0], s[1], s[2], s[3], controller, overrides=dict(s[4]) if len(s) > 4 else {}
            )
            for s in specs
        )
        scenario = ScenarioDef(
            name="test",
            ruleset="werewolf",
            combatants=combatants,
            map=map,
            preset=preset,
            options=dict(options or {}),
            rigged=tuple(rigged),
            when_rigged_runs_out="error" if strict else "random",
            max_rounds=max_rounds,
        )
        fight = Fight(scenario, ww_catalog)
        fight.start()
        return fight

    return make


def decision(fight: Fight, actor: str, kind: str | None = None) -> Decision:
    """The pending decision of this combatant (of this kind)."""
    found = [d for d in fight.pending() if d.actor == actor and (kind is None or d.kind == kind)]
    assert found, f"no pending decision for {actor}: {[(d.actor, d.kind) for d in fight.pending()]}"
    return found[0]


def answer(fight: Fight, actor: str, key: str) -> tuple[Event, ...]:
    """Answer this combatant's pending decision with the choice of this key."""
    d = decision(fight, actor)
    choice = d.choice(key)
    assert choice is not None, f"{key!r} not among {[c.key for c in d.choices]}"
    return fight.apply(choice.command)


def forgo(fight: Fight) -> None:
    """Say no to every pending Willpower, reaction and stun decision."""
    while True:
        asks = [d for d in fight.pending() if d.kind in ("willpower", "reaction", "stun")]
        if not asks:
            return
        fight.apply(asks[0].choice("forgo").command)  # type: ignore[union-attr]


def kinds(events: Sequence[Event]) -> list[str]:
    return [e.kind for e in events]


@pytest.fixture
def helpers() -> Any:
    class H:
        decision = staticmethod(decision)
        answer = staticmethod(answer)
        forgo = staticmethod(forgo)
        kinds = staticmethod(kinds)

    return H
