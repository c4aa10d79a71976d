"""Words from people, files, content and errors, shown as written: never read as markup."""

from __future__ import annotations

from rich.text import Text


def plain(text: object) -> Text:
    """`text` as characters only: a name or an error holding '[/x]' shows '[/x]'.

    Textual reads a plain str in a Static, an option, a border title or a notice as markup,
    and an unmatched closing tag there ends the app; a Text is drawn as it is.
    """
    return Text(str(text))
