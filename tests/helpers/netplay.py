"""Helpers of the table tests: hosts and clients as processes, a raw protocol client.

Everything listens and connects on 127.0.0.1 only, and every wait is bounded
in time.
"""

from __future__ import annotations

import json
import os
import re
import select
import signal
import socket
import subprocess
import sys
import threading
import time
from typing import Any

from helpers.cli import run_game
from helpers.paths import ROOT

PASSWORD = "opensesame"
MAX_MESSAGES = 100_000
"""The most messages a test client reads: every loop is bounded."""

PROMPTS = {
    "bigtwo": r"^Player (\d)'s turn: (.*)$",
    "stud": r"^Player (\d)'s turn \[[a-z/$0-9 ]+\]: (.*)$",
    "inbetween": r"^Player (\d+)'s turn \[bet [0-9-]+/fold/quit\]: (.*)$",
    "reddog": r"^()(?:Credit .*?New bet, Enter to deal, or quit: "
              r"|Play or double\? \[play/double\]: |Play\? \[play\]: )(.*)$",
}
"""Each game's prompt, with the seat and the line typed after it."""

HIDDEN = {"bigtwo", "stud"}
"""The games with cards hidden from other seats (and --show)."""


def typed_lines(game: str, transcript: bytes) -> list[tuple[int, str]]:
    """Return (seat, line) for every line typed in a transcript, in order."""
    return [(int(seat or 0), line) for seat, line in
            re.findall(PROMPTS[game], transcript.decode(), re.MULTILINE)]


def lines_of(lines: list[tuple[int, str]], seat: int) -> bytes:
    """Return the input seat `seat` types: its lines, one a line."""
    return "".join(f"{line}\n" for who, line in lines if who == seat).encode()


def show(game: str, seat: int | None) -> list[str]:
    """Return ``--show SEAT`` for games that hide cards, else nothing."""
    return ["--show", str(seat)] if game in HIDDEN and seat is not None else []


def local_game(game: str, args: list[str], script: bytes, seat: int | None) -> bytes:
    """Return the transcript of local play of `script` with ``--show SEAT``."""
    result = run_game(game, *args, *show(game, seat), stdin=script)
    assert result.returncode == 0, result.stderr
    return result.stdout


