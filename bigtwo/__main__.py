"""``python3 -m bigtwo``: play one game of Big Two at the console."""

from __future__ import annotations

import sys

from bigtwo.program import main

if __name__ == "__main__":
    sys.exit(main())
