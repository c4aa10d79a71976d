"""Help per combat step, in our own words, from Markdown files beside this module."""

from __future__ import annotations

from pathlib import Path
from typing import ClassVar, Final

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Footer, Markdown, OptionList
from textual.widgets.option_list import Option

from arena.engine import step_name
from arena.ui.keys_notice import QUIT_BINDING

HELP: Final = Path(__file__).parent / "help"
STEP_TOPICS: Final[dict[str, tuple[tuple[str, str], ...]]] = {
    "werewolf": (
        ("initiative", "initiative"),
        ("rage", "rage"),
        ("split", "split"),
        ("attack", "attack"),
        ("damage", "attack"),
        ("soak", "attack"),
        ("dodge", "attack"),
        ("health", "health"),
        ("fastest", "segments"),
        ("segment", "segments"),
        ("next", "segments"),
    ),
    "sorcerer": (
        ("intention", "intentions"),
        ("modifier", "modifiers"),
        ("order", "order"),
        ("reaction", "reactions"),
        ("consequence", "damage"),
        ("damage", "damage"),
        ("finish", "finishing"),
        ("push", "finishing"),
        ("demon", "demons"),
        ("ritual", "demons"),
        ("contest", "contest"),
    ),
}
"""Words in a step's name → the topic that explains it, first match wins."""
ORDER: Final = (
    "keys",
    "werewolf-overview",
    "werewolf-initiative",
    "werewolf-rage",
    "werewolf-segments",
    "werewolf-attack",
    "werewolf-split",
    "werewolf-health",
    "sorcerer-overview",
    "sorcerer-contest",
    "sorcerer-intentions",
    "sorcerer-modifiers",
    "sorcerer-order",
    "sorcerer-reactions",
    "sorcerer-damage",
    "sorcerer-finishing",
    "sorcerer-demons",
)
"""The topics in reading order: the keys, then each game's overview and steps."""


def topic_for(ruleset: str, step: str) -> str:
    """The help topic (a file stem) for a step of a ruleset; its overview if none matches."""
    lowered = step_name(step).lower()
    for word, topic in STEP_TOPICS.get(ruleset, ()):
        if word in lowered:
            return f"{ruleset}-{topic}"
    return f"{ruleset}-overview" if (HELP / f"{ruleset}-overview.md").exists() else "keys"


def topics(ruleset: str) -> list[tuple[str, str]]:
    """(stem, title) of every topic: this ruleset's first, then the keys, then the others."""
    order = [stem for stem in ORDER if (HELP / f"{stem}.md").exists()]
    order.sort(key=lambda stem: 0 if ruleset and stem.startswith(ruleset) else 1)
    return [(stem, _title(stem)) for stem in order]


def _title(stem: str) -> str:
    with (HELP / f"{stem}.md").open(encoding="utf-8") as text:
        return text.readline().lstrip("# ").strip()


class HelpText(VerticalScroll):
    """The topic's text: arrows, PageUp/PageDown, Home/End and the wheel scroll it."""

    BINDINGS: ClassVar[list[BindingType]] = [
        # Left goes back to the topics, as Right came here: the text never scrolls sideways.
        Binding("left", "screen.focus_topics", "Topics", show=False),
        Binding("space", "page_down", "Page down", show=False),
    ]


class Topics(OptionList):
    """The topic list: PageUp and PageDown scroll the text beside it, not the short list."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("pageup", "screen.page_text(-1)", "Page up", show=False),
        Binding("pagedown", "screen.page_text(1)", "Page down", show=False),
    ]


class HelpScreen(ModalScreen[None]):
    """The topics on the left, the chosen one on the right; Escape goes back."""

    CSS_PATH = Path(__file__).parent / "help_screen.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,q,question_mark", "dismiss", "Back"),
        Binding("tab", "switch_pane", "text/topics", key_display="Tab"),
        Binding("right", "focus_text", "Read", show=False),
        # Never fires (the focused pane has its own keys): it says in the footer how to scroll.
        Binding("f24", "noop", "scroll the text", key_display="PgUp PgDn"),
        QUIT_BINDING,
    ]

    def __init__(self, ruleset: str = "", step: str = "", *, topic: str = "") -> None:
        """Open at a topic (a file stem), else the one for a step, else the keys."""
        super().__init__()
        # A topic's own ruleset comes first in the list (the stems are ``werewolf-rage``...).
        self.ruleset = ruleset or (topic.partition("-")[0] if "-" in topic else "")
        self.start = topic or (topic_for(ruleset, step) if ruleset else "keys")

    def compose(self) -> ComposeResult:
        """The topic list and the text."""
        entries = topics(self.ruleset)
        with Horizontal(id="help-body"):
            yield Topics(*(Option(title, id=stem) for stem, title in entries), id="topics")
            with HelpText(id="text-pane"):
                yield Markdown(id="text")
        yield Footer()

    def on_mount(self) -> None:
        """Show the starting topic."""
        listing = self.query_one("#topics", OptionList)
        listing.highlighted = listing.get_option_index(self.start)
        listing.focus()
        self._show(self.start)

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        """Moving through the topics shows each one."""
        if event.option.id:
            self._show(event.option.id)

    def action_switch_pane(self) -> None:
        """Tab goes from the topics to the text and back."""
        if self.focused is self.query_one("#text-pane"):
            self.action_focus_topics()
        else:
            self.action_focus_text()

    def action_focus_text(self) -> None:
        """Read the text: the arrows now scroll it."""
        self.query_one("#text-pane").focus()

    def action_focus_topics(self) -> None:
        """Back to the topic list."""
        self.query_one("#topics").focus()

    def action_page_text(self, pages: int) -> None:
        """PageUp or PageDown from the topics scrolls the text a page."""
        pane = self.query_one("#text-pane", HelpText)
        if pages > 0:
            pane.scroll_page_down()
        else:
            pane.scroll_page_up()

    def action_noop(self) -> None:
        """Nothing: the footer's reminder of the scrolling keys."""

    def _show(self, stem: str) -> None:
        text = (HELP / f"{stem}.md").read_text(encoding="utf-8")
        self.query_one("#text", Markdown).update(text)
        self.query_one("#text-pane", HelpText).scroll_home(animate=False)
