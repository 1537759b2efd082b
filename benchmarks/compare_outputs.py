"""Every byte a person or a grader sees, compared with another revision's.

Runs the same command lines, with the same standard input, against this tree
and against git revision REV, and reports each case whose standard output,
standard error, exit status or written hand history differs.  Run from the
repository root:

    python3 benchmarks/compare_outputs.py --compare REV [--seeds N] [--jobs K]

The cases: the appendix game; for each game, N seeded games with computer
seats (every strategy mix, shown and hidden cards), N seeded games where a
person types junk mixed with moves (``--hint`` on some), each written with
``--log`` and printed again with ``--replay``; ``--simulate`` reports (one and
two processes); ``--help`` at 40, 80 and 200 columns, ``--version`` and
``--rules``; and the option and file errors of docs/exit-statuses.md.  A
refactoring that claims to change nothing a user sees runs this before it
lands.
"""

from __future__ import annotations

import argparse
import concurrent.futures
import os
import random
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

from bench_games import ROOT, exported

GAMES = ("bigtwo", "stud", "inbetween", "reddog")
APPENDIX = ROOT / "tests" / "data" / "bigtwo"

# What a person might type at each game's prompts: moves, near misses, junk.
WORDS = {
    "bigtwo": ["0", "1 2", "0 1 2 3 4", "", "help", "?", "x", "-1", "12", "0 0",
               "99999999999999999999", "\t3", "٣", "3 4 5", "1", "2", "pass"],
    "stud": ["check", "bet", "call", "raise", "fold", "c", "b", "r", "zz", "help",
             "?", "", "CALL", "k", "chekc", "all in"],
    "inbetween": ["b 1", "bet 5", "bet 2", "fold", "f", "5", "1", "x", "help", "",
                  "0", "-1", "99", "b", "bet lots", "2"],
    "reddog": ["play", "double", "p", "d", "50", "200", "10", "x", "help", "",
               "100", "-5", "0", "yes", "1"],
}
QUIT_WORDS = {"stud": "quit", "inbetween": "quit", "reddog": "quit"}


@dataclass
class Case:
    """One run: its arguments, its standard input, and the files it writes."""

    name: str
    argv: list[str]
    stdin: bytes = b""
    columns: int = 80
    files: list[str] = field(default_factory=list)
    then: list[list[str]] = field(default_factory=list)
    """Further runs in the same directory (a --replay of the log)."""


def junk(game: str, seed: int, lines: int = 120) -> bytes:
    """Return `lines` lines a careless person might type at `game`'s prompts."""
    rng = random.Random(f"{game}/{seed}")
    words = WORDS[game]
    out = []
    for _ in range(lines):
        roll = rng.random()
        if roll < 0.02 and game in QUIT_WORDS:
            out.append(QUIT_WORDS[game])
        elif roll < 0.06 and game == "bigtwo":
            out.append(bytes(rng.randrange(256) for _ in range(rng.randrange(1, 6)))
                       .decode("latin-1"))
        elif roll < 0.5 and game == "bigtwo":
            count = rng.choice([1, 1, 2, 3, 5])
            out.append(" ".join(str(rng.randrange(13)) for _ in range(count)))
        else:
            out.append(rng.choice(words))
    return ("\n".join(out) + "\n").encode("utf-8", "surrogateescape")


def cases(seeds: int) -> Iterator[Case]:
    """Yield every case, `seeds` seeded games per game and kind."""
    yield Case("appendix", ["bigtwo", "--deck", str(APPENDIX / "appendix.deck")],
               (APPENDIX / "appendix.in").read_bytes())
    people = {"bigtwo": ["--computer", "1,2,3", "--show", "0"],
              "stud": ["--computer", "1", "--show", "0", "--hands", "3"],
              "inbetween": ["--players", "3", "--computer", "1,2", "--rounds", "6"],
              "reddog": ["--rounds", "6"]}
    for game in GAMES:
        for seed in range(1, seeds + 1):
            argv = [game, "--seed", str(seed), "--log", "g.jsonl"]
            kind = seed % 4
            if game == "bigtwo":
                argv += ["--computer", "all"]
                argv += [[], ["--strategy", "random"], ["--show", "0"],
                         ["--strategy", "smart,random,random,smart"]][kind]
            elif game == "stud":
                argv += ["--computer", "all", "--hands", str(1 + seed % 7)]
                argv += [[], ["--strategy", "random"], ["--show", "1"],
                         ["--strategy", "random,smart"]][kind]
            elif game == "inbetween":
                argv += ["--computer", "all", "--players", str(2 + seed % 9),
                         "--rounds", str(1 + seed % 12)]
                argv += [[], ["--strategy", "random"], ["--refill"],
                         ["--refill", "--strategy", "random"]][kind]
            else:
                argv += ["--computer", "--rounds", str(1 + seed % 30),
                         "--decks", str(1 + seed % 8)]
                argv += [[], ["--strategy", "random"], [], []][kind]
            yield Case(f"{game}-computer-{seed}", argv, files=["g.jsonl"],
                       then=[[game, "--replay", "g.jsonl"]])
            argv = [game, "--seed", str(seed), "--log", "g.jsonl", *people[game]]
            if seed % 3 == 0:
                argv.append("--hint")
            yield Case(f"{game}-person-{seed}", argv, junk(game, seed),
                       files=["g.jsonl"], then=[[game, "--replay", "g.jsonl"]])
        for jobs in ("1", "2"):
            yield Case(f"{game}-simulate-{jobs}",
                       [game, "--simulate", "60", "--seed", "7", "--jobs", jobs])
        yield Case(f"{game}-simulate-random", [game, "--simulate", "40", "--strategy",
                                               "random", "--seed", "3"])
        for columns in (40, 80, 200):
            yield Case(f"{game}-help-{columns}", [game, "--help"], columns=columns)
        yield Case(f"{game}-version", [game, "--version"])
        yield Case(f"{game}-rules", [game, "--rules"])
        yield Case(f"{game}-eof", [game, "--seed", "5"], b"")
        for number, bad in enumerate(BAD_OPTIONS[game] + BAD_OPTIONS["all"]):
            yield Case(f"{game}-bad-{number}", [game, *bad], b"")
    for decks in ("1", "4", "8"):
        yield Case(f"reddog-odds-{decks}", ["reddog", "--odds", "--decks", decks])


