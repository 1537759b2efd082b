"""The options every game shares, and the files they name.

`OptionParser` is the games' `argparse.ArgumentParser`: an error is one
line on standard error and exit status 2 (``docs/exit-statuses.md``), before
any play.  `make_parser`, `add_computer_options` and `add_show_option`
declare the shared options; `OptionParser.seat_strategies` and
`OptionParser.shown_seats` read them back; `OptionParser.read_deck` and
`OptionParser.open_history` open the files they name, so that a bad one
stops the program before it plays.
"""

from __future__ import annotations

import argparse
import contextlib
import errno
import os
import stat
import sys
from collections.abc import Callable, Collection, Iterator, Sequence
from typing import TYPE_CHECKING, Any, NoReturn, TextIO

from common.engine.seats import RANDOM, SMART, STRATEGY_NAMES
from common.language import ENGLISH, N_, _, ngettext, spoken
from common.process import EXIT_USAGE, write_stdout
from common.version import DISTRIBUTION, install_command, version

if TYPE_CHECKING:
    from common.cards.card import Card
    from common.engine.spec import Settings
    from common.history import HistoryWriter


class OptionError(ValueError):
    """A bad option, from `OptionParser.parse_strictly`."""


class OptionParser(argparse.ArgumentParser):
    """A program's options, read by argparse; an error is one line and status 2.

    It also reads the files the options name, so that a bad one stops the
    program before any play.  Every option is declared by its long name
    (``--turn-timeout`` stores in ``turn_timeout``), which `flag` relies on.
    """

    def __init__(self, prog: str, description: str | None = None) -> None:
        """Start the options of program `prog`, described by `description`."""
        super().__init__(prog=prog, description=description)
        self._inputs: list[tuple[str, tuple[int, int]]] = []
        self._strict = False
        self.strategy_names: tuple[str, ...] = STRATEGY_NAMES
        """The names ``--strategy`` takes (`add_computer_options` sets them)."""

    def error(self, message: str) -> NoReturn:
        """Print ``PROG: error: MESSAGE`` on standard error and exit with 2.

        Unlike argparse's, no usage comes first: one line says it all.
        Within `strictly` it raises `OptionError` instead.
        """
        if self._strict:
            raise OptionError(message)
        # Translators: the one line of a bad option or file, after the
        # program's name ("inbetween: error: ..."); {message} says what is wrong.
        said = _("error: {message}").format(message=message)
        self.exit(EXIT_USAGE, f"{self.prog}: {said}\n")

    @staticmethod
    def flag(dest: str) -> str:
        """Return the option string that stores in `dest` (``--turn-timeout``)."""
        return "--" + dest.replace("_", "-")

    def given_options(self, options: argparse.Namespace,
                      allowed: Sequence[str] = ()) -> list[str]:
        """Return the options (as ``--name``) whose values are not their defaults.

        In the order they were declared; `allowed` names the destinations
        not to list.
        """
        return [self.flag(dest) for dest, value in vars(options).items()
                if dest not in allowed and value != self.get_default(dest)]

    def print_help(self, file: Any = None) -> None:
        """Print the help on standard output (or the text stream `file`).

        Unlike argparse's, a help that cannot be written is an error.

        Raises:
            common.process.OutputError: when standard output is closed or
                cannot be written.
        """
        if file is None:
            write_stdout(self.format_help())
        else:
            file.write(self.format_help())

    @contextlib.contextmanager
    def strictly(self) -> Iterator[None]:
        """Raise `OptionError` for a bad option within, rather than exit.

        In the parse, and in any check of the options after it.
        """
        self._strict = True
        try:
            yield
        finally:
            self._strict = False

    def parse_strictly(self, args: Sequence[str]) -> argparse.Namespace:
        """Parse `args` as the command line, raising `OptionError` for a bad one."""
        with self.strictly():
            return self.parse_args(args)

    def read_deck(self, path: str | None) -> list[Card] | None:
        """Return the cards of the deck file at `path` (None for no file).

        A bad file is an option error: one line naming the problem, exit 2.
        """
        if path is None:
            return None
        try:
            cards, identity = _read_deck(path)
        except DeckFileError as error:
            self.error(str(error))
        if identity is not None:
            # Translators: what the log file would overwrite ("the log file
            # FILE would overwrite the deck file").
            self._inputs.append((_("the deck file"), identity))
        return cards

    def open_history(self, path: str | None) -> HistoryWriter | None:
        """Return the hand history writing to `path` (None for no path).

        A file that cannot be opened is an option error (exit 2), and so is
        one the game reads or writes otherwise: standard input, output or
        error, or the ``--deck`` file (the same device and inode, so links
        are caught); it is left as it was.  See
        `common.history.HistoryWriter.open` for how the file is written.
        """
        if path is None:
            return None
        from common.history import HistoryWriteError, HistoryWriter

        try:
            return HistoryWriter.open(path, self._clash)
        except HistoryWriteError as error:
            self.error(str(error))

    def _clash(self, status: os.stat_result) -> str | None:
        # What else the game reads or writes that is this regular file.
        if not stat.S_ISREG(status.st_mode):
            return None  # /dev/null and FIFOs may be shared
        identity = (status.st_dev, status.st_ino)
        standard = [
            # Translators: what the log file would overwrite ("the log file
            # FILE would overwrite standard input").
            (_("standard input"), 0),
            # Translators: as "standard input".
            (_("standard output"), 1),
            # Translators: as "standard input".
            (_("standard error"), 2),
        ]
        for name, fd in standard:
            with contextlib.suppress(OSError):
                if _identity(os.fstat(fd)) == identity:
                    return name
        for name, known in self._inputs:
            if known == identity:
                return name
        return None

    def seat_strategies(self, options: argparse.Namespace,
                        seats: int) -> list[str | None]:
        """Return each seat's strategy name (None for a person) from the options.

        `options` come from a parser given `add_computer_options`.  With
        ``--simulate`` every seat is a computer.  ``--strategy`` gives one name
        for every computer seat or one per computer seat, in seat order.  A bad
        combination is an option error: exit 2.
        """
        simulate = getattr(options, "simulate", None)
        computer = options.computer
        if getattr(options, "jobs", None) is not None and simulate is None:
            self.error(_("--jobs needs --simulate"))
        self._check_cluster(options)
        if simulate is not None:
            if computer not in (None, False):
                self.error(_("--simulate plays every seat by computer: "
                             "it takes no --computer"))
            for name in ("deck", "log"):
                if getattr(options, name, None) is not None:
                    self.error(_("--simulate deals every game from --seed: it takes "
                                 "no {option}").format(option=f"--{name}"))
            playing = list(range(seats))
        elif computer is None or computer is False:
            if options.strategy is not None:
                self.error(_("--strategy needs --computer or --simulate"))
            return [None] * seats
        elif computer is True:
            playing = list(range(seats))
        else:
            playing = self._parse_seats("--computer", computer, seats)
        names = ([SMART] if options.strategy is None else
                 [name.strip().lower() for name in options.strategy.split(",")])
        for name in names:
            if name not in self.strategy_names:
                self.error(_("argument --strategy: unknown strategy {name} (choose "
                             "from {strategies})").format(
                                 name=repr(name),
                                 strategies=", ".join(self.strategy_names)))
        if len(names) == 1:
            names *= len(playing)
        elif len(names) != len(playing):
            self.error(ngettext(
                "argument --strategy: {names} names for {seats} computer seat (give "
                "one, or one per seat)",
                "argument --strategy: {names} names for {seats} computer seats (give "
                "one, or one per seat)",
                len(playing)).format(names=len(names), seats=len(playing)))
        chosen: list[str | None] = [None] * seats
        for seat, name in zip(playing, names, strict=True):
            chosen[seat] = name
        return chosen

    def _check_cluster(self, options: argparse.Namespace) -> None:
        # --cluster needs --simulate, an address and Ray: each missing is
        # one line and status 2 before any play.  Ray is imported here, and
        # only here among the options, once --cluster is given.
        address = getattr(options, "cluster", None)
        if address is None:
            return
        if getattr(options, "simulate", None) is None:
            self.error(_("--cluster needs --simulate"))
        from common.simulation import cluster

        problem = cluster.address_error(address)
        if problem is not None:
            self.error(bad_value("--cluster", problem))
        if not cluster.available():
            self.error(_("--cluster needs Ray: {install}").format(
                install=install_hint("cluster")))

    def shown_seats(self, options: argparse.Namespace, seats: int,
                    names: Sequence[str | None] = ()) -> frozenset[int]:
        """Return the seats whose hidden cards are shown on their turns (``--show``).

        By default, a person at a terminal playing the computer (`names` as
        from `seat_strategies`) sees their own cards only, as in the
        full-screen table; otherwise every seat's, as for players sharing one
        screen, for the computer playing every seat, and for a script (whose
        transcript stays as it always was).  ``--show`` with ``--simulate``,
        which prints no table, is an option error.
        """
        if options.show is None:
            people = [seat for seat, name in enumerate(names) if name is None]
            if people and len(people) < len(names) and _at_a_terminal(sys.stdin):
                return frozenset(people)
            return frozenset(range(seats))
        if getattr(options, "simulate", None) is not None:
            self.error(_("--simulate prints no transcript: it takes no {option}")
                       .format(option="--show"))
        return frozenset(self._parse_seats("--show", options.show, seats))

    def _parse_seats(self, option: str, text: str, seats: int) -> list[int]:
        if text.strip().lower() == "all":
            return list(range(seats))
        chosen: set[int] = set()
        for part in text.split(","):
            seat = parse_number(part)
            if seat is None or seat >= seats:
                # Translators: "all" is typed as it is.
                self.error(_("argument {option}: {seat} is not a seat (0 to {last}, "
                             "comma-separated, or all)").format(
                                 option=option, seat=repr(part.strip(" ")[:20]),
                                 last=seats - 1))
            chosen.add(seat)
        return sorted(chosen)


