"""Simulations on a Ray cluster (``--simulate N --cluster ADDRESS``).

`imap` plays ``function(item)`` for every item as Ray tasks and yields the
results in the order of the items, as `common.simulation.workers.imap` does
with local processes: a run's report does not depend on where its games were
played.  Each task plays a chunk of consecutive items (for a simulation, a
contiguous range of game indices); a few chunks per task slot are out at a
time, so memory stays flat however many games there are.

``--cluster local`` starts a Ray instance on this machine for the run and
stops it at the end; any other address is a running cluster's (``HOST:PORT``
as ``ray start --head`` prints it, or ``auto`` for the one started on this
machine), which the run joins and leaves.  However the run ends (all done,
an error, Ctrl-C, SIGTERM), this process leaves Ray before the stop is
reported, which ends the run's job: Ray then stops the job's workers and
drops the chunks still out.  Ray keeps its logs in its
own files: nothing of its reaches standard output, so the report is byte for
byte the local one.

Ray is the optional extra ``[cluster]``: this module imports it only for a
run with ``--cluster`` (in `available`, which the option check asks before
any play, and in `imap`), so that nothing else pays for it.
"""

from __future__ import annotations

import contextlib
import itertools
import os
import re
import signal
import sys
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from typing import Any, TypeVar

from common.process import STOP_SIGNALS, signals_held, stops_deferred
from common.version import install_command

ItemT = TypeVar("ItemT")
ResultT = TypeVar("ResultT")

LOCAL = "local"
"""The ``--cluster`` address that starts a Ray instance on this machine for the run."""
INSTALL = install_command("cluster")
"""What installs Ray, as the error without it says: in a clone of the
repository, and once the distribution is on the public index (whose
``cardgames`` is another project)."""
MAX_CHUNK = 256
"""The most items one task plays: a chunk of games takes from a tenth of a second
to a few, far longer than Ray takes to hand it out, and the progress line
keeps moving."""
CHUNKS_PER_SLOT = 8
"""Chunks a run is cut into per task slot at least, so that a slow node or a
slow chunk leaves the others little to wait for at the end."""

CONNECT_TIMEOUT = 10.0
"""Seconds a cluster's address is given to answer before the run gives up."""

_ADDRESS = re.compile(r"(ray://)?[A-Za-z0-9.\-]+:(\d{1,5})|\[[0-9A-Fa-f:.]+\]:(\d{1,5})")


class ClusterError(RuntimeError):
    """The Ray cluster could not be joined, or lost games it could not play again."""


def available() -> bool:
    """Return whether Ray can be imported, importing it (only ``--cluster`` asks)."""
    try:
        import ray  # noqa: F401
    except ImportError:
        return False
    return True


def address_error(address: str) -> str | None:
    """Return why `address` cannot be a ``--cluster`` address, or None if it can.

    It is `LOCAL`, ``auto``, or ``HOST:PORT`` (``ray://HOST:PORT`` for Ray
    Client) with a port from 1 to 65535.  Whether a cluster answers there is
    only known when the run joins it (`imap`).
    """
    if address in (LOCAL, "auto"):
        return None
    match = _ADDRESS.fullmatch(address)
    port = match and (match.group(2) or match.group(3))
    if port and 1 <= int(port) <= 65535:
        return None
    return (f"{address[:40]!r} is not a Ray cluster's address "
            f"(HOST:PORT, auto, or {LOCAL})")


def _play_chunk(function: Callable[[ItemT], ResultT],
                chunk: list[ItemT]) -> list[ResultT]:
    # One Ray task: a chunk of items, in order.
    return [function(item) for item in chunk]


