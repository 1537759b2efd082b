"""A table for players at other terminals: the game side of ``--host``.

A `HostedGame` runs one game through the shared driver's steps
(`common.engine.driver.Turns`), as local play does, with a console for each
seat played from afar.  Each such console is the game's own, built with
``shown={seat}`` and writing into that seat's `common.net.server.Channel`, so
a client is sent exactly the transcript local play with ``--show SEAT``
prints, and nothing else: no hidden card of another seat ever reaches it,
because no console of its renders one.  Watchers follow one more console
that shows no seat's hidden cards; the host's own terminal, if it plays or
watches, has its console too.

The game is a task of the server's asyncio loop, which awaits each move: a
table has no thread of its own, and a move costs no hand-off between
threads.  A remote seat's line is read from its client (the prompt goes out
as an ``ask``), parsed by its console as a typed line is, and shown to
every other console after its prompt, as local play echoes it; the hand
history records it.  The host's own lines are read by the thread that runs
the table (`HostedGame.run`), and a computer's moves are found in a worker
thread, so that neither holds up the loop.  A seat whose player leaves, or
stays away past the grace period, passes to the computer, and a seat that
does not answer within the turn timeout has that one move made for it by
the computer; both are announced in every transcript (and the history's
``note`` records, which ``--replay`` prints).
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import functools
import hmac
import io
import operator
import queue
import secrets
import threading
import time
from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass
from typing import Any, TextIO, TypeVar, cast

from common.console.console import Console, ConsoleFactory, end_reason, hinted_seats
from common.console.sharing import sharing
from common.console.terminal import Terminal, is_yes
from common.engine.dealer import Dealer
from common.engine.driver import Turns
from common.engine.events import Event
from common.engine.game import QUIT, Game, IllegalMoveError
from common.engine.seats import SMART, Computer, computer
from common.engine.spec import GameSpec, Settings
from common.history import END_OVER, HistoryWriter, seat_records
from common.language import _, ngettext
from common.net.protocol import (
    PROTOCOL,
    Message,
    ProtocolError,
    field,
    line_problem,
    name_problem,
)
from common.net.server import Ask, Channel, Connection, Goodbye, Refusal, Server
from common.version import version

PERSON, REMOTE, COMPUTER = "person", "remote", "computer"
"""Who plays a seat: the host at its own terminal, a client, or the computer
(the history header's ``player``)."""


def seconds(count: float) -> str:
    """Return ``1 second`` or ``N seconds`` (``2.5 seconds``)."""
    if not float(count).is_integer():
        # Translators: a number of seconds with a fraction, such as 2.5.
        return _("{count} seconds").format(count=f"{count:g}")
    return ngettext("{count} second", "{count} seconds", int(count)).format(
        count=f"{count:g}")


class GameClosed(Exception):
    """The table was closed (the server stopped) while the game waited on it."""


class _TurnTimedOut(Exception):
    pass


class _SeatVacated(Exception):
    pass


class ChannelWriter(io.TextIOBase):
    """A text stream into a `common.net.server.Channel` (a console's output)."""

    def __init__(self, channel: Channel) -> None:
        """Write into `channel`."""
        super().__init__()
        self._channel = channel

    def write(self, text: str) -> int:
        """Add `text` to the channel's transcript."""
        self._channel.write(text)
        return len(text)

    def isatty(self) -> bool:
        """Not a terminal: a transcript."""
        return False


class AsideWriter(ChannelWriter):
    """A text stream of what a console prints aside (its standard error)."""

    def write(self, text: str) -> int:
        """Send `text` to the channel's clients, aside from the transcript."""
        self._channel.write_aside(text)
        return len(text)


def channel_terminal(channel: Channel) -> Terminal:
    """Return a terminal whose output goes into `channel` (it reads nothing).

    What it prints aside (Big Two's hints) goes to the channel's clients
    too, never to the host's standard error.
    """
    # A TextIOBase is the text stream Terminal wants, though not a typing.TextIO.
    return Terminal(io.BytesIO(), cast(TextIO, ChannelWriter(channel)), echo=False,
                    stderr=cast(TextIO, AsideWriter(channel)))


@dataclass(frozen=True)
class _Job:
    """What the thread that runs a table does for its game: print, or read."""

    do: Callable[[], None]
    output: bool
    """Whether it prints (done even as the table stops), or reads."""


class _HostTerminal:
    """The host's terminal, as the table's game (in the server's loop) uses it.

    What the game writes goes through the thread that runs the table
    (`HostedGame.run`), in order with the host's reads there: a terminal slow
    to take it (a pipe nobody reads, Ctrl-S) holds up that thread, never the
    server's loop, its clients or its pings.  In that thread, everything goes
    straight through.
    """

    _OUTPUT = frozenset({"write", "print", "say", "aside", "end_line", "flush"})

    def __init__(self, terminal: Terminal, table: HostedGame) -> None:
        self._terminal = terminal
        self._table = table

    def __getattr__(self, name: str) -> Any:
        attribute = getattr(self._terminal, name)
        if name not in self._OUTPUT:
            return attribute
        table = self._table

        def output(*args: Any) -> None:
            if table._in_host_thread():
                attribute(*args)
            else:
                table._post(functools.partial(attribute, *args))

        return output


MAX_REFUSED = 5
"""Lines a remote seat may type in one turn that make no move (refused, or
asking for help); then the computer makes the move for it."""

ECHO = 24
"""The longest line of a remote seat shown to the others as typed; a longer
one is shown as its move spelled, or, refused, cut to this and ``…``."""


def password_bytes(password: str) -> bytes:
    """Return `password` as the bytes it is compared as (lone surrogates kept)."""
    return password.encode("utf-8", "surrogatepass")


@dataclass
class Seat:
    """One seat of a table and who plays it."""

    number: int
    """The seat number."""
    player: str
    """`PERSON` (the host), `REMOTE` or `COMPUTER`."""
    channel: Channel | None = None
    """A remote seat's transcript."""
    name: str | None = None
    """The name its player took."""
    token: str | None = None
    """A remote seat's secret, issued when it is taken."""
    connection: Connection | None = None
    """A remote seat's client, while connected."""
    lost_at: float | None = None
    """When its client was lost (`time.monotonic`), while it is away."""
    left: bool = False
    """Whether its player left for good."""
    computer: Computer[Any, Any] | None = None
    """The computer that plays it: from the start, or once its player is gone."""
    replaced: bool = False
    """Whether the computer took it from a player who left."""
    console: Console[Any, Any] | None = None
    """The console rendering what this seat sees (remote seats)."""
    computer_moved: bool = False
    """Whether the computer made the seat's last move."""
    deadline: float | None = None
    """When its turn times out (`time.monotonic`), once it has been asked."""
    refusals: int = 0
    """Lines it typed this turn that made no move."""
    keyboard: bool = False
    """Whether its client types at a keyboard (its hello says so): then it
    is coached aside, as local play coaches a person, asked before a line
    that may not mean what it says, and shows ``help`` itself."""

    @property
    def label(self) -> str:
        """The seat's name in the game's text: ``Player 1``."""
        return _("Player {seat}").format(seat=self.number)

    @property
    def title(self) -> str:
        """``alice (Player 1)``, or ``Player 1`` for a player with no name of theirs."""
        if self.name in (None, self.label):
            return self.label
        # Translators: the name a player took, and their seat's: alice (Player 1).
        return _("{name} ({player})").format(name=self.name, player=self.label)


class _TableSeat:
    """What the driver needs of each seat at a table, whose moves the table finds.

    It is at the front end: the table shows each move itself, on every
    console, whoever made it.
    """

    at_frontend = True

    def __init__(self, table: HostedGame) -> None:
        self._table = table

    def refused(self, error: IllegalMoveError) -> None:
        """A person tries again; the computer's refused move stops the game."""
        self._table.refused(error)


T = TypeVar("T")


class HostedGame:
    """One game played by clients over the network, and perhaps the host.

    Args:
        spec: the game (`common.engine.spec.GameSpec`).
        new_console: makes the console of each seat played from afar, of the
            watchers and of the host (a `common.console.console.ConsoleFactory`,
            such as the game's program's ``new_console``).
        settings: the game's settings.
        names: each seat's strategy name, None for a person's seat.
        dealer: deals the game.
        seed: the ``--seed`` (the computer's moves are seeded from it).
        password: what every client's hello must hold.
        history: where the hand history goes (None: nowhere).
        header_options: the history header's options.
        host_seat: the seat the host plays at its own terminal (None: none).
        host_name: the host's name at the table.
        host_shown: the seats whose hidden cards the host's console shows.
        grace: seconds a lost player's seat waits for them.
        turn_timeout: seconds a remote player has for each move.
        notify: prints a line of news for the host (None: nowhere), given
            the prompt the host's terminal is waiting at, if any.
    """

    def __init__(self, spec: GameSpec[Any], new_console: ConsoleFactory,
                 settings: Settings, names: Sequence[str | None], *, dealer: Dealer,
                 seed: int | None, password: str, grace: float, turn_timeout: float,
                 history: HistoryWriter | None = None,
                 header_options: dict[str, Any] | None = None,
                 host_seat: int | None = None, host_name: str | None = None,
                 host_shown: Collection[int] | None = None,
                 notify: Callable[[str, str | None], None] | None = None,
                 hint: bool = False) -> None:
        """Set the table: the game waits for its players once `run`."""
        self._spec = spec
        self._new_console = new_console
        self._hint = hint
        self.game: str = spec.name
        self._settings = settings
        self._names = list(names)
        self._dealer = dealer
        self._seed = seed
        self._password = password
        self._history = history
        self._header_options = header_options or {}
        self._host_shown = host_shown
        self.grace = grace
        self.turn_timeout = turn_timeout
        self._notify = notify
        self._host_prompt: str | None = None
        self._lock = threading.RLock()
        # Set when what the game waits for may have come (a line, a player),
        # or a deadline (`_until`).
        self._changed = asyncio.Event()
        self._alarm: asyncio.TimerHandle | None = None
        self._alarm_at = 0.0  # its deadline (time.monotonic)
        # What only the thread that runs the table (`run`) may do: use the
        # host's terminal.  A new queue each run.
        self._jobs: queue.SimpleQueue[_Job | None] = queue.SimpleQueue()
        self._host_thread: int | None = None
        self._server: Server | None = None
        self._seats: list[Seat] = []
        for number, strategy in enumerate(self._names):
            if strategy is not None:
                seat = Seat(number, COMPUTER, computer=computer(
                    strategy, spec.factories(settings), seed, number))
            elif number == host_seat:
                seat = Seat(number, PERSON, name=host_name)
            else:
                seat = Seat(number, REMOTE)
            self._seats.append(seat)
        self._watchers: list[Connection] = []
        self._spectators: Channel | None = None
        self._consoles: list[Console[Any, Any]] = []
        self._host_console: Console[Any, Any] | None = None
        self._game: Game[Any, Any] | None = None
        self._asks = 0
        # The legal moves last spelled, and how: (console, moves, lines).
        self._spelling: tuple[Console[Any, Any], Sequence[Any], list[str]] | None = None
        self._watch_tokens = 0.0
        self._watch_refilled = time.monotonic()
        self._started = False
        self._over = False
        self._closed: str | None = None

    def set_history(self, history: HistoryWriter | None,
                    header_options: dict[str, Any]) -> None:
        """Write the hand history to `history`, with `header_options` in its header."""
        self._history = history
        self._header_options = header_options

    def attach(self, server: Server) -> None:
        """Serve the table from `server` (before it starts)."""
        self._server = server
        for seat in self._seats:
            if seat.player == REMOTE:
                seat.channel = Channel(server, self._lock)
        # Watchers are sent a recent tail only: nothing older is kept for them.
        self._spectators = Channel(server, self._lock, server.limits.watch_keep)
        self._watch_tokens = float(server.limits.watch_burst)

    @property
    def remote_seats(self) -> list[int]:
        """The seats played by clients."""
        return [seat.number for seat in self._seats if seat.player == REMOTE]

    # The game: a task of the server's loop.

    def run(self, terminal: Terminal | None = None) -> None:
        """Wait for the players, play the game, and close the table.

        The game runs in the server's loop (`play`); this thread reads the
        host's `terminal` (its seat, or what it watches), if any, when the
        game asks.  So a signal here (Ctrl-C) stops the game, and the host's
        line editing is this thread's (readline's is the main thread's).

        Raises:
            GameClosed: when the table is closed before the game ends.
            common.console.terminal.EndOfInput: when the host's own input ends.
            common.engine.seats.IllegalComputerMove: as `common.engine.driver.play`.
        """
        reason = END_OVER
        assert self._server is not None, "attach the table to a server first"
        jobs = self._jobs = queue.SimpleQueue()
        self._host_thread = threading.get_ident()
        done: concurrent.futures.Future[None] | None = None
        try:
            done = self._server.submit(self.play(terminal))
            done.add_done_callback(lambda _done: jobs.put(None))
            while (job := jobs.get()) is not None:
                job.do()
            done.result()
        except BaseException as error:
            reason = end_reason(error)
            raise
        finally:
            self.close(reason)
            if done is not None:
                done.cancel()
            # What the game printed before it stopped reaches the terminal too.
            while True:
                try:
                    job = jobs.get_nowait()
                except queue.Empty:
                    break
                if job is not None and job.output:
                    with contextlib.suppress(Exception):
                        job.do()

    async def play(self, terminal: Terminal | None = None) -> None:
        """Wait for the players, play the game, and close the table, in the loop.

        A task of the server's loop, as many tables as it serves; with a
        host's `terminal`, through `run` only, whose thread reads it.

        Raises:
            GameClosed: when the table is closed before the game ends.
            common.engine.seats.IllegalComputerMove: as `common.engine.driver.play`.
        """
        reason = END_OVER
        try:
            await self._wait_for_players()
            await self._play(terminal)
        except BaseException as error:
            reason = end_reason(error)
            raise
        finally:
            if self._alarm is not None:
                self._alarm.cancel()
                self._alarm = None
            self.close(reason)

    async def _on_host(self, call: Callable[[], T]) -> T:
        """Return what `call` returns, called in the thread that runs the table.

        For the host's terminal: its reads block, and its line editing
        (readline) is the main thread's alone.  A signal there (Ctrl-C)
        leaves `call` unfinished: `run` then cancels the game.
        """
        job: concurrent.futures.Future[T] = concurrent.futures.Future()

        def do() -> None:
            if job.set_running_or_notify_cancel():
                try:
                    job.set_result(call())
                except Exception as error:  # noqa: BLE001 - the game's to raise
                    job.set_exception(error)

        self._jobs.put(_Job(do, output=False))
        return await asyncio.wrap_future(job)

    def _post(self, output: Callable[[], None]) -> None:
        """Have the thread that runs the table print `output`, after its other jobs."""
        self._jobs.put(_Job(output, output=True))

    def _in_host_thread(self) -> bool:
        return threading.get_ident() == self._host_thread

    def _poke(self) -> None:
        """Wake the game to look again at what it waits for (from any thread)."""
        if self._server is not None:
            self._server.call(self._changed.set)

    async def _until(self, deadline: float | None) -> None:
        """Wait to be poked (`_poke`), or until `deadline` (`time.monotonic`).

        Maybe sooner: the table keeps one alarm, set again only when a
        deadline comes before it.  A turn's deadline comes after the last
        one's, so an alarm rings about once a turn timeout, not once a move
        (a timer set and cancelled stays in the loop's heap of timers until
        its time: a turn timeout's worth of moves at every table).
        """
        if deadline is not None and (self._alarm is None
                                     or deadline < self._alarm_at):
            if self._alarm is not None:
                self._alarm.cancel()
            self._alarm_at = deadline
            self._alarm = asyncio.get_running_loop().call_later(
                max(0.0, deadline - time.monotonic()), self._ring)
        await self._changed.wait()

    def _ring(self) -> None:
        self._alarm = None
        self._changed.set()

    async def _wait_for_players(self) -> None:
        with self._lock:
            if not self._ready():
                self._say(self._waiting())
        while True:
            self._changed.clear()
            with self._lock:
                if self._ready():
                    self._started = True
                    break
                if self._closed is not None:
                    raise GameClosed(self._closed)
            await self._until(None)
        self._news(_("the game begins"))

    def _ready(self) -> bool:
        if any(seat.connection is None for seat in self._seats
               if seat.player == REMOTE):
            return False
        # A table of computers alone waits for someone to watch it.
        return any(seat.player != COMPUTER for seat in self._seats) or \
            bool(self._watchers)

    def _waiting(self) -> str:
        free = sum(seat.connection is None for seat in self._seats
                   if seat.player == REMOTE)
        if free:
            return ngettext("waiting for {count} more player",
                            "waiting for {count} more players", free).format(count=free)
        return _("waiting for someone to watch")

    async def _play(self, terminal: Terminal | None) -> None:
        spec, settings, new_console = self._spec, self._settings, self._new_console
        hidden = spec.hidden_cards
        history = self._history
        if history is not None:
            records = seat_records(self._names, [seat.name or seat.label
                                                 for seat in self._seats])
            for record, seat in zip(records, self._seats, strict=True):
                record["player"] = seat.player
            history.header(spec.name, version(), self._header_options, records)
            self._dealer.on_deck = history.record_deck
        game = self._game = spec.new_game(settings, self._dealer)
        if terminal is not None:
            shown = self._host_shown if hidden else None
            self._host_console = new_console(
                game, cast(Terminal, _HostTerminal(terminal, self)), settings,
                shown, None, self._hinted(shown))
            self._consoles.append(self._host_console)
        for seat in self._seats:
            if seat.channel is not None:
                shown = frozenset({seat.number}) if hidden else None
                seat.console = new_console(
                    game, channel_terminal(seat.channel), settings, shown, None,
                    self._hinted(shown))
                seat.console.terminal.interactive = seat.keyboard
                self._consoles.append(seat.console)
        assert self._spectators is not None
        shown = frozenset() if hidden else None
        self._consoles.append(new_console(
            game, channel_terminal(self._spectators), settings, shown, None,
            self._hinted(shown)))
        turns = Turns(game, [_TableSeat(self) for _ in self._seats], self,
                      [history.listen(lambda: game.is_over)]
                      if history is not None else [])
        while (number := turns.next_seat()) is not None:
            while True:
                try:
                    move = await self.move(number, turns.views[number])
                except IllegalMoveError as error:
                    turns.refuse(number, error)
                    continue
                if turns.offer(number, move):
                    break
        self._over = True

    def _hinted(self, shown: Collection[int] | None) -> frozenset[int]:
        """The seats a console showing `shown` hints (none without ``--hint``)."""
        return hinted_seats(self._names, shown) if self._hint else frozenset()

    async def move(self, number: int, view: Callable[[], Any]) -> Any:
        """Return seat `number`'s move: its player's line, parsed, or the computer's.

        A line asking for help is no move: every console shows the help, and
        the seat is asked again.  So is a line its player did not confirm
        (`common.console.console.Console.doubt`).
        """
        coached = False
        while True:
            self._settle_seats()
            seat = self._seats[number]
            seat.computer_moved = False
            if seat.player == COMPUTER or seat.replaced:
                return await self._computer_move(seat, view)
            if seat.player == REMOTE and seat.refusals >= MAX_REFUSED:
                news = ngettext("{player} typed {count} line that made no move: the "
                                "computer moves for them.",
                                "{player} typed {count} lines that made no move: the "
                                "computer moves for them.", MAX_REFUSED)
                self._announce(news.format(player=seat.label, count=MAX_REFUSED))
                return await self._computer_move(seat, view)
            typed = await self._read(seat, coach=not coached)
            coached = True
            if typed is None:
                return await self._computer_move(seat, view)
            line, console = typed
            if line is None:  # a line its player did not mean as a move
                seat.refusals += 1
                continue
            if seat.player == PERSON:
                if not console.wants_help(line):
                    self._typed(number, line, console)
                    return console.parse(line, number)
                if not console.help_aside:
                    self._typed(number, line, console)
            else:
                seat.refusals += 1  # given back by a move the game takes
                move = self._remote_line(seat, line, console)
                if move is QUIT:
                    # At a table, quit leaves the seat; only the host ends the game.
                    self._leave_seat(seat)
                    continue
                if move is not None:
                    return move
            if console.help_aside:
                console.show_help(number)
            else:
                for shown in self._consoles:
                    shown.show_help(number)

    async def _read(self, seat: Seat, *, coach: bool = True
                    ) -> tuple[str | None, Console[Any, Any]] | None:
        """Return the line a person typed at `seat`, and the console it came from.

        None when the computer is to move for the seat instead: its player
        took too long, or is gone.  The line is None when its player, asked
        at a keyboard whether they meant it (`common.console.console.Console.doubt`),
        said no.  With `coach`, a remote player at a keyboard is coached first.
        """
        number = seat.number
        if coach:
            self._waiting_for(seat)
        if seat.player == PERSON:
            console = self._host_console
            if console is None:
                raise RuntimeError("the host plays a seat but has no terminal")
            if coach:
                console.coach(number)
            self._host_prompt = console.prompt(number)
            try:
                line = await self._on_host(lambda: console.read_line(number))
                question = self._doubt(console, number, line)
                if question is not None and not await self._on_host(
                        functools.partial(console.terminal.confirm, question)):
                    return None, console
                return line, console
            finally:
                self._host_prompt = None
        remote = seat.console
        assert remote is not None
        if coach:
            remote.coach(number)
        if self._hint:
            # A hint is the computer thinking (the expert, maybe): off the loop.
            await asyncio.get_running_loop().run_in_executor(
                None, remote.before_prompt, number)
        else:
            remote.before_prompt(number)
        prompt = remote.prompt(number)
        game = self._game
        assert game is not None
        moves = self._spelled(remote, game.legal_moves())
        shown_help = remote.help_text(number) if seat.keyboard else None
        while True:
            try:
                line = await self._ask(seat, prompt, moves, shown_help)
                question = self._doubt(remote, number, line)
                if question is not None and not is_yes(
                        await self._ask(seat, question, ["y", "n"], aside=True)):
                    return None, remote
                return line, remote
            except _TurnTimedOut:
                # Translators: {duration} is a number of seconds: 30 seconds.
                news = _("{player} did not move in {duration}: the computer moves "
                         "for them.")
                self._announce(news.format(player=seat.label,
                                           duration=seconds(self.turn_timeout)))
                return None
            except _SeatVacated:
                self._settle_seats()
                if seat.replaced:
                    return None
                # Back just in time: ask again.

    def _spelled(self, console: Console[Any, Any], legal: Sequence[Any]) -> list[str]:
        """Return the lines that name the `legal` moves, as `console` spells them.

        Spelled again only when the moves are not the very ones spelled last
        (a move's line depends on the move alone): Red Dog offers the same
        bets round after round.
        """
        last = self._spelling
        if last is not None and last[0] is console and len(last[1]) == len(legal) \
                and all(map(operator.is_, last[1], legal)):
            return last[2]
        lines = [console.spell(move) for move in legal]
        self._spelling = (console, legal, lines)
        return lines

    @staticmethod
    def _doubt(console: Console[Any, Any], number: int, line: str) -> str | None:
        # What to ask before `line` is a move: nothing of a line asking for help.
        return None if console.wants_help(line) else console.doubt(number, line)

    def _waiting_for(self, seat: Seat) -> None:
        """Tell the other people at keyboards, aside, whose move the game waits for."""
        channels = [other.channel for other in self._seats
                    if other is not seat and other.keyboard and not other.replaced
                    and other.channel is not None]
        host = self._host_console
        if host is not None and (seat.player == PERSON
                                 or not host.terminal.interactive):
            host = None  # the host is the one moving, or not at a keyboard
        if not channels and host is None:
            return  # most often, with clients that are programs: no text to make
        text = _("Waiting for {player} to move…").format(player=seat.title)
        for channel in channels:
            channel.write_aside(text + "\n")
        if host is not None:
            host.terminal.aside(text)

    def _remote_line(self, seat: Seat, line: str,
                     console: Console[Any, Any]) -> Any:
        """Show and record a remote seat's `line`; return its move (None: help).

        A long line is shown short (`ECHO`): a refused one cannot fill other
        screens or the history, nor, padded, pass for a line of the game.

        Raises:
            common.engine.game.IllegalMoveError: when it names no move.
        """
        number = seat.number
        if console.wants_help(line):
            if not console.help_aside:
                self._typed(number, line if len(line) <= ECHO else line.strip(),
                            console)
            return None
        try:
            move = console.parse(line, number)
        except IllegalMoveError as error:
            if len(line) <= ECHO:
                self._typed(number, line, console)
                raise
            # Refused as its short form, which the history replays the same.
            short = " ".join(line.split())[:ECHO] + "…"
            self._typed(number, short, console)
            try:
                console.parse(short, number)
            except IllegalMoveError as refusal:
                raise refusal from None
            raise error from None
        self._typed(number, line if len(line) <= ECHO else console.spell(move),
                    console)
        return move

    def _leave_seat(self, seat: Seat) -> None:
        with self._lock:
            seat.left = True
            connection = seat.connection
            if connection is None or self._server is None:
                return
            # Now: the end of the game, however soon, is no more its news.
            if seat.channel is not None:
                seat.channel.unfollow(connection)
        self._server.call_soon(connection.end, "left")

    def refused(self, error: IllegalMoveError) -> None:
        """Note a refused move: the computer's stops the game."""
        game = self._game
        number = game.current_seat if game is not None else None
        if number is not None:
            seat = self._seats[number]
            if seat.computer_moved and seat.computer is not None:
                seat.computer.refused(error)

    async def _computer_move(self, seat: Seat, view: Callable[[], Any]) -> Any:
        game = self._game
        assert game is not None
        if seat.computer is None:
            seat.computer = computer(SMART, self._spec.factories(self._settings),
                                     self._seed, seat.number)
        if seat.player != COMPUTER and self._nobody_left() \
                and QUIT in game.legal_moves():
            # Nobody is left to play against: the game ends where it can.
            move: Any = QUIT
        else:
            # Off the loop: a computer that thinks (Big Two's expert) holds up
            # no other table, nor the clients' messages.  Nothing else
            # touches the game meanwhile: the table waits for this move.
            move = await asyncio.get_running_loop().run_in_executor(
                None, seat.computer.choose, seat.number, view)
        seat.computer_moved = True
        self.show_move(seat.number, move)
        return move

    def _nobody_left(self) -> bool:
        return not any(seat.player == PERSON or (seat.player == REMOTE and not
                                                 seat.replaced)
                       for seat in self._seats)

    async def _ask(self, seat: Seat, prompt: str, moves: list[str],
                   shown_help: str | None = None, *, aside: bool = False) -> str:
        # Put a prompt up (see Ask) and wait for the seat's answer.
        channel = seat.channel
        assert channel is not None
        with self._lock:
            self._asks += 1
            ask = Ask(self._asks, prompt, moves, shown_help, aside)
            channel.set_ask(ask)
            if seat.deadline is None:
                seat.deadline = time.monotonic() + self.turn_timeout
            deadline = seat.deadline
        try:
            while True:
                self._changed.clear()
                with self._lock:
                    if ask.answer is not None:
                        return ask.answer
                    if self._closed is not None:
                        raise GameClosed(self._closed)
                    now = time.monotonic()
                    if seat.left:
                        raise _SeatVacated
                    until = deadline
                    if seat.connection is None and seat.lost_at is not None:
                        until = min(until, seat.lost_at + self.grace)
                        if now >= seat.lost_at + self.grace:
                            raise _SeatVacated
                    if now >= deadline:
                        raise _TurnTimedOut
                await self._until(until)
        finally:
            if ask.answer is None and channel.ask is ask:
                channel.set_ask(None)

    def _typed(self, number: int, line: str, source: Console[Any, Any]) -> None:
        # The record first: what happened is written down even if showing fails.
        if self._history is not None:
            self._history.typed(number, line)
        for console in self._consoles:
            if console is not source:
                console.before_prompt(number)
                console.terminal.say(console.prompt(number), line)

    def _settle_seats(self) -> None:
        """Hand the seats of players gone for good to the computer, and say so."""
        gone: list[tuple[Seat, str]] = []
        with self._lock:
            now = time.monotonic()
            for seat in self._seats:
                if seat.player != REMOTE or seat.replaced:
                    continue
                if seat.left:
                    news = _("{player} has left the table: the computer plays for "
                             "them from now on.").format(player=seat.label)
                elif seat.connection is None and seat.lost_at is not None and \
                        now - seat.lost_at >= self.grace:
                    # Translators: {duration} is a number of seconds: 60 seconds.
                    news = _("{player} did not come back in {duration}: the computer "
                             "plays for them from now on.").format(
                                 player=seat.label, duration=seconds(self.grace))
                else:
                    continue
                seat.replaced = True
                gone.append((seat, news))
        for seat, news in gone:
            if seat.console in self._consoles:
                self._consoles.remove(seat.console)
            self._announce(news)

    def _announce(self, text: str) -> None:
        # A line in every transcript and in the history, which --replay prints.
        if self._history is not None:
            self._history.note(text)
        for console in self._consoles:
            console.print_msg(text)

    # The driver's front end (common.engine.driver.Frontend): every console is told.

    def begin_turn(self, seat: int) -> None:
        """Show each console's table to the seat whose turn begins.

        The turn has one deadline, and a few lines that make no move.
        """
        self._seats[seat].deadline = None
        self._seats[seat].refusals = 0
        self._tell(lambda console: console.begin_turn(seat))

    def show_move(self, seat: int, move: Any) -> None:
        """Show a move the computer made, after its prompt, on every console."""
        if self._history is not None and self._consoles:
            self._history.typed(seat, self._consoles[0].spell(move))
        self._tell(lambda console: console.show_move(seat, move))

    def refuse(self, seat: int, error: IllegalMoveError) -> None:
        """Say on every console that the move was refused."""
        self._tell(lambda console: console.refuse(seat, error))

    def on_events(self, events: Sequence[Event]) -> None:
        """Print the events on every console."""
        self._tell(lambda console: console.on_events(events))

    def _tell(self, tell: Callable[[Console[Any, Any]], None]) -> None:
        # Every console in turn, the game unchanged meanwhile: those showing
        # the same cards share the text they make (common.console.sharing).
        with sharing():
            for console in self._consoles:
                tell(console)

    # The server's thread (common.net.server.Host).

    def check_password(self, password: str) -> bool:
        """Whether `password` is the table's, compared as bytes in constant time."""
        return hmac.compare_digest(password_bytes(password),
                                   password_bytes(self._password))

    def holds_token(self, token: str) -> bool:
        """Whether `token` holds a seat its player may take back."""
        with self._lock:
            seat = self._token_seat(token)
            return seat is not None and not (seat.left or seat.replaced)

    def _token_seat(self, token: str) -> Seat | None:
        given = password_bytes(token)
        for seat in self._seats:
            if seat.token is not None and hmac.compare_digest(
                    seat.token.encode(), given):
                return seat
        return None

    def warn(self, text: str) -> None:
        """Tell the host of an attack on the table (wrong passwords)."""
        self._say(text)

    def admit(self, connection: Connection, hello: Message) -> None:
        """Seat or watch `connection` as its hello asks, and welcome it.

        The server has checked its password (`check_password`).

        Raises:
            common.net.server.Refusal: for a full table, a seat not free, a
                token that holds no seat, watchers joining too fast...
            common.net.protocol.ProtocolError: for a hello with bad fields.
        """
        role = field(hello, "role", str)
        name = field(hello, "name", str, optional=True)
        token = field(hello, "token", str, optional=True)
        wanted = field(hello, "seat", int, optional=True)
        keyboard = field(hello, "keyboard", bool, optional=True) is True
        if role not in ("play", "watch"):
            raise ProtocolError("role is play or watch")
        with self._lock:
            if self._over:
                raise Refusal(_("the game is over"))
            if self._closed is not None:
                raise Refusal(_("the table has closed"))
            if role == "watch":
                self._watch(connection)
            elif token is not None:
                self._come_back(connection, token, keyboard)
            else:
                if name is not None and (problem := name_problem(name)) is not None:
                    raise Refusal(problem)
                self._take_seat(connection, wanted, name, keyboard)
            self._poke()

    def _welcome(self, connection: Connection, seat: Seat | None) -> None:
        message: Message = {
            "type": "welcome", "protocol": PROTOCOL, "game": self.game,
            "role": "watch" if seat is None else "play",
            "seats": len(self._seats), "started": self._started,
            "grace": self.grace, "turn_timeout": self.turn_timeout}
        if seat is not None:
            message.update(seat=seat.number, name=seat.name, token=seat.token)
        connection.send(message)

    def _watch(self, connection: Connection) -> None:
        assert self._server is not None and self._spectators is not None
        limits = self._server.limits
        if len(self._watchers) >= limits.max_watchers:
            raise Refusal(_("the table has all the watchers it takes"))
        now = time.monotonic()
        self._watch_tokens = min(self._watch_tokens + (now - self._watch_refilled)
                                 * limits.watch_rate, limits.watch_burst)
        self._watch_refilled = now
        if self._watch_tokens < 1:
            raise Refusal(_("too many watchers joining: try again in a few seconds"))
        self._watch_tokens -= 1
        self._watchers.append(connection)
        connection.seat = None
        self._welcome(connection, None)
        # The recent tail only: a join costs the players little, however long
        # the game has been.
        self._spectators.follow(connection, limits.watch_keep)

    def _take_seat(self, connection: Connection, wanted: int | None,
                   name: str | None, keyboard: bool) -> None:
        if self._started:
            raise Refusal(_("the table is full: the game has begun"))
        free = [seat for seat in self._seats
                if seat.player == REMOTE and seat.token is None]
        if wanted is not None:
            if not 0 <= wanted < len(self._seats):
                raise Refusal(_("there is no seat {seat}").format(seat=wanted))
            seat = self._seats[wanted]
            if seat.player != REMOTE:
                refusal = (_("seat {seat} is played by the computer")
                           if seat.player == COMPUTER else
                           _("seat {seat} is played by the host"))
                raise Refusal(refusal.format(seat=wanted))
            if seat not in free:
                raise Refusal(_("seat {seat} is taken").format(seat=wanted))
        elif not free:
            raise Refusal(_("the table is full"))
        else:
            seat = free[0]
        # Hexadecimal: a URL-safe token may start with '-', which the
        # command line then reads as an option (--token -x... fails).
        seat.token = secrets.token_hex(16)
        seat.name = name or seat.label
        seat.connection = connection
        seat.keyboard = keyboard
        connection.seat = seat.number
        self._welcome(connection, seat)
        assert seat.channel is not None
        seat.channel.follow(connection)
        if self._ready():
            self._news(_("{player} took seat {seat}").format(player=seat.title,
                                                             seat=seat.number))
        else:
            # Translators: {waiting} is what the table waits for: "waiting for
            # 2 more players".
            self._news(_("{player} took seat {seat}; {waiting}").format(
                player=seat.title, seat=seat.number, waiting=self._waiting()))

    def _come_back(self, connection: Connection, token: str, keyboard: bool) -> None:
        seat = self._token_seat(token)
        if seat is None:
            raise Refusal(_("no seat at this table holds that token"))
        if seat.left or seat.replaced:
            raise Refusal(_("the computer plays that seat now"))
        assert seat.channel is not None
        old = seat.connection
        if old is not None:
            seat.channel.unfollow(old)
            old.drop(_("another connection took this seat with its token"))
        seat.connection = connection
        seat.lost_at = None
        seat.keyboard = keyboard
        if seat.console is not None:
            seat.console.terminal.interactive = keyboard
        connection.seat = seat.number
        self._welcome(connection, seat)
        seat.channel.follow(connection)
        self._news(_("{player} is back").format(player=seat.title))

    def receive(self, connection: Connection, message: Message) -> bool:
        """Act on a client's ``line`` or ``leave``; return whether it answered a prompt.

        A line that answers no prompt of the connection's own seat is refused
        with an ``error``, and the connection kept.

        Raises:
            common.net.server.Goodbye: after a ``leave``.
            common.net.protocol.ProtocolError: for any other message.
        """
        kind = message["type"]
        if kind == "leave":
            self._leave(connection)
            raise Goodbye
        if kind != "line":
            raise ProtocolError(f"no message of type {kind[:20]!r} after the hello")
        number = field(message, "ask", int)
        text = field(message, "text", str)
        with self._lock:
            seat = None if connection.seat is None else self._seats[connection.seat]
            channel = None if seat is None else seat.channel
            ask = None if channel is None else channel.ask
            if seat is None or channel is None or ask is None \
                    or seat.connection is not connection or ask.number != number \
                    or connection.ask_sent != number:
                connection.send({"type": "error",
                                 "text": _("no prompt of yours is waiting for that "
                                           "line")})
                return False
            problem = line_problem(text)
            if problem is not None:
                connection.send({"type": "error", "text": problem})
                return False
            channel.answer(connection, ask, text)
            self._poke()
            return True

    def _leave(self, connection: Connection) -> None:
        with self._lock:
            if connection.seat is None:
                return
            seat = self._seats[connection.seat]
            if seat.connection is not connection:
                return
            if not self._started:
                self._free(seat)
            elif not self._over:
                seat.left = True
            self._poke()

    def lost(self, connection: Connection) -> None:
        """`connection` has gone: its seat waits for it (or frees, before the game)."""
        with self._lock:
            if connection in self._watchers:
                self._watchers.remove(connection)
                if self._spectators is not None:
                    self._spectators.unfollow(connection)
                return
            if connection.seat is None:
                return
            seat = self._seats[connection.seat]
            if seat.connection is not connection:
                return
            seat.connection = None
            assert seat.channel is not None
            seat.channel.unfollow(connection)
            if self._closed is not None or self._over:
                return
            if not self._started:
                self._free(seat)
            elif not seat.left and not seat.replaced:
                seat.lost_at = time.monotonic()
                # Translators: {duration} is a number of seconds: 60 seconds.
                self._news(_("{player} lost the connection; the seat waits {duration} "
                             "for them").format(player=seat.title,
                                                duration=seconds(self.grace)))
            self._poke()

    def _free(self, seat: Seat) -> None:
        """Free the seat its player left before the game began, and say so."""
        title = seat.title
        if seat.connection is not None and seat.channel is not None:
            seat.channel.unfollow(seat.connection)
        seat.connection = None
        seat.token = None
        seat.name = None
        # Translators: {waiting} is what the table waits for: "waiting for 1 more
        # player".
        self._news(_("{player} left; {waiting}").format(player=title,
                                                       waiting=self._waiting()))

    def close(self, reason: str) -> None:
        """End the table: each client gets the rest of its transcript, then ``end``."""
        with self._lock:
            if self._closed is not None:
                return
            self._closed = reason
            channels = [seat.channel for seat in self._seats
                        if seat.channel is not None]
            for channel in [*channels, self._spectators]:
                if channel is not None:
                    channel.close(reason)
            self._poke()

    # News: what clients print on standard error, not in their transcripts.

    def _news(self, text: str) -> None:
        with self._lock:
            connections = [seat.connection for seat in self._seats
                           if seat.connection is not None] + list(self._watchers)
        if self._server is not None:
            for connection in connections:
                # From the loop, at once: before whatever the game writes next.
                self._server.call(connection.send, {"type": "notice", "text": text})
        self._say(text)

    def _say(self, text: str) -> None:
        if self._notify is not None:
            self._notify(text, self._host_prompt)
