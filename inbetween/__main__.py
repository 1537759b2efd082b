"""``python3 -m inbetween``: play one game of In Between at the console."""

from __future__ import annotations

import sys

from inbetween.program import main

if __name__ == "__main__":
    sys.exit(main())
