"""What the four games share: the assignment's classes and one game machinery.

`Card`, `CardList`, `Deck`, `CardGamePlayer` and `Hand` are the Java
originals in Python.  The rest is in layers, each using only those below it
(``docs/architecture.md``; an import-linter contract in CI keeps it so):

1. `common.cards`: the assignment's card model;
2. `common.engine`: the contract every game implements, its events, the
   dealer, the seats, the one driver loop and each game's spec;
3. `common.history` (the hand history), `common.simulation` (many computer
   games, measured) and above them `common.console` (the text front end);
4. `common.net` (play across terminals) and `common.tui` (the full-screen
   table);
5. `common.cli`: the command line every game shares.

Beneath them all is their plumbing: `common.process` (this process's exit
statuses, signals and streams), `common.version`, `common.lazy` and
`common.language` (the language a game speaks: gettext catalogues).
"""

from typing import TYPE_CHECKING

from common.lazy import exports


def hold_stop_signals() -> None:
    """Hold back Ctrl-C, SIGTERM and SIGHUP until `common.cli.launch` handles them.

    The first thing a game's ``__main__`` does: nothing of the project but
    this package and `common.lazy` has run yet.  `common.cli.launch.launch`
    releases them once its handlers are in place.
    """
    import signal

    if hasattr(signal, "pthread_sigmask"):
        signal.pthread_sigmask(signal.SIG_BLOCK, {
            getattr(signal, name) for name in ("SIGINT", "SIGTERM", "SIGHUP")
            if hasattr(signal, name)})


if TYPE_CHECKING:  # what the package offers, one name a line (see common.lazy)
    from common.cards.card import AceHighCard as AceHighCard
    from common.cards.card import Card as Card
    from common.cards.card import CardParseError as CardParseError
    from common.cards.card import parse_card as parse_card
    from common.cards.card import parse_cards as parse_cards
    from common.cards.cardlist import CardList as CardList
    from common.cards.deck import Deck as Deck
    from common.cards.hand import BetweenHand as BetweenHand
    from common.cards.hand import Hand as Hand
    from common.cards.player import CardGamePlayer as CardGamePlayer
    from common.engine.dealer import Dealer as Dealer
    from common.engine.game import QUIT as QUIT
    from common.engine.game import Game as Game
    from common.engine.game import IllegalMoveError as IllegalMoveError

__getattr__, __dir__ = exports(__name__)
