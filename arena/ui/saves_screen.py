"""Pick a save: newest first, with when it was made."""

from __future__ import annotations

import time
from pathlib import Path
from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Footer, OptionList, Static
from textual.widgets.option_list import Option


def list_saves(folder: Path) -> list[Path]:
    """The saves in a folder, newest first (ties by name, so the order is stable)."""
    if not folder.is_dir():
        return []
    found = [p for p in folder.glob("*.yaml") if p.is_file()]
    return sorted(found, key=lambda p: (-p.stat().st_mtime, p.name))


def _label(path: Path) -> str:
    made = time.strftime("%Y-%m-%d %H:%M", time.localtime(path.stat().st_mtime))
    return f"{path.stem}  ·  {made}"


class SavesScreen(ModalScreen[Path | None]):
    """The saves in a folder; Enter picks one, Escape goes back."""

    CSS_PATH = Path(__file__).parent / "saves_screen.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "dismiss_none", "Back")]

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
                yield Static(f"No saves in {self.folder} yet: press s in a fight to save one.")
            options = [Option(_label(p), id=str(i)) for i, p in enumerate(self.saves)]
            yield OptionList(*options, id="saves-list")
        yield Footer()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        """A save is picked."""
        self.dismiss(self.saves[int(event.option.id or 0)])

    def action_dismiss_none(self) -> None:
        """Nothing picked."""
        self.dismiss(None)
