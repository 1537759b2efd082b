"""``python3 -m bigtwo``: play one game of Big Two at the console."""

if __name__ == "__main__":
    # Before anything else: common came with the package, so this imports
    # nothing new.
    from common import hold_stop_signals

    hold_stop_signals()

import sys

from common.cli.launch import launch


def main(argv: list[str] | None = None) -> int:
    """Run the ``bigtwo`` command with the arguments `argv`; return its exit status.

    The signal handlers go in first (`common.cli.launch`); only then is the
    program (`bigtwo.program`) imported and run.
    """
    return launch("bigtwo", "bigtwo.program", argv)


if __name__ == "__main__":
    sys.exit(main())
