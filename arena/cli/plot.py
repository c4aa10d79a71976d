"""Plain-text tables and bars of unicode blocks for the terminal."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

# Partial blocks by eighths; index 0 draws nothing.
_EIGHTHS: Final = ("", "▏", "▎", "▍", "▌", "▋", "▊", "▉")
_FULL: Final = "█"


def bar(fraction: float, width: int = 30) -> str:
    """Draw a bar `fraction` of `width` cells long, to an eighth of a cell.

    Args:
        fraction: how much of the width to fill; clamped to 0..1.
        width: the cells a full bar takes.

    Returns:
        The bar, without padding.
    """
    eighths = round(max(0.0, min(1.0, fraction)) * width * 8)
    full, part = divmod(eighths, 8)
    return _FULL * full + _EIGHTHS[part]


def percent(probability: float) -> str:
    """Format a probability as a percentage with one decimal, e.g. "84.4%"."""
    return f"{probability:.1%}"


def table(header: Sequence[str], rows: Sequence[Sequence[str]], align: str = "") -> list[str]:
    """Lay out rows in columns two spaces apart.

    Args:
        header: the column titles.
        rows: the cells, one sequence per row, as many as the header.
        align: one letter a column, "l" or "r"; missing letters mean "r".

    Returns:
        The lines, header first, without trailing spaces.
    """
    widths = [max(len(str(cell)) for cell in column) for column in zip(header, *rows, strict=True)]

    def line(cells: Sequence[str]) -> str:
        padded = []
        for index, (cell, width) in enumerate(zip(cells, widths, strict=True)):
            left = index < len(align) and align[index] == "l"
            padded.append(cell.ljust(width) if left else cell.rjust(width))
        return "  ".join(padded).rstrip()

    return [line(header), *(line(row) for row in rows)]
