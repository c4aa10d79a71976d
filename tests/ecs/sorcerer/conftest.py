"""Sorcerer fights for engine-level tests: a small test map, plain sheets, rigged dice."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import pytest

from arena.content.loader import Catalog
from arena.content.maps import MapDef
from arena.content.scenario import CombatantDef, ScenarioDef
from arena.content.sorcerer import DemonSheet, SorcererCharacter
from arena.engine import Fight
from arena.rules.events import Event
from arena.rules.views import Decision

# 1-4 stand in a row, each next to the one before; 5 is two cells below 1; 6 stands next to
# the exit at (11, 3); 7 is behind the wall from 1-4 (a gap at (4, 4) lets a walker through);
# 8 is far off, below the wall; 9 stands in the open, away from every wall.
TEST_MAP = MapDef(
    "Test room",
    (
        "############",
        "#1234......#",
        "#....9.....#",
        "#5........6>",
        "####.#######",
        "#7.......8.#",
        "############",
    ),
)
RITUALS = ("contact", "summon", "bind", "punish", "banish", "contain")


def _demon(**kw: Any) -> SorcererCharacter:
    """A plain demon: Stamina 2, Will 2, Lore 1, Power 2, claws; `kw` replaces its demon block."""
    sheet = DemonSheet(power=2, need="blood", desire="violence", type="passer")
    return SorcererCharacter(
        name="Imp",
        glyph="i",
        kind="demon",
        stamina=2,
        will=2,
        lore=1,
        weapons=("claws",),
        demon=dataclasses.replace(sheet, **kw),
    )


def _sheets(catalog: Catalog) -> dict[str, Any]:
    chars = dict(catalog.section("sorcerer", "characters"))
    extra = {
        # A human with round numbers: Stamina 3, Will 2, fists.
        "brawler": SorcererCharacter("Brawler", "b", "human", 3, 2),
        # A sorcerer: Stamina 3, Will 4, Lore 3, Humanity 4, every ritual, fists.
        "mage": SorcererCharacter("Mage", "m", "sorcerer", 3, 4, 3, 4, rituals=RITUALS),
        "shooter": SorcererCharacter("Shooter", "s", "human", 3, 2, weapons=("pistol", "fists")),
        "imp": _demon(),
        "pet": _demon(bound_to="mage", binding=2),
        "rebel": _demon(bound_to="mage", binding=-1, desire="self-preservation"),
        "hulk": _demon(abilities=("special_damage", "big", "armor", "fast", "hop", "cloak")),
        "seer": dataclasses.replace(
            _demon(abilities=("psychic_force",)), weapons=("psychic-force",)
        ),
        "amulet": dataclasses.replace(
            _demon(bound_to="mage", binding=1, abilities=("boost", "protection", "vitality")),
            weapons=(),
        ),
    }
    return {**chars, **extra}


@pytest.fixture(scope="session")
def sorc_catalog(catalog: Catalog) -> Catalog:
    sections = dict(catalog.sections)
    sections[("sorcerer", "characters")] = _sheets(catalog)
    sections[("arenas", "maps")] = {**catalog.section("arenas", "maps"), "room": TEST_MAP}
    return dataclasses.replace(catalog, sections=sections)


Spec = tuple[str, str, str, int] | tuple[str, str, str, int, Mapping[str, int]]
MakeFight = Callable[..., Fight]


@pytest.fixture
def make_fight(sorc_catalog: Catalog) -> MakeFight:
    """A fight of human-controlled combatants, (id, template, side, spawn[, overrides]).

    `damage` gives some combatants damage carried from the start (id → lasting, temporary);
    `controllers` gives some of them another controller than `controller`.

    Role-playing bonuses are off unless `options` turn them on, so no bonus is asked.
    """

    def make(
        *specs: Spec,
        rigged: Sequence[int] = (),
        options: Mapping[str, Any] | None = None,
        max_rounds: int = 20,
        strict: bool = True,
        controller: str = "human",
        seed: int = 1,
        damage: Mapping[str, Mapping[str, int]] | None = None,
        controllers: Mapping[str, str] | None = None,
    ) -> Fight:
        combatants = tuple(
            CombatantDef(
                s[0],
                s[1],
                s[2],
                s[3],
                (controllers or {}).get(s[0], controller),
                name=s[0].title(),
                overrides=dict(s[4]) if len(s) > 4 else {},
                damage=dict((damage or {}).get(s[0], {})),
            )
            for s in specs
        )
        scenario = ScenarioDef(
            name="test",
            ruleset="sorcerer",
            combatants=combatants,
            map="room",
            options={"role_play_max": 0, **(options or {})},
            rigged=tuple(rigged),
            when_rigged_runs_out="error" if strict else "random",
            max_rounds=max_rounds,
            seed=seed,
        )
        fight = Fight(scenario, sorc_catalog)
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


def play(fight: Fight, *answers: tuple[str, str]) -> list[Event]:
    """Answer decisions in turn; return every event they caused."""
    events: list[Event] = []
    for actor, key in answers:
        events += answer(fight, actor, key)
    return events


def texts(events: Sequence[Event], *kinds: str) -> list[str]:
    """The texts of the events of these kinds, in order."""
    return [e.text for e in events if e.kind in kinds]


@pytest.fixture
def sorc() -> Any:
    class H:
        decision = staticmethod(decision)
        answer = staticmethod(answer)
        play = staticmethod(play)
        texts = staticmethod(texts)

    return H
