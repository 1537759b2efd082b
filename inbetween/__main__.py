"""``python3 -m inbetween``: play one game of In Between at the console."""

if __name__ == "__main__":
    # Before anything else, Ctrl-C and the like are held back until launch()
    # has its handlers in place (common.launch).  _signal is the C module
    # under signal, loaded with Python itself: holding them costs no import.
    import _signal  # type: ignore[import-not-found]  # no stub: a C module

    if hasattr(_signal, "pthread_sigmask"):
        _signal.pthread_sigmask(_signal.SIG_BLOCK, {
            getattr(_signal, name) for name in ("SIGINT", "SIGTERM", "SIGHUP")})

import sys

from common.launch import launch


def main(argv: list[str] | None = None) -> int:
    """Run the ``inbetween`` command with the arguments `argv`; return its exit status.

    The signal handlers go in first (`common.launch`); only then is the
    program (`inbetween.program`) imported and run.
    """
    return launch("inbetween", "inbetween.program", argv)


if __name__ == "__main__":
    sys.exit(main())
