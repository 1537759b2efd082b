"""How a game's process starts and ends: the signal handlers and the exit status.

Each game's ``__main__`` holds the stop signals back on its first line
(`common.hold_stop_signals`) and calls `launch`, which installs their handlers
before it imports the program, so a signal at any moment after Python's own
start-up ends the game the same way: Ctrl-C (SIGINT) with ``PROG:
interrupted`` and status 130, SIGTERM with ``PROG: terminated`` and 143,
SIGHUP (the terminal closed) with ``PROG: hung up`` and 129: one line on
standard error, never a traceback.  The handlers raise `KeyboardInterrupt` or
`common.process.Terminated` wherever the program is, so its ``finally``
blocks and `common.cli.run.run_console` still end the hand history and stop
any worker processes.  A signal while a stop is already being handled
changes nothing.  A stop that Python loses on its way out (raised in a
weakref callback, or replaced by the error of C code that ran the handler)
is raised again a few milliseconds later, until it is reported; one wrapped
in another error (a RuntimeError from a class being built) is reported as
itself.
"""

from __future__ import annotations

import os
import signal
import sys
from typing import TYPE_CHECKING

from common.process import (
    CLOSED,
    EXIT_FAILED,
    EXIT_OK,
    STOP_SIGNALS,
    OutputError,
    Terminated,
    complain,
    defer_stop,
    failure_reason,
    reader_gone,
    silence_stdout,
    stop_for,
    stop_reason,
    stop_status,
    use_utf8_output,
)

if TYPE_CHECKING:
    from collections.abc import Callable

RETRY = 0.005
"""Seconds after which a stop that was lost on its way out is raised again."""

# The stop raised and not yet reported (its signal number), and whether the
# handlers are installed (never in a process that only imports this module).
_pending: list[int | None] = [None]
_installed = [False]


def _stopping() -> bool:
    # Whether a stop is being handled: an except or finally block on the way
    # out of the program holds it.
    return isinstance(sys.exc_info()[1], (KeyboardInterrupt, Terminated))


def _on_signal(signum: int, frame: object) -> None:
    if _stopping():
        return  # one stop is enough
    if defer_stop(signum):
        return  # a block winds down first, then raises it
    # A stop raised here can be lost on its way out: C code that runs
    # signal handlers may put its own error in its place (int() of a bad
    # string does), which an except clause then takes.  So it stays pending,
    # and a timer raises it again until it is reported.
    _pending[0] = signum
    _arm_retry()
    raise stop_for(signum)


def _arm_retry() -> None:
    if hasattr(signal, "setitimer"):
        signal.setitimer(signal.ITIMER_REAL, RETRY)


def _on_alarm(signum: int, frame: object) -> None:
    pending = _pending[0]
    if pending is None:
        return
    if _stopping():
        _arm_retry()  # on its way out: look again later, until reported
        return
    _on_signal(pending, frame)


def _settle() -> None:
    # The stop is reported, or the work done: nothing is to be raised again.
    _pending[0] = None
    if _installed[0] and hasattr(signal, "setitimer"):
        signal.setitimer(signal.ITIMER_REAL, 0)


def _on_unraisable(unraisable: sys.UnraisableHookArgs) -> None:
    # A stop raised where Python cannot raise it (the weakref callback of an
    # import's lock, say) would only be printed there; the retry timer
    # raises it again once out of there.
    if not isinstance(unraisable.exc_value, (KeyboardInterrupt, Terminated)):
        sys.__unraisablehook__(unraisable)


def install_signal_handlers() -> None:
    """Make SIGINT, SIGTERM and SIGHUP stop the program wherever it is.

    A signal the program was started ignoring (``nohup`` ignores SIGHUP, a
    shell's ``trap '' INT`` SIGINT) stays ignored, as Python itself leaves
    it: whoever started the program asked for it to survive that signal.
    """
    for signum in STOP_SIGNALS:
        if signal.getsignal(signum) != signal.SIG_IGN:
            signal.signal(signum, _on_signal)
    if hasattr(signal, "SIGALRM"):
        signal.signal(signal.SIGALRM, _on_alarm)
    sys.unraisablehook = _on_unraisable
    _installed[0] = True


def _release_signals() -> None:
    # A game's __main__ holds the stop signals back from its first line.
    if hasattr(signal, "pthread_sigmask"):
        signal.pthread_sigmask(signal.SIG_UNBLOCK, STOP_SIGNALS)


def _spoken() -> Callable[[str], str]:
    """Return `common.language._` if the program got as far as loading it, else English.

    Nothing is imported here: a stop may come in the middle of an import,
    after which importing again can fail (the module it interrupted is half
    made).  A language other than English is spoken only once
    `common.language` is loaded whole, so nothing is lost.
    """
    say = getattr(sys.modules.get("common.language"), "_", None)
    return say if callable(say) else str


