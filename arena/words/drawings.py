"""Every drawing by phrase id: the functions that put a phrase's values into words.

The rules and the ECS name a drawing by its id (``Phrase("band_words", (band,))``) and never
import the function; `render` looks the id up here once a front end reads the phrase. Loading
this module also hands the rules the functions that draw a view's words when it is read.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from arena.rules import phrase
from arena.words import obstacles as obstacle_words
from arena.words import odds, rulesets, sorcerer, werewolf
from arena.words.catalogue import TEMPLATES
from arena.words.core import DRAWINGS, LINES, Text, dice, render, render_lines, won_by

_DRAWINGS: Final[dict[str, Callable[..., str]]] = {
    # both rulesets
    "round_word": rulesets.round_word,
    "dice": dice,
    "choice_odds": odds.choice_odds,
    "roll_words": odds.roll_words,
    "roll_odds": odds.roll_odds,
    # obstacles
    "blocked_words": obstacle_words.blocked_words,
    "climb_words": obstacle_words.climb_words,
    "jump_words": obstacle_words.jump_words,
    "jump_why": obstacle_words.jump_why,
    "lost_words": obstacle_words.lost_words,
    "task_gone_words": obstacle_words.task_gone_words,
    "task_words": obstacle_words.task_words,
    # Sorcerer
    "attack_outcome": sorcerer.attack_outcome,
    "attack_why": sorcerer.attack_why,
    "band_words": sorcerer.band_words,
    "comma_list": sorcerer.comma_list,
    "contest_words": sorcerer.contest_words,
    "faces_words": sorcerer.faces,
    "damage_stands": sorcerer.damage_stands,
    "damage_stands_why": sorcerer.damage_stands_why,
    "health_text": sorcerer.health_text,
    "intention": sorcerer.intention,
    "named": sorcerer.named,
    "order_fixed": sorcerer.order_fixed,
    "order_fixed_why": sorcerer.order_fixed_why,
    "order_given": sorcerer.order_given,
    "order_rolled": sorcerer.order_rolled,
    "order_rolled_why": sorcerer.order_rolled_why,
    "ordered": sorcerer.ordered,
    "outcome": sorcerer.outcome,
    "pool_words": sorcerer.pool_words,
    "ritual_words": sorcerer.ritual_words,
    "rollover_earned": sorcerer.rollover_earned,
    "severity": sorcerer.severity,
    "trait_name": sorcerer.trait_name,
    "will_roll": sorcerer.will_roll,
    # Werewolf: The Apocalypse
    "act_words": werewolf.act_words,
    "being": werewolf.being,
    "capitalized": werewolf.capitalized,
    "extra_actions": werewolf.extra_actions,
    "faces": werewolf.faces,
    "health_words": werewolf.health_words,
    "intention_words": werewolf.intention_words,
    "levels": werewolf.levels,
    "lowered": werewolf.lowered,
    "roll_why": werewolf.roll_why,
    "segment_acting": werewolf.segment_acting,
    "segment_list": werewolf.segment_list,
    "standings": werewolf.standings,
    "successes": werewolf.successes,
    "who_soaks": werewolf.who_soaks,
    "track_words": werewolf.track_words,
    "upper_first": werewolf.upper_first,
    "wounds_words": werewolf.wounds_words,
    "won_by": won_by,
}
"""Phrase id -> its drawing (a pure, module-level function of the phrase's values)."""

_LINES: Final[dict[str, Callable[..., tuple[Text, ...]]]] = {
    "notes": sorcerer.notes,
    "sorcerer_order_lines": sorcerer.order_lines,
    "werewolf_order_lines": werewolf.order_lines,
}
"""`Lines` id -> the function giving its lines."""

_twice = (_DRAWINGS.keys() | _LINES.keys()) & TEMPLATES.keys()
if _twice:
    raise ValueError(f"phrase ids both a template and a drawing: {sorted(_twice)}")
DRAWINGS.update(_DRAWINGS)
LINES.update(_LINES)
phrase.use_words(render, render_lines, odds.label)
