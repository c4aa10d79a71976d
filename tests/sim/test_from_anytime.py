"""`arena sim --from`: the first continuations are played in the batch's own process at once."""

from __future__ import annotations

import io
import multiprocessing
import os
from collections.abc import Callable
from pathlib import Path

import pytest

from arena.cli import main
from arena.content.loader import Catalog, default_content_root
from arena.engine.anytime import FIRST
from arena.sim import batch, make_plan_from
from arena.sim.chunks import Here, Stop, gather
from arena.sim.plan import BatchPlan
from arena.sim.progress import ChanceProgress
from tests.sim.test_from import saved


def where_played(
    work: object,
    catalog: Catalog,
    start: int,
    stop: int,
    halted: Callable[[], bool] | None = None,
) -> list[tuple[int, int]]:
    """Each fight's index and the process that played it (a task for `run_chunks`)."""
    return [(index, os.getpid()) for index in range(start, stop)]


_STOP = Stop()


def stopping_at_the_second(
    work: object,
    catalog: Catalog,
    start: int,
    stop: int,
    halted: Callable[[], bool] | None = None,
) -> list[tuple[int, int]]:
    """`where_played`, with Ctrl-C during the second fight."""
    played = []
    for index in range(start, stop):
        if halted is not None and halted():
            break
        _STOP.asked = _STOP.asked or index == 1
        played.append((index, os.getpid()))
    return played


def _plan(catalog: Catalog, folder: Path, fights: int) -> BatchPlan:
    save = saved(catalog, folder, "werewolf-thugs", 3)
    root = default_content_root()
    return make_plan_from(save, catalog, content_root=root, fights=fights, seed=5)


def test_a_batch_from_a_save_plays_its_first_chunk_here_and_the_rest_on_the_workers(
    catalog: Catalog, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(batch, "start_method", lambda: "fork")
    plan = _plan(catalog, tmp_path, 40)
    got = list(batch.run_chunks(where_played, None, plan, catalog, 2, here=FIRST[0]))
    assert [index for index, _ in got] == list(range(40))
    here = [index for index, pid in got if pid == os.getpid()]
    assert here == list(range(FIRST[0]))  # the panel's first chunk: 4 continuations


def test_without_a_first_chunk_here_every_fight_is_played_on_the_workers(
    catalog: Catalog, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(batch, "start_method", lambda: "fork")
    plan = _plan(catalog, tmp_path, 12)
    got = list(batch.run_chunks(where_played, None, plan, catalog, 2))
    assert [index for index, _ in got] == list(range(12))
    assert all(pid != os.getpid() for _, pid in got)


def test_a_batch_no_larger_than_its_first_chunk_is_played_here_alone(
    catalog: Catalog, tmp_path: Path
) -> None:
    plan = _plan(catalog, tmp_path, 3)
    got = list(batch.run_chunks(where_played, None, plan, catalog, 2, here=FIRST[0]))
    assert got == [(index, os.getpid()) for index in range(3)]


def test_the_first_chunk_played_here_gives_the_report_of_one_job(
    catalog: Catalog, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(batch, "start_method", lambda: "fork")
    plan = _plan(catalog, tmp_path, 10)
    assert list(batch.run_batch(plan, catalog, 2)) == list(batch.run_batch(plan, catalog, 1))


def test_a_stop_in_the_first_fights_played_here_starts_no_worker(
    catalog: Catalog, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(batch, "start_method", lambda: "fork")
    monkeypatch.setattr(multiprocessing, "get_context", _no_workers)
    _STOP.asked, _STOP.left_out = False, 0
    plan = _plan(catalog, tmp_path, 40)
    got = list(
        batch.run_chunks(stopping_at_the_second, None, plan, catalog, 2, None, _STOP, None, 4)
    )
    assert got == [(0, os.getpid()), (1, os.getpid())]
    assert _STOP.left_out == 0


def _no_workers(method: str) -> object:
    raise AssertionError(f"a {method} worker was started")


class _Done:
    """A chunk a worker has finished, with its fights' indices as results."""

    def __init__(self, chunk: tuple[int, int]) -> None:
        self.results = list(range(*chunk))

    def ready(self) -> bool:
        return True

    def wait(self, timeout: float) -> None:
        return None

    def get(self) -> list[int]:
        return self.results


class _Halt:
    def __init__(self) -> None:
        self.is_set = False

    def set(self) -> None:
        self.is_set = True


def test_a_stop_within_the_first_chunk_keeps_what_was_played_here_and_counts_the_rest() -> None:
    stop = Stop()
    halt = _Halt()
    given: list[tuple[int, int]] = []

    def submit(chunk: tuple[int, int]) -> _Done:
        given.append(chunk)
        return _Done(chunk)

    def first(count: int) -> list[int]:
        stop.asked = True  # Ctrl-C during the third fight played here
        return [0, 1, 2]

    got = list(
        gather(
            submit,
            fights=100,
            most=10,
            workers=2,
            progress=None,
            stop=stop,
            halt=halt,
            here=Here(4, first),
        )
    )
    assert got == [0, 1, 2]  # the first fights, none after the gap
    assert given[0] == (4, 5)  # the workers began after the first chunk
    assert stop.left_out == sum(b - a for a, b in given)  # what the workers finished: counted
    assert halt.is_set


def test_sim_from_shows_its_first_figure_from_the_first_chunk_then_each_tenth(
    catalog: Catalog, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    save = str(saved(catalog, tmp_path, "werewolf-thugs", 3))
    assert main(["sim", "--from", save, "-n", "20", "--jobs", "2", "--json"]) == 0
    lines = capsys.readouterr().err.splitlines()
    assert lines[0].startswith("sim: 4/20 continuations · garou ")
    assert "(95%: " in lines[0]
    assert [line.split(" ")[1] for line in lines[1:-1]] == [f"{n}/20" for n in range(6, 21, 2)]
    assert lines[-1].startswith("sim: 20 continuations in ")
    assert ", first figure after " in lines[-1]


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_on_a_terminal_the_first_figure_waits_for_the_first_chunk_then_the_line_is_redrawn() -> (
    None
):
    out = _Terminal()
    shown = ChanceProgress(10, out, ("north", "south"), first=FIRST[0])
    for fights in range(1, FIRST[0]):
        shown(fights, {"north": fights})
    assert out.getvalue() == ""  # no figure from fewer than the first chunk
    shown(4, {"north": 3, "south": 1})
    assert out.getvalue() == (
        "\rsim: 4/10 continuations · north 75% (95%: 30%–95%) · south 25% (95%: 5%–70%)\x1b[K"
    )
    shown(10, {"north": 6, "south": 4})  # the last is always drawn
    assert out.getvalue().endswith(
        "\rsim: 10/10 continuations · north 60% (95%: 31%–83%) · south 40% (95%: 17%–69%)\x1b[K"
    )
