"""Any game with an `Encoding` as an OpenSpiel Python game: `register`, `CardGame`.

`register` registers a game with OpenSpiel (``pyspiel.register_game``) under
its environment's versioned name (``bigtwo_v0``), so that
``pyspiel.load_game("bigtwo_v0")`` makes it and OpenSpiel's own algorithms
run on it; each game's version registers it and loads it
(``bigtwo.research.bigtwo_v0.spiel_game()``,
`common.research.versions.Version.spiel_game`).  OpenSpiel is the extra
``rl`` too (`common.research.extra`).

The actions are the game's encoding's, numbered as in its PettingZoo
environment, and so are the returns (`common.engine.game.Game.returns`,
at the end of a game only).  ``observation_tensor`` is the encoding's
observation of the seat's view (`common.engine.game.Game.view`), and
``observation_string`` names its numbers; ``information_state_string`` is
that string and every move announced since the deal, in turn (a Big Two
move as the cards it plays, a betting move as its action).  All of them
are written from one seat's view and the public moves, never from the game
itself, so nothing in them is a card that seat may not see.  There is no
``information_state_tensor``: the encodings hold what a seat sees now, not
everything it has seen.

Chance is *sampled* (``ChanceMode.SAMPLED_STOCHASTIC``): a state is never a
chance node.  The engines shuffle and deal inside their own moves, from the
`random.Random` their `common.engine.dealer.Dealer` holds, so a state is
dealt from a generator seeded once, when it is made: the game's
``rng_seed``, game by game as ``--simulate`` seeds its games
(`common.simulation.runner.game_seed`: ``new_initial_state`` makes game 0,
1, 2... of that seed), or a fresh seed when it is -1.  Spelling each deck
out as chance nodes, one card at a time, would give every deal of Big Two
52 chance nodes and every algorithm a 52-card tree to walk, for nothing an
engine's deal does not already do; what a search needs of chance is to
redeal what a seat has not seen, which `CardGameState.resample_from_infostate`
does.

That is how OpenSpiel's Information Set MCTS
(``open_spiel.python.algorithms.ismcts.ISMCTSBot``) plays these games:
`CardGameState.resample_from_infostate` deals again, at random, every card
of the deck in play the seat has not seen (the encoding's
`common.research.encoding.Encoding.seen_cards`), keeps the cards it has
seen where they were, and replays the announced moves on that deal.  A
state's future decks, dealt later in the game, come from a generator seeded
by the resampling.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

import numpy as np
import pyspiel

from common.engine.dealer import Dealer
from common.simulation.runner import fresh_seed, game_seed

if TYPE_CHECKING:
    from common.cards.card import Card
    from common.engine.game import Game
    from common.engine.spec import Settings
    from common.research.encoding import Encoding

SEED = "rng_seed"
"""The game parameter that seeds the deals: -1 (the default) for fresh seeds."""
_SEED_BITS = 63


def register(encoding: type[Encoding[Any, Any]], **defaults: int | bool) -> None:
    """Register the game of `encoding` with OpenSpiel, named as its environment.

    Its parameters are the game's settings (the encoding's ``defaults``,
    over which `defaults` come: OpenSpiel needs every game bounded, and a
    parameter is a number or a truth value, never None) and `SEED`.  A game
    registered already stays as it was.

    Raises:
        ValueError: for a setting the game does not have, or one still None.
    """
    settings = encoding({**defaults}).settings
    unset = sorted(name for name, value in settings.items() if value is None)
    if unset:
        raise ValueError(f"OpenSpiel needs a value for {', '.join(unset)}")
    if encoding.name in pyspiel.registered_names():
        return
    seats = encoding(settings).num_seats
    game_type = pyspiel.GameType(
        short_name=encoding.name,
        long_name=f"{encoding.spec.title} (cardgames)",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=_utility(encoding.utility_sum),
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=seats,
        min_num_players=seats,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={**settings, SEED: -1})

    class Registered(CardGame):
        def __init__(self, params: dict[str, Any] | None = None) -> None:
            super().__init__(game_type, encoding, params or {})

    pyspiel.register_game(game_type, Registered)


def load(name: str, params: dict[str, int | bool]) -> CardGame:
    """Return ``pyspiel.load_game(name, params)``, a game `register` registered."""
    game = pyspiel.load_game(name, params)
    assert isinstance(game, CardGame), f"{name} is not a game of cardgames"
    return game


def _utility(total: float | None) -> Any:
    if total is None:
        return pyspiel.GameType.Utility.GENERAL_SUM
    if total == 0:
        return pyspiel.GameType.Utility.ZERO_SUM
    return pyspiel.GameType.Utility.CONSTANT_SUM


class CardGame(pyspiel.Game):
    """One game of `register`'s, with its parameters: OpenSpiel's ``Game``.

    Args:
        game_type: what `register` registered.
        encoding: the game's encoding.
        params: the parameters (`SEED` and the game's settings) given.

    Raises:
        ValueError: for a setting the game does not have.
    """

    def __init__(self, game_type: Any, encoding: type[Encoding[Any, Any]],
                 params: dict[str, Any]) -> None:
        """Make the game; its states are dealt by `new_initial_state`."""
        given = dict(params)
        self.seed: int = int(given.pop(SEED, -1))
        """The seed of the deals (`SEED`); -1: fresh ones."""
        defaults = game_type.parameter_specification
        self.encoding: Encoding[Any, Any] = encoding(
            {name: value for name, value in {**defaults, **given}.items()
             if name != SEED})
        """The game's encoding, with the parameters as its settings."""
        low, high = self.encoding.returns_range()
        info = pyspiel.GameInfo(
            num_distinct_actions=self.encoding.num_actions,
            max_chance_outcomes=0,
            num_players=self.encoding.num_seats,
            min_utility=low,
            max_utility=high,
            utility_sum=self.encoding.utility_sum,
            max_game_length=self.encoding.max_decisions())
        super().__init__(game_type, info, {**given, **({SEED: self.seed}
                                                       if self.seed >= 0 else {})})
        self._games = 0

    @property
    def settings(self) -> Settings:
        """The game's settings."""
        return self.encoding.settings

    def new_initial_state(self) -> CardGameState:
        """Return the next game of the seed (or a game of a fresh seed), dealt."""
        if self.seed < 0:
            return self.deal(fresh_seed())
        number, self._games = self._games, self._games + 1
        return self.deal(self.seed if number == 0 else game_seed(self.seed, number))

    def deal(self, seed: int) -> CardGameState:
        """Return the game ``random.Random(seed)`` deals, as ``--seed seed`` does."""
        return CardGameState(self, seed)

    def make_py_observer(self, iig_obs_type: Any = None,
                         params: dict[str, Any] | None = None) -> Observer:
        """Return an observer of observations, or with recall of information states.

        Raises:
            ValueError: for observation parameters (there are none).
        """
        if params:
            raise ValueError(f"there are no observation parameters: {params}")
        recall = iig_obs_type is not None and iig_obs_type.perfect_recall
        return Observer(self.encoding, perfect_recall=recall)


class CardGameState(pyspiel.State):
    """One game being played: OpenSpiel's ``State`` over the engine's `Game`.

    Args:
        game: the OpenSpiel game.
        seed: what seeds the `random.Random` of every deck not given.
        decks: the card orders to deal first (`common.engine.dealer.Dealer`).
        announced: moves to replay once dealt, as `Encoding.announce` says them.
    """

    def __init__(self, game: CardGame, seed: int,
                 decks: Sequence[Sequence[Card]] = (),
                 announced: Sequence[str] = ()) -> None:
        """Deal the game and replay `announced`."""
        super().__init__(game)
        self._encoding = game.encoding
        dealer = Dealer(random.Random(seed), decks)
        self._decks: list[Sequence[Card]] = []
        dealer.on_deck = self._decks.append
        self._game: Game[Any, Any] = self._encoding.new_game(dealer)
        self._game.start()
        self._announced: list[tuple[int, str]] = []
        # The view of the seat to move, built once a position.
        self._view: Any = None
        for said in announced:
            self.apply_action(self._encoding.announced_action(said, self._seat_view()))

    @property
    def engine(self) -> Game[Any, Any]:
        """The engine's game: every card, hidden or not (for referees, not players)."""
        return self._game

    def _seat_view(self) -> Any:
        if self._view is None:
            seat = self._game.current_seat
            assert seat is not None, "no seat moves once the game is over"
            self._view = self._game.view(seat)
        return self._view

    def current_player(self) -> int:
        """The seat to move, or ``pyspiel.PlayerId.TERMINAL`` once the game is over."""
        seat = self._game.current_seat
        return int(pyspiel.PlayerId.TERMINAL) if seat is None else seat

    def is_terminal(self) -> bool:
        """Whether the game is over."""
        return self._game.is_over

    def _legal_actions(self, player: int) -> list[int]:
        """The actions open to `player`, in order: none unless it is to move."""
        if player != self._game.current_seat:
            return []
        return sorted(self._encoding.legal_actions(self._seat_view()))

    def _apply_action(self, action: int) -> None:
        """Make `action` for the seat to move, announcing it to every seat."""
        view, seat = self._seat_view(), self._game.current_seat
        assert seat is not None  # as the view says
        self._announced.append((seat, self._encoding.announce(action, view)))
        moves = self._encoding.moves(action, view)
        self._view = None
        for move in moves:
            self._game.apply(move)

    def _action_to_string(self, player: int, action: int) -> str:
        """`action` as announced, when open to the seat to move; else its number."""
        if (player == self._game.current_seat
                and action in self._encoding.legal_actions(self._seat_view())):
            return self._encoding.announce(action, self._seat_view())
        return f"action {action}"

    def returns(self) -> list[float]:
        """Each seat's result so far, in the game's own unit (0 until the end)."""
        if not self._game.is_over:
            return [0.0] * self._encoding.num_seats
        return list(self._game.returns())

    def announced(self) -> list[tuple[int, str]]:
        """Every move made, as (seat, what every seat heard), oldest first."""
        return list(self._announced)

    def resample_from_infostate(self, player: int,
                                probability_sampler: Callable[[], float],
                                ) -> CardGameState:
        """Return this game dealt again as `player` may believe it was.

        The cards of the deck in play that `player` has not seen are dealt
        again, uniformly at random, by a generator seeded from one draw of
        `probability_sampler` (a float in [0, 1)); the cards it has seen
        stay where they were; the moves announced are replayed.  The seat's
        information state is the same in both games.

        Raises:
            ValueError: when the game cannot say which cards a seat has seen,
                or the game is over.
        """
        if self._game.is_over:
            raise ValueError("the game is over: there is nothing to resample")
        seen = self._encoding.seen_cards(self._game.view(player))
        if seen is None:
            raise ValueError(f"{self._encoding.name} cannot say which cards a seat "
                             f"has seen")
        rng = random.Random(int(probability_sampler() * 2**_SEED_BITS))
        *done, deck = self._decks
        game = self.get_game()
        assert isinstance(game, CardGame)
        return CardGameState(game, rng.getrandbits(_SEED_BITS),
                             [*done, _redealt(deck, Counter(seen), rng)],
                             [said for _, said in self._announced])

    def __str__(self) -> str:
        """The moves announced so far, one a line."""
        return "\n".join(f"player {seat}: {said}" for seat, said in self._announced)


def _redealt(deck: Sequence[Card], seen: Counter[Card], rng: random.Random,
             ) -> list[Card]:
    """Return `deck` with the cards not `seen` shuffled among their places.

    A deck may hold a card more than once (Red Dog's shoe): the first places
    of a card seen are the seen ones, as every game deals from the top.
    """
    kept = [False] * len(deck)
    for place, card in enumerate(deck):
        if seen[card]:
            seen[card] -= 1
            kept[place] = True
    assert not +seen, f"cards seen but not in the deck in play: {+seen}"
    loose = [card for card, keep in zip(deck, kept, strict=True) if not keep]
    rng.shuffle(loose)
    rest = iter(loose)
    return [card if keep else next(rest) for card, keep in zip(deck, kept, strict=True)]


class Observer:
    """What one seat observes, as OpenSpiel's Python observers (``make_py_observer``).

    Without perfect recall, the encoding's observation (`tensor`) and a
    string naming its numbers; with it, that string and every move
    announced since the deal, and no tensor.

    Args:
        encoding: the game's encoding.
        perfect_recall: whether to observe the information state.
    """

    def __init__(self, encoding: Encoding[Any, Any], *, perfect_recall: bool) -> None:
        """Make the observer; `set_from` fills it."""
        self._encoding = encoding
        self._recall = perfect_recall
        size = 0 if perfect_recall else encoding.observation_size
        self.tensor = np.zeros(size, np.float32)
        """The observation (empty for an information state)."""
        self.dict = {"observation": self.tensor} if size else {}
        """The tensor, by name."""

    def set_from(self, state: CardGameState, player: int) -> None:
        """Fill `tensor` with what `player` sees in `state` (zeros once over)."""
        self.tensor.fill(0)
        if self.tensor.size and not state.is_terminal():
            self._encoding.observe(state.engine.view(player), self.tensor)

    def string_from(self, state: CardGameState, player: int) -> str:
        """Return what `player` sees in `state`, and with recall what it heard."""
        if state.is_terminal():
            seen = "game over"
        else:
            observation = np.zeros(self._encoding.observation_size, np.float32)
            self._encoding.observe(state.engine.view(player), observation)
            seen = " ".join(f"{place}:{observation[place]:g}"
                            for place in np.flatnonzero(observation))
        if not self._recall:
            return f"player {player}: {seen}"
        heard = "; ".join(f"{seat}:{said}" for seat, said in state.announced())
        return f"player {player}: {seen} | {heard}"
