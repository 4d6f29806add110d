"""Gymnasium environments for the solo games (those whose manifest declares ``solo``;
extra ``[rl]``).

>>> from yuletide.rl.gymnasium import SoloEnv
>>> env = SoloEnv(GAME, **options)     # GAME: a solo game's id; any of its options
>>> obs, info = env.reset(seed=1)
>>> obs, reward, terminated, truncated, info = env.step(int(info["action_mask"].argmax()))

or ``gymnasium.make(f"yuletide/{GAME}-v1", **options)`` (``-v`` is the encoding
version). The observation is the player's view encoded by ``yuletide.rl.encodings``
(float32 in [0, 1]); ``info`` holds the ``action_mask`` (int8), the raw ``view`` and
the notation of the ``legal`` actions; :meth:`SoloEnv.action_masks` gives the mask too
(the name maskable-action learners call). Actions are numbered in the game's
``action_space`` order.

Rewards: 1 when the game is won, 0 otherwise, at the end (``terminated``). A game cut
off by its ``turn_limit`` is ``truncated`` with 0. An illegal action number ends the
episode at once with -1 and ``info["illegal"]`` set, as PettingZoo's classic games do
(Gymnasium's own checks step with unmasked random actions, so an illegal action must
not raise).
"""

from __future__ import annotations

import secrets
from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces

from ..core.errors import InvalidOption
from ..core.registry import games, new_game, spec
from ..core.rng import Rng
from ..core.state import State
from .encodings import encoding

__all__ = ["SOLO_GAMES", "SoloEnv", "register"]

#: The games a Gymnasium environment is made for: one seat, no opponents (those whose
#: manifest declares them solo).
SOLO_GAMES: tuple[str, ...] = tuple(g for g in games() if spec(g).solo)

Obs = np.ndarray[Any, np.dtype[np.float32]]


class SoloEnv(gymnasium.Env[Obs, int]):
    """One solo game as a Gymnasium environment (module docstring). ``game`` is the true
    game, for the experimenter; the agent is given the observation and info only."""

    #: ``render_fps`` only quiets Gymnasium's render check: ansi frames are text.
    metadata = {"render_modes": ["ansi"], "render_fps": 1}  # noqa: RUF012 (Gymnasium's own form)

    def __init__(self, game_id: str, render_mode: str | None = None, **options: Any) -> None:
        if game_id not in SOLO_GAMES:
            raise InvalidOption(
                f"the Gymnasium environment is for the solo games ({', '.join(SOLO_GAMES)}),"
                f" not {game_id!r}; use yuletide.rl.pettingzoo for games of several players"
            )
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise InvalidOption(f"render_mode must be None or 'ansi', got {render_mode!r}")
        new_game(game_id, players=1, seed=0, **options)  # validates the options
        self.game_id = game_id
        self.options = options
        self.render_mode = render_mode
        self.encoding = encoding(game_id, 1)
        self.observation_space = spaces.Box(0.0, 1.0, (self.encoding.size,), np.float32)
        self.action_space = spaces.Discrete(self.encoding.num_actions)  # type: ignore[assignment]
        self._seeder = Rng(secrets.randbits(64))
        self.game: State | None = None
        self._mask = np.zeros(self.encoding.num_actions, dtype=np.int8)

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Obs, dict[str, Any]]:
        super().reset(seed=seed)
        if seed is not None:
            self._seeder = Rng(seed)
        self.game = new_game(
            self.game_id, players=1, seed=self._seeder.next64() >> 1, **self.options
        )
        return self._observe()

    def _observe(self) -> tuple[Obs, dict[str, Any]]:
        assert self.game is not None
        game = self.game
        view = game.view(0)
        legal = game.legal_actions(0) if not game.outcome.over else []
        self._mask = self.encoding.mask(legal)
        info = {"action_mask": self._mask.copy(), "view": view, "legal": [str(a) for a in legal]}
        return self.encoding.encode(view), info

    def action_masks(self) -> np.ndarray[Any, np.dtype[np.int8]]:
        """The legal-action mask now (for maskable-action learners)."""
        return self._mask.copy()

    def step(self, action: int) -> tuple[Obs, float, bool, bool, dict[str, Any]]:
        if self.game is None:
            raise InvalidOption("call reset() before step()")
        game = self.game
        if game.outcome.over:
            raise InvalidOption("the game is over: call reset() to start another")
        number = int(action)
        if not 0 <= number < self.encoding.num_actions or not self._mask[number]:
            obs, info = self._observe()
            info["illegal"] = True
            self.game = None
            return obs, -1.0, True, False, info
        chosen = self.encoding.action(number)
        assert chosen is not None  # a solo game has no wait action
        game.apply_unchecked(0, chosen)
        obs, info = self._observe()
        outcome = game.outcome
        terminated = outcome.status == "finished"
        truncated = outcome.status == "unfinished"
        reward = 1.0 if terminated and 0 in outcome.winners else 0.0
        return obs, reward, terminated, truncated, info

    def render(self) -> str | None:
        if self.render_mode is None:
            gymnasium.logger.warn("render() called without a render_mode (use 'ansi')")
            return None
        if self.game is None:
            return "(no game: call reset())"
        return spec(self.game_id).text.render(self.game.view(0))


def register() -> list[str]:
    """Register ``yuletide/<game>-v<encoding version>`` for each solo game with
    Gymnasium (done on import); returns the ids."""
    ids = []
    for game_id in SOLO_GAMES:
        env_id = f"yuletide/{game_id}-v{spec(game_id).encoding_version}"
        if env_id not in gymnasium.registry:
            gymnasium.register(
                id=env_id,
                entry_point="yuletide.rl.gymnasium:SoloEnv",
                kwargs={"game_id": game_id},
            )
        ids.append(env_id)
    return ids


register()
