"""Argument types the subcommands share."""

from __future__ import annotations

import argparse


def faces_arg(text: str) -> tuple[int, ...]:
    """Parse --dice: d10 faces separated by commas, e.g. "3,10,1".

    Raises:
        argparse.ArgumentTypeError: a value that is not a face from 1 to 10.
    """
    faces: list[int] = []
    for part in text.split(","):
        try:
            face = int(part.strip())
        except ValueError:
            face = 0
        if not 1 <= face <= 10:
            raise argparse.ArgumentTypeError(
                f"expected d10 faces 1-10 separated by commas, got {part.strip()!r} "
                "(not a d10 face)"
            )
        faces.append(face)
    return tuple(faces)
