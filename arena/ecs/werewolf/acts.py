"""Actions as the turn stores them: from commands, to and from part keys, in words."""

from __future__ import annotations

from collections.abc import Callable

import esper

from arena.ecs.ruleset import Ctx
from arena.ecs.werewolf import lookup
from arena.ecs.werewolf.components import Act, Memo, Slot
from arena.ecs.world import TABLES
from arena.rules.actions import Attack, Move, Wait
from arena.rules.commands import Command
from arena.rules.events import Datum
from arena.rules.phrase import Phrase
from arena.rules.werewolf.commands import (
    Block,
    BreakFree,
    Dodge,
    Flee,
    Jump,
    Parry,
    Shift,
    StandUp,
    StepSideways,
)

ROLLLESS = ("move", "shift", "flee", "stand", "wait")
"""Actions that roll no dice."""


_PLAIN: dict[type, Act] = {
    Dodge: Act("dodge"),
    Block: Act("block"),
    Parry: Act("parry"),
    Flee: Act("flee"),
    StepSideways: Act("sideways"),
    StandUp: Act("stand"),
    BreakFree: Act("break_free"),
    Wait: Act("wait"),
}
"""The actions of commands that carry nothing but their actor, by the command's class."""


def act_of(command: Command) -> Act | None:
    """The action a command declares, or None for commands that declare none."""
    # By the command's own class first (every declared action comes here): one look-up, not
    # a walk through the cases below. An attack's action is made from it; a subclass of a
    # command, or one that carries a cell or a form, is matched below.
    kind = type(command)
    if kind is Attack:
        return Act("attack", command.means, command.target)  # type: ignore[attr-defined]
    if kind in _PLAIN:
        return _PLAIN[kind]
    if kind is Move:  # the commonest after these: a step toward an enemy or the exit
        to = command.to  # type: ignore[attr-defined]
        return Act("move", cell=(to[0], to[1]))
    match command:
        case Attack(target=target, means=means):
            return Act("attack", means=means, target=target)
        case Dodge():
            return Act("dodge")
        case Block():
            return Act("block")
        case Parry():
            return Act("parry")
        case Move(to=to):
            return Act("move", cell=(to[0], to[1]))
        case Jump(to=to):
            return Act("jump", cell=(to[0], to[1]))
        case Shift(form=form, use_rage=False):
            return Act("shift", form=form)
        case Flee():
            return Act("flee")
        case StepSideways():
            return Act("sideways")
        case StandUp():
            return Act("stand")
        case BreakFree():
            return Act("break_free")
        case Wait():
            return Act("wait")
    return None


def command_of(actor: str, act: Act) -> Command:
    """The command that declares an action alone."""
    match act.kind:
        case "attack":
            return Attack(actor, act.target, act.means)
        case "move" if act.cell is not None:
            return Move(actor, act.cell)
        case "jump" if act.cell is not None:
            return Jump(actor, act.cell)
        case "shift":
            return Shift(actor, act.form)
    return _SIMPLE[act.kind](actor)


_SIMPLE: dict[str, Callable[[str], Command]] = {
    "dodge": Dodge,
    "block": Block,
    "parry": Parry,
    "flee": Flee,
    "sideways": StepSideways,
    "stand": StandUp,
    "break_free": BreakFree,
    "wait": Wait,
}
"""The commands of actions that need nothing but the actor."""


def act_key(act: Act) -> str:
    """A short stable key: ``punch:tom``, ``dodge``, ``move:3,4``, ``shift:crinos``."""
    if act.kind == "attack":
        return f"{act.means}:{act.target}"
    if act.kind in ("move", "jump") and act.cell is not None:
        return f"{act.kind}:{act.cell[0]},{act.cell[1]}"
    if act.kind == "shift":
        return f"shift:{act.form}"
    return act.kind


def act_from_key(ctx: Ctx, key: str) -> Act:
    """The action a part key names (the inverse of `act_key`)."""
    head, _, rest = key.partition(":")
    if head in ("move", "jump"):
        x, _, y = rest.partition(",")
        return Act(head, cell=(int(x), int(y)))
    if head == "shift":
        return Act("shift", form=rest)
    if rest:
        return Act("attack", means=head, target=rest)
    return Act(head)


def describe(ctx: Ctx, act: Act) -> Phrase:
    """An action in words, drawn when read: ``punch Tom``, ``dodge``, ``move to (3, 4)``.

    Made once per setup (`lookup.remembered`): it reads only the action and the content's and
    the scenario's names.
    """
    key = ("describe", act)
    try:  # the hit, read in place: every action in the log is described
        found: Phrase = TABLES[esper.current_world][lookup.FIGHT][Memo].found[key]
        return found
    except KeyError:
        return lookup.remembered(key, _describe, ctx, act)


def _describe(ctx: Ctx, act: Act) -> Phrase:
    if act.kind == "attack":
        target = lookup.fighter_of(act.target).who.name
        return Phrase("act_words", (act.kind, lookup.means_name(ctx, act.means), target))
    if act.kind == "shift":
        return Phrase("act_words", (act.kind, lookup.form_def(ctx, act.form).name))
    return Phrase("act_words", (act.kind, "", "", act.cell))


_CAPITAL = {
    "dodge": Phrase("ww_dodge"),
    "block": Phrase("ww_block"),
    "parry": Phrase("ww_parry"),
    "flee": Phrase("ww_flee"),
    "wait": Phrase("ww_wait"),
    "sideways": Phrase("ww_step_sideways"),
    "stand": Phrase("ww_stand_up"),
    "break_free": Phrase("ww_break_free"),
}


