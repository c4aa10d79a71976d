"""A batch plan: the scenario as a batch plays it, the varied copy, the seeds, all checked."""

from __future__ import annotations

import dataclasses
import difflib
import hashlib
from dataclasses import dataclass
from pathlib import Path

from arena.ai import ENTRIES, POLICIES
from arena.content.errors import short_name
from arena.content.loader import Catalog
from arena.content.scenario import CombatantDef, ScenarioDef
from arena.engine import Fight, FightView
from arena.engine.controllers import PERSON
from arena.rules.lookahead import DEFAULT_BUDGET_MS
from arena.sim.errors import SimError
from arena.sim.maps import MapsPlan
from arena.sim.origin import Origin, base, load_origin, origin_notes
from arena.sim.vary import Change, Setup, apply_changes, parse_change

FALLBACK_CONTROLLER = "ai:nearest"
"""Who plays a scripted combatant in a batch (a script was written for one fight's dice)."""


@dataclass(frozen=True, slots=True)
class BatchPlan:
    """Everything a batch needs, small enough to send to every worker process once."""

    title: str
    """The scenario's name."""
    source: str
    """The scenario file, for reports."""
    content_root: str
    """The content folder each worker loads its own catalog from."""
    content_digest: str
    """The digest of that content, which every worker checks."""
    fights: int
    seed: int
    """The base seed; fight i is played with ``derive_seed(seed, i)``."""
    base: Setup
    varied: Setup | None = None
    """The second batch's setup, when there are changes."""
    changes: tuple[str, ...] = ()
    """The changes as the user wrote them."""
    notes: tuple[str, ...] = ()
    """How the batch plays the scenario differently from `arena run`."""
    ai_budget: int = DEFAULT_BUDGET_MS
    """Milliseconds of look-ahead per decision of an ``/expert`` policy (``--ai-budget``)."""
    origin: Origin | None = None
    """The saved moment every fight continues from (``--from``), else None: fights start anew."""
    maps: MapsPlan | None = None
    """``--maps generated``: each group of fights on its own generated map; None: the
    scenario's map for every fight."""