def _at_a_terminal(stream: TextIO | None) -> bool:
    return stream is not None and stream.isatty()


def add_computer_options(parser: OptionParser, *, seat_list: bool = True,
                         names: tuple[str, ...] = STRATEGY_NAMES) -> None:
    """Add ``--computer``, ``--strategy``, ``--simulate``, ``--jobs`` and ``--cluster``.

    With `seat_list` ``--computer`` takes ``SEATS`` (a comma list of seat
    numbers, or ``all``); without it (a one-seat game) it is a plain switch.
    ``--strategy`` takes one of `names`, the first the default.  Read the
    options back with `OptionParser.seat_strategies`.
    """
    parser.strategy_names = names
    others = names[len(STRATEGY_NAMES):]
    if seat_list:
        parser.add_argument("--computer", metavar="SEATS",
                            # Translators: "all" is typed as it is.
                            help=_("seats the computer plays: seat numbers separated "
                                   "by commas, or all"))
        # Translators: {smart} and {random} are the strategies' names, typed
        # as they are.
        strategy_help = _("the computer seats' strategy: {smart} (the default) or "
                          "{random}; one name for all, or one per computer seat in "
                          "seat order, separated by commas")
        if others:
            # Translators: {smart}, {random} and {others} are the strategies'
            # names, typed as they are; {others} is one or more, separated by
            # commas.
            strategy_help = _("the computer seats' strategy: {smart} (the default), "
                              "{random} or {others}; one name for all, or one per "
                              "computer seat in seat order, separated by commas")
        parser.add_argument("--strategy", metavar="NAMES",
                            help=strategy_help.format(smart=SMART, random=RANDOM,
                                                      others=", ".join(others)))
    else:
        parser.add_argument("--computer", action="store_true",
                            help=_("let the computer play"))
        parser.add_argument("--strategy", metavar="NAME",
                            # Translators: {smart} and {random} are the
                            # strategies' names, typed as they are.
                            help=_("the computer's strategy: {smart} (the default) "
                                   "or {random}").format(smart=SMART, random=RANDOM))
    simulate_help = (_("play N games with the computer in every seat, print no "
                       "transcript but each seat's results") if seat_list else
                     _("let the computer play N games, print no transcript but "
                       "its results"))
    parser.add_argument("--simulate", type=int_in_range(1, MAX_SIMULATED_GAMES),
                        metavar="N", help=simulate_help)
    parser.add_argument("--jobs", type=int_in_range(1, MAX_JOBS), metavar="K",
                        help=_("with --simulate, play the games in K processes, "
                               "at most one per CPU (the results do not depend "
                               "on K); with --cluster, at most K at once"))
    parser.add_argument("--cluster", metavar="ADDRESS",
                        # Translators: "auto" and "local" are typed as they are.
                        help=_("with --simulate, play the games as tasks on the "
                               "Ray cluster at ADDRESS (HOST:PORT, or auto), or "
                               "on a Ray instance started for the run (local); "
                               "the same report as without it (needs Ray, the "
                               "extra cluster: {install})").format(
                                   install=install_hint("cluster")))