def phrase(ctx: Ctx, act: Act) -> Phrase:
    """An action in words still to be rendered, capitalised for a label: ``Punch Tom``."""
    if act.kind == "attack":
        target = lookup.fighter_of(act.target).who.name
        return Phrase(
            "{} {}", (Phrase("upper_first", (lookup.means_name(ctx, act.means),)), target)
        )
    if act.kind == "move":
        return Phrase("ww_label_move", (act.cell,))
    if act.kind == "jump":
        return Phrase("jump_choice", (act.cell,))
    if act.kind == "shift":
        return Phrase("ww_label_shift", (lookup.form_def(ctx, act.form).name,))
    return _CAPITAL[act.kind]


def part_phrase(ctx: Ctx, act: Act) -> Phrase:
    """An action in words still to be rendered, as a part of a split: ``punch Tom``."""
    if act.kind == "attack":
        target = lookup.fighter_of(act.target).who.name
        return Phrase("{} {}", (lookup.means_name(ctx, act.means), target))
    if act.kind == "move":
        return Phrase("ww_part_move", (act.cell,))
    if act.kind == "jump":
        return Phrase("jump_part", (act.cell,))
    if act.kind == "shift":
        return Phrase("ww_part_shift", (lookup.form_def(ctx, act.form).name,))
    return Phrase("act_words", (act.kind,))


_ONE_DIE = Phrase("ww_one_die")


def dice_phrase(count: int) -> Phrase:
    """``1 die``, ``3 dice``, still to be rendered."""
    if count == 1:
        return _ONE_DIE
    # The same few words for every menu and roll: made once for each number.
    found = _DICE[count] if count in _DICE else None  # noqa: SIM401 (no call: every choice)
    if found is None:
        found = _DICE[count] = Phrase("ww_n_dice", (count,))
    return found


def roll_phrase(pool: int, difficulty: int) -> Phrase:
    """``4 dice at 6``, still to be rendered."""
    key = (pool, difficulty)
    found = _ROLLS[key] if key in _ROLLS else None  # noqa: SIM401 (no call: as above)
    if found is None:
        found = _ROLLS[key] = Phrase("ww_dice_at", (dice_phrase(pool), difficulty))
    return found


_DICE: dict[int, Phrase] = {}
"""Dice count → its words: pools are a few small numbers, so the table stays small."""
_ROLLS: dict[tuple[int, int], Phrase] = {}
"""(pool, difficulty) → its words, the same way."""


def numbered(words: Callable[[int], Phrase], count: int) -> Phrase:
    """`words` of one small number (`successes_words`, `levels_words`), still to be rendered.

    Made once for each number: events say the same few counts fight after fight, and a batch
    never reads them.
    """
    key = (words, count)
    found = _NUMBERED[key] if key in _NUMBERED else None  # noqa: SIM401 (no call: every roll)
    if found is None:
        found = _NUMBERED[key] = words(count)
    return found


_NUMBERED: dict[tuple[Callable[[int], Phrase], int], Phrase] = {}
"""(words, number) → the words: a few kinds of words and small numbers, so it stays small."""


def successes_words(count: int) -> Phrase:
    """``3 successes``, still to be rendered (kept by `numbered`)."""
    return Phrase("successes", (count,))


def levels_words(count: int) -> Phrase:
    """``2 levels``, still to be rendered (kept by `numbered`)."""
    return Phrase("levels", (count,))


def wound_dice(penalty: int) -> Phrase:
    """The dice wounds take off a pool, still to be rendered (kept by `numbered`)."""
    return Phrase("ww_soak_wounds", (penalty,))


Acted = Callable[[str, Phrase, Phrase], Phrase]
"""A line's words from a name, an action's words and its successes' words."""


def acted(ctx: Ctx, words: Acted, ent: int, act: Act, net: int) -> Phrase:
    """``<name> <action> ... <net successes>`` (`words`: an attack rolled, a blow landed).

    The same line in the fights of one setup (`lookup.said`): the name and the action's words
    are the setup's, the rest is a small number.
    """
    return lookup.said(ctx, (words, ent, act, net), _acted, ctx, words, ent, act, net)


def _acted(ctx: Ctx, words: Acted, ent: int, act: Act, net: int) -> Phrase:
    return words(lookup.ident(ent).name, describe(ctx, act), numbered(successes_words, net))


def act_data(act: Act) -> dict[str, Datum]:
    """An action's numbers for an event.

    Its ``action`` kind, and its ``means`` (an attack), ``cell`` (a move) or ``form`` (a shift).
    """
    data: dict[str, Datum] = {"action": act.kind}
    if act.kind == "attack":
        data["means"] = act.means
    elif act.kind in ("move", "jump") and act.cell is not None:
        data["cell"] = act.cell
    elif act.kind == "shift":
        data["form"] = act.form
    return data


def lost_data(slot: Slot, reason: str) -> dict[str, Datum]:
    """A lost action's numbers for an event.

    The action if it was declared (`act_data`), the segment it was on (``acts_on``), and why
    (``reason``): ``stunned``, ``aborted``, ``out_of_reach``, ``not_held``, ``blocked``,
    ``not_at_exit``, ``cannot_shift``, ``out_of_fight`` or ``left``.
    """
    data = act_data(slot.act) if slot.act is not None else {}
    data["acts_on"] = slot.segment
    data["reason"] = reason
    return data
