"""Answers an action decision accepts without listing them: any reachable move, any split.

The menu stays short; a typed key (``move:7,2``, ``split:punch:thug@4x3+dodge@4x1``) or a
replayed command is checked here against the rules, from numbers taken when the decision was
made, so it needs no live fight.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Final

from arena.ecs.werewolf import lookup
from arena.ecs.werewolf.acts import dice_phrase, roll_phrase
from arena.ecs.werewolf.components import Act
from arena.ecs.werewolf.planner import PartInfo, Planner
from arena.rules.actions import Move
from arena.rules.commands import Command, IllegalCommand
from arena.rules.fast import quick_init
from arena.rules.phrase import Phrase
from arena.rules.views import Choice, ChoicePart, StorytellerSpec, Tag, WerewolfHarm
from arena.rules.werewolf.commands import Split
from arena.rules.werewolf.split import PartRequest, SplitPlan, plan_split
from arena.rules.werewolf.terms import RollKind

Cell = tuple[int, int]

MOST_PARTS: Final = 3
"""A split command names at most three parts."""
_LABELS: Final = {n: "{}: " + " + ".join(["{} on {} ({})"] * n) for n in (2, 3)}
"""A split's label by its number of parts: the head, then each part, its segment and dice."""
_TWO_ACTIONS: Final = Phrase("ww_two_actions_fewer_dice_each")


def part_info(p: Planner, act: Act) -> PartInfo:
    """An action's numbers as a part of a split, from the planner (made once per menu).

    They follow from the action, the form, the wound penalty and the base difficulty alone
    (the sheet is the setup's): shared by the fights of one setup. A step sideways also reads
    the Gnosis: made afresh.
    """
    found = p.parts.get(act)
    if found is None:
        base = p.base(act)
        if act.kind == "sideways":
            found = _part_info(p, act, base)
        else:
            key = ("part", p.ent, act, p.form, p.penalty, base)
            found = lookup.across(p.ctx, key, _part_info, p, act, base)
        p.parts[act] = found
    return found


def _part_info(p: Planner, act: Act, base: tuple[int, RollKind] | None) -> PartInfo:
    attack = act.kind == "attack"
    return PartInfo(
        act,
        p.pool(act),
        None if base is None else base[0],
        p.words(act),
        p.harm(act.means) if attack else None,
        p.tags(act.means)[1:] if attack else (),
        p.tens(act) if base is not None else "off",
    )


def move_words(cell: Cell) -> Phrase:
    """A move as a part of a split, as `acts.part_phrase` words it."""
    return Phrase("ww_part_move", (cell,))


def split_choice(
    cid: str, segment: int, plan: SplitPlan, divided: int, infos: Mapping[str, PartInfo]
) -> Choice:
    """A split as a choice.

    Each part's roll in order; the target, harm and tags of its first attack (but ``attack``
    itself: the choice is a ``split``). `divided` 0 names it two actions (w20).
    """
    args: list[object] = [Phrase("ww_split_dice", (divided,)) if divided else _TWO_ACTIONS]
    rolls: list[StorytellerSpec] = []
    parts: list[ChoicePart] = []
    harm: WerewolfHarm | None = None
    target = ""
    tags: tuple[Tag, ...] = ("split",)
    for part in plan.parts:
        info = infos[part.action]
        dice = dice_phrase(part.dice)
        act = info.act
        action = act.means if act.kind == "attack" else act.kind
        at = None if info.difficulty is None else len(rolls)
        parts.append(ChoicePart(action, part.segment, part.dice, at, act.target))
        if info.difficulty is not None:
            roll = StorytellerSpec(part.dice, info.difficulty + part.penalty, tens=info.tens)
            rolls.append(roll)
            dice = roll_phrase(part.dice, roll.difficulty)
        args += (info.words, part.segment, dice)
        if info.act.target and not target:
            target, harm = info.act.target, info.harm
            tags += info.tags
    key = "split:" + "+".join(f"{part.action}@{part.segment}x{part.dice}" for part in plan.parts)
    fields = [value for part in plan.parts for value in (part.action, part.dice, part.segment)]
    return Choice(
        key,
        Phrase(_LABELS[len(plan.parts)], tuple(args)),
        Split(cid, *fields),  # type: ignore[arg-type]
        tags=tags,
        target=target,
        segment=segment,
        rolls=tuple(rolls),
        harm=harm,
        show_rolls=False,
        parts=tuple(parts),
    )


