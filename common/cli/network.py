"""Play across terminals: the ``--host``, ``--join`` and ``--watch`` options.

Every game has them (`common.cli.program.GameProgram` adds them to its command
line).  ``--host [ADDR:]PORT`` opens a table for the game on this machine
(`common.net.hosting`, served by `common.net.server`); ``--join HOST:PORT`` takes a
seat at one and ``--watch HOST:PORT`` follows one (`common.net.client`).  This
module reads the options, checks them (a bad one is one line and exit
status 2, before anything is opened) and starts the host or the client; the
networking itself is imported only then, so local play starts as fast.
"""

from __future__ import annotations

import sys
from collections.abc import Collection, Sequence
from typing import TYPE_CHECKING, Any, TextIO, cast

from common.cli.options import OptionParser, bad_value, history_options, int_in_range
from common.cli.run import run_console
from common.language import _
from common.process import complain

# A game that opens no table imports none of the rest (see common.lazy).
if TYPE_CHECKING:
    import argparse

    from common.console.console import ConsoleFactory
    from common.console.terminal import Terminal
    from common.engine.spec import GameSpec, Settings

DEFAULT_GRACE = 120
"""Seconds a lost player's seat waits for them before the computer takes it."""
DEFAULT_TURN_TIMEOUT = 120
"""Seconds a player at another terminal has for a move before the computer makes it."""
MAX_SECONDS = 24 * 60 * 60
"""The longest ``--grace`` or ``--turn-timeout``."""
DEFAULT_CONNECTIONS = 256
"""Clients a table holds at once without ``--max-connections``: the server's own
default (`common.net.server.Limits`), named here so that ``--help`` imports
no networking."""
MAX_CONNECTIONS = 10_000
"""The most ``--max-connections`` takes."""

_PASSWORD_LETTERS = "abcdefghijkmnpqrstuvwxyz23456789"  # none to mistake for another
_NETWORK = ("host", "join", "watch", "seat", "name", "password", "token", "grace",
            "turn_timeout", "max_connections")
_CLIENT = ("join", "watch", "seat", "name", "password", "token", "tui", "lang")


def add_network_options(parser: argparse.ArgumentParser) -> None:
    """Add the options of playing across terminals to `parser`."""
    group = parser.add_argument_group(
        _("playing across terminals"),
        _("Open a table on this machine with --host; friends take its seats with "
          "--join and follow it with --watch (see docs/protocol.md)."))
    group.add_argument("--host", metavar="[ADDR:]PORT",
                       help=_("open a table for this game on PORT, at ADDR "
                              "(default 127.0.0.1, this machine only; 0.0.0.0 for "
                              "every network); the game options apply"))
    group.add_argument("--join", metavar="HOST:PORT",
                       help=_("take a seat at the table at HOST:PORT"))
    group.add_argument("--watch", metavar="HOST:PORT",
                       help=_("follow the table at HOST:PORT, seeing only the cards "
                              "face up"))
    group.add_argument("--seat", type=int_in_range(0, 999), metavar="N",
                       help=_("with --host: play seat N at this terminal; with "
                              "--join: ask for seat N (default: the first free one)"))
    group.add_argument("--name", metavar="NAME",
                       help=_("your name at the table (default: your seat's name)"))
    group.add_argument("--password", metavar="WORD",
                       help=_("the table's password (--host makes one up and prints "
                              "it when not given)"))
    group.add_argument("--token", metavar="TOKEN",
                       help=_("with --join: take back your seat after losing the "
                              "connection, with the token you were given"))
    group.add_argument("--grace", type=int_in_range(0, MAX_SECONDS), metavar="SECONDS",
                       help=_("with --host: how long the seat of a player whose "
                              "connection is lost waits for them before the computer "
                              "takes it (default {seconds})").format(
                                  seconds=DEFAULT_GRACE))
    group.add_argument("--turn-timeout", type=int_in_range(1, MAX_SECONDS),
                       metavar="SECONDS",
                       help=_("with --host: how long a player at another terminal has "
                              "for a move before the computer makes it for them "
                              "(default {seconds})").format(
                                  seconds=DEFAULT_TURN_TIMEOUT))
    group.add_argument("--max-connections", type=int_in_range(1, MAX_CONNECTIONS),
                       metavar="N",
                       help=_("with --host: how many players and watchers the table "
                              "holds at once; more are refused, but a player coming "
                              "back with a token never is (default {count})").format(
                                  count=DEFAULT_CONNECTIONS))


