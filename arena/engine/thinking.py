"""The AI's long answers, worked out on a worker process: the expert level's look-ahead.

An expert plays copies of the fight for each of its candidates, which takes a good part of a
second at the default budget and minutes at the largest. A front end that must stay
responsive sends such a decision away (`looks_ahead`, `answer_at`) and applies the answer
when it comes. The answer is the one the fight's own process would give: the expert's dice
come from the fight's seed and its commands, and the worker replays those exactly.
"""

from __future__ import annotations

from arena.engine.controllers import answer
from arena.engine.expert import budget, is_expert, set_budget
from arena.engine.fight import Fight
from arena.engine.forecast import Moment, moment_of, replayed
from arena.rules.commands import Command
from arena.rules.views import Decision
from arena.words.core import render


def looks_ahead(fight: Fight, decision: Decision) -> bool:
    """True if an expert policy answers this decision and has more than one choice to weigh."""
    controller = fight.controller_for(decision)
    return controller.startswith("ai:") and is_expert(controller) and len(decision.choices) > 1


def asked(fight: Fight, decision: Decision) -> tuple[Moment, str, int]:
    """What a worker needs to answer the decision: the whole moment, the actor, the budget.

    The moment keeps every command, secret ones too: the expert itself leaves out what its
    side may not see.
    """
    side = next(c.side for c in fight.scenario.combatants if c.id == decision.actor)
    return moment_of(fight, side, continuations=0), decision.actor, budget()


def answer_at(moment: Moment, actor: str, budget_ms: int) -> tuple[Command, str]:
    """The actor's answer to its pending decision at the moment, and why, on a worker process.

    Raises:
        ValueError: the actor has nothing pending at the moment.
        IllegalCommand: the moment does not replay on this content.
    """
    set_budget(budget_ms)
    fight = replayed(moment)
    try:
        decision = next((d for d in fight.pending() if d.actor == actor), None)
        if decision is None:
            raise ValueError(f"{actor} has nothing to decide at this moment")
        command, reason = answer(fight, decision)
        # Sent across processes to the screen that shows it: its words, drawn here.
        return command, render(reason)
    finally:
        fight.close()
