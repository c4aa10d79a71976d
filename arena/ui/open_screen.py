"""Open a scenario: pick a shipped one or type the path of a scenario file."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Footer, Input, OptionList, Static
from textual.widgets.option_list import Option

from arena.ui.keys_notice import QUIT_BINDING

if TYPE_CHECKING:
    from arena.engine.setup import Entry


def entry_text(entry: Entry) -> Text:
    """A scenario's title, ruleset and file name."""
    out = Text(entry.name, style="bold").append(f" · {entry.kind}")
    return out.append(f"\n  {entry.id}", "dim")


class OpenScreen(ModalScreen[str | None]):
    """The shipped scenarios and a path box; answers a name or a path, None for neither."""

    CSS_PATH = Path(__file__).parent / "open_screen.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "dismiss_none", "Back"),
        Binding("tab", "app.focus_next", "List / path", show=True),
        QUIT_BINDING,
    ]

    def __init__(self, scenarios: tuple[Entry, ...]) -> None:
        """List `scenarios` (shipped) above a box for a file's path."""
        super().__init__()
        self.scenarios = scenarios

    def compose(self) -> ComposeResult:
        """The heading, the list, the path box."""
        with Vertical(id="open-box"):
            yield Static("Open a scenario", id="open-heading")
            options = [Option(entry_text(e), id=e.id) for e in self.scenarios]
            yield OptionList(*options, id="open-list")
            yield Input(placeholder="or a scenario file: path/to/fight.yaml, Enter", id="open-path")
        yield Footer()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        """A shipped scenario is picked."""
        self.dismiss(event.option.id)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        """A path is typed."""
        if event.value.strip():
            self.dismiss(event.value.strip())

    def action_dismiss_none(self) -> None:
        """Nothing picked."""
        self.dismiss(None)
