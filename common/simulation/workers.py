"""Worker processes that end with their parent, whatever ends it.

`imap` plays ``function(item)`` for every item in several processes and
yields the results in order, as `multiprocessing.pool.Pool.imap` does.  A
simulation (``--simulate N --jobs K``) runs its games this way.  Unlike a
`multiprocessing` pool, it leaves no process behind and prints nothing of its
own, however the run ends:

- a worker ignores SIGINT and SIGHUP, which a terminal sends to the whole
  process group (Ctrl-C, the terminal closing): its parent alone reports the
  stop (`common.cli.launch`) and stops the workers;
- each worker starts with the stop signals held back
  (`common.process.signals_held`), so no signal reaches a worker before it
  has set its own handling, and none reaches the parent between starting a
  worker and recording it for stopping;
- when the run ends, early or not, every worker is told to end (its pipe is
  closed, and it is sent SIGTERM unless the run ended normally), waited for
  at most `STOP_TIMEOUT` seconds, killed if it is still there, and reaped:
  no orphan, no zombie;
- when the parent is killed outright (SIGKILL), each worker reads the end of
  its pipe, whose other end no other process holds, and exits quietly after
  the game it is playing.

Work goes out in chunks, a few ahead for each worker, to whichever worker has
room, and the results come back as each chunk is done; they are yielded in the
order of the items, so a run's results do not depend on how many workers
played them or how fast.  A worker that gets little CPU (a machine busy with
other work) holds up only its own chunks: the others go on, up to `WINDOW`
chunks past the oldest one not done, so memory stays flat however many items
there are.  Chunks are sized from the time each item takes, so that each
takes about `CHUNK_SECONDS`.
"""

from __future__ import annotations

import itertools
import signal
import time
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from typing import TYPE_CHECKING, Any, TypeVar, cast

from common.process import STOP_SIGNALS, Terminated, signals_held

if TYPE_CHECKING:
    from multiprocessing.connection import Connection
    from multiprocessing.context import DefaultContext, ForkContext

    Context = DefaultContext | ForkContext
    from multiprocessing.process import BaseProcess

ItemT = TypeVar("ItemT")
ResultT = TypeVar("ResultT")

AHEAD = 2
"""Chunks each worker has been sent beyond the one it is playing."""
WINDOW = 64
"""Chunks sent past the oldest one not done, per worker, at most."""
CHUNK_SECONDS = 0.05
"""What a chunk should take to play: long beside the handing out of a chunk,
short enough for the progress line and for a slow worker's share."""
MAX_CHUNK = 256
"""The most items in a chunk."""
STOP_TIMEOUT = 5.0
"""Seconds the workers of a run that ends are given to exit before SIGKILL."""
STOP_GRACE = 0.1
"""Seconds a worker's death by a stop signal waits for this process's own."""


class WorkerError(RuntimeError):
    """A worker process could not be started, or died before finishing its work."""


def _context() -> Context:
    # fork where there is one (Python 3.14 defaults to forkserver, whose
    # server would be one more process to stop), else the platform's default.
    import multiprocessing

    if "fork" in multiprocessing.get_all_start_methods():
        return multiprocessing.get_context("fork")
    return multiprocessing.get_context()


def _serve(connection: Connection, function: Callable[[Any], Any],
           inherited: list[Connection]) -> None:
    # A worker: play each chunk it is sent until its pipe ends.
    for name in ("SIGINT", "SIGHUP"):
        if hasattr(signal, name):
            signal.signal(getattr(signal, name), signal.SIG_IGN)
    if signal.getsignal(signal.SIGTERM) != signal.SIG_IGN:  # as the parent was started
        signal.signal(signal.SIGTERM, signal.SIG_DFL)
    if hasattr(signal, "pthread_sigmask"):
        signal.pthread_sigmask(signal.SIG_UNBLOCK, STOP_SIGNALS)
    for other in inherited:
        other.close()  # the parent's ends: the parent alone may hold them
    try:
        while (chunk := connection.recv()) is not None:
            start = time.process_time()
            try:
                results = [function(item) for item in chunk]
            except Exception as error:  # noqa: BLE001 - the parent raises it
                _send_error(connection, error)
                return
            connection.send((True, (results, time.process_time() - start)))
    except (EOFError, OSError):
        pass  # the parent has gone: end quietly


def _send_error(connection: Connection, error: Exception) -> None:
    try:
        connection.send((False, error))
    except (EOFError, OSError):
        pass
    except Exception:  # noqa: BLE001 - an error that does not pickle
        connection.send((False, WorkerError(f"a worker failed: {error!r}")))


class _Worker:
    """One worker process and the parent's end of its pipe."""

    def __init__(self, process: BaseProcess, connection: Connection) -> None:
        self.process = process
        self.connection = connection
        self.reaped = False
        self.out: deque[int] = deque()  # the numbers of the chunks it has, in order

    def send(self, number: int, chunk: list[Any]) -> None:
        try:
            self.connection.send(chunk)
        except OSError:
            raise self._died() from None
        self.out.append(number)

    def receive(self) -> tuple[int, list[Any], float]:
        """Return the number of the chunk done, its results and its CPU seconds."""
        try:
            ok, payload = self.connection.recv()
        except (EOFError, OSError):
            raise self._died() from None
        if not ok:
            raise payload
        results, seconds = payload
        return self.out.popleft(), results, seconds

    def _died(self) -> WorkerError:
        self.process.join(1.0)
        code = self.process.exitcode
        if code is not None and -code in STOP_SIGNALS:
            # A stop signal is most often sent to the whole process group,
            # this process included: its own stop, arriving a moment after
            # the worker's death was seen, is then what the run reports.
            time.sleep(STOP_GRACE)
        how = (f"killed by signal {-code}" if code is not None and code < 0
               else f"exit status {code}")
        return WorkerError(f"a worker process died ({how})")


