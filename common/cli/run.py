"""How a game's run ends: its errors and stops turned into exit statuses.

`run_console` runs what a program plays or prints on a terminal and turns
every way it can end into the exit status and the one line of
``docs/exit-statuses.md``: 0 when the game ends (or the player quits), 1
when input ends first or output cannot be written, 130 on Ctrl-C, 143 on
SIGTERM and 129 on SIGHUP, never a traceback; `run_simulation` does the same
for ``--simulate``.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from common.cli.launch import output_failure, report_stop
from common.language import _
from common.process import (
    EXIT_FAILED,
    EXIT_OK,
    Terminated,
    complain,
    silence_stdout,
    use_utf8_output,
)

if TYPE_CHECKING:
    import argparse

    from common.console.terminal import Terminal
    from common.engine.measures import Metric
    from common.history import HistoryWriter
    from common.simulation.runner import PlayOne

END_WAIT = 2.0
"""Seconds a game that stops gives the reader of its log (a FIFO, a pipe) to
take the end record; past them the record is dropped, so that no stop ever
hangs on a reader that has stopped reading."""


def run_console(prog: str, play: Callable[[Terminal], int | None],
                terminal: Terminal | None = None,
                history: HistoryWriter | None = None) -> int:
    """Run `play` on a terminal and turn its endings into exit statuses.

    End of input, or a line too long to read (`common.console.lines.LineTooLong`),
    prints one line on standard error and returns 1; Ctrl-C returns 130,
    SIGTERM 143 and SIGHUP 129, each with one line there (see
    `common.cli.launch`); output closed early (``| head``) returns 1 quietly, and
    output or a log that cannot be written returns 1 with one line naming
    it; none prints a traceback.  Otherwise the status is what `play` returns
    (0 for None).  The `history`, if any, is closed with the reason the game
    stopped when it did not end.
    """
    from common.console.terminal import EndOfInput, LineTooLong, Terminal
    from common.engine.seats import IllegalComputerMove
    from common.history import HistoryWriteError
    from common.simulation.cluster import ClusterError
    from common.simulation.workers import WorkerError

    use_utf8_output()
    if terminal is None:
        terminal = Terminal()
    try:
        try:
            status = play(terminal)
            terminal.flush()
            return EXIT_OK if status is None else status
        except BaseException as error:
            try:
                _end_history(history, error)
            except (KeyboardInterrupt, Terminated) as stop:
                # A signal as the game stops for another reason (SIGHUP as a
                # closed terminal ends the input): it is the reason now, and
                # no other signal interrupts this second try.
                _end_history(history, stop)
                raise
            raise
        finally:
            if history is not None:
                history.close()
    except (KeyboardInterrupt, Terminated) as stop:
        _end_output_line(terminal)
        return report_stop(prog, stop)
    except LineTooLong as error:
        _end_output_line(terminal)
        complain(prog, str(error))
    except EndOfInput:
        _end_output_line(terminal)
        complain(prog, _("input ended before the game was over"))
    except BrokenPipeError:
        silence_stdout()
    except (IllegalComputerMove, WorkerError, ClusterError) as error:
        _end_output_line(terminal)
        # Translators: {error} says what went wrong (a worker process died, a
        # cluster cannot be joined).
        complain(prog, _("cannot go on: {error}").format(error=error))
    except HistoryWriteError as error:
        _end_output_line(terminal)
        complain(prog, str(error))
    except OSError as error:
        silence_stdout()
        complain(prog, output_failure(error))
    return EXIT_FAILED


def _end_history(history: HistoryWriter | None, error: BaseException) -> None:
    # Say in the history why the game stopped, when it can still be written.
    from common.console.console import end_reason
    from common.history import HistoryWriteError

    if history is None or not history.begun or isinstance(error, HistoryWriteError):
        return  # no history, none begun (nothing to end), or one that failed
    with contextlib.suppress(HistoryWriteError):
        history.end(end_reason(error), within=END_WAIT)


def run_simulation(prog: str, title: str, seats: Sequence[str],
                   metrics: Sequence[Metric], play_one: PlayOne,
                   options: argparse.Namespace) -> int:
    """Run ``--simulate`` as the options say and print the report; return the status.

    `seats` names each seat's strategy and `play_one` plays one game from a
    seed (see `common.simulation.runner`).  Signals and closed output end it as they
    end a game (see `run_console`), and no worker process outlives it; a
    Ray cluster that cannot be joined or loses games
    (`common.simulation.cluster.ClusterError`) ends it with one line and
    status 1.
    """
    from common.simulation.runner import simulate

    def play(terminal: Terminal) -> None:
        simulate(prog, title, seats, metrics, play_one, options.simulate,
                 options.seed, options.jobs, terminal.write, options.cluster)

    return run_console(prog, play)


def _end_output_line(terminal: Terminal) -> None:
    # The error message that follows then stands on a line of its own.
    try:
        terminal.end_line()
        terminal.flush()
    except OSError:
        silence_stdout()
