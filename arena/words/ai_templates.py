"""The AI's reasons, by id (plain data: imports nothing of the game).

A policy gives its reason as ``Phrase(id, args)``: the numbers it weighed stay numbers in the
args (formatted here, ``{:.1f}``), names and labels are drawn only when a front end reads them.
"""

from __future__ import annotations

from typing import Final

TEMPLATES: Final[dict[str, str]] = {
    # Any ruleset, any policy.
    "ai_one_choice": "has one choice: {}",
    "ai_not_legal": "{} (its own pick was not legal here)",
    "ai_default": "takes the default: {}",
    "ai_attacks_nearest": "attacks {}: the nearest enemy",
    "ai_moves_toward": "moves toward {}: the nearest enemy",
    "ai_declines": "declines: {}",
    "ai_random": "picks at random: {}",
    "ai_guards": "{} against {}: saves {:.1f} levels, more than its blow ({:.1f})",
    "ai_total_defense_over": (
        "total defense: saves {:.1f} harm, more than its attack would do ({:.1f})"
    ),
    "ai_runs_exit": "runs for the exit: {}",
    # Sorcerer.
    "ai_instinct_react": "reacts on instinct: {}",
    "ai_aborts": (
        "aborts to defend: {} dice: net harm {:.1f} against {:.1f} for keeping its action"
    ),
    "ai_sucks_it_up": (
        "sucks it up: net harm {:.1f} keeping its action, against {:.1f} for aborting"
    ),
    "ai_instinct_push": "pushes through on instinct: {}",
    "ai_cannot_push": "cannot push through: {}",
    "ai_pushes": "pushes through for {1} dice: Will {0} beats {1} dice {2:.0%}, worth {3:.1f} harm",
    "ai_bonus": "takes its profile's role-playing bonus: {}",
    "ai_own_judgment": "own judgment: {}",
    "ai_ritual": "{} on {}: wins {:.0%}, worth {:.1f} harm",
    "ai_protect": "orders {} to protect it: saves {:.1f} harm from {}",
    "ai_nobody_near": "nobody near",
    "ai_orders_attack": "orders {} to attack {}: {:.1f} harm over its own judgment",
    "ai_too_hurt": "too hurt to close in: total defense",
    "ai_attack_easy": "attacks {} with {}: the nearest it can reach",
    "ai_attack_clobbered": (
        "attacks {0} with {1}: {0} is clobbered: {2} bonus dice to its {3}, {4:.1f} harm expected"
    ),
    "ai_attack_gang": (
        "attacks {} with {}: weakest in reach ({} dice to defend), {} allies on it, "
        "{:.1f} harm expected"
    ),
    "ai_attack_weakest": (
        "attacks {} with {}: weakest in reach ({} dice against {}), {:.1f} harm expected"
    ),
    "ai_closes_weakest": "closes on {}: the weakest enemy, out of reach",
    "ai_nothing_better": "can do nothing better: {}",
    "ai_gang_leaves_cell": "closes on {}, leaving {} to an ally",
    "ai_gang_waits": "waits for its gang short of the enemy's reach, near {}",
    "ai_penalty_stamina": "penalty {} against Stamina {}",
    "ai_hurt_alone": "hurt and alone",
    "ai_flees_fight": "flees the fight: {}",
    "ai_backs_away": "backs away: {}",
    "ai_cowers": "cowers in total defense: {}",
    "ai_total_defense_against": "total defense: saves {:.1f} harm against {}",
    "ai_shoots_aimed": "shoots {}: aimed last round",
    "ai_point_blank": "shoots point blank: {}",
    "ai_keeps_range": "keeps its range: {} is {} cells away",
    "ai_takes_cover": "takes cover before it aims",
    "ai_aims": "aims at {}: {:.1f} victories a round aimed",
    "ai_aims_over": "aims at {}: {:.1f} victories a round aimed against {:.1f} for shooting now",
    "ai_shoots_now": "shoots now: {}",
    "ai_into_sights": "moves to get {} in its sights, out of reach",
    # Werewolf.
    "ai_ww_attack": "{} {}: {} dice at {}, {:.1f} levels",
    "ai_ww_attack_hurt": "{0} {1}: {2} dice at {3}, {4:.1f} levels, {1} is {5}",
    "ai_ww_defence": "{}s against {}: saves {:.1f} levels",
    "ai_nobody": "nobody",
    "ai_splits": "splits: {}",
    "ai_split_move": "move on {}",
    "ai_split_part": "{} on {} ({:.1f})",
    "ai_saves_rage": "saves its Rage: the nearest enemy is {} cells away",
    "ai_keeps_rage": "keeps its Rage ({}) to shift into Crinos",
    "ai_spends_rage": "spends Rage: {}, an enemy {} away",
    "ai_lets_go": "lets it go: no blow is worth anything",
    "ai_free_attack": "takes the free attack: {}",
    "ai_keeps_willpower": "keeps its Willpower: no roll needs it (best gain {:.0%})",
    "ai_spends_willpower": "spends Willpower on {}: success rises by {:.0%}",
    "ai_keeps_action": "takes the blow: keeps its action",
    "ai_aborts_dodge": "aborts into a dodge against {}: saves {:.1f} levels",
    "ai_an_enemy": "an enemy",
    "ai_takes_blow": "takes the blow from {}: its own action is worth {:.1f}",
    "ai_trusts_soak": "takes the blow: it trusts its soak",
    "ai_shakes_stun": "shakes off the stun with Rage: the fight will not wait",
    "ai_loses_stun": "loses the action to the stun",
    "ai_closes_on": "closes on {}: {}",
    "ai_nobody_in_reach": "nobody is in reach",
    "ai_stands": "stands up: it is down",
    "ai_breaks_free": "breaks free of the hold",
    "ai_nothing_worth": "nothing worth doing: {}",
    "ai_flees": "flees: {}",
    "ai_runs_away": "runs away: {}",
    "ai_wound_penalty": "wound penalty {}",
    "ai_vantage": "moves to a spot in sight, out of reach, in cover if it can",
    "ai_frenzy": "frenzy: {}",
    "ai_frenzy_runs": "frenzy: runs at the nearest enemy",
    "ai_shifts_for_rage": "shifts to Crinos for Rage, keeping its action",
    "ai_shifts": "shifts to Crinos: {}",
    "ai_nobody_in_reach_yet": "nobody is in reach yet",
    "ai_not_one_blow": "{} will not fall to one blow",
    "ai_crippled": "Crippled",
    "ai_crippled_alone": "Crippled and alone",
    "ai_bane_soaks": "{}; it soaks with Gnosis {}",
    "ai_nothing_left": "nothing left to fight",
    "ai_hungers": "it hungers",
}
"""Template id (``ai_`` and snake case) -> ``str.format`` template of a reason."""
