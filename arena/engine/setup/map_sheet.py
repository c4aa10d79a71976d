"""A generated map as `arena map` prints it and the new-fight form previews it."""

from __future__ import annotations

from arena.content.mapgen import GeneratedMap, generate
from arena.engine.setup.build import generated_params
from arena.words.map_text import legend_lines, map_lines


def as_text(made: GeneratedMap) -> str:
    """The map as the screen draws it, then how it was made, then the legend."""
    p = made.params
    head = (
        f"{made.map.name}: {p.width}x{p.height}, {p.style}, {p.cover} cover; "
        f"{_tries(made)}; {made.digest}"
    )
    lines = [head, "", *map_lines(made.rows), "", *legend_lines()]
    return "\n".join(lines) + "\n"


def _tries(made: GeneratedMap) -> str:
    if made.fallback:
        return f"every one of {made.tries} tries failed a check: the safe layout"
    return "first try" if made.tries == 1 else f"{made.tries} tries"


def form_map_text(map_seed: int) -> str:
    """The map a new-fight form's map seed gives, as `arena map` prints it."""
    return as_text(generate(generated_params(map_seed)))
