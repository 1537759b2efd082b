"""``python3 -m stud``: play heads-up Five Card Stud at the terminal."""

from __future__ import annotations

import sys

from stud.program import main

if __name__ == "__main__":
    sys.exit(main())
