"""The AI in words, drawn only where a front end shows it: its reason, who it plays.

A policy's reason is a `Phrase` of an ``ai_`` template (`arena.words.ai_templates`); the
functions here draw the parts a template cannot say: a choice's label, a list of names, a
split's parts.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from arena.words.core import Phrase, bare, render

if TYPE_CHECKING:
    from arena.rules.views import Choice, Reason


def reason_note(reason: Reason | None) -> str:
    """``AI: closes in`` for a combatant's card; "" when its AI has told no reason."""
    if reason is None:
        return ""
    return render(Phrase("ai_reason_note", (reason.text,)))


def controller_words(controller: str) -> str:
    """Who plays a combatant, as a card says it: ``AI: thug`` for ``ai:thug``, else as named."""
    if controller.startswith("ai:"):
        return render(Phrase("ai_reason_note", (controller.removeprefix("ai:"),)))
    return controller


def label(choice: Choice) -> str:
    """A choice's label, as a reason quotes it: ``Punch Tom (5 dice at 6)``."""
    return choice.label


def spaced(key: str) -> str:
    """An id's words: ``suck it up`` for ``suck_it_up``."""
    return key.replace("_", " ")


def names(who: tuple[str, ...], otherwise: str = "") -> str:
    """``Tom, Vilna``: names in a list, or `otherwise` when there are none.

    A reason holds the names, not the combatants' views: a view kept in a reason would keep
    every older view its own reason holds.
    """
    return ", ".join(who) or otherwise


def split_parts(parts: tuple[tuple[str, int, float | None], ...]) -> str:
    """A split's parts as a reason weighs them: ``bite on 5 (1.2) + move on 3``.

    Each part is (its action id, its segment, its worth in levels; None for a move).
    """
    return " + ".join(
        bare(Phrase("ai_split_move", (segment,)))
        if value is None
        else bare(Phrase("ai_split_part", (spaced(head), segment, value)))
        for head, segment, value in parts
    )
