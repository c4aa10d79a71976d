"""Templates of Sorcerer words, by id (plain data: imports nothing of the game)."""

from __future__ import annotations

from typing import Final

TEMPLATES: Final[dict[str, str]] = {
    "sorc_bonus_none": "No role-playing bonus",
    "sorc_bonus_dice": "+{} for a good description or tactic",
    "sorc_bonus_prompt": (
        "The table's call: a role-playing bonus for {} to {}? (0 to {} dice; option "
        "role_play: honour)"
    ),
    "sorc_push_none": "Do not push through: defend only this round",
    "sorc_push_dice": "Push through for {}: Will {} against {}",
    "sorc_win_push": "push through",
    "sorc_push_prompt": (
        "{} is hurt too badly to act: push through for {}? (original Will {} against the dice "
        "you want, 1 to {})"
    ),
    "sorc_switch_on_why": (
        "switching an ability on takes the demon's action; it lasts until the demon acts again"
    ),
    "sorc_boost": "{} boosts {}'s {} by {} dice this round.",
    "sorc_boost_why": (
        "Boost adds up to Power ({}) dice for the round; while it boosts, {}'s own Power "
        "counts as {}"
    ),
    "sorc_cloak": "{} cloaks itself: its attackers lose {} until it acts again.",
    "sorc_protect": "{} protects {}: +{} dice to defend against Psychic Force and Special Damage.",
    "sorc_no_dice_left": "{} cannot {}: no dice left for it.",
    "sorc_no_dice_left_why": "{}: a pool of 0 or less cannot take that action",
    "sorc_will_roll": "{} will roll {} to {}.",
    "sorc_push_declined": "{} does not push through: it only defends this round.",
    "sorc_push_why": (
        "only sorcerers push through, with damage between Stamina and twice Stamina: original "
        "Will {} [{}] against {} dice [{}]"
    ),
    "sorc_push_failed": "{} fails to push through: the action fails, it defends as usual.",
    "sorc_pool_pushed": "pushed through",
    "sorc_pushed": "{} pushes through its wounds: it will roll {} to {}.",
    "sorc_abort_choice": "Abort ({}) and defend with {}",
    "sorc_suck_it_up_choice": "Suck it up: defend with {} and still {}",
    "sorc_abort_prompt": "{} attacks {} with {} [{}] before {} has acted: abort or suck it up?",
    "sorc_reaction_abort": "{} aborts its action against {}'s attack.",
    "sorc_reaction_suck_it_up": "{} sucks it up against {}'s attack.",
    "sorc_reaction_abort_why": "abort: defend with the full score, the action is lost",
    "sorc_reaction_suck_it_up_why": (
        "suck it up: defend with 1 die plus modifiers and keep the action"
    ),
    "sorc_bonus_granted": "{} is granted a role-playing bonus of {}.",
    "sorc_bonus_granted_why": "a good description or tactic earns +1 to +3 dice (rulebook page 19)",
    "sorc_reaction_hidden": "{} has chosen how to meet {}'s attack.",
    "sorc_intention_declared": "{} has stated an intention (hidden until everyone has).",
    "sorc_intention_hidden": "(stated, hidden until everyone has)",
    "sorc_out_of_reach_why": "out of reach, even closing in {} cells",
    "sorc_out_of_reach": "{} cannot reach {}: the attack comes to nothing.",
    "sorc_is_status": "{} is {}",
    "sorc_attack_wasted": "{} is already out of the fight: {}'s attack is wasted.",
    "sorc_closed_in": "{} closes in on {}, to {}.",
    "sorc_closed_in_why": "an attacker may close up to 2 cells as part of its attack",
    "sorc_attack_why": "performance [{}] against {} [{}]{}",
    "sorc_action_aborted": "{} aborts its action ({}) to defend against {}.",
    "sorc_action_aborted_why": (
        "attacked before acting, it gives up its action and defends with its score"
    ),
    "sorc_clobbered": (
        "{} is clobbered: it defends with 1 die, and {} adds {} [{}] to its performance."
    ),
    "sorc_clobbered_why": (
        "a defence pool of {} gets {} bonus dice to roll 1 die, and the attacker the same "
        "number; performance [{}] becomes [{}]; the order does not change"
    ),
    "sorc_attack_hit": "{} hits {} with {}: {}.",
    "sorc_attack_missed": "{} fends off {}'s {}: {}.",
    "sorc_attack_tied": "{} and {} tie completely: the attack does nothing.",
    "sorc_rollover_attack": "attack on",
    "sorc_rollover_defense": "action against",
    "sorc_rollover_earned": "{} carries {} over to its next {} {}.",
    "sorc_rollover_earned_why": (
        "rollover: victories become bonus dice on the next causally connected roll, if used "
        "by the end of next round"
    ),
    "sorc_damage_source": "{}'s {} ({}: temporary {}, lasting {})",
    "sorc_damage_pending": "{}'s damage from {} lands when the simultaneous place ends.",
    "sorc_judged_unarmed": "{} (it has no way to attack: it stays on guard)",
    "sorc_judged_closing": "{} (out of reach: it closes the distance)",
    "sorc_demon_arrived": "{} appears at {}, beside {}, unbound.",
    "sorc_demon_arrived_why": (
        "Summon won last round: the demon appears the next round, beside its summoner"
    ),
    "sorc_own_judgment_choice": "{} (own judgment)",
    "sorc_intention_prompt": "{}: state your intention for round {}",
    "sorc_intention_hidden_short": "(stated, hidden)",
    "sorc_intention_revealed": "{} states: {}.",
    "sorc_intention_revealed_why": (
        "every intention is collected first, then all are revealed together"
    ),
    "sorc_order_impossible": "but the order can no longer be carried out",
    "sorc_obedience_why": "{}: master's {} [{}] against the demon's {} [{}]",
    "sorc_as_ordered": "{}, as ordered",
    "sorc_demon_obeyed": "{} obeys: {}.",
    "sorc_demon_disobeyed": "{} does not obey and acts on its own judgment: {}.",
    "sorc_demon_commanded": "{} orders {} to {}.",
    "sorc_demon_commanded_note": "{} orders {} to {}, {}.",
    "sorc_demon_chose": "{}'s controller chose {}.",
    "sorc_demon_chose_why": "its own judgment would have been: {}",
    "sorc_demon_judgment": "{} acts on its own judgment: {}.",
    "sorc_demon_judgment_why": "uncommanded, it follows its Need and Desire: {}",
    "sorc_pushing": " (push through)",
    "sorc_total_defense_choice": "Total defense{}: +2 dice on every defense this round",
    "sorc_attack_choice": "Attack {} with {}{}{}{}",
    "sorc_attack_band": " ({})",
    "sorc_attack_closing": ", closing in to {}",
    "sorc_ritual_choice": "Ritual: {} on {}{}",
    "sorc_aim_choice": "Aim {} at {}{}",
    "sorc_command_choice": "Command {}: {}",
    "sorc_boost_choice": "Boost {}'s {} by {} dice this round",
    "sorc_cloak_choice": "Cloak: attackers lose {} dice",
    "sorc_protect_choice": "Protection: {} gains {} dice against demons' attacks",
    "sorc_hop_choice": "Hop to {}",
    "sorc_flee_choice": "Flee the fight{}",
    "sorc_move_choice": "Move to {}{}",
    "sorc_status_active": "can act",
    "sorc_status_cannot_act": "cannot act, only defend",
    "sorc_or_push": " or push through",
    "sorc_temporary_next": "; its {} temporary damage goes with its next roll",
    "sorc_damage_stands": "{}: {}; it {}{}.",
    "sorc_damage_stands_why": "lasting damage is a penalty on every roll{}",
    "sorc_round_ended": "Nobody is beaten yet: back to Step 1.",
    "sorc_round_ended_why": "the fight goes on while every side has someone able to act",
    "sorc_fight_over_why": "nobody on {} can act (helpless, dead, fled or banished)",
    "sorc_fight_over": "The fight is over: {}.",
    "sorc_rollover_lost": "{}'s rollover ({}, {}, {}) lapses.",
    "sorc_rollover_lost_why": "rollover not used by the end of the next round is lost",
    "sorc_temporary_cleared": "All temporary damage goes away.",
    "sorc_temporary_cleared_why": (
        "after the fight, temporary damage is eliminated; lasting damage is halved (or "
        "reduced by a demon's Vitality)"
    ),
    "sorc_fight_ended_one": "The fight is over after {} round: {}.",
    "sorc_fight_ended": "The fight is over after {} rounds: {}.",
    "sorc_is_dead": "{} is dead.",
    "sorc_method_halved": "halved",
    "sorc_method_vitality": "reduced by Vitality",
    "sorc_lasting_change": "lasting damage {} → {} ({})",
    "sorc_no_lasting": "no lasting damage",
    "sorc_aftermath": "{}: {}: {}.",
    "sorc_aftermath_why": "Stamina {}: up to {} banged up, up to {} hospital, above {} mortal ({})",
    "sorc_fast_note": "; Fast: {} dice for order [{}], the extra dice count for order only",
    "sorc_order_rolled_why": (
        "{}: [{}]{}; this roll is both its place in the order and its performance"
    ),
    "sorc_order_rolled": "{} rolls {} to {}.",
    "sorc_nobody_rolls": "Nobody rolls for an action this round.",
    "sorc_order_tie_note": "; a complete tie acts simultaneously",
    "sorc_order_rerolled_note": "; complete ties rerolled (option tie: reroll): {}",
    "sorc_order_fixed": "The order is fixed: {}.",
    "sorc_order_fixed_why": (
        "rolls compared as contests, highest die first, ties going down the dice{}; dice "
        "added later change performance, never this order"
    ),
    "sorc_no_hold": "{}'s {} finds no hold on {}: it comes to nothing.",
    "sorc_ritual_why": "snapshot ritual [{}] against the demon's {} [{}]{}",
    "sorc_ritual_performed": "{} performs {} on {}: {}.",
    "sorc_punish_source": "{}'s Punish",
    "sorc_humanity_lost": "loses {} Humanity, now {}",
    "sorc_humanity_kept": "keeps its Humanity",
    "sorc_humanity_checked": "{}'s Humanity check: {}.",
    "sorc_humanity_why": (
        "every ritual costs a Humanity check: Humanity {} [{}] against the demon's Power {} [{}]{}"
    ),
    "sorc_the_challenge": "the challenge",
    "sorc_challenge_why": "a challenge: performance [{}] against the {} [{}]{}",
    "sorc_action_lost": "{} is {}: its action ({}) is lost.",
    "sorc_too_hurt": "hurt too badly to act",
    "sorc_total_defense_held": "{} holds its total defense: +2 dice on every defense this round.",
    "sorc_does_nothing": "{} does nothing with its turn.",
    "sorc_aiming": "aiming",
    "sorc_fleeing": "fleeing",
    "sorc_needs_no_roll": "{} needs no roll",
    "sorc_aim_lost": "{} tries to aim {} at {} but loses the bead.",
    "sorc_aimed": "{} aims {} at {}: next round's shot is aimed, with {} of rollover.",
    "sorc_move_blocked": "{} cannot get to {} any more: the way is blocked.",
    "sorc_move_lost": "{} is {}: its move to {} is lost.",
    "sorc_moves": "{} moves from {} to {}.",
    "sorc_hops": "{} hops from {} to {}.",
    "sorc_exit_note": "; it stands on an exit: fleeing is its next action",
    "sorc_other_task_why": "other task{}",
    "sorc_disengaged": "{} moves out of {}'s reach before {} has acted: {}'s attack comes now.",
    "sorc_disengaged_why": (
        "moving away from an enemy who has not yet acted lets it react: its declared attack "
        "is resolved before the move"
    ),
    "sorc_not_at_exit": "{} is not at an exit: it cannot flee.",
    "sorc_flee_failed": "{} tries to get away but is held up.",
    "sorc_fled": "{} flees the fight.",
    "sorc_placed_at": "at {}",
    "sorc_placed_absent": "not yet here (it may be summoned)",
    "sorc_placed": "{} ({}) {}.",
    "sorc_sucked_up": "{} sucked up {} damage after rolling: {} gets {} more instead.",
    "sorc_sucked_up_why": (
        "its penalty was {} when it rolled at Step 3 and is {} now; the roll is not reduced, "
        "its target gets bonus dice equal to the penalty"
    ),
    "sorc_state_cannot_act": "{} is hurt too badly to act: it can only defend{}.",
    "sorc_state_helpless": "{} is helpless: out of the fight.",
    "sorc_state_dead": "{} is dead.",
    "sorc_state_active": "{} can act again: its temporary damage is spent.",
    "sorc_state_sucked_up": (
        "{} is hurt past its Stamina, but it sucked the blow up: its action still goes ahead "
        "at the appointed time."
    ),
    "sorc_armor_note": "; Armor absorbed {} lasting",
    "sorc_damage_taken": "{} takes {} temporary and {} lasting damage from {}.",
    "sorc_damage_taken_why": (
        "now lasting {}, temporary {} pending: a penalty of {} on its next roll{}"
    ),
    "sorc_big_note": " + Big {}",
    "sorc_threshold_why": (
        "damage P = {} (lasting {}), Stamina {}{}: cannot act at P ≥ {}, helpless at P > {}, "
        "dead at lasting > {}"
    ),
    "sorc_pool_ritual": "snapshot ritual",
}
"""Template id (snake case, no spaces) -> ``str.format`` template."""
