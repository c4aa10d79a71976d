"""`--cluster`: the same report as local processes, lost workers, and every refusal in one line."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from arena import __version__
from arena.cli import main
from arena.content.loader import Catalog, default_content_root
from arena.sim import SimError, cluster
from arena.sim.chunks import Stop
from arena.sim.cluster import Cluster, parse_address
from arena.sim.sweep import make_sweep, sweep
from arena.sim.sweep_report import build_sweep_report

SWEEP = ["sweep", "werewolf-duel", "--grid", "tom.dexterity=2,4", "-n", "40", "--seed", "3"]
SIM = ["sim", "werewolf-duel", "-n", "60", "--seed", "3", "--vary", "tom.brawl=4"]


def _closed_port() -> int:
    """A loopback port nothing listens on (it was free a moment ago)."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
    return port


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("local:2", 2),
        ("tcp://127.0.0.1:8786", "tcp://127.0.0.1:8786"),
        ("tcp://scheduler.example:8786", "tcp://scheduler.example:8786"),
        ("tls://[::1]:8786", "tls://[::1]:8786"),
    ],
)
def test_cluster_takes_a_scheduler_address_or_local_workers(text: str, expected: object) -> None:
    assert parse_address(text) == expected


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ("local:0", "local:N takes 1 to 64 workers"),
        ("local:65", "local:N takes 1 to 64 workers"),
        ("local:", "expected tcp://HOST:PORT"),
        ("127.0.0.1:8786", "expected tcp://HOST:PORT"),  # no scheme: which protocol?
        ("tcp://host", "expected tcp://HOST:PORT"),
        ("http://host:8786", "expected tcp://HOST:PORT"),
        ("", "expected tcp://HOST:PORT"),
    ],
)
def test_a_malformed_cluster_address_is_refused(text: str, says: str) -> None:
    with pytest.raises(SimError, match=says):
        parse_address(text)


@pytest.mark.parametrize("argv", [SWEEP, SIM])
def test_without_dask_cluster_says_how_to_install_it(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, argv: list[str]
) -> None:
    monkeypatch.setitem(sys.modules, "distributed", None)  # as if not installed
    assert main([*argv, "-q", "--cluster", "local:2"]) == 2
    captured = capsys.readouterr()
    assert captured.err == (
        "arena: --cluster: the Dask backend is not installed; install it with: "
        'pip install "arena-combat[cluster]"\n'
    )
    assert captured.out == ""


