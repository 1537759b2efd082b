"""Any game with an `Encoding` as a PettingZoo AEC environment: `CardGameEnv`.

It follows PettingZoo's classic card games.  The agents are ``player_0``,
``player_1``… by seat; each observation is ``{"observation": ...,
"action_mask": ...}``, the first written by the game's encoding from the
seat's view alone, the second 1 for each action open to the seat to move
(all 0 for the others, and for every seat once the game is over, when the
observation is all zeros too: there is nothing left to decide).  A game is
an episode: the rewards come at its end, each seat's result in the game's
own unit (`common.engine.game.Game.returns`), with every seat terminated;
no game is truncated.

The engine is driven as the simulation drives it (`common.engine`): a
game is made by its spec with a `common.engine.dealer.Dealer` of
``random.Random(seed)``, so ``reset(seed=s)`` deals what ``--seed s`` deals
at the console, and each step applies an action's moves to the game.  A
reset with no seed after a seeded one plays the next game of that seed as
``--simulate`` does (`common.simulation.runner.game_seed`).

PettingZoo's classic games wrap their environments (``env()``) so that an
illegal action ends the game with a reward of -1 for its seat, an action
out of range is refused, and no call comes before `CardGameEnv.reset`;
given an ``illegal_reward``, `CardGameEnv` does all that itself, for
PettingZoo's wrappers would cost half its speed.  Without one (``raw_env()``)
an illegal action is refused and changes nothing.

With ``render_mode="ansi"`` the game's own console shows it, as at one
keyboard with every seat played by the computer: `CardGameEnv.render`
returns what the console printed since the last call.  The computer's
strategies play a seat through `CardGameEnv.policy`.
"""

from __future__ import annotations

import io
import random
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Generic, TypeVar

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from common.console.terminal import Terminal
from common.engine.dealer import Dealer
from common.engine.game import IllegalMoveError
from common.engine.seats import strategy_seed
from common.simulation.runner import fresh_seed, game_seed

if TYPE_CHECKING:
    from common.console.console import Console
    from common.engine.game import Game
    from common.engine.seats import Strategy
    from common.research.encoding import Encoding

ViewT = TypeVar("ViewT")
MoveT = TypeVar("MoveT")

RENDER_MODES = ("ansi",)
"""The render modes: ``ansi``, the console's text."""
ILLEGAL_REWARD = -1.0
"""The reward of a seat whose illegal action ends the game, as in PettingZoo's
classic games (their ``TerminateIllegalWrapper``)."""

Observation = dict[str, Any]
"""``{"observation": float32 array, "action_mask": int8 array}``."""
Policy = Callable[[Observation], int]
"""Chooses the action of the seat to move, given its observation."""


def agent_name(seat: int) -> str:
    """Return the name of the agent at `seat`: ``player_0``, ``player_1``…."""
    return f"player_{seat}"


