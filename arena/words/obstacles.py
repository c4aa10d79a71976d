"""Words for crossing low obstacles and a scenario's tasks, drawn from the events' numbers."""

from __future__ import annotations

from typing import Final

from arena.rules.grid import Cell

JUMP_PART: Final = "jump to {}"
"""A jump in a sentence: ``rolls to jump to (9, 3)``."""
CLIMB_INTENT: Final = "other task: climb over to {}"
"""A climb as a stated intention."""
TASK_INTENT: Final = "other task: {}"
"""A scenario task as a stated intention."""

TEMPLATES: Final[dict[str, str]] = {
    "jump_choice": "Jump to {}",
    "jump_part": JUMP_PART,
    "climb_choice": "Climb over to {}{}",
    "task_choice": "Task: {} (against {} dice){}",
}
"""The choices' templates by id: ``Jump to (9, 3)``, ``Climb over to (9, 3)``, ``Task: the
fuse box (against 3 dice)``, each climb and task with the label's suffix (a push) after it."""


def jump_words(who: str, outcome: str, start: Cell, end: Cell, goal: Cell) -> str:
    """What a jump did: landed on its goal, stopped before the obstacle, or botched."""
    if outcome == "landed":
        return f"{who} jumps from {start} to {goal}."
    if outcome == "botched":
        return f"{who} botches the jump toward {goal} and falls prone at {start}."
    if end == start:
        return f"{who} jumps short of {goal} and stays at {start}, before the obstacle."
    return f"{who} jumps short of {goal} and stops at {end}, before the obstacle."


def jump_why(rolled: str, faces: str, per_success: int, reach: int, goal_cells: int) -> str:
    """Why a jump came out as it did: the roll, the reach it gave, and how far the goal was."""
    carry = "1 cell" if per_success == 1 else f"{per_success} cells"
    return (
        f"{rolled}: {faces}; each success carries {carry} in this form, so the jump reaches "
        f"{reach} and the landing is {goal_cells} away; a jump lands on free floor within its "
        "reach, else stops before the obstacle; a botch leaves the jumper prone"
    )


def climb_words(who: str, won: bool, start: Cell, to: Cell) -> str:
    """What a climb did: over the obstacle, or not."""
    if won:
        return f"{who} climbs over from {start} to {to}."
    return f"{who} fails to climb over toward {to} and stays at {start}."


def task_words(who: str, task: str, won: bool) -> str:
    """What a scenario task came to."""
    return f"{who} {'succeeds at' if won else 'fails at'} {task}."


def blocked_words(who: str, what: str, to: Cell) -> str:
    """A crossing that can no longer be made (someone stands there, or it is held)."""
    return f"{who} cannot {what} to {to} any more: the way is blocked."


def task_gone_words(who: str, task: str) -> str:
    """A task that can no longer be worked: already done, or out of reach."""
    return f"{who} can no longer work at {task}."


def lost_words(who: str, status: str, to: Cell) -> str:
    """A crossing lost because the one crossing was taken out of the fight first."""
    return f"{who} is {status}: its climb to {to} is lost."
