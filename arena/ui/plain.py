"""Words from people, files, content and errors, shown as written: never read as markup."""

from __future__ import annotations

from rich.text import Text

from arena.escapes import control_in, escape_controls, escape_name


def plain(text: object) -> Text:
    """`text` as characters only: a name or an error holding '[/x]' shows '[/x]'.

    Textual reads a plain str in a Static, an option, a border title or a notice as markup,
    and an unmatched closing tag there ends the app; a Text is drawn as it is. A control
    character is written out as its escape, lines and tabs kept: drawn raw, an escape code
    from a file would drive the terminal.
    """
    return Text(escape_controls(str(text)))


def shown_name(name: object) -> str:
    """A file or folder name as the screens show it: a control character in it written out.

    A name may hold an escape code; drawn raw, it would drive the terminal.
    """
    return escape_name(str(name))


def holds_control(data: object) -> bool:
    """Whether text read back from a file (a key or a value, at any depth) holds a control."""
    return bool(control_in(data)[1])


def shown_text(text: str) -> str:
    """Words a notice shows, its lines kept: every other control character written out."""
    return escape_controls(text)
