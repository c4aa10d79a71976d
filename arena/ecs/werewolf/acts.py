"""Actions as the turn stores them: from commands, to and from part keys, in words."""

from __future__ import annotations

from arena.ecs.ruleset import Ctx
from arena.ecs.werewolf import lookup
from arena.ecs.werewolf.components import Act
from arena.rules.actions import Attack, Move, Wait
from arena.rules.commands import Command
from arena.rules.werewolf_actions import (
    Block,
    BreakFree,
    Dodge,
    Flee,
    Parry,
    Shift,
    StandUp,
    StepSideways,
)

ROLLLESS = ("move", "shift", "flee", "stand", "wait")
"""Actions that roll no dice."""


def act_of(command: Command) -> Act | None:
    """The action a command declares, or None for commands that declare none."""
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
    simple: dict[str, Command] = {
        "dodge": Dodge(actor),
        "block": Block(actor),
        "parry": Parry(actor),
        "flee": Flee(actor),
        "sideways": StepSideways(actor),
        "stand": StandUp(actor),
        "break_free": BreakFree(actor),
        "wait": Wait(actor),
    }
    if act.kind == "attack":
        return Attack(actor, act.target, act.means)
    if act.kind == "move" and act.cell is not None:
        return Move(actor, act.cell)
    if act.kind == "shift":
        return Shift(actor, act.form)
    return simple[act.kind]


def act_key(act: Act) -> str:
    """A short stable key: ``punch:tom``, ``dodge``, ``move:3,4``, ``shift:crinos``."""
    if act.kind == "attack":
        return f"{act.means}:{act.target}"
    if act.kind == "move" and act.cell is not None:
        return f"move:{act.cell[0]},{act.cell[1]}"
    if act.kind == "shift":
        return f"shift:{act.form}"
    return act.kind


def act_from_key(ctx: Ctx, key: str) -> Act:
    """The action a part key names (the inverse of `act_key`)."""
    head, _, rest = key.partition(":")
    if head == "move":
        x, _, y = rest.partition(",")
        return Act("move", cell=(int(x), int(y)))
    if head == "shift":
        return Act("shift", form=rest)
    if rest:
        return Act("attack", means=head, target=rest)
    return Act(head)


def describe(ctx: Ctx, act: Act) -> str:
    """An action in words: ``punch Tom``, ``dodge``, ``move to (3, 4)``."""
    if act.kind == "attack":
        target = lookup.name(lookup.entity_of(act.target))
        return f"{lookup.means_name(ctx, act.means)} {target}"
    if act.kind == "move":
        return f"move to {act.cell}"
    if act.kind == "shift":
        return f"shift to {lookup.form_def(ctx, act.form).name}"
    words = {
        "sideways": "step sideways",
        "stand": "stand up",
        "break_free": "break free",
    }
    return words.get(act.kind, act.kind)