class CardGameEnv(AECEnv, Generic[ViewT, MoveT]):
    """A PettingZoo AEC environment of the game `encoding` encodes.

    Args:
        encoding: the game and how its seats' views and moves are numbers.
        render_mode: None, or ``"ansi"`` for `render` to return the text.
        illegal_reward: the reward of a seat whose illegal action then ends
            the game; None: an illegal action is refused.

    Raises:
        ValueError: for a render mode not in `RENDER_MODES`.
    """

    metadata: dict[str, Any] = {"render_modes": list(RENDER_MODES),
                                "is_parallelizable": False, "render_fps": 1}

    def __init__(self, encoding: Encoding[ViewT, MoveT],
                 render_mode: str | None = None,
                 illegal_reward: float | None = None) -> None:
        """Make the environment; `reset` deals its first game."""
        super().__init__()
        if render_mode is not None and render_mode not in RENDER_MODES:
            raise ValueError(f"no render mode {render_mode!r} (there is "
                             f"{', '.join(map(repr, RENDER_MODES))})")
        self.metadata = {**self.metadata, "name": encoding.name}
        self.render_mode = render_mode
        self.illegal_reward = illegal_reward
        """The reward of an illegal action, which ends the game; None: refused."""
        self.encoding = encoding
        """The game and its encoding."""
        seats = encoding.num_seats
        self.possible_agents = [agent_name(seat) for seat in range(seats)]
        self._seats = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        size, actions = encoding.observation_size, encoding.num_actions
        self._observation_space = spaces.Dict({
            "observation": spaces.Box(0.0, encoding.observation_high, (size,),
                                      np.float32),
            "action_mask": spaces.Box(0, 1, (actions,), np.int8),
        })
        self._action_space = spaces.Discrete(actions)
        self.observation_spaces = dict.fromkeys(self.possible_agents,
                                                self._observation_space)
        self.action_spaces = dict.fromkeys(self.possible_agents, self._action_space)
        self._seed: int | None = None
        self._episode = 0
        self._game: Game[MoveT, ViewT] | None = None
        # The seat to move's view and legal actions, once built this position.
        self._view: ViewT | None = None
        self._legal: frozenset[int] | None = None
        self._out: io.StringIO | None = None
        self._console: Console[Any, MoveT] | None = None
        self._ended = False  # by an illegal action: the game itself goes on

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """The space of every agent's observations."""
        return self._observation_space

    def action_space(self, agent: str) -> spaces.Space[Any]:
        """The actions of every agent: ``Discrete(encoding.num_actions)``."""
        return self._action_space

    @property
    def game(self) -> Game[MoveT, ViewT]:
        """The game being played (since the last `reset`)."""
        if self._game is None:
            raise RuntimeError("reset the environment first")
        return self._game

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None,
              ) -> None:
        """Deal a new game: ``random.Random(seed)``'s, as ``--seed seed`` deals.

        With no `seed`, the next game of the last seed given (game 1, 2…
        as ``--simulate`` numbers them), or of a fresh seed if none was.
        ``options={"decks": [...]}`` deals those card orders first, as
        ``--deck`` and a replay do (`common.engine.dealer.Dealer`).
        """
        if seed is not None:
            self._seed, self._episode, deal = seed, 0, seed
        else:
            if self._seed is None:
                self._seed = fresh_seed()
                self._episode = -1
            self._episode += 1
            deal = (self._seed if self._episode == 0
                    else game_seed(self._seed, self._episode))
        decks = (options or {}).get("decks", ())
        self._game = game = self.encoding.new_game(Dealer(random.Random(deal), decks))
        self._view = self._legal = None
        self._ended = False
        self.agents = self.possible_agents[:]
        self.rewards: dict[str, float] = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards: dict[str, float] = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        events = game.start()
        if self.render_mode is not None:
            self._out = io.StringIO()
            self._console = self.encoding.console(
                game, Terminal(io.BytesIO(), self._out, echo=False))
            self._console.on_events(events)
        self._next_turn()

    def _next_turn(self) -> None:
        """Select the seat to move; at the end, hand out the rewards."""
        game = self.game
        seat = game.current_seat
        if seat is not None:
            self.agent_selection = self.possible_agents[seat]
            if self._console is not None:
                self._console.begin_turn(seat)
            return
        for agent, result in zip(self.possible_agents, game.returns(), strict=True):
            self.rewards[agent] = result
            self.terminations[agent] = True
        self._accumulate_rewards()
        self.agent_selection = self.possible_agents[0]

    def _seat_to_move(self) -> int | None:
        """The seat to move; None once over, or ended by an illegal action."""
        return None if self._ended else self.game.current_seat

    def _seat_view(self) -> ViewT:
        """The view of the seat to move, built once a position."""
        if self._view is None:
            seat = self.game.current_seat
            assert seat is not None, "a step once the game is over is a dead step"
            self._view = self.game.view(seat)
        return self._view

    def legal_actions(self) -> frozenset[int]:
        """Return the actions open to the seat to move (none once over).

        Listed once a position, as the mask of its observation.
        """
        if self._seat_to_move() is None:
            return frozenset()
        if self._legal is None:
            self._legal = frozenset(self.encoding.legal_actions(self._seat_view()))
        return self._legal

    def observe(self, agent: str) -> Observation:
        """Return what `agent`'s seat sees now, and the actions open to it."""
        encoding = self.encoding
        observation = np.zeros(encoding.observation_size, np.float32)
        mask = np.zeros(encoding.num_actions, np.int8)
        game = self.game
        seat = self._seats[agent]
        current = self._seat_to_move()
        if current is not None:
            view = self._seat_view() if seat == current else game.view(seat)
            encoding.observe(view, observation)
            if seat == current:
                mask[list(self.legal_actions())] = 1
        return {"observation": observation, "action_mask": mask}

    def step(self, action: int | None) -> None:
        """Make `action` for the agent selected; a step of a finished agent removes it.

        An illegal action (its mask is 0) ends the game with `illegal_reward`
        for the agent, or, with none, is refused.

        Raises:
            common.engine.game.IllegalMoveError: for an illegal action, when
                there is no `illegal_reward`; the game is then unchanged.
            ValueError: for an action out of range.
        """
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None or not 0 <= action < self.encoding.num_actions:
            raise ValueError(f"{agent} takes an action 0 to "
                             f"{self.encoding.num_actions - 1}, not {action!r}")
        action = int(action)
        self._cumulative_rewards[agent] = 0.0
        self.rewards = dict.fromkeys(self.agents, 0.0)
        if action not in self.legal_actions():
            if self.illegal_reward is None:
                raise IllegalMoveError(f"action {action} is not legal now", action)
            self.rewards[agent] = self.illegal_reward
            self._ended = True
            self.terminations = dict.fromkeys(self.agents, True)
            self._accumulate_rewards()
            self._deads_step_first()
            return
        game, seat = self.game, self._seats[agent]
        moves = self.encoding.moves(action, self._seat_view())
        self._view = self._legal = None
        for move in moves:
            if self._console is not None:
                self._console.show_move(seat, move)
            events = game.apply(move)
            if self._console is not None:
                self._console.on_events(events)
        self._next_turn()

    def render(self) -> str | None:
        """Return what the console printed since the last call (``ansi``).

        None, with a warning, when the environment renders nothing.
        """
        if self._out is None:
            if self.render_mode is None:
                from gymnasium import logger

                logger.warn("render() was called with no render_mode: "
                            "make the environment with render_mode='ansi'")
            return None
        text = self._out.getvalue()
        self._out.seek(0)
        self._out.truncate()
        return text

    def close(self) -> None:
        """Let go of the console, if any."""
        self._out = None
        self._console = None

    def policy(self, name: str, seed: int | None = None) -> Policy:
        """Return the computer's strategy `name` (``smart``, ``random``) as a policy.

        The policy decides for the seat to move, as the computer there
        would: from that seat's view alone (the observation it is handed
        says no more), one strategy per seat, each drawing from its own
        generator, seeded from `seed` as ``--seed`` seeds the computers.

        Raises:
            KeyError: when the game has no strategy `name`.
        """
        factory = self.encoding.spec.strategies[name]
        strategies: dict[int, Strategy[ViewT, MoveT]] = {}

        def policy(observation: Observation) -> int:
            seat = self.game.current_seat
            if seat is None:
                raise ValueError("the game is over: there is nothing to decide")
            strategy = strategies.get(seat)
            if strategy is None:
                rng = random.Random(None if seed is None else strategy_seed(seed, seat))
                strategy = strategies[seat] = factory(rng)
            view = self._seat_view()
            return self.encoding.action(strategy.decide(view), view)

        return policy

    def __str__(self) -> str:
        return str(self.metadata["name"])

