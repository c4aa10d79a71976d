"""Events: what happened, in order, with the rule it applied and the dice it rolled."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Literal

from arena.rules.dice import Contest, StorytellerRoll
from arena.rules.fast import quick_init
from arena.rules.present import Text, render

Roll = StorytellerRoll | Contest

Datum = int | str | bool | None | tuple["Datum", ...] | Mapping[str, "Datum"]
"""A value an event carries: numbers, ids and closed-set names, never sentences."""


EventKind = Literal[
    "ability_used",
    "aborted_to_dodge",
    "action_aborted",
    "action_declared",
    "action_failed",
    "action_forfeited",
    "action_lost",
    "aftermath",
    "ai_reasoned",
    "aimed",
    "attack_botched",
    "attack_hit",
    "attack_missed",
    "attack_rolled",
    "attack_tied",
    "broke_free",
    "cannot_act",
    "climb_failed",
    "climbed",
    "clobbered",
    "closed_in",
    "combatant_placed",
    "contest_rolled",
    "damage_pending",
    "damage_rolled",
    "damage_soaked",
    "damage_stands",
    "damage_taken",
    "dead",
    "defence_rolled",
    "delirium",
    "demon_arrived",
    "demon_chose",
    "demon_commanded",
    "demon_disobeyed",
    "demon_judgment",
    "demon_obeyed",
    "disarm_failed",
    "disarmed",
    "disengaged",
    "dissipated",
    "fight_ended",
    "fight_over",
    "fled",
    "flee_failed",
    "free_attack_declined",
    "free_attack_taken",
    "frenzied",
    "frenzy_ended",
    "frenzy_resisted",
    "grappled",
    "helpless",
    "hold_kept",
    "hopped",
    "humanity_checked",
    "incapacitated",
    "initiative_rolled",
    "intention_declared",
    "intention_revealed",
    "jump_botched",
    "jump_stopped",
    "jumped",
    "killed",
    "knocked_down",
    "move_blocked",
    "moved",
    "order_fixed",
    "order_rolled",
    "out_of_reach",
    "pool_tallied",
    "push_declined",
    "push_failed",
    "pushed_through",
    "rage_spent",
    "reaction_chosen",
    "reaction_hidden",
    "recovered",
    "regenerated",
    "ritual_performed",
    "role_play_granted",
    "roll_made",
    "rollover_earned",
    "rollover_lost",
    "round_ended",
    "script_ended",
    "script_refused",
    "segment_started",
    "segments_set",
    "shifted",
    "shifted_for_rage",
    "sideways_failed",
    "stepped_sideways",
    "stood_up",
    "stun_shaken_off",
    "stunned",
    "sucked_up_damage",
    "task_failed",
    "task_won",
    "temporary_cleared",
    "total_defense_held",
    "waited",
    "willpower_spent",
    "wounded",
]
"""Every kind of event, each documented in ``docs/events*.md`` (a test holds the two together)."""


@quick_init
@dataclass(frozen=True, slots=True)
class Event:
    """One thing that happened in a fight; events are returned in the order they happened."""

    kind: EventKind
    """Past tense, snake case: ``initiative_rolled``, ``damage_soaked``, ``fight_ended``."""
    round: int
    """The round (Sorcerer) or turn (Werewolf), from 1; 0 before the first."""
    step: str
    """The seed step or rule applied, by id (``sorc_order``); `arena.words.steps` names it."""
    line: Text
    """One line for the normal log, read as `text`: a ``str`` is words already rendered, a
    phrase is rendered only when someone reads it (a batch fight never does)."""
    explanation: Text = ""
    """The explanation, read as `why`: rule, pools and modifiers, shown at explain verbosity."""
    actor: str = ""
    """The combatant who acted, if any."""
    target: str = ""
    """The combatant acted upon, if any."""
    roll: Roll | None = None
    """The dice behind this event, for the dice tray."""
    terse: bool = True
    """Shown at terse verbosity too (results, not bookkeeping)."""
    amount: int = 0
    """Damage this event inflicted on `target`, dealt by `actor` (Werewolf: health levels after
    soak; Sorcerer: temporary plus lasting damage); 0 if it inflicted none."""
    data: Mapping[str, Datum] = field(default_factory=dict)
    """The event's numbers and ids by name (documented per kind in ``docs/events.md``)."""

    @property
    def text(self) -> str:
        """One line for the normal log, in words."""
        line = self.line
        return line if type(line) is str else render(line)

    @property
    def why(self) -> str:
        """The explanation in words ("" when there is none)."""
        why = self.explanation
        return why if type(why) is str else render(why)