def _start(context: Context, function: Callable[[Any], Any],
           workers: list[_Worker]) -> None:
    # Start one worker and record it, with the stop signals held throughout.
    with signals_held():
        ours, theirs = context.Pipe()
        forked = context.get_start_method() == "fork"
        inherited = [ours, *(worker.connection for worker in workers)] if forked else []
        process = context.Process(target=_serve, args=(theirs, function, inherited),
                                  daemon=True)
        try:
            process.start()
        except OSError as error:
            ours.close()
            raise WorkerError(f"cannot start a worker process: "
                              f"{error.strerror or error}") from None
        finally:
            theirs.close()
        workers.append(_Worker(process, ours))


def _stop(workers: list[_Worker], *, finished: bool) -> None:
    # End every worker and reap it, in bounded time.  A stop signal that came
    # just before the signals were held is raised once every worker is gone.
    stop: BaseException | None = None
    while True:
        try:
            with signals_held():
                _end(workers, finished=finished and stop is None)
        except (KeyboardInterrupt, Terminated) as error:
            stop = stop or error
            continue
        break
    if stop is not None:
        raise stop


def _end(workers: list[_Worker], *, finished: bool) -> None:
    live = [worker for worker in workers if not worker.reaped]
    for worker in live:
        worker.connection.close()  # its end of file: it ends
        if not finished and worker.process.exitcode is None:
            worker.process.terminate()
    deadline = time.monotonic() + STOP_TIMEOUT
    for worker in live:
        worker.process.join(max(0.0, deadline - time.monotonic()))
    for worker in live:
        if worker.process.exitcode is None:
            worker.process.kill()
            worker.process.join()
        worker.process.close()
        worker.reaped = True


class _Chunks:
    """The items cut into numbered chunks, each sized to take `CHUNK_SECONDS`.

    With the number of items known, no chunk holds more than a quarter of a
    worker's share of those left, so that the last ones are shared out too.
    """

    def __init__(self, items: Iterable[Any], first_size: int, total: int | None,
                 jobs: int) -> None:
        self._source = iter(items)
        self._size = max(1, first_size)
        self._left = total
        self._jobs = jobs
        self._per_item: float | None = None  # CPU seconds an item takes, smoothed
        self.sent = 0
        """How many chunks have been handed out."""
        self.exhausted = False
        """Whether every item has been handed out."""

    def next(self) -> list[Any] | None:
        """Return the next chunk (numbered `sent` before the call), or None."""
        size = self._size
        if self._left is not None:
            size = max(1, min(size, self._left // (4 * self._jobs)))
        chunk = [] if self.exhausted else list(itertools.islice(self._source, size))
        if self._left is not None:
            self._left -= len(chunk)
        if not chunk:
            self.exhausted = True
            return None
        self.sent += 1
        return chunk

    def took(self, items: int, seconds: float) -> None:
        """Note that a chunk of `items` items took `seconds` of CPU to play."""
        per_item = seconds / items
        self._per_item = per_item if self._per_item is None else \
            0.8 * self._per_item + 0.2 * per_item
        if self._per_item > 0:
            self._size = max(1, min(MAX_CHUNK, round(CHUNK_SECONDS / self._per_item)))


def imap(function: Callable[[ItemT], ResultT], items: Iterable[ItemT], jobs: int,
         chunksize: int = 1, total: int | None = None) -> Iterator[ResultT]:
    """Yield ``function(item)`` for each of `items`, in order, from `jobs` processes.

    `function` must be picklable where processes are not forked (a
    module-level function or a `functools.partial` of one).  Items are read
    as the workers need them, `chunksize` of them to each worker first, then
    as many as take `CHUNK_SECONDS` (fewer near the end of the `total`
    items, when it is given).  However the iteration ends (all done,
    closed early, an exception, a signal), every worker has ended and been
    reaped when it does.

    Raises:
        WorkerError: when a worker cannot be started or dies.
        Exception: what `function` raised in a worker.
    """
    from multiprocessing.connection import wait

    chunks = _Chunks(items, chunksize, total, jobs)
    context = _context()
    workers: list[_Worker] = []
    done: dict[int, list[Any]] = {}  # results of chunks done, not yet yielded
    oldest = 0  # the number of the oldest chunk not yet yielded
    finished = False

    def feed(worker: _Worker) -> None:
        # Give `worker` chunks while it has room and the window allows.
        while len(worker.out) <= AHEAD and chunks.sent - oldest < WINDOW * jobs:
            chunk = chunks.next()
            if chunk is None:
                return
            worker.send(chunks.sent - 1, chunk)

    try:
        for _ in range(jobs):
            _start(context, function, workers)
        owner = {worker.connection: worker for worker in workers}
        for worker in workers:
            feed(worker)
        while oldest < chunks.sent or not chunks.exhausted:
            busy = [worker.connection for worker in workers if worker.out]
            # A chunk not yet yielded is done, or out with a worker: and the
            # done ones up to the oldest out were yielded above.
            assert busy, "chunks left, but none out"
            for connection in wait(busy):
                worker = owner[cast("Connection", connection)]
                number, results, seconds = worker.receive()
                done[number] = results
                chunks.took(len(results), seconds)
            while oldest in done:
                results = done.pop(oldest)
                oldest += 1
                yield from results
            for worker in workers:
                feed(worker)
        finished = True
    finally:
        _stop(workers, finished=finished)
