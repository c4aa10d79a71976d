"""The AI in words, drawn only where a front end shows it: its reason, who it plays."""

from __future__ import annotations

from typing import TYPE_CHECKING

from arena.words.core import Phrase, render

if TYPE_CHECKING:
    from arena.rules.views import Reason


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
