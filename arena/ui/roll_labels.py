"""What a roll is, in a word or two, from its event's kind and numbers (never its step's text)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

from arena.engine import Event

KIND_WORDS: Final[Mapping[str, str]] = {
    "initiative_rolled": "Initiative",
    "order_rolled": "Order",
    "attack_rolled": "Attack",
    "attack_hit": "Attack",
    "attack_missed": "Attack",
    "attack_tied": "Attack",
    "attack_botched": "Attack",
    "clobbered": "Attack",
    "damage_rolled": "Damage",
    "damage_soaked": "Soak",
    "contest_rolled": "Contest",
    "frenzied": "Frenzy check",
    "frenzy_resisted": "Frenzy check",
    "humanity_checked": "Humanity check",
    "pushed_through": "Push",
    "push_failed": "Push",
    "aimed": "Aim",
    "fled": "Flee",
    "flee_failed": "Flee",
    "disarmed": "Disarm",
    "disarm_failed": "Disarm",
    "broke_free": "Break free",
    "grappled": "Grapple",
    "demon_commanded": "Command",
    "demon_obeyed": "Command",
    "demon_disobeyed": "Command",
    "demon_judgment": "Demon's judgment",
    "ritual_performed": "Ritual",
    "stepped_sideways": "Step sideways",
    "sideways_failed": "Step sideways",
    "regenerated": "Regeneration",
    "stun_shaken_off": "Stun",
    "recovered": "Recovery",
}
"""The word for each kind of event that rolls; a kind not here is named from its own words."""

PAST: Final = ("_rolled", "_made", "_checked", "_failed", "_performed")
"""Endings an unknown kind loses: ``free_attack_rolled`` reads ``Free attack``."""


def words(name: str) -> str:
    """An id in words: ``body_tackle`` → ``body tackle``."""
    return name.replace("_", " ").strip()


def roll_label(event: Event) -> str:
    """What the event's roll is: ``Dodge``, ``Attack: punch``, ``Initiative``, ``Soak``.

    A Werewolf defence is named by the defence (a dodge is a dodge); an attack, a damage roll
    and an action name their means; an unknown kind (a rule added later) reads as its kind.
    """
    data = event.data
    defence = data.get("defence")
    if isinstance(defence, str) and defence:
        return words(defence).capitalize()
    action = data.get("action")
    if event.kind == "roll_made" and isinstance(action, str) and action:
        return words(action).capitalize()
    base = KIND_WORDS.get(event.kind)
    if base is None:
        base = event.kind
        for ending in PAST:
            base = base.removesuffix(ending)
        base = words(base).capitalize() or "Roll"
    means = data.get("means") or data.get("weapon")
    if base in ("Attack", "Damage") and isinstance(means, str) and means:
        return f"{base}: {words(means)}"
    return base


def segment_note(event: Event) -> str:
    """``seg 3`` for a Werewolf roll made in a segment, else ``""``."""
    segment = event.data.get("segment")
    return f"seg {segment}" if isinstance(segment, int) and segment > 0 else ""
