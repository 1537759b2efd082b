"""A one-seat game (Red Dog) as a Gymnasium environment: `SingleSeatEnv`.

The same game, encoding, rewards, seeding and rendering as its PettingZoo
environment (`common.research.environment.CardGameEnv`), which it drives:
an observation is ``{"observation": ..., "action_mask": ...}``, the reward
of a step is 0 but at the end of the game, when it is the game's result.
As in PettingZoo's classic games, an illegal action ends the game with a
reward of -1 (`common.research.environment.ILLEGAL_REWARD`), and
``info["illegal"]`` says so.
"""

from __future__ import annotations

from typing import Any

import gymnasium

from common.research.encoding import Encoding
from common.research.environment import (
    ILLEGAL_REWARD,
    CardGameEnv,
    Observation,
    Policy,
)


class SingleSeatEnv(gymnasium.Env[Observation, int]):
    """The Gymnasium environment of a game of one seat.

    Args:
        encoding: the game and its encoding (of one seat).
        render_mode: None, or ``"ansi"`` for `render` to return the text.

    Raises:
        ValueError: for a game of more seats, or a render mode there is not.
    """

    def __init__(self, encoding: Encoding[Any, Any],
                 render_mode: str | None = None) -> None:
        """Make the environment; `reset` deals its first game."""
        if encoding.num_seats != 1:
            raise ValueError(f"{encoding.spec.title} has {encoding.num_seats} seats, "
                             "not one")
        self.env: CardGameEnv[Any, Any] = CardGameEnv(encoding, render_mode,
                                                      ILLEGAL_REWARD)
        """The PettingZoo environment this one drives."""
        self._agent = self.env.possible_agents[0]
        self.metadata = self.env.metadata
        self.render_mode = render_mode
        self.observation_space = self.env.observation_space(self._agent)
        self.action_space = self.env.action_space(self._agent)

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None,
              ) -> tuple[Observation, dict[str, Any]]:
        """Deal a new game, as `CardGameEnv.reset` does; return its observation."""
        super().reset(seed=seed)
        self.env.reset(seed=seed, options=options)
        return self.env.observe(self._agent), {}

    def step(self, action: int,
             ) -> tuple[Observation, float, bool, bool, dict[str, Any]]:
        """Make `action`; return the observation, reward, terminated, truncated, info.

        Reward, termination and truncation as for the PettingZoo environment.
        """
        illegal = int(action) not in self.env.legal_actions()
        self.env.step(int(action))
        return (self.env.observe(self._agent), float(self.env.rewards[self._agent]),
                self.env.terminations[self._agent], False,
                {"illegal": True} if illegal else {})

    def render(self) -> str | None:
        """Return what the console printed since the last call (``ansi``)."""
        return self.env.render()

    def close(self) -> None:
        """Let go of the console, if any."""
        self.env.close()

    def policy(self, name: str, seed: int | None = None) -> Policy:
        """Return the computer's strategy `name` as a policy (`CardGameEnv.policy`)."""
        return self.env.policy(name, seed)
