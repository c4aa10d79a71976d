"""`--cluster`: chunks of fights played on the workers of a Dask cluster instead of local processes.

Only the plan travels: the scenario as parsed, its options and changes, the seed and the count.
Each worker plays with its own installed arena and content, which must be this machine's.
"""

from __future__ import annotations

import contextlib
import logging
import re
import signal
import threading
from collections.abc import Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Final, TypeVar

from arena import __version__
from arena.content.errors import ContentError
from arena.content.loader import Catalog, default_content_root, load_catalog
from arena.sim.chunks import Pending, Progress, Stop, Task, gather
from arena.sim.errors import SimError

if TYPE_CHECKING:
    from arena.sim.plan import BatchPlan

T = TypeVar("T")
W = TypeVar("W")

INSTALL: Final = 'pip install "arena-combat[cluster]"'
"""How to get the Dask backend, which is an optional extra."""
CONNECT_TIMEOUT: Final = 10.0
"""Seconds to keep trying to reach a scheduler before saying it cannot be reached."""
MAX_LOCAL: Final = 64
"""The most workers ``local:N`` starts."""
MOST: Final = 500
"""The most fights in a chunk sent to a worker."""
PACE: Final = 2.0
"""Seconds of fights a chunk sent over the network should hold: a task costs the scheduler a
round trip (a tenth of a second on a busy machine), so a cluster's chunks are bigger than those
of local processes; Ctrl-C waits for the chunks in hand."""
_LOCAL: Final = re.compile(r"local:([0-9]{1,3})")
_REMOTE: Final = re.compile(r"(tcp|tls)://[A-Za-z0-9._\[\]:-]+:[0-9]{1,5}")
PROFILE: Final = "distributed.worker.profile.enabled"
"""Dask's sampling profiler, off on the workers arena starts: it walks the running task's stack
a hundred times a second, and a sweep on a busy machine took about twice as long with it."""
LOOK: Final = 0.5
"""Seconds between looks at a stop request while a chunk is on the cluster."""
STOP_WAIT: Final = 30.0
"""Seconds a stopped batch waits for a chunk in hand before counting it as not played."""
FORMS: Final = "tcp://HOST:PORT (a running `dask scheduler`) or local:N (N workers here)"


def parse_address(text: str) -> str | int:
    """A scheduler's address, or the number of workers of a local cluster (``local:N``).

    Raises:
        SimError: neither form, or a local cluster of no workers or too many.
    """
    local = _LOCAL.fullmatch(text)
    if local is not None:
        workers = int(local.group(1))
        if not 1 <= workers <= MAX_LOCAL:
            raise SimError(f"--cluster {text}: local:N takes 1 to {MAX_LOCAL} workers")
        return workers
    if _REMOTE.fullmatch(text) is None:
        raise SimError(f"--cluster {text!r}: expected {FORMS}")
    return text


def _distributed() -> Any:
    """The ``distributed`` package, or a clear refusal saying how to install it."""
    try:
        import distributed
    except ImportError:
        raise SimError(
            f"--cluster: the Dask backend is not installed; install it with: {INSTALL}"
        ) from None
    return distributed


@contextlib.contextmanager
def _ctrl_c_ignored() -> Iterator[None]:
    """Workers started here ignore Ctrl-C, as local worker processes do.

    A terminal's Ctrl-C reaches every process of the command: the workers died of it, and the
    chunks in hand with them, while this process waited to report them. This one answers it.
    """
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    previous = signal.signal(signal.SIGINT, signal.SIG_IGN)  # a child keeps an ignored signal
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)


def dask_config() -> Any:
    """Dask's configuration module (installed with ``distributed``)."""
    import dask.config

    return dask.config