def report_stop(prog: str, stop: BaseException) -> int:
    """Say on standard error what stopped the program; return its exit status."""
    _settle()
    complain(prog, stopped(stop))
    return stop_status(stop)


def stopped(stop: BaseException) -> str:
    """Return what the program says a stop is: ``interrupted``, in the language spoken.

    `common.process.stop_reason`'s words, which the hand history keeps in
    English.
    """
    _ = _spoken()

    said = {
        # Translators: the one line a program stopped by Ctrl-C says on
        # standard error, after its name ("inbetween: interrupted").
        "interrupted": _("interrupted"),
        # Translators: as "interrupted", for a program stopped by SIGTERM.
        "terminated": _("terminated"),
        # Translators: as "interrupted", for a program whose terminal closed.
        "hung up": _("hung up"),
    }
    reason = stop_reason(stop)
    return said.get(reason, reason)


def output_failure(error: OSError | ValueError) -> str:
    """Return the message of a failure to write standard output (no ``PROG:``).

    In the language spoken; `common.process.OutputError` has it in English.
    """
    _ = _spoken()

    why = failure_reason(error)
    if why == CLOSED:
        return _("cannot write standard output: it is closed")
    # Translators: {reason} is the system's, such as "No space left on device".
    return _("cannot write standard output: {reason}").format(reason=why)


def _hold_closed_descriptors() -> None:
    # A standard descriptor the process was started without would be the
    # next file opened (the hand history, say), and whatever is written to
    # that descriptor would land in it: hold it with the null device.
    # sys.stdout and the rest stay None, so the program knows they are closed.
    for fd, name in enumerate(("stdin", "stdout", "stderr")):
        if getattr(sys, name) is not None:
            continue
        try:
            os.fstat(fd)
        except OSError:
            held = os.open(os.devnull, os.O_RDWR)
            if held != fd:
                os.dup2(held, fd)
                os.close(held)


def _exit_status(code: object, prog: str) -> int:
    if code is None:
        return EXIT_OK
    if isinstance(code, int):
        return code
    complain(prog, str(code))
    return EXIT_FAILED


def _flush_stdout() -> OSError | ValueError | None:
    # The output buffered last is written here, where a failure still has a
    # message and an exit status; at exit Python would only print a traceback.
    if sys.stdout is None:
        return None
    try:
        sys.stdout.flush()
    except (OSError, ValueError) as error:
        silence_stdout()
        return error
    return None


def _run(prog: str, program: str, argv: list[str] | None) -> int:
    try:
        module = __import__(program, fromlist=["main"])
        status: int = module.main(argv)
    except SystemExit as leaving:  # --help, --version, a bad option
        status = _exit_status(leaving.code, prog)
    except OutputError as error:
        silence_stdout()
        if not reader_gone(error):
            complain(prog, output_failure(error))
        return EXIT_FAILED
    failure = _flush_stdout()
    if failure is not None and status == EXIT_OK:
        if not reader_gone(failure):
            complain(prog, output_failure(failure))
        return EXIT_FAILED
    return status


def launch(prog: str, program: str, argv: list[str] | None = None) -> int:
    """Run ``program.main(argv)`` as the process ``prog``; return its exit status.

    `program` names the module whose ``main`` runs (``bigtwo.program``),
    imported only once the signal handlers are in place.  Standard output is
    flushed before returning, and a failure there is status 1 with one line.
    """
    install_signal_handlers()
    use_utf8_output()  # before any message, an option error's included
    try:
        _release_signals()  # any held back since __main__ began arrives here
        _hold_closed_descriptors()
        status = _run(prog, program, argv)
        _ignore_signals()
    except (KeyboardInterrupt, Terminated) as stop:
        _ignore_signals()
        status = report_stop(prog, stop)
        _flush_stdout()
    except Exception as error:
        # Python may wrap a stop in another error (a class being built wraps
        # what a __set_name__ raised in a RuntimeError): it is the stop.
        wrapped = _wrapped_stop(error)
        if wrapped is None:
            raise
        _ignore_signals()
        status = report_stop(prog, wrapped)
        _flush_stdout()
    return status


def _wrapped_stop(error: BaseException) -> BaseException | None:
    # The stop this error was raised from, or in the handling of, if any.
    seen: set[int] = set()
    cause: BaseException | None = error
    while cause is not None and id(cause) not in seen:
        if isinstance(cause, (KeyboardInterrupt, Terminated)):
            return cause
        seen.add(id(cause))
        cause = cause.__cause__ or cause.__context__
    return None


def _ignore_signals() -> None:
    # The work is done.  Python puts back the default actions as it shuts
    # down, and a signal then would kill the process all the same.
    for signum in STOP_SIGNALS:
        signal.signal(signum, signal.SIG_IGN)
    _settle()
