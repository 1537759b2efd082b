"""How this process ends, and its standard streams: what every front end shares.

The exit statuses (`EXIT_OK` … `EXIT_TERMINATED`, see
``docs/exit-statuses.md``); `Terminated`, which SIGTERM and SIGHUP raise as
Ctrl-C raises `KeyboardInterrupt` (`common.cli.launch` installs the
handlers); `signals_held`, for what a stop must not cut in the middle;
`complain` and `write_stderr`, which write on standard error and never
fail;
`OutputError`, standard output that cannot be written (exit status 1);
and `use_utf8_output`.  It imports nothing of the project, and of the
standard library nothing Python has not loaded already but `signal`.

Beneath `common.language`, its words are English: the command line
(`common.cli.launch`) says them in the language spoken, and the hand
history keeps them as they are (`stop_reason`).
"""

from __future__ import annotations

import contextlib
import os
import signal
import sys
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from collections.abc import Callable, Iterator
    from typing import TextIO

EXIT_OK = 0
"""The game ended (or the player quit)."""
EXIT_FAILED = 1
"""Input ended first, or output could not be written."""
EXIT_USAGE = 2
"""A bad option or file, before any play."""
EXIT_HUNG_UP = 128 + 1
"""SIGHUP: the terminal went away."""
EXIT_INTERRUPTED = 128 + 2
"""Ctrl-C (SIGINT)."""
EXIT_TERMINATED = 128 + 15
"""SIGTERM."""

STOP_SIGNALS: tuple[signal.Signals, ...] = tuple(
    getattr(signal, name) for name in ("SIGINT", "SIGTERM", "SIGHUP")
    if hasattr(signal, name))
"""The signals that stop a game cleanly (SIGHUP where the system has it)."""

_HELD = STOP_SIGNALS + tuple(
    getattr(signal, name) for name in ("SIGALRM",) if hasattr(signal, name))
# What signals_held holds back: the stop signals and the timer that raises a
# lost stop again.

CLOSED = "it is closed"
"""Why standard output cannot be written when the program started without it."""

_REASONS = {"SIGINT": "interrupted", "SIGTERM": "terminated", "SIGHUP": "hung up"}


class Terminated(BaseException):
    """SIGTERM or SIGHUP asked the program to stop, as Ctrl-C raises KeyboardInterrupt.

    A `BaseException`, so that no ``except Exception`` swallows it.
    """

    def __init__(self, signum: int) -> None:
        """Stop because of the signal `signum`."""
        super().__init__(signum)
        self.signum = signum

    @property
    def reason(self) -> str:
        """``terminated`` (SIGTERM) or ``hung up`` (SIGHUP): its `stop_reason`."""
        return stop_reason(self)

    @property
    def status(self) -> int:
        """The exit status: 128 plus the signal number."""
        return 128 + self.signum


class OutputError(OSError):
    """Standard output could not be written (closed, full, or too large a file).

    Its text is ``cannot write standard output: WHY``, in English;
    `common.cli.launch.output_failure` says it in the language spoken.
    """

    def __init__(self, why: str) -> None:
        """Say that standard output cannot be written because of `why`."""
        super().__init__(f"cannot write standard output: {why}")
        self.why = why
        """Why alone: `CLOSED`, or the system's words (``No space left on device``)."""


@contextlib.contextmanager
def signals_held() -> Iterator[None]:
    """Hold back the stop signals for the block: they arrive when it ends.

    For what must not be cut in the middle (starting or stopping a worker
    process).  Nothing is held where the system cannot block signals.
    """
    block = getattr(signal, "pthread_sigmask", None)
    if block is None:
        yield
        return
    previous = block(signal.SIG_BLOCK, _HELD)
    try:
        yield
    finally:
        block(signal.SIG_SETMASK, previous)


class _Deferral:
    """A block where a stop signal asks to wind down (see `stops_deferred`)."""

    def __init__(self, ask_to_stop: Callable[[], None]) -> None:
        self.ask_to_stop = ask_to_stop
        self.signum: int | None = None


_deferrals: list[_Deferral] = []


@contextlib.contextmanager
def stops_deferred(ask_to_stop: Callable[[], None]) -> Iterator[None]:
    """Within the block, the first stop signal asks to wind down instead of raising.

    For an event loop that a stop raised at any point would leave half shut
    down (the full-screen table's Textual loop): the handler of
    `common.cli.launch` records the signal and calls `ask_to_stop`, which
    must only schedule the wind-down (no lock, nothing that could wait), and
    the stop is raised, as the handler would have raised it
    (`KeyboardInterrupt` or `Terminated`), once the block has ended.  A
    second signal is raised at once, should the wind-down not come.
    """
    deferral = _Deferral(ask_to_stop)
    _deferrals.append(deferral)
    try:
        yield
    finally:
        _deferrals.remove(deferral)
    if deferral.signum is not None:
        raise stop_for(deferral.signum)


