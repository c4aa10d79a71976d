"""Who answers each decision (a person, a script or an AI), and the loop that lets them."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Final

from arena.ai import choose_on_sight
from arena.content.errors import quote
from arena.content.scenario import ScenarioDef, ScriptEntry
from arena.engine.later import SeededLater
from arena.rules.commands import Command
from arena.rules.events import Event
from arena.rules.views import Decision

if TYPE_CHECKING:
    from arena.engine.fight import Fight

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


def _script_error(decision: Decision, where: str, problem: str) -> ScriptError:
    """The error of a combatant's script entry: ``combatants[id].where: problem; legal: ...``."""
    message = f"combatants[{decision.actor}].{where}: {problem}; legal: {legal_keys(decision)}"
    return ScriptError(message, decision, where=where, problem=problem)


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


def route(fight: Fight, decision: Decision) -> Route:
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


def answer(fight: Fight, decision: Decision) -> tuple[Command, str]:
    """The command a script or an AI gives for a decision, and why (empty for a script).

    A script answers from `route`; decisions its combatant's AI answers in its place (a
    frenzy's) use none of it. A person's decision, answered here only when nobody is at the
    keyboard, goes to the stand-in AI, as does a script's once it runs out, unless its
    combatant says ``when_script_runs_out: error``.

    Raises:
        ScriptError: a scripted key is not legal, or the script ran out where it may not.
    """
    controller = fight.controller_for(decision)
    if controller == SCRIPT:
        way = route(fight, decision)
        if way.queue != RAN_OUT:
            choice = decision.choice(way.key)
            if choice is None:
                problem = f"{quote(way.key)} is not a legal choice for {decision.prompt!r}"
                raise _script_error(decision, way.where, problem)
            return choice.command, ""
        spec = next(c for c in fight.scenario.combatants if c.id == decision.actor)
        if spec.when_script_runs_out == "error":
            problem = f"ran out at {_a(decision.kind)} decision ({decision.prompt!r})"
            raise _script_error(decision, "script", problem)
    policy = controller.removeprefix("ai:") if controller.startswith("ai:") else STAND_IN
    if policy.endswith("/expert"):
        from arena.engine import expert  # the look-ahead level plays copies of the fight

        return expert.choose(fight, decision, policy)
    # A fresh stream per decision keeps a resumed fight on the same path as an unbroken one.
    rng = SeededLater(f"{fight.seed}/ai/{len(fight.commands)}")
    # The view is made only if the policy reads it: many answers need none.
    return choose_on_sight(policy, fight.ruleset.name, fight.view, decision, rng)


def legal_keys(decision: Decision) -> str:
    """A decision's legal keys, comma-separated."""
    return ", ".join(c.key for c in decision.choices)


class Controllers:
    """Answers a fight's automatic decisions until a person is needed or the fight ends."""

    def __init__(self, fight: Fight, *, watch: bool = False, reasons: bool = True) -> None:
        """Control a fight's combatants as its scenario says.

        Args:
            fight: the fight (started on first use).
            watch: nobody is at the keyboard: the AI answers people's decisions too.
            reasons: log the AI's reasons (a batch keeps none: no words are built).
        """
        self.fight = fight
        self.watch = watch
        self.reasons = reasons
        self.people = people(fight.scenario, watch=watch)
        """The combatants a person plays."""

    def asks_person(self, decision: Decision) -> bool:
        """True if a person answers this decision (never while the AI plays a frenzy)."""
        return asks_person(self.fight.scenario, decision, watch=self.watch)

    def automatic(self) -> Decision | None:
        """The first pending decision that a script or an AI answers, or None."""
        if self.fight.over:
            return None
        pending = self.fight.pending()
        if self.watch:  # nobody is at the keyboard: the first is answered, whoever's it is
            return pending[0] if pending else None
        return next((d for d in pending if not self.asks_person(d)), None)

    def person_decision(self) -> Decision | None:
        """The decision a person answers now, or None.

        Everyone else declares first, so what they declared stays hidden in the views.
        """
        if self.fight.over or self.automatic() is not None:
            return None
        return next(iter(self.fight.pending()), None)

    def waiting_on(self) -> Decision | None:
        """The decision answered next: the automatic ones first, then a person's."""
        if self.fight.over:
            return None
        return self.automatic() or next(iter(self.fight.pending()), None)

    def step(self) -> tuple[Event, ...] | None:
        """Let a script or an AI answer the next automatic decision.

        Returns:
            The events it caused, or None when a person must decide or the fight is over.

        Raises:
            ScriptError: a scripted key is not legal.
        """
        self.fight.start()
        decision = self.automatic()
        if decision is None:
            return None
        command, reason = answer(self.fight, decision)
        return self.fight.apply(command, reason if self.reasons else "")

    def run(self, *, stop_after: int | None = None) -> tuple[Event, ...]:
        """Answer automatic decisions until a person must decide or the fight ends.

        Args:
            stop_after: stop once the fight's log holds this many commands.

        Raises:
            ScriptError: a scripted key is not legal.
        """
        events = list(self.fight.start())
        while stop_after is None or len(self.fight.commands) < stop_after:
            got = self.step()
            if got is None:
                break
            events += got
        return tuple(events)


def _a(word: str) -> str:
    return f"an {word}" if word[:1] in "aeiou" else f"a {word}"
