"""``--simulate N --cluster ADDRESS``: the games as Ray tasks, the same report.

The Ray runs need the extra ``[cluster]`` (they are skipped without it) and
each starts a local Ray instance of two CPUs in a real ``python3 -m GAME``
subprocess, every wait bounded: Ray takes seconds to start, so there are few
of them.  The rest runs everywhere: without ``--cluster`` nothing imports
Ray, and a ``--cluster`` that cannot run is one line before any play.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from helpers.cli import RunCli
from helpers.paths import ROOT

from common.simulation.cluster import INSTALL, LOCAL, _leave, address_error

RAY_TIMEOUT = 180
"""Seconds a run on a local Ray instance may take, start and stop included."""


def _error(game: str, message: str) -> bytes:
    return f"{game}: error: {message}\n".encode()


# --- Everywhere: Ray is never imported, a bad --cluster is one line ----------

def test_the_games_and_a_local_simulation_never_import_ray() -> None:
    code = ("import sys, bigtwo, stud, inbetween, reddog, common.simulation.cluster\n"
            "from bigtwo.__main__ import main\n"
            "for args in (['--simulate', '3', '--seed', '1'],\n"
            "             ['--simulate', '3', '--seed', '1', '--jobs', '2']):\n"
            "    assert main(args) == 0\n"
            "print(sorted(m for m in sys.modules if m.split('.')[0] == 'ray'),\n"
            "      file=sys.stderr)\n")
    result = subprocess.run([sys.executable, "-c", code], cwd=ROOT,
                            capture_output=True, timeout=60, check=True)
    assert result.stderr == b"[]\n"


@pytest.mark.parametrize(("args", "message"), [
    (["--cluster", LOCAL], "--cluster needs --simulate"),
    (["--simulate", "5", "--cluster", "nowhere"],
     "argument --cluster: 'nowhere' is not a Ray cluster's address (HOST:PORT, "
     "auto, or local)"),
    (["--simulate", "5", "--cluster", "head:70000"],
     "argument --cluster: 'head:70000' is not a Ray cluster's address "
     "(HOST:PORT, auto, or local)"),
])
def test_a_cluster_that_cannot_be_is_an_option_error(run_cli: RunCli, args: list[str],
                                                     message: str) -> None:
    result = run_cli("stud", *args)
    assert (result.returncode, result.stdout, result.stderr) == (
        2, b"", _error("stud", message))


@pytest.mark.parametrize("game", ["bigtwo", "reddog"])
def test_without_ray_cluster_says_what_to_install(run_cli: RunCli, game: str,
                                                  tmp_path: Path) -> None:
    hidden = tmp_path / "ray"  # shadows any installed Ray
    hidden.mkdir()
    (hidden / "__init__.py").write_text("raise ImportError('no Ray here')\n")
    result = run_cli(game, "--simulate", "5", "--cluster", LOCAL,
                     env={"PYTHONPATH": str(tmp_path)})
    assert (result.returncode, result.stdout) == (2, b"")
    assert result.stderr == _error(game, f"--cluster needs Ray: {INSTALL}")
    assert INSTALL == ("python3 -m pip install -e '.[cluster]' in a clone "
                       "(from the index: 'cardgames-console[cluster]')")


@pytest.mark.parametrize(("address", "good"), [
    ("local", True), ("auto", True), ("10.0.0.5:6379", True),
    ("head.example.org:6379", True), ("ray://head:10001", True), ("[::1]:6379", True),
    ("", False), ("6379", False), ("head:", False), ("head:0", False),
    ("head:65536", False), ("head:6379 ", False), ("http://head:6379", False)])
def test_addresses(address: str, good: bool) -> None:
    assert (address_error(address) is None) == good


# --- With Ray: the same report, Ctrl-C, an address where no cluster is ------

def _needs_ray() -> None:
    pytest.importorskip("ray")


def _simulate(game: str, *args: str) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run([sys.executable, "-m", game, "--simulate", *args],
                          cwd=ROOT, capture_output=True, timeout=RAY_TIMEOUT,
                          check=False)


# The report on a cluster is the local one, byte for byte: game i is seeded
# from --seed and i wherever it is played, and the results are read in game
# order whatever the chunks.
@pytest.mark.parametrize(("game", "games", "seed"), [("stud", "150", "5"),
                                                     ("bigtwo", "400", "3")])
def test_a_cluster_prints_the_local_report(game: str, games: str, seed: str) -> None:
    _needs_ray()
    here = _simulate(game, games, "--seed", seed, "--jobs", "2")
    there = _simulate(game, games, "--seed", seed, "--cluster", LOCAL, "--jobs", "2")
    assert (there.returncode, there.stderr) == (0, b"")
    assert (here.returncode, here.stderr) == (0, b"")
    assert there.stdout == here.stdout
    assert f"{games} games, --seed {seed}".encode() in there.stdout


def _descendants(pid: int) -> dict[int, str]:
    """The processes below `pid` (Ray's own sessions included), by command line."""
    found: dict[int, str] = {}
    parents = [pid]
    while parents:
        parent = parents.pop()
        try:
            with open(f"/proc/{parent}/task/{parent}/children", encoding="ascii") as f:
                children = [int(child) for child in f.read().split()]
        except OSError:
            continue
        for child in children:
            try:
                with open(f"/proc/{child}/cmdline", "rb") as f:
                    line = f.read().replace(b"\0", b" ")
            except OSError:
                continue
            found[child] = line.decode(errors="replace")
            parents.append(child)
    return found


def _alive(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat", encoding="ascii") as f:
            return f.read().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


# Ctrl-C while the games are played on a local Ray instance: a user sees
# "GAME: interrupted" and status 130, as without --cluster, no traceback and
# nothing of Ray's; the instance is stopped with the run's tasks, so no
# process of it is left.
@pytest.mark.skipif(not os.path.isdir("/proc/self/task"), reason="reads /proc")
def test_ctrl_c_stops_the_tasks_and_ray() -> None:
    _needs_ray()
    process = subprocess.Popen(
        [sys.executable, "-m", "stud", "--simulate", "100000", "--seed", "1",
         "--cluster", LOCAL, "--jobs", "2"], cwd=ROOT, stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True)
    try:
        deadline = time.monotonic() + RAY_TIMEOUT
        ray_processes: dict[int, str] = {}
        while not any("_play_chunk" in line for line in ray_processes.values()):
            assert time.monotonic() < deadline, "no Ray task started"
            assert process.poll() is None, process.communicate()
            time.sleep(0.1)
            ray_processes = _descendants(process.pid)
        time.sleep(0.5)  # games under way
        ray_processes = _descendants(process.pid)
        os.killpg(process.pid, signal.SIGINT)  # as a terminal's Ctrl-C does
        stdout, stderr = process.communicate(timeout=60)
    finally:
        if process.poll() is None:
            process.kill()
            process.communicate()
    assert (process.returncode, stdout, stderr) == (130, b"", b"stud: interrupted\n")
    deadline = time.monotonic() + 30
    while (left := [line for pid, line in ray_processes.items() if _alive(pid)]):
        assert time.monotonic() < deadline, f"left running: {left}"
        time.sleep(0.1)


# Leaving Ray with chunks still out, its C++ core may log a worker's death
# straight to descriptor 2 (CI saw "task_manager.cc:1545: Failed to push
# error to driver for task ..." after a Ctrl-C, once in many runs): none of
# it reaches the run's standard error, which is usable again afterwards.
def test_leaving_ray_writes_nothing_on_standard_error(
        capfd: pytest.CaptureFixture[str]) -> None:
    class Ray:
        @staticmethod
        def shutdown() -> None:
            os.write(2, b"[E task_manager.cc:1545] Failed to push error to driver\n")

    _leave(Ray())
    os.write(2, b"stud: interrupted\n")
    assert capfd.readouterr().err == "stud: interrupted\n"


# An address where no cluster answers: one line and status 1 at once (it is
# only known when the run tries to join), not Ray's minutes of retries.
def test_an_address_where_no_cluster_answers_is_one_line() -> None:
    _needs_ray()
    result = _simulate("stud", "10", "--cluster", "127.0.0.1:1")
    assert (result.returncode, result.stdout) == (1, b"")
    assert result.stderr == (b"stud: cannot go on: cannot join the Ray cluster at "
                             b"127.0.0.1:1: Connection refused\n")