def _given(parser: OptionParser, options: argparse.Namespace, dest: str) -> bool:
    return getattr(options, dest, None) not in (None, False, parser.get_default(dest))


def check_options(parser: OptionParser, options: argparse.Namespace) -> None:
    """Refuse what does not go with ``--host``, ``--join`` or ``--watch`` (exit 2).

    ``--join`` and ``--watch`` take the table's game: no option that shapes
    a game.  ``--host`` takes them all, but not ``--replay`` or ``--simulate``.
    """
    modes = [dest for dest in ("host", "join", "watch")
             if getattr(options, dest, None) is not None]
    if len(modes) > 1:
        parser.error(_("{option} and {other} go alone: give one of them").format(
            option=f"--{modes[0]}", other=f"--{modes[1]}"))
    mode = modes[0] if modes else None
    if mode is None:
        for dest in _NETWORK:
            if not _given(parser, options, dest):
                continue
            if dest in ("grace", "turn_timeout", "max_connections"):
                needs = _("{option} needs --host")
            elif dest == "token":
                needs = _("{option} needs --join")
            elif dest in ("seat", "name"):
                needs = _("{option} needs --host or --join")
            else:
                needs = _("{option} needs --host, --join or --watch")
            parser.error(needs.format(option=parser.flag(dest)))
        return
    from common.net.protocol import MIN_PASSWORD, name_problem, split_address

    if mode == "host":
        for dest in ("replay", "simulate", "jobs", "token"):
            if _given(parser, options, dest):
                parser.error(_("--host opens a table to play: it takes no {option}")
                             .format(option=parser.flag(dest)))
        if options.name is not None and options.seat is None:
            parser.error(_("--name with --host names the host's seat: give --seat "
                           "too"))
    else:
        for dest in vars(options):
            if dest not in _CLIENT and _given(parser, options, dest):
                # Translators: {mode} is --join or --watch.
                parser.error(_("{mode} plays the table's game: it takes no {option}")
                             .format(mode=f"--{mode}", option=parser.flag(dest)))
        if options.password is None:
            # Translators: {mode} is --join or --watch.
            parser.error(_("{mode} needs the table's --password (its host printed "
                           "it)").format(mode=f"--{mode}"))
        if mode == "watch":
            for dest in ("seat", "name", "token"):
                if _given(parser, options, dest):
                    parser.error(_("--watch takes no seat: it takes no {option}")
                                 .format(option=parser.flag(dest)))
        if options.token is not None and options.seat is not None:
            parser.error(_("--token takes back the seat it was given for: it takes "
                           "no --seat"))
    if options.name is not None and (problem := name_problem(options.name)):
        parser.error(bad_value("--name", problem))
    if options.password is not None:
        # A table's password is long enough to guess at a slow pace only; a
        # client takes whatever its host chose.
        shortest = MIN_PASSWORD if mode == "host" else 1
        if not shortest <= len(options.password) <= 200:
            parser.error(_("argument --password: {shortest} to 200 characters")
                         .format(shortest=shortest))
    try:
        split_address(getattr(options, mode),
                      default_host="127.0.0.1" if mode == "host" else None)
    except ValueError as error:
        parser.error(bad_value(f"--{mode}", str(error)))


def is_client(options: argparse.Namespace) -> bool:
    """Whether the options ask to join or watch a table."""
    return options.join is not None or options.watch is not None


def run_client(game: str, options: argparse.Namespace,
               terminal: Terminal | None = None) -> int:
    """Join or watch the table of `game` the options name; return the exit status."""
    from common.net.client import Client
    from common.net.protocol import join_address, split_address

    role, address = ("play", options.join) if options.join is not None \
        else ("watch", options.watch)
    host, port = split_address(address)

    def connect(terminal: Terminal) -> int:
        stdin = sys.stdin
        fd = None
        if stdin is not None:
            try:
                fd = stdin.fileno()
            except (OSError, ValueError):
                fd = None
        client = Client(game, game, host, port, role=role,
                        password=options.password, name=options.name,
                        seat=options.seat, token=options.token, terminal=terminal,
                        stdin_fd=fd, interactive=sys.stdout is not None
                        and sys.stdout.isatty())
        return client.run()

    def connect_window(terminal: Terminal) -> int:
        import io

        from common.console.terminal import Terminal
        from common.tui.remote import TableWindow

        # Translators: the title of the window of a table: "bigtwo at HOST:PORT".
        window = TableWindow(_("{game} at {address}").format(
            game=game, address=join_address(host, port)), game)
        shown = Terminal(io.BytesIO(), cast(TextIO, window.transcript), echo=False,
                         stderr=cast(TextIO, window.asides))
        client = Client(game, game, host, port, role=role,
                        password=options.password, name=options.name,
                        seat=options.seat, token=options.token, terminal=shown,
                        lines=window.lines, stderr=cast(TextIO, window.asides))
        return window.play(client.run, client.stop)

    return run_console(game, connect_window if options.tui else connect, terminal)