BAD_OPTIONS = {
    "all": [["--seed", "x"], ["--seed", "1_0"], ["--se", "3"], ["--computer", "9"],
            ["--computer", "all", "--strategy", "foo"], ["--deck", "/nonexistent"],
            ["--deck", "/etc/hostname"], ["--log", "/"], ["--replay", "/dev/null"],
            ["--replay", "/nonexistent"], ["--simulate", "0"], ["--jobs", "2"],
            ["--simulate", "5", "--jobs", "999"], ["--rules", "--seed", "1"],
            ["--delay", "1"], ["--tui", "--delay", "99"], ["--tui", "--host", "1"],
            ["--host", "99999"], ["--join", "nohost"], ["--watch", "x:0"],
            ["--seat", "1"], ["--token", "x"], ["--simulate", "3", "--log", "x"],
            ["--simulate", "3", "--hint"], ["--strategy", "random"], ["--bogus"],
            ["--computer", "all", "--strategy", "smart,random,smart,random,smart"],
            ["--join", "127.0.0.1:9", "--players", "3"], ["--grace", "-1"],
            ["--turn-timeout", "x"], ["--simulate", "٣"], ["--show"]],
    "bigtwo": [["--show", "7"], ["--computer", "1,2,3", "--show", "0,9"],
               ["--simulate", "2", "--show", "0"]],
    "stud": [["--hands", "0"], ["--hands", "-3"], ["--show", "2"]],
    "inbetween": [["--players", "11"], ["--players", "1"], ["--players", "٣"],
                  ["--rounds", "0"], ["--computer", "0", "--players", "2,"]],
    "reddog": [["--decks", "9"], ["--odds", "--seed", "1"], ["--rounds", "x"],
               ["--computer", "0"], ["--show", "0"]],
}


def run(tree: Path, case: Case) -> list[str]:
    """Run `case` against the code in `tree`; return what a person sees, as lines."""
    env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": "/nonexistent",
           "LANG": "C.UTF-8", "PYTHONPATH": str(tree), "COLUMNS": str(case.columns),
           "PYTHONDONTWRITEBYTECODE": "1"}
    seen: list[str] = []
    with tempfile.TemporaryDirectory(prefix="outputs-") as directory:
        for argv, stdin in [(case.argv, case.stdin),
                            *((argv, b"") for argv in case.then)]:
            done = subprocess.run([sys.executable, "-m", *argv], input=stdin,
                                  capture_output=True, cwd=directory, env=env,
                                  timeout=600)
            seen.append(f"$ {' '.join(argv)}\nstatus {done.returncode}\n")
            seen.append("stdout:\n" + done.stdout.decode("utf-8", "backslashreplace"))
            seen.append("stderr:\n" + done.stderr.decode("utf-8", "backslashreplace"))
        for name in case.files:
            path = Path(directory, name)
            text = path.read_text("utf-8", "backslashreplace") if path.exists() else ""
            # Help is no move: older revisions recorded it as a refusal.
            kept = [line for line in text.splitlines(keepends=True)
                    if '"reason": "help asked"' not in line]
            seen.append(f"{name}:\n{''.join(kept)}")
    return seen


def main() -> int:
    """Compare every case against REV; return 1 when any differs."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--compare", metavar="REV", required=True,
                        help="the git revision to compare this tree with")
    parser.add_argument("--seeds", type=int, default=100,
                        help="seeded games per game and kind (default 100)")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--only", metavar="TEXT", default="",
                        help="only the cases whose names hold TEXT")
    options = parser.parse_args()
    todo = [case for case in cases(options.seeds) if options.only in case.name]
    differ = 0
    with exported(options.compare) as other, \
            concurrent.futures.ThreadPoolExecutor(options.jobs) as pool:
        mine = pool.map(run, [ROOT] * len(todo), todo)
        theirs = pool.map(run, [other] * len(todo), todo)
        for case, here, there in zip(todo, mine, theirs, strict=True):
            if here != there:
                differ += 1
                print(f"DIFFERS: {case.name}: {' '.join(case.argv)}")
                for a, b in zip(here, there, strict=True):
                    if a != b:
                        print(f"  this tree:\n{a[:2000]}\n  {options.compare}:\n"
                              f"{b[:2000]}")
                        break
    print(f"{len(todo) - differ} of {len(todo)} cases the same as {options.compare}"
          f", {differ} differ")
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
