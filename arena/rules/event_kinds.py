"""Which kinds of event, and which data fields, a fight of each ruleset can log."""

from __future__ import annotations

from arena.rules import event_tables as pages


def logged_by(ruleset: str) -> frozenset[str]:
    """The kinds of event a fight of this ruleset can log: its page's and the shared ones."""
    own = pages.WEREWOLF_KINDS if ruleset == "werewolf" else pages.SORCERER_KINDS
    return pages.SHARED_KINDS | own


def data_fields(ruleset: str) -> frozenset[str]:
    """The names a fight of this ruleset's events use in their ``data``."""
    own = pages.WEREWOLF_FIELDS if ruleset == "werewolf" else pages.SORCERER_FIELDS
    return pages.SHARED_FIELDS | own
