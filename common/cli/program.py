"""A game's command line, written once: play, ``--log``, ``--replay``, ``--simulate``.

Each game describes its command line with a `GameProgram` subclass: its own
options and how they make the game's settings, its console and its look at
the full-screen table; what the game is (its seats, how to make it, its
strategies and measures) it reads from the game's spec
(`common.engine.spec.GameSpec`).  `GameProgram.main` does the rest the same
way for every game: it checks the options (one line and exit status 2 for a
bad one, before any play), then plays at the console through the shared
driver with people and computers in the seats, writing the hand history
(``--log``); or prints the transcript a history records (``--replay``); or
plays many games with the computer in every seat (``--simulate``).
"""

from __future__ import annotations

import functools
import io
import os
from abc import ABC, abstractmethod
from collections.abc import Collection, Sequence
from typing import TYPE_CHECKING, Any, BinaryIO, ClassVar, Generic, NoReturn, TypeVar

from common.cli import fullscreen, network
from common.cli.network import add_network_options
from common.cli.options import (
    OptionError,
    OptionParser,
    add_computer_options,
    add_show_option,
    history_options,
    make_parser,
)
from common.cli.run import run_console, run_simulation
from common.engine.spec import GameSpec, Settings
from common.language import (
    ENGLISH,
    NAMES,
    CatalogueMissing,
    _,
    activate,
    choose,
    spoken,
    translations,
)
from common.process import EXIT_USAGE, complain, use_utf8_output

# What only playing, replaying or simulating uses is imported there, so that
# --help and --version start fast.
if TYPE_CHECKING:
    import argparse

    from common.console.console import Console
    from common.console.terminal import Terminal
    from common.engine.driver import Listener
    from common.engine.game import Game
    from common.history import HistoryScript, HistoryWriter

GameT = TypeVar("GameT", bound="Game[Any, Any]")