def derive_seed(base: int, index: int) -> int:
    """The seed of fight ``index`` of a batch: the first 63 bits of SHA-256 of ``"{base}/{index}"``.

    Stable across processes, machines and Python versions, and unrelated for nearby indices.
    """
    digest = hashlib.sha256(f"{base}/{index}".encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 1


def batch_scenario(scenario: ScenarioDef) -> ScenarioDef:
    """The scenario as a batch plays it: no rigged faces, and scripts played by the AI.

    Rigged faces and scripts are written for one particular fight; a batch varies the dice.
    """

    def unscripted(c: CombatantDef) -> CombatantDef:
        if c.controller != "script":
            return c
        return dataclasses.replace(c, controller=FALLBACK_CONTROLLER, script=())

    return dataclasses.replace(
        scenario, rigged=(), combatants=tuple(map(unscripted, scenario.combatants))
    )


def make_plan(
    scenario: ScenarioDef,
    catalog: Catalog,
    *,
    source: str,
    content_root: Path,
    fights: int,
    seed: int | None = None,
    changes: tuple[str, ...] = (),
) -> BatchPlan:
    """Check the arguments of a batch against its scenario and build the plan.

    Raises:
        SimError: a bad count, a malformed change, or one the scenario or ruleset rejects.
    """
    if fights < 1:
        raise SimError(f"-n: the number of fights must be at least 1, got {fights}")
    parsed = tuple(parse_change(text) for text in changes)
    base = Setup(batch_scenario(scenario))
    first = first_view(base, catalog, source)
    varied = None
    if parsed:
        varied = apply_changes(base, parsed)
        check_changes(parsed, first)
        first_view(varied, catalog, "--vary")
    return BatchPlan(
        scenario.name,
        source,
        str(content_root),
        catalog.digest,
        fights,
        scenario.seed if seed is None else seed,
        base,
        varied,
        changes,
        batch_notes(scenario),
    )


def make_plan_from(
    save: Path,
    catalog: Catalog,
    *,
    content_root: Path,
    fights: int,
    seed: int | None = None,
    person: str | None = None,
) -> BatchPlan:
    """A batch of continuations of a saved fight from its saved moment.

    Args:
        save: the save file.
        catalog: the content.
        content_root: the content folder each worker loads.
        fights: how many continuations.
        seed: the base seed (default: the saved fight's).
        person: ``ai:<policy>`` for the people in the save (None: each its tactical policy).

    Raises:
        SimError: a bad count or policy, a save that does not load, or a fight already over
            (nothing to continue: the message says who won).
    """
    if fights < 1:
        raise SimError(f"-n: the number of fights must be at least 1, got {fights}")
    if person is not None:
        name = person.removeprefix("ai:")
        if not person.startswith("ai:") or name not in POLICIES:
            known = ", ".join(f"ai:{n}" for n in POLICIES)
            raise SimError(f"--as: expected ai:POLICY[/LEVEL], got {person!r}; known: {known}")
    origin = load_origin(save, catalog, person)
    fight, scenario = base(origin, catalog)
    if fight.over:
        _refuse_over(fight, save)
    if person is not None:
        _check_person(person, fight.scenario, save)
    return BatchPlan(
        fight.scenario.name,
        str(save),
        str(content_root),
        catalog.digest,
        fights,
        fight.seed if seed is None else seed,
        Setup(scenario, tuple(sorted(fight.option_values.items())), fight.preset),
        notes=origin_notes(origin, fight, scenario),
        origin=origin,
    )


def _refuse_over(fight: Fight, save: Path) -> None:
    """A fight already over has no continuation: say how it ended instead of a forecast.

    Raises:
        SimError: always, naming the save and who won.
    """
    winner = fight.view().winner
    who = "nobody won" if winner is None else f"{winner} won"
    raise SimError(
        f"--from: {short_name(str(save))}: the fight is already over ({who}): nothing to "
        "continue; arena replay shows how it ended"
    )


def _check_person(person: str, saved: ScenarioDef, save: Path) -> None:
    """``--as`` must have someone to play, with a policy written for the save's game.

    Raises:
        SimError: nobody in the save is played by a person, or the policy plays the other
            game only (it would fall back to the naive policy without a word).
    """
    if not any(c.controller == PERSON for c in saved.combatants):
        raise SimError(
            f"--as {person}: nobody in {short_name(str(save))} is played by a person; "
            "every combatant keeps the controller it was saved with"
        )
    bodies = dict(ENTRIES[person.removeprefix("ai:").partition("/")[0]].bodies)
    if saved.ruleset not in bodies:
        fits = ", ".join(f"ai:{n}" for n, e in ENTRIES.items() if saved.ruleset in dict(e.bodies))
        raise SimError(
            f"--as {person}: a policy for {', '.join(bodies)} only; for this {saved.ruleset} "
            f"save: {fits}"
        )


def batch_notes(scenario: ScenarioDef) -> tuple[str, ...]:
    """What a batch plays differently from the scenario file, in words for the report."""
    notes = []
    if scenario.rigged:
        notes.append("the scenario's rigged faces are not dealt: every fight has its own seed")
    for controller, says in (("script", "scripted"), ("human", "human")):
        ids = [c.id for c in scenario.combatants if c.controller == controller]
        if ids:
            notes.append(f"{says} combatants played by {FALLBACK_CONTROLLER}: {', '.join(ids)}")
    return tuple(notes)


def new_fight(setup: Setup, catalog: Catalog, seed: int) -> Fight:
    """A fight of a batch, not yet started, that takes no round hashes nor makes a last view.

    Nothing saves it, and the batch reads its `ending`.

    Raises:
        ValueError: an option or preset is not legal for the ruleset.
    """
    options = dict(setup.options)
    return Fight(
        setup.scenario,
        catalog,
        seed=seed,
        rigged=(),
        options=options,
        preset=setup.preset,
        hashes=False,
        last_view=False,
    )


def first_view(setup: Setup, catalog: Catalog, what: str) -> FightView:
    """Set a fight up and start it, to refuse bad options early; its first view."""
    for c in setup.scenario.combatants:
        policy = c.controller.removeprefix("ai:")
        if c.controller.startswith("ai:") and policy not in POLICIES:
            known = ", ".join(f"ai:{name}" for name in POLICIES)
            raise SimError(
                f"{what}: {c.id}: unknown AI policy {c.controller!r}; known: {known} "
                "(each may end in /easy, /hard or /expert)"
            )
    try:
        fight = new_fight(setup, catalog, 0)
    except ValueError as err:
        raise SimError(f"{what}: {err}") from None
    with fight:
        fight.start()
        return fight.view()


def check_changes(changes: tuple[Change, ...], view: FightView) -> None:
    """Refuse a change of a trait the combatant does not have.

    Raises:
        SimError: naming the trait, the nearest one, and the combatant's traits.
    """
    for change in changes:
        if change.kind != "trait":
            continue
        traits = [name for name, _ in view.combatant(change.name).traits]
        if change.trait not in traits:
            near = difflib.get_close_matches(change.trait, traits, n=1)
            hint = f" (did you mean {near[0]!r}?)" if near else ""
            raise SimError(
                f"{change.flag} {change.text!r}: {change.name} has no trait "
                f"{change.trait!r}{hint}; "
                f"traits: {', '.join(traits)}"
            )
