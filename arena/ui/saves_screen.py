"""Pick a save: newest first, each with its scenario, ruleset, round, combatants and time."""

from __future__ import annotations

import time
from pathlib import Path
from typing import ClassVar

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


def save_text(save: SaveInfo) -> Text:
    """What the fight is and where it stands; who fights and when; the file."""
    out = Text(save.title, style="bold")
    if save.ruleset:
        out.append(f" · {save.ruleset}")
    if save.where:
        out.append(f" · {save.where}", "bold" if save.over else "")
    made = time.strftime("%Y-%m-%d %H:%M", time.localtime(save.made))
    who = ", ".join(save.combatants)
    out.append(f"\n  {who + ' · ' if who else ''}{made}", "")
    out.append(f"\n  {save.name}", "dim")
    return out


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

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        """A save is picked."""
        self.dismiss(self.saves[int(event.option.id or 0)].path)

    def action_dismiss_none(self) -> None:
        """Nothing picked."""
        self.dismiss(None)
