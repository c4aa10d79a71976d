"""`--cluster ADDRESS`: the option `sim` and `sweep` share, and the cluster it opens."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any, Final

from arena.cli.errors import InputError
from arena.sim.errors import SimError

HELP: Final = "play on a Dask cluster: tcp://HOST:PORT, or local:N workers (see below)"
EPILOG: Final = """--cluster tcp://HOST:8786 sends chunks of fights to the workers of a running Dask
scheduler (`dask scheduler`, then `dask worker tcp://HOST:8786 --nthreads 1` on each machine);
--cluster local:N starts N workers on this machine. The report is the same, byte for byte,
as on local processes. Only the plan travels: the scenario, its options and changes, the
seed and the count. Every worker needs the same arena and content; a mismatch is refused.
The backend is an optional extra: pip install "arena-combat[cluster]".
"""


def add_cluster_option(parser: Any) -> None:
    """Add ``--cluster ADDRESS`` to a subcommand."""
    parser.add_argument("--cluster", metavar="ADDRESS", help=HELP)


@contextmanager
def opened(text: str | None) -> Iterator[Any]:
    """The cluster ``--cluster`` names, connected and checked, or None; closed afterwards.

    Raises:
        InputError: no Dask installed, a bad address, an unreachable scheduler, no workers,
            or a worker with another arena.
    """
    if text is None:
        yield None
        return
    from arena.sim.cluster import Cluster  # only a command given --cluster pays for it

    try:
        cluster = Cluster.open(text)
    except SimError as err:
        raise InputError(str(err)) from None
    with cluster:
        yield cluster
