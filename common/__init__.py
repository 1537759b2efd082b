"""What the four games share: the assignment's classes and the one game machinery.

`Card`, `CardList`, `Deck`, `CardGamePlayer` and `Hand` are the Java originals
in Python; `parse_card` and `parse_cards` read cards from text.  `Game` is the
contract every engine implements (`common.game`), with `IllegalMoveError` and
the `QUIT` move; a `Dealer` hands a game its decks.  The one loop that plays
any game is `common.driver`; `common.seats` lets a person or the computer
decide at each seat; `common.console` is the console every game extends, over
`common.terminal`; `common.history` writes and replays the hand history;
`common.program` and `common.cli` are the command line every game shares
(its options declared in `common.options`, with argparse's side in
`common.full_parser`), and `common.launch` how a game's process starts and
ends (signals, standard streams, exit statuses); `common.simulation` plays
many computer games and measures them, over the processes of
`common.workers`; `common.lazy` lets each package offer its names without
importing them all at start-up, and `common.record` makes the frozen values
(events, views) without `dataclasses`.  `common.network` opens a table for
players at other terminals (`common.table`, `common.server`) and joins one
(`common.client`), over the protocol of `common.protocol`.  See
``docs/architecture.md``.
"""

from common.lazy import exports


def hold_stop_signals() -> None:
    """Hold back Ctrl-C, SIGTERM and SIGHUP until `common.launch` handles them.

    The first thing a game's ``__main__`` does: nothing of the project but
    this package and `common.lazy` has run yet, and ``_signal``, the C
    module under `signal`, is loaded with Python itself, so holding them
    costs no import.  `common.launch.launch` releases them once its
    handlers are in place.
    """
    import _signal  # type: ignore[import-not-found]  # no stub: a C module

    if hasattr(_signal, "pthread_sigmask"):
        _signal.pthread_sigmask(_signal.SIG_BLOCK, {
            getattr(_signal, name) for name in ("SIGINT", "SIGTERM", "SIGHUP")})


TYPE_CHECKING = False
if TYPE_CHECKING:  # for mypy; at run time each name is imported on first use
    from common.cardlist import CardList
    from common.cards import (
        AceHighCard,
        Card,
        CardParseError,
        parse_card,
        parse_cards,
    )
    from common.dealer import Dealer
    from common.deck import Deck
    from common.game import QUIT, Game, IllegalMoveError
    from common.hand import BetweenHand, Hand
    from common.player import CardGamePlayer

__all__ = [
    "QUIT",
    "AceHighCard",
    "BetweenHand",
    "Card",
    "CardGamePlayer",
    "CardList",
    "CardParseError",
    "Dealer",
    "Deck",
    "Game",
    "Hand",
    "IllegalMoveError",
    "hold_stop_signals",
    "parse_card",
    "parse_cards",
    "cards",
    "cardlist",
    "cli",
    "client",
    "console",
    "dealer",
    "deck",
    "driver",
    "events",
    "full_parser",
    "game",
    "hand",
    "history",
    "launch",
    "lazy",
    "lines",
    "network",
    "options",
    "player",
    "program",
    "protocol",
    "record",
    "seats",
    "server",
    "simulation",
    "table",
    "terminal",
    "tui",
    "version",
    "workers",
]

__getattr__ = exports(__name__, {
    "common.cardlist": ["CardList"],
    "common.cards": [
        "AceHighCard",
        "Card",
        "CardParseError",
        "parse_card",
        "parse_cards",
    ],
    "common.dealer": ["Dealer"],
    "common.deck": ["Deck"],
    "common.game": ["QUIT", "Game", "IllegalMoveError"],
    "common.hand": ["BetweenHand", "Hand"],
    "common.player": ["CardGamePlayer"],
}, __all__)