def make_password() -> str:
    """Return a new table password: ten letters and digits, about 50 bits."""
    import secrets

    return "".join(secrets.choice(_PASSWORD_LETTERS) for _ in range(10))


def run_host(spec: GameSpec[Any], new_console: ConsoleFactory, parser: OptionParser,
             options: argparse.Namespace, settings: Settings,
             names: Sequence[str | None], terminal: Terminal | None = None) -> int:
    """Open a table of `spec`'s game as the options say, play it; return the status.

    Each console at the table is made by `new_console` (the game's program's).

    The options are checked, the deck read and the port opened before the
    table waits for its players: a problem with any is one line, exit 2.
    """
    import random
    import socket

    from common.engine.dealer import Dealer
    from common.net.hosting import HostedGame
    from common.net.protocol import join_address, split_address
    from common.net.server import Limits, Server

    seats = spec.num_seats(settings)
    host_seat = options.seat
    if host_seat is not None:
        if host_seat >= seats:
            parser.error(_("argument --seat: {seat} is not a seat (0 to {last})")
                         .format(seat=host_seat, last=seats - 1))
        if names[host_seat] is not None:
            parser.error(_("argument --seat: the computer plays seat {seat}")
                         .format(seat=host_seat))
    shown: Collection[int] | None = None
    if spec.hidden_cards:
        shown = (parser.shown_seats(options, seats) if options.show is not None
                 else frozenset() if host_seat is None else frozenset({host_seat}))
    cards = parser.read_deck(options.deck)
    address, port = split_address(options.host, default_host="127.0.0.1")
    password = options.password or make_password()
    prog = spec.name

    def notify(text: str, prompt: str | None = None) -> None:
        # At a keyboard, news mid-prompt goes on a line of its own, and the
        # prompt is shown again below it.
        at_prompt = prompt is not None and sys.stdout is not None \
            and sys.stdout.isatty()
        if at_prompt:
            print(file=sys.stdout, flush=True)
        complain(prog, text)
        if at_prompt:
            print(prompt, end="", file=sys.stdout, flush=True)

    rng = random.Random(options.seed)
    dealer = Dealer(rng, spec.first_decks(cards, settings, rng))
    table = HostedGame(spec, new_console, settings, names, dealer=dealer,
                       seed=options.seed, password=password, host_seat=host_seat,
                       host_name=options.name, host_shown=shown,
                       grace=DEFAULT_GRACE if options.grace is None else options.grace,
                       turn_timeout=(DEFAULT_TURN_TIMEOUT
                                     if options.turn_timeout is None
                                     else options.turn_timeout),
                       notify=notify, hint=options.hint)
    limits = Limits() if options.max_connections is None else \
        Limits(max_connections=options.max_connections)
    server = Server(address, port, limits)
    table.attach(server)
    server.add(table)
    try:
        bound, port = server.start()
    except (OSError, UnicodeError) as error:
        parser.error(_("cannot open a table at {address}: {reason}").format(
            address=join_address(address, port),
            reason=getattr(error, "strerror", None) or error))
    try:
        history = parser.open_history(options.log)
    except BaseException:
        server.close(0)
        raise
    table.set_history(history, history_options(settings, options, shown))
    everywhere = bound in ("0.0.0.0", "::")
    joining = join_address(socket.gethostname() if everywhere else bound, port)
    opened = (_("a table for {game} at {address} (listening on every network), "
                "password {password}") if everywhere else
              _("a table for {game} at {address}, password {password}"))
    notify(opened.format(game=_(spec.title), address=joining, password=password))
    if table.remote_seats:
        notify(_("players join with: {command}").format(
            command=f"python3 -m {prog} --join {joining} --password {password}"))

    def play_table(terminal: Terminal) -> None:
        try:
            table.run(terminal)
        finally:
            server.close()

    return run_console(prog, play_table, terminal, history)
