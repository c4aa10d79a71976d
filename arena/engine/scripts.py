"""Who answers each decision (a person, a script or an AI), and where a script's answers are."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final, Protocol

from arena.content.scenario import ScenarioDef, ScriptEntry
from arena.rules.views import Decision

PERSON: Final = "human"
"""The controller of a combatant a person plays."""
SCRIPT: Final = "script"
"""The controller of a combatant that answers from the scenario's script."""
STAND_IN: Final = "nearest"
"""The AI policy that answers for a person nobody is at (headless) and a script past its end."""


class ScriptError(Exception):
    """A scripted decision is not a legal choice; the message lists the legal ones."""

    def __init__(
        self, message: str, decision: Decision | None = None, *, where: str = "", problem: str = ""
    ) -> None:
        super().__init__(message)
        self.decision = decision
        """The decision the script could not answer."""
        self.where = where
        """The entry within its combatant, e.g. ``script[0]`` or ``answers.intention``
        (``script`` when it ran out); empty when the error is of no one entry."""
        self.problem = problem
        """What is wrong with that entry, in words, without the legal choices."""


def controller_of(scenario: ScenarioDef, actor: str) -> str:
    """The controller a scenario names for a combatant.

    Raises:
        KeyError: the scenario has no such combatant.
    """
    for c in scenario.combatants:
        if c.id == actor:
            return c.controller
    raise KeyError(actor)


def controller_for(scenario: ScenarioDef, decision: Decision) -> str:
    """Who answers a decision: its own AI if it names one (a frenzy), else the actor's."""
    return decision.controller or controller_of(scenario, decision.actor)


def asks_person(scenario: ScenarioDef, decision: Decision, *, watch: bool = False) -> bool:
    """True if a person answers this decision: the one definition of who is a person.

    Args:
        scenario: the fight's scenario, which names each combatant's controller.
        decision: the decision.
        watch: nobody is at the keyboard: the AI answers every decision.
    """
    return not watch and controller_for(scenario, decision) == PERSON


def people(scenario: ScenarioDef, *, watch: bool = False) -> frozenset[str]:
    """The combatants a person plays (none when watching)."""
    if watch:
        return frozenset()
    return frozenset(c.id for c in scenario.combatants if c.controller == PERSON)


ANSWERS: Final = "answers"
"""The queue name of a decision a script answers from its ``answers:`` defaults."""
RAN_OUT: Final = "ran out"
"""The queue name of a decision a script has no entry or default for."""
NOT_FROM_PLAIN: Final = frozenset({"free_attack"})
"""Decisions another's move brings (a Werewolf free attack): a plain entry is kept for the
script's own decisions; unaddressed, the script takes the decision's default choice."""


@dataclass(frozen=True, slots=True)
class Route:
    """Where a script's answer to a decision comes from."""

    queue: str
    """The kind an entry was addressed to, ``""`` for a plain entry, `ANSWERS` or `RAN_OUT`."""
    key: str = ""
    """The choice key (empty when the script ran out)."""
    where: str = ""
    """The key path of the entry, for errors: ``script[3]`` or ``answers.rage``."""


class Scripted(Protocol):
    """What `route` reads of a fight: its scenario and how far each script has been used."""

    @property
    def scenario(self) -> ScenarioDef:
        """The fight's scenario, which holds each combatant's script."""
        ...

    def script_queues(self, actor: str) -> dict[str, tuple[tuple[int, str], ...]]:
        """A combatant's script entries by the decision kind they answer (``""``: any)."""
        ...

    def script_used(self, actor: str, kind: str) -> int:
        """How many entries addressed to a decision kind (``""``: plain ones) were used."""
        ...


def route(fight: Scripted, decision: Decision) -> Route:
    """Where a scripted combatant's answer to a decision comes from.

    The next entry addressed to the decision's kind first; else the ``answers:`` default for
    the kind; else the next plain entry (not for `NOT_FROM_PLAIN` kinds: their default choice);
    else the script has run out. Each addressed kind and the plain entries keep their own
    place, so an optional prompt never eats an action's key.
    """
    spec = next(c for c in fight.scenario.combatants if c.id == decision.actor)
    queues = fight.script_queues(decision.actor)
    kind = decision.kind
    mine = queues.get(kind, ())
    used = fight.script_used(decision.actor, kind)
    if used < len(mine):
        index, key = mine[used]
        return Route(kind, key, f"script[{index}]")
    if kind in spec.answers:
        return Route(ANSWERS, spec.answers[kind], f"answers.{kind}")
    if kind in NOT_FROM_PLAIN:
        default = next((c.key for c in decision.choices if "default" in c.tags), "")
        return Route(ANSWERS, default, f"the {kind} default")
    plain = queues.get("", ())
    used = fight.script_used(decision.actor, "")
    if used < len(plain):
        index, key = plain[used]
        return Route("", key, f"script[{index}]")
    return Route(RAN_OUT)


def script_queues(script: tuple[ScriptEntry, ...]) -> dict[str, tuple[tuple[int, str], ...]]:
    """A script's entries by the kind they are addressed to (``""``: plain), with their index."""
    queues: dict[str, list[tuple[int, str]]] = {}
    for index, entry in enumerate(script):
        if isinstance(entry, str):
            queues.setdefault("", []).append((index, entry))
        else:
            for kind, key in entry.items():
                queues.setdefault(kind, []).append((index, key))
    return {kind: tuple(entries) for kind, entries in queues.items()}


def legal_keys(decision: Decision) -> str:
    """A decision's legal keys, comma-separated."""
    return ", ".join(c.key for c in decision.choices)
