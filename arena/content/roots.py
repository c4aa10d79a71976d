"""Where the content lives: light enough for the title menu to ask before it draws."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Final

import arena

INSTALLED_CONTENT: Final = "data"
"""The content's folder inside an installed package (a checkout keeps it beside the package)."""


def default_content_root() -> Path:
    """The content folder: ``$ARENA_CONTENT`` if set, else the shipped content."""
    override = os.environ.get("ARENA_CONTENT")
    if override:
        return Path(override)
    return shipped_content_root()


def shipped_content_root() -> Path:
    """The content that came with arena: in the installed package, or beside it in a checkout.

    A built wheel carries the project's ``content/`` folder as ``arena/data``; a checkout (or an
    editable install) has it at the top of the project.
    """
    # The package's own folder, as importlib.resources would give it for a package on disk
    # (without loading importlib.resources and zipfile before the title's first frame).
    package = Path(arena.__file__).resolve().parent
    installed = package / INSTALLED_CONTENT
    if installed.is_dir():
        return installed
    return package.parent / "content"


def is_checkout() -> bool:
    """True when arena runs from a project checkout (its content beside the package)."""
    package = Path(arena.__file__).resolve().parent
    return not (package / INSTALLED_CONTENT).is_dir() and (package.parent / "content").is_dir()
