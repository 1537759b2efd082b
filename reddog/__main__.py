"""``python3 -m reddog``: play Red Dog at the console, or print its odds."""

from __future__ import annotations

import sys

from reddog.program import main

if __name__ == "__main__":
    sys.exit(main())
