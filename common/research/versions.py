"""A game's environment under its versioned name, as PettingZoo names its own.

PettingZoo's classic games are modules (``leduc_holdem_v4``) offering
``env`` and ``raw_env``; each game here offers a `Version` of the same
shape (`bigtwo.research.bigtwo_v0`), which imports the extra ``rl`` only
when an environment is made.  The same version is the game for OpenSpiel,
by the same name: `Version.spiel_game` registers it
(`common.research.spiel`) and loads it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from common.research import extra

if TYPE_CHECKING:
    from common.research.encoding import Encoding
    from common.research.environment import CardGameEnv
    from common.research.spiel import CardGame


@dataclass(frozen=True)
class Version:
    """A game's environment, version by version: ``env`` and ``raw_env``."""

    encoding: type[Encoding[Any, Any]]
    """The game's encoding, which names the version."""
    spiel_defaults: Mapping[str, int | bool] = field(default_factory=dict)
    """The OpenSpiel game's settings unless told, over the encoding's: OpenSpiel
    needs every game bounded (`common.research.spiel.register`)."""

    @property
    def name(self) -> str:
        """The versioned name (``bigtwo_v0``)."""
        return self.encoding.name

    def raw_env(self, render_mode: str | None = None,
                **settings: Any) -> CardGameEnv[Any, Any]:
        """Return the environment, as PettingZoo's ``raw_env``: illegal actions refused.

        `settings` are the game's (see the encoding's ``defaults``);
        `render_mode` is None or ``"ansi"``.

        Raises:
            common.research.extra.MissingExtra: without the extra ``rl``.
            ValueError: for a setting or render mode there is not.
        """
        return self._make(render_mode, settings, refuse_illegal=True)

    def env(self, render_mode: str | None = None,
            **settings: Any) -> CardGameEnv[Any, Any]:
        """Return the environment as PettingZoo's classic games' ``env`` has it.

        An illegal action ends the game with a reward of -1 for its seat
        (`common.research.environment.ILLEGAL_REWARD`), as their wrappers do.

        Raises:
            common.research.extra.MissingExtra: without the extra ``rl``.
            ValueError: for a setting or render mode there is not.
        """
        return self._make(render_mode, settings, refuse_illegal=False)

    def _make(self, render_mode: str | None, settings: dict[str, Any], *,
              refuse_illegal: bool) -> CardGameEnv[Any, Any]:
        extra.check()  # before the environment's module imports the extra
        from common.research.environment import ILLEGAL_REWARD, CardGameEnv

        return CardGameEnv(self.encoding(settings), render_mode,
                           None if refuse_illegal else ILLEGAL_REWARD)

    def spiel_game(self, **params: int | bool) -> CardGame:
        """Return the game for OpenSpiel, registered under `name` first if not yet.

        Once registered, ``pyspiel.load_game(name, params)`` loads it too.
        `params` are the game's settings and ``rng_seed``
        (`common.research.spiel.SEED`).

        Raises:
            common.research.extra.MissingExtra: without the extra ``rl``.
            pyspiel.SpielError: for a parameter there is not.
        """
        extra.check(extra.SPIEL)  # before the module that imports OpenSpiel
        from common.research.spiel import load, register

        register(self.encoding, **self.spiel_defaults)
        return load(self.name, params)
