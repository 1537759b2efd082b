"""``python3 -m stud``: play heads-up Five Card Stud at the terminal."""

if __name__ == "__main__":
    # Before anything else: common came with the package, so this imports
    # nothing new.
    from common import hold_stop_signals

    hold_stop_signals()

import sys

from common.cli.launch import launch


def main(argv: list[str] | None = None) -> int:
    """Run the ``stud`` command with the arguments `argv`; return its exit status.

    The signal handlers go in first (`common.cli.launch`); only then is the
    program (`stud.program`) imported and run.
    """
    return launch("stud", "stud.program", argv)


if __name__ == "__main__":
    sys.exit(main())