def add_show_option(parser: argparse.ArgumentParser) -> None:
    """Add ``--show SEATS`` (read back with `OptionParser.shown_seats`).

    For games with hidden cards, which the table shows to the seat whose turn
    it is: ``--show 0`` keeps the computer's cards hidden from a person at
    seat 0.  It applies to people and computers alike, so a transcript
    replays with the same ``--show``.
    """
    parser.add_argument("--show", metavar="SEATS",
                        # Translators: "all" is typed as it is.
                        help=_("show the hidden cards of these seats only (seat "
                               "numbers separated by commas, or all) on their "
                               "turns; default all, as players sharing one "
                               "screen see them"))


MAX_SIMULATED_GAMES = 10**8
"""The most games one ``--simulate`` run plays."""
MAX_JOBS = 256
"""The most processes ``--jobs`` starts."""


def parse_number(text: str, *, signed: bool = False) -> int | None:
    """Return the whole number `text` writes in ASCII digits, or None.

    Spaces and tabs around it are allowed, and a ``-`` or ``+`` when
    `signed`; nothing else is: no other script's digits (``٣``), no
    underscores (``1_0``) and no spaces within, which Python's `int` would
    take.  Every number option and seat list reads numbers this way.
    """
    token = text.strip(" \t")
    digits = token[1:] if signed and token[:1] in ("-", "+") else token
    if not digits or not digits.isascii() or not digits.isdigit():
        return None
    try:
        return int(token)
    except ValueError:  # more digits than Python converts
        return None


