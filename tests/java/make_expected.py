"""Regenerate ``tests/data/java/`` from Java: what Java reads in each case.

Usage, from the repository root (needs ``javac`` and ``java``, 17)::

    python3 tests/java/make_expected.py            # every case, and digits.txt
    python3 tests/java/make_expected.py NAME ...   # these cases only
    python3 tests/java/make_expected.py --check    # compare, write nothing

The cases are in ``tests/helpers/java.py``.  Each run is written to a file that
becomes the Java program's standard input (a file, not a pipe: Java's Scanner
reads a long line from a pipe in time quadratic in its length).
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]

from helpers.java import CASES, EXPECTED, run_header, summarize  # noqa: E402

SOURCE = Path(__file__).with_name("JavaReading.java")


def java_output(classes: Path, args: list[str], data: bytes, scratch: Path) -> str:
    """Return what JavaReading prints with `args` on the input `data`."""
    path = scratch / "input"
    path.write_bytes(data)
    with open(path, "rb") as stdin:
        result = subprocess.run(["java", "-cp", str(classes), "JavaReading", *args],
                                stdin=stdin, capture_output=True, check=True)
    return result.stdout.decode("ascii")


def main() -> int:
    """Run the Java program on the cases; write (or check) the expected files."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("names", nargs="*", help="cases to run (default: all)")
    parser.add_argument("--check", action="store_true",
                        help="compare with the stored files instead of writing")
    options = parser.parse_args()
    names = options.names or sorted(CASES)
    differ = 0
    with tempfile.TemporaryDirectory() as scratch_name:
        scratch = Path(scratch_name)
        subprocess.run(["javac", "-d", str(scratch), str(SOURCE)], check=True)
        outputs = {}
        if not options.names:
            outputs["digits.txt"] = java_output(scratch, ["--digits"], b"", scratch)
        for name in names:
            case = CASES[name]
            keep = summarize if case.summary else str
            outputs[f"{name}.out"] = "".join(
                run_header(index, data)
                + keep(java_output(scratch, case.java_args(), data, scratch))
                for index, data in enumerate(case.runs()))
        for file_name, text in outputs.items():
            path = EXPECTED / file_name
            if options.check:
                same = path.exists() and path.read_text(encoding="ascii") == text
                differ += not same
                print(f"{'same' if same else 'DIFFERENT'}: {path}")
            else:
                EXPECTED.mkdir(parents=True, exist_ok=True)
                path.write_text(text, encoding="ascii")
                print(f"wrote {path} ({len(text)} characters)")
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