def imap(function: Callable[[ItemT], ResultT], items: Iterable[ItemT], count: int,
         address: str, jobs: int | None = None) -> Iterator[ResultT]:
    """Yield ``function(item)`` for each of `items`, in order, from Ray tasks.

    `count` is the number of items, which sizes the chunks.  `address` is
    where the cluster is (`LOCAL` starts one for the run, with `jobs` CPUs,
    which it then needs).  At most `jobs` chunks are played at once; by
    default, as many as the cluster has CPUs.
    `function` must pickle (a module-level function or a
    `functools.partial` of one), and the cluster's nodes must import the
    same code: a local instance's workers get this process's module path;
    a cluster's nodes need the same version installed.  However the
    iteration ends, this process has left Ray when it does, and the chunks
    still out are dropped with the run's job.

    Raises:
        ClusterError: when the cluster cannot be joined, or loses a chunk
            (a node died) it cannot play again.
        Exception: what `function` raised in a task.
    """
    ray = _join(address, jobs)
    out: deque[Any] = deque()  # the references of the chunks out, in order
    try:
        slots = jobs or max(1, int(ray.cluster_resources().get("CPU", 1)))
        # Each slot has a chunk playing and the next waiting, so that no CPU
        # waits for the driver; but a cluster's --jobs K is K chunks out at
        # most (a local instance's K CPUs are that limit already).
        ahead = jobs if jobs and address != LOCAL else 2 * slots
        size = max(1, min(MAX_CHUNK, count // (slots * CHUNKS_PER_SLOT)))
        source = iter(items)
        chunks = iter(lambda: list(itertools.islice(source, size)), [])
        task = ray.remote(_play_chunk)
        shipped = ray.put(function)  # sent once, not with every chunk
        out.extend(task.remote(shipped, chunk)
                   for chunk in itertools.islice(chunks, ahead))
        while out:
            results = _collect(ray, out[0])
            out.popleft()
            chunk = next(chunks, None)
            if chunk is not None:
                out.append(task.remote(shipped, chunk))
            yield from results
    finally:
        _leave(ray)


def _join(address: str, jobs: int | None) -> Any:
    # Join the cluster (or start the local instance) quietly, and return ray.
    import logging

    if address not in (LOCAL, "auto"):
        _reach(address)
    try:
        import ray
    except ImportError:
        raise ClusterError(f"--cluster needs Ray: {INSTALL}") from None
    settings: dict[str, Any] = {}
    if address == LOCAL:
        # The workers import the game from where this process does, whether
        # it runs from a clone, an editable install or a wheel.
        path = os.pathsep.join(os.path.abspath(entry or os.curdir)
                               for entry in sys.path)
        settings = {"num_cpus": jobs,
                    "runtime_env": {"env_vars": {"PYTHONPATH": path}}}
    # Ray installs its own SIGTERM handler (and C++ ones that print a stack
    # dump); the game's handlers must stay, so that every stop is reported
    # as one line with its usual exit status.  A stop while Ray starts waits
    # for it to have started (a second one does not): cut in the middle, it
    # would leave processes of a local instance that no one stops.
    handlers = {signum: signal.getsignal(signum) for signum in STOP_SIGNALS}
    try:
        # Starting cannot be asked to end early: the stop waits for it.
        with stops_deferred(lambda: None):
            ray.init(address=address, log_to_driver=False, include_dashboard=False,
                     logging_level=logging.ERROR, **settings)
    except (ConnectionError, RuntimeError, ValueError) as error:
        _leave(ray)
        raise ClusterError(f"cannot join the Ray cluster at {address}: "
                           f"{_first_line(error)}") from None
    except BaseException:
        _leave(ray)  # stopped while joining: leave what was started
        raise
    finally:
        for signum, handler in handlers.items():
            if handler is not None:
                signal.signal(signum, handler)
    return ray


def _reach(address: str) -> None:
    # Ray retries an address where nothing answers for minutes: a plain
    # connection tells at once, or within CONNECT_TIMEOUT.
    import socket

    host, _, port = address.removeprefix("ray://").rpartition(":")
    try:
        socket.create_connection((host.strip("[]"), int(port)), CONNECT_TIMEOUT).close()
    except OSError as error:
        reason = error.strerror or str(error) or type(error).__name__
        if isinstance(error, TimeoutError):
            reason = f"no answer within {CONNECT_TIMEOUT:g} s"
        raise ClusterError(f"cannot join the Ray cluster at {address}: "
                           f"{reason}") from None


def _collect(ray: Any, reference: Any) -> list[Any]:
    # The results of one chunk; an error of the cluster's own is a ClusterError.
    try:
        results: list[Any] = ray.get(reference)
    except ray.exceptions.RayTaskError as error:
        cause = getattr(error, "cause", None)  # what the function raised
        if (isinstance(cause, Exception)
                and not isinstance(cause, ray.exceptions.RayError)):
            raise cause from None
        # Ray's own: most often a node that cannot import the game.
        raise ClusterError(f"a Ray task failed: "
                           f"{_first_line(cause or error)}") from None
    except ray.exceptions.RayError as error:
        raise ClusterError(f"the Ray cluster lost games: "
                           f"{_first_line(error)}") from None
    return results


def _first_line(error: BaseException) -> str:
    # Ray's messages run to many lines (a traceback, advice): one says it.
    lines = [line.strip() for line in str(error).splitlines() if line.strip()]
    return lines[0] if lines else type(error).__name__


def _leave(ray: Any) -> None:
    # Leave Ray (which stops a local instance).  Leaving ends the run's job,
    # and Ray stops the job's workers with it: the chunks still out are not
    # cancelled one by one first, because ray.cancel races with a chunk's
    # result arriving, and Ray (2.60) then aborts the whole process ("Tried
    # to complete task that was not pending", ray-project/ray#54798).
    # A stop meanwhile (a second Ctrl-C) waits: cut in the middle, leaving
    # would leave a local instance's processes behind.  Ray starts no
    # process here, so none inherits the signals held.
    # While it leaves, the raylet stops the workers of the chunks still out,
    # and Ray's C++ core may still see them die and log "Failed to push
    # error to driver" straight to descriptor 2, past sys.stderr: the run's
    # standard error is its own, and the driver's log file keeps the line.
    with signals_held(), _descriptor_muted(2):
        ray.shutdown()


@contextlib.contextmanager
def _descriptor_muted(fd: int) -> Iterator[None]:
    # Point `fd` at the null device for the block, then back where it was.
    try:
        saved = os.dup(fd)
    except OSError:  # closed: nothing to mute
        yield
        return
    try:
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, fd)
        os.close(null)
        yield
    finally:
        os.dup2(saved, fd)
        os.close(saved)