def _number_type(low: int | None = None,
                 high: int | None = None) -> Callable[[str], int]:
    def parse(text: str) -> int:
        value = parse_number(text, signed=True)
        if value is None:
            raise ValueError(text)  # argparse: "argument --x: invalid int value"
        if low is not None and high is not None and not low <= value <= high:
            raise argparse.ArgumentTypeError(out_of_range(low, high, value))
        return value

    parse.__name__ = "int"  # argparse names the type in "invalid int value"
    return parse


def int_in_range(low: int, high: int) -> Callable[[str], int]:
    """Return an argparse ``type`` accepting the whole numbers `low` to `high`.

    Numbers are read by `parse_number` (a sign allowed): anything else gives
    ``argument --x: invalid int value: '1_0'``, and a number out of range
    ``argument --x: must be LOW to HIGH, not N``.
    """
    return _number_type(low, high)


def seconds_in_range(low: float, high: float) -> Callable[[str], float]:
    """Return an argparse ``type`` accepting the seconds `low` to `high`.

    A number out of range (``nan`` among them) gives ``argument --x: must be
    LOW to HIGH, not N``; anything else ``invalid seconds value``.
    """
    def seconds(text: str) -> float:
        value = float(text)
        if not low <= value <= high:  # also refuses nan
            raise argparse.ArgumentTypeError(
                out_of_range(f"{low:g}", f"{high:g}", text))
        return value

    return seconds


def out_of_range(low: object, high: object, value: object) -> str:
    """Return ``must be LOW to HIGH, not VALUE``, an option's value out of range."""
    # Translators: after "argument --players: ", as argparse says a bad value.
    return _("must be {low} to {high}, not {value}").format(low=low, high=high,
                                                           value=value)


def bad_value(option: str, problem: str) -> str:
    """Return ``argument OPTION: PROBLEM``, as argparse says a bad option value."""
    # Translators: {problem} says what is wrong with the option's value.
    return _("argument {option}: {problem}").format(option=option, problem=problem)


def install_hint(extra: str) -> str:
    """Return what installs the optional extra `extra`, in the language spoken.

    `common.version.install_command`'s words, translated.
    """
    # Translators: {command} is a shell command; {requirement} is what pip
    # installs from the public index.
    return install_command(extra, _("{command} in a clone (from the index: "
                                    "'{requirement}')"))


def make_parser(prog: str, description: str) -> OptionParser:
    """Return a parser with the options every game has: `--seed` and `--version`."""
    parser = OptionParser(prog, description)
    parser.add_argument("--seed", type=_number_type(), metavar="N",
                        help=_("seed the shuffles, so the game can be replayed"))
    parser.add_argument("--version", action=VersionAction)
    return parser


MAX_DECK_FILE = 1 << 16
"""The most bytes a deck file may hold (52 cards need about 160)."""

_BOM = b"\xef\xbb\xbf"


class DeckFileError(ValueError):
    """A deck file that cannot be read or is not 52 distinct cards."""


def read_deck_file(path: str) -> list[Card]:
    """Return the 52 cards listed in the deck file at `path`, in order.

    The file holds card tokens (see `common.cards.card.parse_card`) separated by
    white space, in UTF-8 (a byte-order mark is allowed).  A FIFO or pipe
    (``--deck <(shuf deck)``) is read as a stream when a program writes to
    it, and refused when none does, rather than waiting for one.

    Raises:
        DeckFileError: naming the problem (unreadable, a bad byte and where,
            a bad token, a repeated card, or not 52 cards).
    """
    return _read_deck(path)[0]


