"""Pick a save: newest first, each with its scenario, ruleset, round, combatants and time."""

from __future__ import annotations

import textwrap
import time
from pathlib import Path
from typing import ClassVar, Final

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Footer, OptionList, Static
from textual.widgets.option_list import Option

from arena.ui.keys_notice import QUIT_BINDING
from arena.ui.plain import plain, shown_name
from arena.ui.save_files import SaveInfo, list_saves

INDENT: Final = 2
"""The columns a save's second and third lines are set in by."""
HELD: Final = "\x00"
"""Stands for a space no line may break at while a line is wrapped (the date and time)."""


def save_text(save: SaveInfo, width: int = 0) -> Text:
    """What the fight is and where it stands; who fights and when; the file.

    `width`: the list's; the second and third lines are wrapped to it under their indent,
    the date and time kept together and the file name broken at its dashes (0: not wrapped).
    """
    out = Text(save.title, style="bold")
    if save.ruleset:
        out.append(f" · {save.ruleset}")
    if save.where:
        out.append(f" · {save.where}", "bold" if save.over else "")
    made = time.strftime("%Y-%m-%d %H:%M", time.localtime(save.made))
    who = ", ".join(save.combatants)
    out.append("\n" + _indented(f"{who + ' · ' if who else ''}{made.replace(' ', HELD)}", width))
    out.append("\n" + _indented(save.name, width), "dim")
    return out


def _indented(line: str, width: int) -> str:
    """The line under a two-space indent, wrapped to `width` under the same indent."""
    if width <= INDENT + 8:
        return (" " * INDENT + line).replace(HELD, " ")
    lines = textwrap.wrap(line, width, initial_indent=" " * INDENT, subsequent_indent=" " * INDENT)
    return "\n".join(lines).replace(HELD, " ")


class SavesScreen(ModalScreen[Path | None]):
    """The saves in a folder; Enter picks one, Escape goes back."""

    CSS_PATH = Path(__file__).parent / "saves_screen.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "dismiss_none", "Back"),
        QUIT_BINDING,
    ]

    def __init__(self, folder: Path, title: str) -> None:
        """List the saves of `folder` under a title such as "Load a save"."""
        super().__init__()
        self.folder = folder
        self.heading = title
        self.saves = list_saves(folder)

    def compose(self) -> ComposeResult:
        """The heading and the list (or a word that there is none)."""
        with Vertical(id="saves-box"):
            yield Static(self.heading, id="saves-heading")
            if not self.saves:
                where = shown_name(self.folder)
                yield Static(plain(f"No saves in {where} yet: press s in a fight to save one."))
            options = [Option(save_text(s), id=str(i)) for i, s in enumerate(self.saves)]
            yield OptionList(*options, id="saves-list")
        yield Footer()

    def on_resize(self) -> None:
        """Wrap each save's lines to the list's new width, under their indent."""
        options = self.query_one("#saves-list", OptionList)
        width = options.scrollable_content_region.width - 1  # a column for a scroll bar
        for at, save in enumerate(self.saves):
            options.replace_option_prompt_at_index(at, save_text(save, width))

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        """A save is picked."""
        self.dismiss(self.saves[int(event.option.id or 0)].path)

    def action_dismiss_none(self) -> None:
        """Nothing picked."""
        self.dismiss(None)