class GameProgram(ABC, Generic[GameT]):
    """One game's command line: what `main` needs to know besides the game's spec.

    A game sets `spec` and the texts, and implements `new_console`; the
    hooks with defaults cover the rest.
    """

    spec: ClassVar[GameSpec[Any]]
    """The game (`common.engine.spec.GameSpec`): its name, seats, engine..."""
    description: ClassVar[str]
    """The ``--help`` text above the options (in English, marked with
    `common.language.N_`: it is said in the language spoken)."""
    epilog: ClassVar[str | None] = None
    """The ``--help`` text below the options (marked, as `description`)."""
    deck_help: ClassVar[str]
    """What ``--deck FILE`` does in this game (marked, as `description`)."""
    languages: ClassVar[tuple[str, ...]] = (ENGLISH,)
    """The languages the game speaks (``--lang``): English, and each one its
    package has a catalogue of (``GAME/locale``, `common.language`)."""
    skips_bom: ClassVar[bool] = True
    """Whether a byte-order mark at the very start of standard input is skipped
    (Big Two reads its input as the Java original does, and keeps it)."""
    replayed_options: ClassVar[tuple[str, ...]] = ()
    """The program's own options (`add_options`) that a replay reads back from
    a history's header, as it does the spec's settings: they shape what the
    replay shows (Big Two's ``think``, for the expert's hints)."""

    @property
    def name(self) -> str:
        """The program's name (``bigtwo``): the game's, in every message."""
        return self.spec.name

    # What a program says about its command line.

    def add_options(self, parser: OptionParser) -> None:
        """Add the game's own options to `parser` (nothing by default)."""

    def settings(self, parser: OptionParser, options: argparse.Namespace,
                 names: Sequence[str | None]) -> Settings:
        """Return the game's settings from `options` (the spec's, by name).

        `names` says who sits where (None for a person).  A bad combination
        is `parser.error`.
        """
        return {name: getattr(options, name) for name in self.spec.settings}

    @abstractmethod
    def new_console(self, game: GameT, terminal: Terminal, settings: Settings,
                    shown: Collection[int] | None, history: HistoryWriter | None,
                    hinted: Collection[int] = ()) -> Console[GameT, Any]:
        """Return the console that shows `game` on `terminal`.

        `shown`, `history` and `hinted` are the `common.console.Console`'s.
        """

    def new_look(self, game: GameT, console: Console[GameT, Any],
                 settings: Settings) -> Any:
        """Return the game's look at the full-screen table (``--tui``).

        A `common.tui.look.GameLook`, from the game's ``GAME/tui.py``,
        which imports Textual: import it here, not at the top.
        """
        raise NotImplementedError(f"{self.name} has no full-screen table")

    def run_instead(self, parser: OptionParser,
                    options: argparse.Namespace) -> int | None:
        """Run another action the options ask for (Red Dog's ``--odds``), or None."""
        return None

    # The command line, the same for every game.

    def parser(self) -> OptionParser:
        """Return the option parser: the game's options and the shared ones."""
        parser = make_parser(self.name, _(self.description))
        parser.epilog = None if self.epilog is None else _(self.epilog)
        self.add_options(parser)
        parser.add_argument("--deck", metavar="FILE", help=_(self.deck_help))
        parser.add_argument("--log", metavar="FILE",
                            help=_("write the hand history to FILE, one JSON "
                                   "record per line (it replaces the file once "
                                   "the game begins)"))
        parser.add_argument("--replay", metavar="FILE",
                            help=_("print the transcript the hand history FILE "
                                   "records (written with --log), and exit"))
        parser.add_argument("--hint", action="store_true",
                            help=_("before each of your prompts, say what the "
                                   "computer's smart strategy would do, and why"))
        parser.add_argument("--rules", action="store_true",
                            help=_("print the rules of the game, and exit"))
        add_computer_options(parser, seat_list=self.spec.seats != range(1, 2),
                             names=self.spec.strategy_names)
        if self.spec.hidden_cards:
            add_show_option(parser)
        fullscreen.add_options(parser)
        add_network_options(parser)
        spoken = ", ".join(f"{code} ({NAMES.get(code, code)})"
                           for code in self.languages)
        parser.add_argument("--lang", choices=self.languages, metavar="LANG",
                            help=_("the language to play in: {languages}; by "
                                   "default the environment's (LANGUAGE, LC_ALL, "
                                   "LC_MESSAGES, LANG), else English")
                            .format(languages=spoken))
        return parser

    def speak(self, argv: Sequence[str] | None) -> str | None:
        """Speak the language ``--lang`` or the environment asks for, from now on.

        Called first, so that every message (the options' help among them)
        is in it.  Return the error to give once the options are parsed:
        ``--lang`` asking for a language whose catalogue was never compiled
        (a clone not installed).  The environment asking for one is told on
        standard error, and English is spoken.
        """
        import sys

        asked = _asked_language(sys.argv[1:] if argv is None else argv)
        language = choose(self.languages, asked if asked in self.languages else None)
        try:
            activate(translations(self.name, language))
        except CatalogueMissing:
            # Not marked: without its catalogue, the language cannot be spoken.
            why = (f"the catalogue of {language} ({NAMES.get(language, language)}) "
                   f"is not compiled in this clone: run python3 -m pip install -e .")
            if asked is not None:
                return f"--lang {language}: {why}"
            complain(self.name, f"{why} (English meanwhile)")
        return None

    def main(self, argv: list[str] | None = None,
             terminal: Terminal | None = None) -> int:
        """Run the program with the arguments `argv`; return the exit status.

        The game is played on `terminal` (the process's own streams by
        default), as tests do in-process.
        """
        spec = self.spec
        use_utf8_output()  # before any message, an option error's included
        unspoken = self.speak(argv)
        parser = self.parser()
        options = parser.parse_args(argv)
        if unspoken is not None:
            parser.error(unspoken)
        if options.rules:
            return self.print_rules(parser, options, terminal)
        fullscreen.check_options(parser, options)
        network.check_options(parser, options)
        if options.tui and options.host is not None:
            parser.error(_("--tui plays at this terminal: it takes no --host "
                           "(a player joins with --join ... --tui)"))
        if options.replay is not None:
            return self.replay(parser, options, terminal)
        if network.is_client(options):
            return network.run_client(self.name, options, terminal)
        instead = self.run_instead(parser, options)
        if instead is not None:
            return instead
        probe = self.settings(parser, options, [])
        names = parser.seat_strategies(options, spec.num_seats(probe))
        settings = self.settings(parser, options, names)
        if options.host is not None:
            return network.run_host(spec, self.new_console, parser, options, settings,
                                    names, terminal)
        shown = None
        if spec.hidden_cards:
            shown = (fullscreen.shown_by_default(names)
                     if options.tui and options.show is None
                     else parser.shown_seats(options, spec.num_seats(settings), names))
        if options.simulate is not None:
            if options.hint:
                parser.error(_("--simulate prints no transcript: it takes no {option}")
                             .format(option="--hint"))
            return self.simulate(settings, names, options)
        import random

        from common.console.console import hinted_seats
        from common.console.terminal import Terminal
        from common.engine.dealer import Dealer
        from common.engine.seats import controllers
        from common.history import seat_records
        from common.version import version

        hinted = hinted_seats(names, shown) if options.hint else frozenset()
        cards = parser.read_deck(options.deck)
        rng = random.Random(options.seed)
        dealer = Dealer(rng, spec.first_decks(cards, settings, rng))
        history = parser.open_history(options.log)
        if terminal is None:
            terminal = Terminal(skip_bom=self.skips_bom)

        def play_here(terminal: Terminal) -> None:
            dealt = dealer
            while True:
                console = play_one(terminal, dealt)
                if not self._another(terminal, console, options, history, names):
                    return
                dealt = Dealer(rng, spec.first_decks(None, settings, rng))

        def play_one(terminal: Terminal, dealer: Dealer) -> Console[Any, Any]:
            listeners: list[Listener] = []
            if history is not None:
                recorded = history_options(settings, options, shown)
                history.header(self.name, version(), recorded, seat_records(
                    names, [f"Player {seat}" for seat in range(len(names))]))
                dealer.on_deck = history.record_deck
            game = spec.new_game(settings, dealer)
            if history is not None:
                listeners.append(history.listen(lambda: game.is_over))
            console = self.new_console(game, terminal, settings, shown, history,
                                       hinted)
            front = (fullscreen.table_front(
                spec, self.new_look(game, console, settings), console, shown,
                history, options.delay) if options.tui else console)
            # A person-only game needs no strategy imported (a hint imports
            # its own).
            factories = (spec.factories(settings)
                         if any(name is not None for name in names) else {})
            seats = controllers(names, factories, options.seed, front.person)
            front.play(seats, listeners)
            return console

        return run_console(self.name, play_here, terminal, history)

    @staticmethod
    def _another(terminal: Terminal, console: Console[Any, Any],
                 options: argparse.Namespace, history: HistoryWriter | None,
                 names: Sequence[str | None]) -> bool:
        """Whether the people at this keyboard want another game, a new deal.

        Asked (on standard error) in line mode when a person played, at a
        terminal, the game ended by its own rules (not by ``quit``), and no
        history is written (a history is one game).  End of input is no.
        """
        from common.console.terminal import EndOfInput

        if (options.tui or history is not None or console.quit_typed
                or all(name is not None for name in names)
                or not terminal.shares_screen):
            return False
        try:
            return terminal.confirm(_("Another game with the same players? [y/N] "))
        except EndOfInput:
            return False

    def rules_page(self) -> str:
        """Return the game's rules page, shipped with it, in the language spoken.

        ``GAME/RULES.md`` in English, ``GAME/RULES.pa.md`` in Punjabi.
        """
        import importlib.resources

        language = spoken()
        package = importlib.resources.files(self.name)
        page = package.joinpath(f"RULES.{language}.md")
        if language == ENGLISH or not page.is_file():
            page = package.joinpath("RULES.md")
        return page.read_text(encoding="utf-8")

    def print_rules(self, parser: OptionParser, options: argparse.Namespace,
                    terminal: Terminal | None = None) -> int:
        """Run ``--rules``: print the rules page (`rules_page`); return 0.

        It takes no option that plays or prints a game.
        """
        given = parser.given_options(options, ("rules", "lang"))
        if given:
            parser.error(_("--rules prints the rules and exits: it takes no {option}")
                         .format(option=given[0]))
        page = self.rules_page()
        return run_console(self.name, lambda out: out.write(page), terminal)

    def simulate(self, settings: Settings, names: Sequence[str | None],
                 options: argparse.Namespace) -> int:
        """Run ``--simulate``: many games, every seat a computer; print the report."""
        from common.engine.seats import all_computers
        from common.simulation.runner import simulated_game

        spec = self.spec
        strategies = all_computers(names)
        play_one = functools.partial(simulated_game, spec, settings, strategies)
        return run_simulation(self.name, spec.simulation_title(settings), strategies,
                              spec.metrics, play_one, options)

    def replay(self, parser: OptionParser, options: argparse.Namespace,
               terminal: Terminal | None = None) -> int:
        """Print the transcript the history ``--replay FILE`` records; return 0.

        The history is checked whole first, so a bad one is one line and
        exit status 2 before anything is printed.  The file is opened once
        and read twice, record by record: a file renamed over it meanwhile
        changes nothing, and memory stays bounded however large it is.
        """
        given = parser.given_options(options, ("replay", "show", "lang"))
        if given:
            parser.error(_("--replay plays the game the history records: it takes no "
                           "{option}").format(option=given[0]))
        from common.console.terminal import Terminal
        from common.history import HistoryError, open_history

        path = options.replay
        try:
            stream = open_history(path)
        except HistoryError as error:
            parser.error(str(error))
        with stream:
            try:
                with open(os.devnull, "w", encoding="utf-8") as nowhere:
                    # Its asides too (Big Two's hints): the check shows nothing.
                    self._replay(parser, path, stream, options, Terminal(
                        io.BytesIO(), nowhere, echo=True, stderr=nowhere))
            except HistoryError as error:
                parser.error(str(error))
            except MemoryError:
                parser.error(_("cannot replay {path}: not enough memory")
                             .format(path=path))

            def print_it(terminal: Terminal) -> int | None:
                stream.seek(0)
                try:
                    self._replay(parser, path, stream, options, terminal)
                except HistoryError as error:  # the file was changed in place
                    terminal.end_line()
                    terminal.flush()
                    complain(self.name, str(error))
                    return EXIT_USAGE
                return None

            return run_console(self.name, print_it, terminal)

    def _replay(self, parser: OptionParser, path: str, stream: BinaryIO,
                options: argparse.Namespace, terminal: Terminal) -> None:
        from common.console.console import hinted_seats
        from common.engine.dealer import Dealer, DeckOrderError
        from common.engine.driver import play
        from common.history import (
            END_INPUT_ENDED,
            CutShort,
            EndOfScript,
            HistoryScript,
            Replayed,
        )

        script = HistoryScript(path, stream)
        header = script.header
        if header.get("game") != self.name:
            raise script.error(_("a history of {game}, not {name}").format(
                game=repr(header.get("game")), name=repr(self.name)), 1)
        recorded = header.get("options")
        if not isinstance(recorded, dict):
            raise script.error(_("the header has no options"), 1)
        self._speak_as_recorded(script, recorded, options)
        settings = self._recorded_settings(parser, script, recorded, ())
        seats = self.spec.num_seats(settings)
        listed = header.get("seats")
        if not isinstance(listed, list) or len(listed) != seats:
            raise script.error(_("the header does not list {seats} seats")
                               .format(seats=seats), 1)
        shown = None
        if self.spec.hidden_cards:
            shown = (parser.shown_seats(options, seats) if options.show is not None
                     else self._recorded_show(script, recorded, seats))
        hint = recorded.get("hint", False)
        if not isinstance(hint, bool):
            raise script.error(_("the header's hint is not true or false"), 1)
        names = [seat.get("strategy", "?") if isinstance(seat, dict)
                 and seat.get("player") == "computer" else None for seat in listed]
        if self.replayed_options:
            # Now with the seats, which some of those options need.
            settings = self._recorded_settings(parser, script, recorded, names)
        hinted = hinted_seats(names, shown) if hint else frozenset()
        game = self.spec.new_game(settings, Dealer.only(script.decks()))
        console = self.new_console(game, terminal, settings, shown, None, hinted)
        replayed = [Replayed(script, console.enter_line, console.print_msg)
                    for seat in range(seats)]
        cut_short = False
        try:
            play(game, replayed, console, [script])
        except EndOfScript as stop:
            if script.prompted(stop.seat):
                console.show_prompt(stop.seat)
                terminal.write(stop.partial)
                if script.end == END_INPUT_ENDED:
                    console.input_ended(stop.seat)
                terminal.end_line()
        except CutShort:
            # The game stopped between a move and its records: as recorded it
            # is not over, though this replay, having made that move, may be.
            cut_short = True
        except DeckOrderError as error:
            raise script.error(str(error)) from None
        script.finish(game.is_over and not cut_short)

    def _speak_as_recorded(self, script: HistoryScript, recorded: dict[str, Any],
                           options: argparse.Namespace) -> None:
        """Speak the language the history's game was played in (``lang``).

        Its lines were read in it and its refusals said in it, so it is
        replayed in it: ``--lang`` may name it, but no other.
        """
        language = recorded.get("lang", ENGLISH)
        if language not in self.languages:
            raise script.error(_("the header's lang is not one of {languages}")
                               .format(languages=", ".join(self.languages)), 1)
        if options.lang not in (None, language):
            raise script.error(_("the game was played in {language}: replay it "
                                 "in that language (give no --lang)")
                               .format(language=language), 1)
        try:
            activate(translations(self.name, language))
        except CatalogueMissing:
            raise script.error(_("the game was played in {language}, whose "
                                 "catalogue is not compiled here: run python3 -m "
                                 "pip install -e . in the clone")
                               .format(language=language), 1) from None

    def _recorded_settings(self, parser: OptionParser, script: HistoryScript,
                           recorded: dict[str, Any],
                           names: Sequence[str | None]) -> Settings:
        argv: list[str] = []
        for name in (*self.spec.settings, *self.replayed_options):
            value = recorded.get(name)
            if value is True:
                argv.append(f"--{name}")
            elif value not in (None, False):
                argv += [f"--{name}", str(value)]
        try:
            with parser.strictly():
                return self.settings(parser, parser.parse_args(argv), names)
        except OptionError as error:
            raise script.error(_("bad options in the header: {error}")
                               .format(error=error), 1) from None

    @staticmethod
    def _recorded_show(script: HistoryScript, recorded: dict[str, Any],
                       seats: int) -> frozenset[int]:
        show = recorded.get("show", list(range(seats)))
        if not isinstance(show, list) or not all(
                isinstance(seat, int) and 0 <= seat < seats for seat in show):
            raise script.error(_("the header's show is not a list of seats"), 1)
        return frozenset(show)


def _asked_language(argv: Sequence[str]) -> str | None:
    """Return the language ``--lang`` names in `argv` (the last one), or None.

    Read ahead of the other options, as argparse would read it; a bad
    command line is left to the whole parser, which says what is wrong.
    """
    import argparse

    class Ahead(argparse.ArgumentParser):
        def error(self, message: str) -> NoReturn:
            raise ValueError(message)

    ahead = Ahead(add_help=False)
    ahead.add_argument("--lang")
    try:
        return ahead.parse_known_args(list(argv))[0].lang  # type: ignore[no-any-return]
    except ValueError:
        return None