class Proc:
    """A ``python3 -m GAME`` process whose output is collected as it comes."""

    def __init__(self, game: str, *args: str, stdin: bytes | None = b"") -> None:
        env = {key: value for key, value in os.environ.items()
               if key != "PYTHONIOENCODING"}
        self.process = subprocess.Popen(
            [sys.executable, "-m", game, *args], cwd=ROOT, env=env,
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        self.out = bytearray()
        self.err = bytearray()
        self._changed = threading.Condition()
        self._threads = [threading.Thread(target=self._drain, args=(stream, buffer),
                                          daemon=True)
                         for stream, buffer in ((self.process.stdout, self.out),
                                                (self.process.stderr, self.err))]
        for thread in self._threads:
            thread.start()
        if stdin is not None:
            self.feed(stdin, close=True)

    def _drain(self, stream: Any, buffer: bytearray) -> None:
        while chunk := stream.read1(65536):
            with self._changed:
                buffer += chunk
                self._changed.notify_all()
        with self._changed:
            self._changed.notify_all()

    def feed(self, data: bytes, close: bool = False) -> None:
        """Write `data` to the process's input (and close it)."""
        stdin = self.process.stdin
        assert stdin is not None
        try:
            stdin.write(data)
            stdin.flush()
            if close:
                stdin.close()
        except BrokenPipeError:
            pass

    def wait_for(self, pattern: str, *, stream: str = "err",
                 timeout: float = 30) -> re.Match[str]:
        """Wait until the output `stream` matches `pattern`; return the match."""
        deadline = time.monotonic() + timeout
        buffer = self.err if stream == "err" else self.out
        with self._changed:
            while True:
                match = re.search(pattern, buffer.decode(errors="replace"),
                                  re.MULTILINE)
                if match is not None:
                    return match
                left = deadline - time.monotonic()
                if left <= 0 or (self.process.poll() is not None
                                 and not any(t.is_alive() for t in self._threads)):
                    raise AssertionError(
                        f"no {pattern!r} in {stream}: {buffer.decode()[-2000:]!r}")
                self._changed.wait(min(left, 0.2))

    def wait_until(self, ready: Any, timeout: float = 30) -> None:
        """Wait until ``ready(out, err)`` holds of the output so far."""
        deadline = time.monotonic() + timeout
        with self._changed:
            while not ready(bytes(self.out), bytes(self.err)):
                left = deadline - time.monotonic()
                if left <= 0:
                    raise AssertionError(f"not ready in {timeout} s: "
                                         f"{self.out.decode()[-1000:]!r} "
                                         f"{self.err.decode()[-1000:]!r}")
                self._changed.wait(min(left, 0.2))

    def finish(self, timeout: float = 60) -> tuple[int, bytes, bytes]:
        """Wait for the process to end; return its status, output and errors."""
        try:
            self.process.wait(timeout)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait(10)
            raise AssertionError(f"still running after {timeout} s: "
                                 f"{self.err.decode()[-2000:]!r}") from None
        for thread in self._threads:
            thread.join(10)
        return self.process.returncode, bytes(self.out), bytes(self.err)

    def signal(self, number: int = signal.SIGINT) -> None:
        """Send the process a signal."""
        self.process.send_signal(number)

    def kill(self) -> None:
        """Kill the process, if it still runs."""
        if self.process.poll() is None:
            self.process.kill()
        self.process.wait(10)


class Host(Proc):
    """``python3 -m GAME --host 0`` with the test password; `port` once listening."""

    def __init__(self, game: str, *args: str, stdin: bytes | None = b"") -> None:
        super().__init__(game, "--host", "0", "--password", PASSWORD, *args,
                         stdin=stdin)
        self.port = int(self.wait_for(r"at 127\.0\.0\.1:(\d+)").group(1))
        self.address = f"127.0.0.1:{self.port}"


def join(game: str, host: Host, *args: str, stdin: bytes | None = b"") -> Proc:
    """Start a client taking a seat at `host`'s table."""
    return Proc(game, "--join", host.address, "--password", PASSWORD, *args,
                stdin=stdin)


def watch(game: str, host: Host, *args: str) -> Proc:
    """Start a client watching `host`'s table."""
    return Proc(game, "--watch", host.address, "--password", PASSWORD, *args)


class Raw:
    """A client written on a bare socket, to speak (or break) the protocol."""

    def __init__(self, port: int, timeout: float = 10) -> None:
        self.sock = socket.create_connection(("127.0.0.1", port), timeout=timeout)
        self._buffer = b""
        self.received = bytearray()
        """Every byte received, in order."""

    def send(self, message: dict[str, Any] | bytes) -> None:
        """Send a message (a dict as one JSON line, bytes as they are)."""
        data = message if isinstance(message, bytes) else \
            (json.dumps(message) + "\n").encode()
        self.sock.sendall(data)

    def hello(self, game: str, role: str = "play", password: str = PASSWORD,
              **fields: Any) -> dict[str, Any]:
        """Say hello; return the table's answer (welcome or refused)."""
        self.send({"type": "hello", "protocol": 1, "game": game, "role": role,
                   "password": password, **fields})
        answer = self.recv()
        assert answer is not None, "no answer to the hello"
        return answer

    def recv(self, timeout: float = 10) -> dict[str, Any] | None:
        """Return the next message, or None when the connection is closed."""
        deadline = time.monotonic() + timeout
        while b"\n" not in self._buffer:
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError(f"no message in {timeout} s")
            self.sock.settimeout(left)
            try:
                chunk = self.sock.recv(65536)
            except ConnectionResetError:
                chunk = b""
            if not chunk:
                return None
            self.received += chunk
            self._buffer += chunk
        line, self._buffer = self._buffer.split(b"\n", 1)
        message: dict[str, Any] = json.loads(line)
        return message

    def until(self, kind: str, timeout: float = 10) -> tuple[dict[str, Any],
                                                             list[dict[str, Any]]]:
        """Read up to a message of type `kind`; return it and those before."""
        deadline = time.monotonic() + timeout
        before = []
        while True:
            message = self.recv(max(deadline - time.monotonic(), 0.01))
            if message is None:
                raise AssertionError(f"closed before a {kind}: {before[-5:]}")
            if message["type"] == kind:
                return message, before
            before.append(message)

    def closed(self, timeout: float = 10) -> bool:
        """Read on until the connection closes (True) or `timeout` passes (False)."""
        deadline = time.monotonic() + timeout
        try:
            while time.monotonic() < deadline:
                if self.recv(max(deadline - time.monotonic(), 0.01)) is None:
                    return True
        except TimeoutError:
            return False
        except OSError:
            return True
        return False

    def close(self) -> None:
        """Close the socket."""
        self.sock.close()


class Player(threading.Thread):
    """A seat played over a raw connection, in a thread: it types `lines` in
    turn, then (or without them) the first move each prompt offers but quit.

    `transcript` is what a client at that seat would print; `messages` all
    that came; `end` the table's end reason (None if it closed first).
    """

    def __init__(self, port: int, game: str, *, lines: list[str] | None = None,
                 seat: int | None = None, role: str = "play",
                 stepping: bool = False, table: str | None = None) -> None:
        super().__init__(daemon=True)
        self.raw = Raw(port)
        fields: dict[str, Any] = {} if seat is None else {"seat": seat}
        if table is not None:
            fields["table"] = table
        self.welcome = self.raw.hello(game, role, **fields)
        assert self.welcome["type"] == "welcome", self.welcome
        self._lines = list(lines or [])
        self.transcript = ""
        self.messages: list[dict[str, Any]] = []
        self.end: str | None = None
        self.stepping = stepping
        """Whether each prompt waits for the test: `asked`, then `proceed`."""
        self.asked = threading.Event()
        self.proceed = threading.Event()
        self.ask: dict[str, Any] | None = None

    def run(self) -> None:
        for _ in range(MAX_MESSAGES):
            message = self.raw.recv(timeout=60)
            if message is None:
                return
            self.messages.append(message)
            kind = message["type"]
            if kind == "output":
                self.transcript += message["text"]
            elif kind == "end":
                self.end = message["reason"]
                return
            elif kind == "ask":
                self.ask = message
                if self.stepping:
                    self.asked.set()
                    if not self.proceed.wait(60):
                        return
                    self.proceed.clear()
                moves = [move for move in message["moves"] if move != "quit"]
                line = self._lines.pop(0) if self._lines else (moves or ["quit"])[0]
                self.transcript += message["prompt"] + line + "\n"
                self.raw.send({"type": "line", "ask": message["ask"], "text": line})

    def finish(self, timeout: float = 60) -> None:
        """Wait for the table's end."""
        self.join(timeout)
        assert not self.is_alive(), "the player is still playing"
        self.raw.close()


SETTINGS: dict[str, dict[str, Any]] = {
    "bigtwo": {}, "stud": {"hands": 3}, "inbetween": {"players": 2},
    "reddog": {"decks": 4, "rounds": 10, "hint": False}}
"""Each game's settings, as its program reads them from the options."""


class Served:
    """Tables served in this process (`common.net.server.Server`), each in a thread."""

    def __init__(self, limits: Any = None) -> None:
        from common.net.server import Server

        self.server = Server("127.0.0.1", 0, limits)
        self.tables: dict[str, Any] = {}
        self.threads: dict[str, threading.Thread] = {}
        self.errors: dict[str, BaseException] = {}
        self.port = 0

    def add(self, name: str, game: str, names: list[str | None], *, seed: int = 1,
            settings: dict[str, Any] | None = None, **options: Any) -> Any:
        """Add a table `name` of `game`; ``names[i]`` plays seat i (None: a client)."""
        import importlib
        import random

        from common.cli.network import DEFAULT_GRACE, DEFAULT_TURN_TIMEOUT
        from common.engine.dealer import Dealer
        from common.net.hosting import HostedGame

        program = importlib.import_module(f"{game}.program").PROGRAM
        options.setdefault("grace", DEFAULT_GRACE)
        options.setdefault("turn_timeout", DEFAULT_TURN_TIMEOUT)
        table = HostedGame(program.spec, program.new_console,
                           settings if settings is not None else SETTINGS[game],
                           names, dealer=Dealer(random.Random(seed)), seed=seed,
                           password=PASSWORD, **options)
        table.attach(self.server)
        self.server.add(table, name)
        self.tables[name] = table
        return table

    def start(self) -> int:
        """Start listening and every table's game; return the port."""
        self.port = self.server.start()[1]
        for name, table in self.tables.items():
            thread = threading.Thread(target=self._run, args=(name, table), daemon=True)
            self.threads[name] = thread
            thread.start()
        return self.port

    def _run(self, name: str, table: Any) -> None:
        try:
            table.run()
        except BaseException as error:  # noqa: BLE001 - the test looks at it
            self.errors[name] = error

    def wait(self, timeout: float = 60) -> None:
        """Wait for every table's game to end."""
        deadline = time.monotonic() + timeout
        for name, thread in self.threads.items():
            thread.join(max(deadline - time.monotonic(), 0.01))
            assert not thread.is_alive(), f"table {name} still playing"

    def close(self) -> None:
        """Close every table, then the server."""
        for table in self.tables.values():
            table.close("interrupted")
        self.server.close(1)


def read_until(fd: int, pattern: bytes, seen: bytearray, timeout: float = 30) -> None:
    """Read the terminal's output into `seen` until it matches `pattern`."""
    deadline = time.monotonic() + timeout
    while re.search(pattern, bytes(seen)) is None:
        left = deadline - time.monotonic()
        assert left > 0, f"no {pattern!r} in {bytes(seen)[-500:]!r}"
        if select.select([fd], [], [], left)[0]:
            try:
                seen += os.read(fd, 4096)
            except OSError:
                break
