"""Which kinds of event, and which data fields, a fight of each ruleset can log."""

from __future__ import annotations

from arena.rules import event_tables as pages

_OWN_KINDS = {"werewolf": pages.WEREWOLF_KINDS, "sorcerer": pages.SORCERER_KINDS}
"""Each ruleset's own page of event kinds."""
_OWN_FIELDS = {"werewolf": pages.WEREWOLF_FIELDS, "sorcerer": pages.SORCERER_FIELDS}
"""Each ruleset's own data fields."""


def logged_by(ruleset: str) -> frozenset[str]:
    """The kinds of event a fight of this ruleset can log: its page's and the shared ones."""
    return pages.SHARED_KINDS | _OWN_KINDS.get(ruleset, frozenset())


def data_fields(ruleset: str) -> frozenset[str]:
    """The names a fight of this ruleset's events use in their ``data``."""
    return pages.SHARED_FIELDS | _OWN_FIELDS.get(ruleset, frozenset())