def _read_deck(path: str) -> tuple[list[Card], tuple[int, int] | None]:
    # The cards, and the device and inode of a regular file (None otherwise).
    from common.cards.card import CardParseError, parse_cards

    try:
        data, identity = _read_bounded(path, MAX_DECK_FILE + 1)
    except OSError as error:
        raise DeckFileError(_("cannot read deck file {path}: {reason}").format(
            path=path, reason=error.strerror or error)) from None
    if len(data) > MAX_DECK_FILE:
        raise DeckFileError(_("deck file {path}: more than {limit} bytes").format(
            path=path, limit=MAX_DECK_FILE))
    start = len(_BOM) if data.startswith(_BOM) else 0
    try:
        text = data[start:].decode("utf-8")
    except UnicodeDecodeError as error:
        offset = start + error.start
        raise DeckFileError(_("cannot read deck file {path}: byte {byte} at offset "
                              "{offset} is not UTF-8").format(
                                  path=path, byte=f"0x{data[offset]:02x}",
                                  offset=offset)) from None
    try:
        cards = parse_cards(text)
    except CardParseError as error:
        # Translators: {problem} says which token is not a card.
        raise DeckFileError(_("deck file {path}: {problem}").format(
            path=path, problem=error)) from None
    seen: set[Card] = set()
    for card in cards:
        if card in seen:
            raise DeckFileError(_("deck file {path}: {card} appears twice").format(
                path=path, card=card.code))
        seen.add(card)
    if len(cards) != 52:
        raise DeckFileError(_("deck file {path}: {count} cards, expected 52").format(
            path=path, count=len(cards)))
    return cards, identity


def _read_bounded(path: str, limit: int) -> tuple[bytes, tuple[int, int] | None]:
    # Opening a FIFO for reading waits for a writer: O_NONBLOCK opens it at
    # once, and a first read then tells a FIFO no program writes to (end of
    # file at once) from one whose writer has yet to write (EAGAIN).
    fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK)
    try:
        status = os.fstat(fd)
        chunks: list[bytes] = []
        if stat.S_ISFIFO(status.st_mode):
            try:
                first = os.read(fd, limit)
            except BlockingIOError:
                first = None
            if first == b"":
                raise OSError(errno.ENXIO, _("a FIFO no program is writing to"))
            if first is not None:
                chunks.append(first)
        os.set_blocking(fd, True)
        size = sum(map(len, chunks))
        while size < limit:
            chunk = os.read(fd, limit - size)
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
        identity = (_identity(status) if stat.S_ISREG(status.st_mode) else None)
        return b"".join(chunks), identity
    finally:
        os.close(fd)


def _identity(status: os.stat_result) -> tuple[int, int]:
    return status.st_dev, status.st_ino


class VersionAction(argparse.Action):
    """The ``--version`` action: print ``PROG (cardgames-console) X.Y.Z`` and exit 0.

    As argparse's own ``version`` action, except that the version is looked
    up only when the option is given (`version` reads the installed
    metadata, which would cost every start), and that standard output
    that cannot be written is an error.
    """

    def __init__(self, option_strings: Sequence[str], dest: str = argparse.SUPPRESS,
                 default: Any = argparse.SUPPRESS,
                 help: str | None = N_("show program's version number and exit"),
                 ) -> None:
        """Build the action, as argparse does for ``action=VersionAction``.

        `help` is said in the language spoken.
        """
        super().__init__(option_strings=option_strings, dest=dest, default=default,
                         nargs=0, help=None if help is None else _(help))

    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace,
                 values: str | Sequence[Any] | None,
                 option_string: str | None = None) -> None:
        """Print the version line on standard output and exit with 0.

        Raises:
            common.process.OutputError: when standard output is closed or
                cannot be written (argparse's own action keeps quiet).
        """
        write_stdout(f"{parser.prog} ({DISTRIBUTION}) {version()}\n")
        parser.exit()


def history_options(settings: Settings, options: argparse.Namespace,
                    shown: Collection[int] | None) -> dict[str, Any]:
    """Return the options a hand history's header records.

    The game's `settings`, ``seed``, ``deck`` and ``hint`` from `options`,
    ``show`` (sorted) when the game hides cards, and ``lang`` when the game
    is played in another language than English (its lines are read in it).
    """
    language = spoken()
    return {**settings, "seed": options.seed, "deck": options.deck,
            "hint": options.hint,
            **({"show": sorted(shown)} if shown is not None else {}),
            **({"lang": language} if language != ENGLISH else {})}