def test_an_unreachable_scheduler_is_one_line_and_exit_2(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    pytest.importorskip("distributed")
    monkeypatch.setattr(cluster, "CONNECT_TIMEOUT", 1.0)
    address = f"tcp://127.0.0.1:{_closed_port()}"
    assert main([*SIM, "-q", "--cluster", address]) == 2
    captured = capsys.readouterr()
    assert captured.err.startswith(f"arena: --cluster {address}: cannot reach a Dask scheduler")
    assert captured.err.count("\n") == 1
    assert "Traceback" not in captured.err
    assert captured.out == ""


class _Client:
    """Stands in for a Dask client whose workers answer the identity check as given."""

    def __init__(self, answers: dict[str, Any]) -> None:
        self.answers = answers
        self.closed = False

    def run(self, function: Any, on_error: str) -> dict[str, Any]:
        assert function is cluster._identity
        assert on_error == "return"  # one worker's failure must not hide the others
        return self.answers

    def close(self) -> None:
        self.closed = True


def _digest(catalog: Catalog) -> str:
    return catalog.digest


@pytest.mark.parametrize(
    ("answer", "says"),
    [
        (("0.0.1", None), "tcp://127.0.0.1:9002 has arena 0.0.1"),
        ((__version__, "f" * 64), "tcp://127.0.0.1:9002 has other content (digest ffffffffffff)"),
        (
            ModuleNotFoundError("No module named 'arena'"),
            "tcp://127.0.0.1:9002 cannot run arena (ModuleNotFoundError: No module named 'arena')",
        ),
    ],
)
def test_a_worker_with_another_arena_is_refused_by_name(
    catalog: Catalog, answer: Any, says: str
) -> None:
    if isinstance(answer, tuple) and answer[1] is None:
        answer = (answer[0], catalog.digest)
    fine = (__version__, catalog.digest)
    client = _Client({"tcp://127.0.0.1:9001": fine, "tcp://127.0.0.1:9002": answer})
    with pytest.raises(SimError) as refused:
        Cluster(client, "tcp://127.0.0.1:8786").check_workers()
    message = str(refused.value)
    assert message.startswith("--cluster tcp://127.0.0.1:8786: every worker must have arena ")
    assert says in message
    assert "9001" not in message


def test_a_scheduler_without_workers_says_how_to_start_one() -> None:
    with pytest.raises(SimError, match="no workers; start some with `dask worker tcp://h:1"):
        Cluster(_Client({}), "tcp://h:1").check_workers()


def test_a_refused_cluster_is_closed_and_exits_2(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, catalog: Catalog
) -> None:
    distributed = pytest.importorskip("distributed")
    client = _Client({"tcp://127.0.0.1:9002": ("0.0.1", catalog.digest)})
    monkeypatch.setattr(distributed, "Client", lambda *a, **k: client)
    assert main([*SWEEP, "-q", "--cluster", "tcp://127.0.0.1:8786"]) == 2
    assert "tcp://127.0.0.1:9002 has arena 0.0.1" in capsys.readouterr().err
    assert client.closed


@pytest.mark.slow
def test_a_real_worker_of_another_version_is_refused_by_its_address() -> None:
    pytest.importorskip("distributed")
    with Cluster.open("local:1") as opened:
        # The worker's arena says it is another version (exec is sent by name, as a builtin).
        opened.client.run(exec, "import arena.sim.cluster as c; c.__version__ = '0.0.1'")
        (address,) = opened.client.scheduler_info()["workers"]
        with pytest.raises(SimError, match=rf"{address} has arena 0\.0\.1"):
            opened.check_workers()


@pytest.mark.slow
@pytest.mark.parametrize("argv", [SWEEP, SIM])
def test_the_report_on_a_cluster_is_byte_identical_to_local_processes(
    capfd: pytest.CaptureFixture[str], argv: list[str]
) -> None:
    pytest.importorskip("distributed")
    assert main([*argv, "-q", "--jobs", "2"]) == 0
    local = capfd.readouterr().out
    assert main([*argv, "-q", "--cluster", "local:2"]) == 0
    assert capfd.readouterr().out == local


@pytest.mark.slow
def test_sim_from_a_save_on_a_cluster_is_byte_identical(
    capfd: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    pytest.importorskip("distributed")
    save = tmp_path / "duel.yaml"
    assert main(["run", "werewolf-duel", "--save", str(save), "--stop-after", "3"]) == 0
    capfd.readouterr()
    argv = ["sim", "--from", str(save), "-n", "40", "-q", "--json"]
    assert main([*argv, "--jobs", "1"]) == 0
    local = capfd.readouterr().out
    assert main([*argv, "--cluster", "local:2"]) == 0
    assert capfd.readouterr().out == local


@pytest.mark.slow
def test_a_worker_lost_mid_sweep_costs_a_retry_never_a_figure(catalog: Catalog) -> None:
    pytest.importorskip("distributed")
    plan = make_sweep(
        catalog.scenarios["werewolf-duel"],
        catalog,
        source="werewolf-duel",
        content_root=default_content_root(),
        fights=120,
        grid=("tom.dexterity=2,4",),
        seed=3,
    )
    local = build_sweep_report(plan, sweep(plan, catalog, jobs=1))
    with Cluster.open("local:2") as opened:
        pids: dict[str, int] = opened.client.run(os.getpid)
        killed: list[int] = []

        def kill_one(done: int) -> None:
            if not killed:  # a worker dies with chunks in hand; its nanny starts another
                killed.append(next(iter(pids.values())))
                os.kill(killed[0], signal.SIGKILL)

        stats = sweep(plan, catalog, progress=kill_one, cluster=opened)
    assert killed
    assert build_sweep_report(plan, stats) == local


@pytest.mark.slow
@pytest.mark.skipif(sys.platform == "win32", reason="Ctrl-C to a process group is POSIX")
def test_ctrl_c_to_the_whole_command_reports_what_its_local_workers_finished() -> None:
    pytest.importorskip("distributed")
    # A terminal's Ctrl-C reaches every process of the command, the workers too: they died of
    # it, with the chunks in hand, and the command waited for them for ever.
    argv = [*SWEEP[:4], "-n", "600", "--json", "--cluster", "local:2"]
    proc = subprocess.Popen(
        [sys.executable, "-m", "arena", *argv],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, "PYTHONUNBUFFERED": "1"},
        start_new_session=True,
    )
    assert proc.stderr is not None
    try:
        assert proc.stderr.readline().startswith("sweep: ")  # fights are being played
        os.killpg(proc.pid, signal.SIGINT)
        out, err = proc.communicate(timeout=90)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
    assert proc.returncode == 130, err
    report = json.loads(out)
    assert report["interrupted"]
    assert 0 < report["fights"] < 600
    assert "Traceback" not in err


def test_sim_refuses_jobs_with_a_cluster(capsys: pytest.CaptureFixture[str]) -> None:
    assert main([*SIM, "-q", "--jobs", "2", "--cluster", "local:2"]) == 2
    assert "--jobs: not with --cluster" in capsys.readouterr().err


class _Failed:
    """A chunk whose workers all died: Dask gave up on it."""

    def result(self, timeout: float | None = None) -> list[Any]:
        raise RuntimeError("KilledWorker: attempted to run the task 3 times")


def test_a_chunk_the_cluster_gave_up_on_fails_the_batch_in_one_line() -> None:
    chunk = cluster._Chunk(_Failed(), Stop(), (40, 50))
    with pytest.raises(SimError) as failed:
        chunk.get()
    assert str(failed.value) == (
        "--cluster: fights 40 to 49 could not be played (RuntimeError: KilledWorker: attempted "
        "to run the task 3 times); no figures are reported for a batch with fights missing"
    )


def test_after_ctrl_c_a_lost_chunk_counts_as_not_played() -> None:
    stop = Stop()
    stop.asked = True
    assert cluster._Chunk(_Failed(), stop, (40, 50)).get() == []


@pytest.mark.slow
def test_a_scheduler_and_workers_started_as_the_docs_say_give_the_same_report(
    capfd: pytest.CaptureFixture[str],
) -> None:
    pytest.importorskip("distributed")
    address = f"tcp://127.0.0.1:{_closed_port()}"
    port = address.rsplit(":", 1)[1]
    scheduler = ["distributed.cli.dask_scheduler", "--host", "127.0.0.1", "--port", port]
    workers = ["distributed.cli.dask_worker", address, "--nthreads", "1", "--nworkers", "2"]
    started = [
        subprocess.Popen(  # `dask scheduler`, with this interpreter
            [sys.executable, "-m", *scheduler, "--no-dashboard"],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
    ]
    try:
        started.append(
            subprocess.Popen(  # `dask worker`
                [sys.executable, "-m", *workers, "--no-dashboard"],
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
            )
        )
        argv = [*SWEEP, "-q"]
        assert main([*argv, "--jobs", "2"]) == 0
        local = capfd.readouterr().out
        status = 2
        for _ in range(30):  # the workers take a few seconds to join
            status = main([*argv, "--cluster", address])
            if status == 0:
                break
            time.sleep(1)
        assert status == 0, capfd.readouterr().err
        assert capfd.readouterr().out == local
    finally:
        for proc in reversed(started):
            proc.terminate()
            proc.wait(timeout=30)
