"""The fifth game of docs/architecture.md runs, as written there, on the shared code.

The sketch's code is taken from the page itself, so the page stays true: a
game that writes only its engine, console, strategy and program gets play
against the computer, the hand history and its replay for free.
"""

from __future__ import annotations

import io
import json
import re
import sys
import types
from pathlib import Path
from typing import Any

from helpers.paths import ROOT

from common.console.terminal import Terminal


def sketch() -> types.ModuleType:
    page = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
    (code,) = re.findall(r"```python\n(.*?)```", page, re.DOTALL)
    module = types.ModuleType("highcard_sketch")
    sys.modules[module.__name__] = module  # as an imported module would be
    exec(compile(code, "docs/architecture.md", "exec"), module.__dict__)  # noqa: S102
    return module


def run(program: Any, argv: list[str], text: bytes = b"") -> tuple[int, str]:
    out = io.StringIO()
    status = program.main(argv, Terminal(io.BytesIO(text), out, echo=True))
    return status, out.getvalue()


def test_the_sketched_game_plays_records_and_replays(tmp_path: Path) -> None:
    program = sketch().PROGRAM
    log = tmp_path / "highcard.jsonl"
    status, transcript = run(program, ["--seed", "4", "--computer", "1",
                                       "--log", str(log)],
                             b"draw\nnope\ndraw\nDRAW\n")
    assert status == 0
    assert ("Player 0, type draw: nope\nNot a legal move: 'nope' is not draw.\n"
            in transcript)
    assert "Player 1, type draw: draw\n" in transcript  # the computer, as typed
    assert transcript.count("Points:") == 6
    records = [json.loads(line) for line in log.read_text().splitlines()]
    assert records[0]["game"] == "highcard" and records[-1]["reason"] == "over"
    assert run(program, ["--replay", str(log)]) == (0, transcript)


def test_the_sketched_game_refuses_bad_options_in_one_line(capsys: Any) -> None:
    program = sketch().PROGRAM
    try:
        program.main(["--computer", "5"])
    except SystemExit as exit_:
        assert exit_.code == 2
    assert capsys.readouterr().err.startswith("highcard: error: argument --computer")