class Cluster:
    """A connection to a Dask scheduler (or a local cluster this process started and owns)."""

    def __init__(self, client: Any, address: str, local: Any = None) -> None:
        self.client = client
        self.address = address
        self._local = local

    @classmethod
    def open(cls, text: str) -> Cluster:
        """Connect to the cluster ``--cluster`` names, and check its workers play as we do.

        Raises:
            SimError: no Dask installed, a malformed address, a scheduler that cannot be
                reached or has no workers, or a worker with another arena or other content.
        """
        where = parse_address(text)
        distributed = _distributed()
        local = None
        if isinstance(where, int):
            try:
                # One thread a worker: fights use the ECS's global state, not to be shared.
                with dask_config().set({PROFILE: False}), _ctrl_c_ignored():
                    local = distributed.LocalCluster(
                        n_workers=where,
                        threads_per_worker=1,
                        processes=True,
                        dashboard_address=None,
                        silence_logs=logging.ERROR,
                    )
            except (OSError, RuntimeError) as err:
                what = str(err).splitlines()[0] if str(err) else type(err).__name__
                raise SimError(f"--cluster {text}: could not start the workers ({what})") from None
            address = local.scheduler_address
        else:
            address = where
        try:
            client = distributed.Client(address, timeout=CONNECT_TIMEOUT, set_as_default=False)
        except (OSError, TimeoutError) as err:
            if local is not None:
                local.close()
            reason = str(err).splitlines()[0] if str(err) else type(err).__name__
            raise SimError(
                f"--cluster {text}: cannot reach a Dask scheduler there ({reason}); "
                "is `dask scheduler` running, and the port open?"
            ) from None
        cluster = cls(client, text, local)
        try:
            cluster.check_workers()
        except BaseException:
            cluster.close()
            raise
        return cluster

    def check_workers(self) -> None:
        """Refuse a cluster without workers, or one whose workers play another arena.

        Raises:
            SimError: naming each worker that differs, and how.
        """
        found = self.client.run(_identity, on_error="return")
        if not found:
            raise SimError(
                f"--cluster {self.address}: the scheduler has no workers; start some with "
                f"`dask worker {self.address} --nthreads 1`"
            )
        here = (__version__, _digest_here())
        wrong = []
        for worker, said in sorted(found.items()):
            if isinstance(said, BaseException):
                what = f"{type(said).__name__}: {said}".splitlines()[0][:120]
                wrong.append(f"{worker} cannot run arena ({what})")
            elif said[0] != here[0]:
                wrong.append(f"{worker} has arena {said[0]}")
            elif said[1] != here[1]:
                wrong.append(f"{worker} has other content (digest {str(said[1])[:12]})")
        if wrong:
            raise SimError(
                f"--cluster {self.address}: every worker must have arena {here[0]} with the "
                f"same content as this machine; {'; '.join(wrong)}"
            )

    def workers(self) -> int:
        """How many workers the scheduler has now."""
        # nthreads lists every worker; scheduler_info may list only the first few.
        return max(1, len(self.client.nthreads()))

    def run(
        self,
        task: Task[W, T],
        work: W,
        plan: BatchPlan,
        progress: Progress | None,
        stop: Stop,
    ) -> Iterator[T]:
        """Play ``work``'s fights in chunks on the workers, yielding them in order.

        A worker lost while it plays a chunk costs that chunk a second try elsewhere (the
        scheduler's own), never a missing or doubled fight: chunks are seeded per fight.
        """
        workers = self.workers()

        def submit(chunk: tuple[int, int]) -> Pending[list[T]]:
            future = self.client.submit(
                _remote, task, work, plan.content_digest, chunk[0], chunk[1], pure=False
            )
            return _Chunk(future, stop, chunk)

        yield from gather(
            submit,
            fights=plan.fights,
            most=MOST,
            workers=workers,
            progress=progress,
            stop=stop,
            halt=_NoHalt(),
            pace=PACE,
        )

    def close(self) -> None:
        """Disconnect, and stop the local cluster if this process started one."""
        self.client.close()
        if self._local is not None:
            self._local.close()

    def __enter__(self) -> Cluster:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


class _NoHalt:
    """A cluster's chunks are short (PACE seconds): each one given out finishes after a stop."""

    def set(self) -> None:
        """Nothing to tell the workers."""


@dataclass(slots=True)
class _Chunk:
    """A chunk on the cluster, seen as a process pool's result is."""

    future: Any
    stop: Stop
    chunk: tuple[int, int]

    def ready(self) -> bool:
        return bool(self.future.done())

    def wait(self, timeout: float) -> None:
        # Each look costs the client's event loop a round of work: not twenty a second.
        with contextlib.suppress(Exception):  # not yet, or failed: get() tells which
            self.future.result(timeout=max(timeout, LOOK))

    def get(self) -> list[Any]:
        # Once stopped, the chunks in hand are waited for a while, never for ever: with its
        # workers gone, a scheduler would hold a chunk until another came.
        wait = STOP_WAIT if self.stop.asked else None
        try:
            result: list[Any] = self.future.result(timeout=wait)
        except SimError:
            raise
        except Exception as err:
            if self.stop.asked:
                return []  # stopped anyway: the chunk counts as not played
            what = f"{type(err).__name__}: {err}".splitlines()[0][:160]
            raise SimError(
                f"--cluster: fights {self.chunk[0]} to {self.chunk[1] - 1} could not be played "
                f"({what}); no figures are reported for a batch with fights missing"
            ) from None
        return result


_lock = threading.Lock()
"""A worker with several threads plays one chunk at a time: fights share the ECS's state."""
_catalogs: dict[str, Catalog] = {}


def _identity() -> tuple[str, str]:
    """On a worker: its arena's version and its content's digest."""
    return __version__, _digest_here()


def _digest_here() -> str:
    with _lock:
        return _catalog().digest


def _catalog() -> Catalog:
    """This process's own shipped content, loaded once."""
    held = _catalogs.get("")
    if held is None:
        try:
            held = _catalogs[""] = load_catalog(default_content_root())
        except ContentError as err:
            raise SimError(f"a worker could not load its content: {err}") from None
    return held


def _remote(task: Task[W, T], work: W, digest: str, start: int, stop: int) -> list[T]:
    """On a worker: play one chunk with this worker's content, checked against the plan's."""
    with _lock:
        catalog = _catalog()
        if catalog.digest != digest:
            raise SimError(
                "a worker's content differs from the planning machine's; install the same "
                "arena on every worker"
            )
        return list(task(work, catalog, start, stop, None))