def split_key(command: Split) -> str:
    """The key of the choice a split command makes."""
    parts = [
        (command.first, command.first_dice, command.first_segment),
        (command.second, command.second_dice, command.second_segment),
    ]
    if command.third:
        parts.append((command.third, command.third_dice, command.third_segment))
    return "split:" + "+".join(f"{a}@{s}x{n}" for a, n, s in parts)


def _cell(text: str) -> Cell | None:
    """``3,4`` → (3, 4), or None: ASCII digits only (int() also reads ' 3', '+3', '3_0', '٣')."""
    x, comma, y = text.partition(",")
    return (int(x), int(y)) if comma and _digits(x) and _digits(y) else None


def _part(text: str) -> PartRequest | None:
    """``punch:tom@4x3`` → (``punch:tom``, 3, 4), or None if it is not one."""
    action, at, rest = text.rpartition("@")
    segment, x, dice = rest.partition("x")
    # isdigit alone takes '²', which int() refuses.
    if not (action and at and x and _digits(segment) and _digits(dice)):
        return None
    return action, int(dice), int(segment)


def _digits(text: str) -> bool:
    return text.isascii() and text.isdigit()


@quick_init
@dataclass(frozen=True, slots=True)
class ActionFamily:
    """The moves and splits an action decision accepts beyond those it lists."""

    cid: str
    segment: int
    cells: Mapping[Cell, int] = field(default_factory=dict)
    """Every cell it may move to now, with the steps it costs (empty: no free move)."""
    speed: int = 0
    """Cells a move covers in its form."""
    wits: int = 0
    """Its Wits: the most parts of a split (below 2: no split)."""
    taken: frozenset[int] = frozenset()
    """Segments holding its other actions this turn."""
    parts: Mapping[str, PartInfo] = field(default_factory=dict)
    """The actions a split part may do, by key, moves aside (empty: no split)."""
    move: PartInfo | None = None
    """A move's numbers as a part (its cell aside); None: no move part."""

    def by_key(self, key: str) -> Choice | None:
        """The move or split this key names, if the rules allow it now."""
        head, _, rest = key.partition(":")
        if head == "move":
            cell = _cell(rest)
            return None if cell is None else self.move_to(cell)
        if head == "split" and self.parts:
            wanted = [_part(text) for text in rest.split("+")]
            if len(wanted) <= MOST_PARTS and all(w is not None for w in wanted):
                return self._split([w for w in wanted if w is not None])
        return None

    def by_command(self, command: Command) -> Choice | None:
        """The move or split this command makes, if the rules allow it now."""
        if command.actor != self.cid:
            return None
        match command:
            case Move(to=to):
                choice = self.by_key(f"move:{to[0]},{to[1]}")
            case Split():
                choice = self.by_key(split_key(command))
            case _:
                return None
        return choice if choice is not None and choice.command == command else None

    def move_cells(self) -> frozenset[Cell]:
        """Every cell a move may go to now, listed or not (empty: no move)."""
        return frozenset(self.cells)

    def move_to(self, cell: Cell) -> Choice | None:
        """The move to this cell, or None if no move may go there."""
        return self._move(cell) if cell in self.cells else None

    def _move(self, cell: Cell) -> Choice:
        return Choice(
            f"move:{cell[0]},{cell[1]}",
            Phrase("ww_label_move", (cell,)),
            Move(self.cid, cell),
            tags=("move",),
            cell=cell,
            segment=self.segment,
        )

    def _info(self, action: str, dice: int) -> PartInfo | None:
        if not action.startswith("move:"):
            return self.parts.get(action)
        cell = _cell(action.removeprefix("move:"))
        # A split move covers as many cells as its dice [ruling].
        if self.move is None or cell is None or self.cells.get(cell, dice + 1) > dice:
            return None
        return PartInfo(Act("move", cell=cell), self.move.pool, None, move_words(cell))

    def _split(self, wanted: list[PartRequest]) -> Choice | None:
        infos: dict[str, PartInfo] = {}
        for action, dice, _ in wanted:
            info = self._info(action, dice)
            if info is None:
                return None
            infos[action] = info
        pools = {action: info.pool for action, info in infos.items()}
        try:
            plan = plan_split(pools, self.wits, self.segment, wanted, occupied=self.taken)
        except IllegalCommand:
            return None
        return split_choice(self.cid, self.segment, plan, plan.divided, infos)
