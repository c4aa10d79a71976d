"""The order of play, written down in one place: the turn's steps and each segment's phases."""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

import esper

from arena.ecs.ruleset import NOTHING, Ctx, StepResult, System
from arena.ecs.werewolf import lookup
from arena.ecs.werewolf.attack_rolls import roll_actions
from arena.ecs.werewolf.components import TurnClock
from arena.ecs.werewolf.damage import roll_damage_step, soak_step
from arena.ecs.werewolf.declare import declare, open_segment, react, stun, willpower
from arena.ecs.werewolf.health import results
from arena.ecs.werewolf.initiative import initiative
from arena.ecs.werewolf.leaving import free_attacks
from arena.ecs.werewolf.noncombat import noncombat
from arena.ecs.werewolf.rage import rage
from arena.ecs.werewolf.slots import next_tick
from arena.ecs.werewolf.steps import (
    ATTACK,
    DAMAGE,
    INITIATIVE,
    NEXT,
    OTHER,
    RAGE,
    SEGMENTS,
    SOAK,
    STUN,
    WILLPOWER,
    Played,
)
from arena.ecs.werewolf.turn_end import next_turn
from arena.ecs.world import TABLES
from arena.rules.events import Event

PhaseFn = Callable[[Ctx, int], Played]
"""A phase of a segment: plays one tick, and waits for decisions or not."""

PHASES: Final[tuple[tuple[str, PhaseFn], ...]] = (
    (SEGMENTS, open_segment),  # whose segment it is
    (STUN, stun),  # a stunned combatant loses the action, or spends Rage
    (SEGMENTS, declare),  # everyone acting declares (w20: all first actions, lowest first)
    (SEGMENTS, react),  # the attacked may abort a later action into a dodge
    (WILLPOWER, willpower),  # an automatic success for 1 Willpower
    (ATTACK, roll_actions),  # 3.1: every attack, defence and other roll
    (DAMAGE, roll_damage_step),  # 3.2: defences cancel; landed blows roll full damage
    (SOAK, soak_step),  # 3.3: the targets soak
    (OTHER, free_attacks),  # 3.4: a mover's free attacks from the enemies it leaves [ruling]
    (OTHER, noncombat),  # 3.4: moves, shifts, flight, standing up, breaking free
    (SOAK, results),  # then every result at once: wounds, falls, holds, frenzy, Delirium
)
"""What happens on each segment, in order; a phase that waits is played again after each answer."""
_PHASE_COUNT: Final = len(PHASES)


def segments(ctx: Ctx) -> StepResult:
    """Step 3, Fastest first: play the segments from the highest down, each phase in order."""
    clk: TurnClock = TABLES[esper.current_world][lookup.FIGHT][TurnClock]  # once an answer
    events: list[Event] = []
    if clk.tick is None:
        clk.tick, clk.phase = next_tick(None), 0
    # The tick and phase kept in locals as well: only this loop moves them (the phases read
    # them off the clock), and it goes through every phase of every segment.
    tick, phase = clk.tick, clk.phase
    while tick is not None:
        while phase < _PHASE_COUNT:
            played, waiting = PHASES[phase][1](ctx, tick)
            if waiting:
                # Asked again after each answer: what came before the wait goes with it.
                return StepResult((*events, *played), waiting)
            events += played
            phase += 1
            clk.phase = phase
        # Once a segment's results leave one side standing, nobody is asked for the turn's
        # remaining actions: the fight ends at once [ruling, werewolf.md 3.4].
        tick, phase = (None if lookup.decided() else next_tick(tick)), 0
        clk.tick, clk.phase = tick, phase
    return StepResult(tuple(events)) if events else NOTHING


STEPS: Final[tuple[tuple[str, System], ...]] = (
    (INITIATIVE, initiative),  # 1. Wits + Alertness at 4: successes are the segment
    (RAGE, rage),  # 2. Rage spent; everyone's segments worked out
    (SEGMENTS, segments),  # 3. highest segment first, down to 0; same segment simultaneous
    (NEXT, next_turn),  # 4. everyone has finished: regeneration, then a new turn
)
"""The turn, in the seed's order; the engine runs these each turn."""
