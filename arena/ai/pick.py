"""What a policy answers: a command, and why it chose it, as a phrase drawn only when shown."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Final, Literal, NamedTuple, get_args

from arena.rules.commands import Command
from arena.rules.views import Board, Choice, Decision, FightView, Tag
from arena.words.core import Phrase

Level = Literal["easy", "normal", "hard"]
"""How thoughtfully a policy plays: it changes behaviour, never dice."""
LEVELS: Final[tuple[Level, ...]] = get_args(Level)


class Pick(NamedTuple):
    """A policy's answer to a decision.

    Its reason is kept as the template id and values the policy weighed, made into a phrase
    only when read (`reason`): a batch of fights reads none, and makes none. A named tuple, so
    a pick is made by one call (a policy gives one at every answer) and never changes.
    """

    command: Command
    """The command to apply: always one of the decision's choices."""
    why: Phrase | str
    """Why: a phrase, or a template id of `arena.words.ai_templates` that takes `args`."""
    args: tuple[object, ...] = ()
    """The numbers, names and labels it weighed, for a template id `why`."""

    @property
    def reason(self) -> Phrase:
        """Why, as a phrase, made when read.

        It is drawn into one line (``flees: Crippled and alone``) only when a front end shows it.
        """
        why = self.why
        return Phrase(why, self.args) if type(why) is str else why  # type: ignore[return-value]


Policy = Callable[[FightView, Decision, random.Random, Level], Pick]
"""One ruleset's body of a named policy: (view, decision, rng, level) → pick."""

Glance = Callable[[Decision, random.Random, Level], Pick | None]
"""What a policy answers without reading the board (a lone choice, a question it always
answers alike), or None when it must look: (decision, rng, level) → pick or None."""


Peek = Callable[[Callable[[], Board], Decision, random.Random, Level], Pick | None]
"""What a policy answers from the board at a glance (who stands where, still in, with what
penalty, traits and blow), or None when it must read the whole view: (glimpse, decision, rng,
level) → pick or None, the board asked of ``glimpse()`` only for a question it may settle. It
gives what the policy's `look` gives for the same fight."""


def _looks(decision: Decision, rng: random.Random, level: Level) -> Pick | None:
    return None


@dataclass(frozen=True, slots=True)
class Body:
    """A policy body in parts: what it answers at a glance, else what it reads the view for.

    Called, it is the whole policy. Split, it lets the engine skip making a view (a tenth of a
    fight) for the many questions answered at a glance, or from the board at a glance (`peek`).
    """

    look: Policy
    """The answers that read the view (asked only when `glance` gives None)."""
    glance: Glance = _looks
    """The answers that need no view."""
    peek: Peek | None = None
    """The answers the board at a glance settles (asked, if given, before `look`)."""

    def __call__(
        self, view: FightView, decision: Decision, rng: random.Random, level: Level
    ) -> Pick:
        """The policy's pick: at a glance if it can, else from the view."""
        pick = self.glance(decision, rng, level)
        return self.look(view, decision, rng, level) if pick is None else pick


_pick: Final = tuple.__new__
"""Makes a pick from its fields at once, without the named tuple's own ``__new__`` (a call
in Python of its own): asked at every answer."""


def picked(choice: Choice, why: Phrase | str, *args: object) -> Pick:
    """The pick of a choice, with its reason: a phrase, or a reason's template id and values.

    No words are drawn here, and no phrase is made (`Pick.reason` makes it when read): a
    batch of fights never reads them.
    """
    return _pick(Pick, (choice.command, why, args))


def default_choice(decision: Decision) -> Choice:
    """The choice the fight marks as its default, else the first."""
    return next((c for c in decision.choices if "default" in c.tags), decision.choices[0])


def tagged(decision: Decision, tag: Tag) -> list[Choice]:
    """The choices that carry a tag, in the decision's order."""
    return [c for c in decision.choices if tag in c.tags]


def walks(choice: Choice) -> int:
    """0 for a jump or climb over a low obstacle, 1 for any other move.

    A tie-break for moves equally near a goal: across an obstacle, the side where the goal is
    lies over it, and a walk along it only circles (the counter of a diner).
    """
    return 0 if "jump" in choice.tags or "climb" in choice.tags else 1


def keyed(decision: Decision, key: str) -> Choice | None:
    """The choice with this key, or None."""
    return decision.choice(key)


def best(scored: list[tuple[float, int, Choice, Phrase]]) -> tuple[Choice, Phrase] | None:
    """The highest score; ties go to the earlier choice (the second field is its index)."""
    if not scored:
        return None
    _, _, choice, reason = max(scored, key=lambda s: (s[0], -s[1]))
    return choice, reason
