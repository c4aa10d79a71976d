"""`arena sim --from`: progress shows each side's chance so far, with its interval and count."""

from __future__ import annotations

import io

from arena.sim.progress import ChanceProgress


def test_from_progress_shows_the_first_figure_at_once_then_each_tenth() -> None:
    out = io.StringIO()
    shown = ChanceProgress(20, out, ("north", "south"))
    shown(1, {"north": 1})
    for fights in range(2, 21):
        shown(fights, {"north": fights // 2, "south": fights - fights // 2})
    shown.finish(20)
    lines = out.getvalue().splitlines()
    assert (
        lines[0] == "sim: 1/20 continuations · north 100% (95%: 21%–100%) · south 0% (95%: 0%–79%)"
    )
    assert lines[1].startswith("sim: 2/20 continuations · north 50% (95%: ")
    assert len(lines) == 1 + 10 + 1  # the first figure, a line at each tenth, the end
    assert (
        lines[-2]
        == "sim: 20/20 continuations · north 50% (95%: 30%–70%) · south 50% (95%: 30%–70%)"
    )
    assert lines[-1].startswith("sim: 20 continuations in ")
    assert ", first figure after " in lines[-1]
    assert shown.first is not None