def defer_stop(signum: int) -> bool:
    """Hand the signal `signum` to the innermost `stops_deferred` block, if any.

    Returns whether it took it (a first stop there).  For the signal handler.
    """
    if not _deferrals or _deferrals[-1].signum is not None:
        return False
    deferral = _deferrals[-1]
    deferral.signum = signum
    deferral.ask_to_stop()
    return True


def stop_for(signum: int) -> BaseException:
    """Return the stop the signal `signum` raises: KeyboardInterrupt for SIGINT."""
    return KeyboardInterrupt() if signum == signal.SIGINT else Terminated(signum)


def stop_reason(stop: BaseException) -> str:
    """Return what stopped the program, as the hand history says it.

    ``interrupted`` for `KeyboardInterrupt`, ``terminated`` or ``hung up``
    for a `Terminated`: in English, which the message on standard error
    is too unless another language is spoken (`common.cli.launch.stopped`).
    """
    if isinstance(stop, Terminated):
        with contextlib.suppress(ValueError):
            return _REASONS.get(signal.Signals(stop.signum).name, "terminated")
        return "terminated"
    return _REASONS["SIGINT"]


def stop_status(stop: BaseException) -> int:
    """Return the exit status for the `KeyboardInterrupt` or `Terminated` `stop`."""
    return stop.status if isinstance(stop, Terminated) else EXIT_INTERRUPTED


def complain(prog: str, message: str) -> None:
    """Write ``PROG: MESSAGE`` on standard error, if there is one that works.

    The one line that says why a program stops, or what it tells its user
    beside the transcript (see `write_stderr`).
    """
    write_stderr(f"{prog}: {message}\n")


def write_stderr(text: str, stream: TextIO | None = None) -> None:
    """Write `text` on standard error (or `stream`, standing in for it), if it works.

    Every message of the program goes this way: never on standard output,
    even when standard error is closed (where `print` would fall back to
    it, and a password or a seat's token would land in the transcript).
    A standard error that cannot be written is dropped, so that Python's own
    flush at exit cannot fail over it and change the exit status; a message
    is no reason to stop a game.
    """
    own = stream is None
    target = sys.stderr if own else stream
    if target is None:
        return
    try:
        target.write(text)
        target.flush()
    except (OSError, ValueError):
        if own:
            sys.stderr = None


def silence_stdout() -> None:
    """Point standard output at the null device after it failed.

    Python flushes standard output again at exit; that flush must not fail a
    second time, print a traceback or change the exit status.
    """
    stream = sys.stdout
    if stream is None:
        return
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, stream.fileno())
        os.close(devnull)
    except (OSError, ValueError):
        sys.stdout = None


def failure_reason(error: OSError | ValueError) -> str:
    """Return why writing standard output failed with `error`, in a few words.

    `CLOSED`, or the system's words (``No space left on device``): what
    follows ``cannot write standard output:`` (`OutputError`,
    `common.cli.launch.output_failure`).
    """
    if isinstance(error, OutputError):
        return error.why
    return getattr(error, "strerror", None) or str(error)


def reader_gone(error: BaseException) -> bool:
    """Whether `error` says standard output's reader went away (``| head``).

    That ends a program quietly with status 1, as it ends other programs in a
    pipeline: it is no failure worth a message.
    """
    return isinstance(error, BrokenPipeError) or isinstance(
        error.__cause__, BrokenPipeError)


def write_stdout(text: str) -> None:
    """Write `text` on standard output.

    Raises:
        OutputError: when standard output is closed or the write fails.
    """
    stream = sys.stdout
    if stream is None:
        raise OutputError(CLOSED)
    try:
        stream.write(text)
    except OSError as error:
        raise OutputError(failure_reason(error)) from error


def use_utf8_output() -> None:
    """Make standard output and error UTF-8 whatever the locale (for ♦♣♥♠).

    Streams that are UTF-8 already are left alone.  Switching one is done
    with the stop signals held: a signal in the middle of it would leave
    the stream unable to write, the message of that very stop included.
    """
    for stream in (sys.stdout, sys.stderr):
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is None or (
                stream.encoding.replace("-", "").lower() == "utf8"
                and stream.errors == "replace"):
            continue
        with signals_held():
            reconfigure(encoding="utf-8", errors="replace")
