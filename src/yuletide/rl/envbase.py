"""What the environments share: ``render()`` and pickling (every env), and the
multi-agent envs' checking of their arguments and their agents' spaces."""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces

from ..core.errors import InvalidOption
from ..core.registry import game_class, new_game
from . import rewards
from .encodings import Encoding, encoding
from .render import render_frame


class RenderAndSave:
    """What every env here shares: ``render()`` of the spectator's view, and pickling
    the game as its save (some games' states hold caches that do not pickle). The env
    keeps its game in the attribute named by ``_game_attr``, its encoding in
    ``encoding`` and its fast observer in ``_observe_seat``."""

    _game_attr = "state"
    game_id: str
    render_mode: str | None
    encoding: Any
    _observe_seat: Any

    def render(self) -> Any:
        if self.render_mode is None:
            import gymnasium  # noqa: PLC0415

            gymnasium.logger.warn("render() called without a render_mode ('ansi', 'rgb_array')")
            return None
        game = getattr(self, self._game_attr)
        return render_frame(
            self.game_id, None if game is None else game.view(None), self.render_mode
        )

    def __getstate__(self) -> dict[str, Any]:
        data = self.__dict__.copy()
        game = data.pop(self._game_attr)
        data["_game_save"] = None if game is None else game.to_json()
        data.pop("_observe_seat")
        return data

    def __setstate__(self, data: dict[str, Any]) -> None:
        from ..core.registry import load  # noqa: PLC0415

        save = data.pop("_game_save")
        self.__dict__.update(data)
        setattr(self, self._game_attr, None if save is None else load(save))
        self._observe_seat = self.encoding.observer()


class SeatsEnv(RenderAndSave):
    """The PettingZoo envs' common set-up: one agent per seat, ``seat_N``."""

    metadata: dict[str, Any]

    def _set_up(
        self,
        game_id: str,
        players: int | None,
        render_mode: str | None,
        *,
        reward: str,
        illegal: str,
        options: dict[str, Any],
    ) -> Encoding:
        """Check the arguments (clear errors, before anything is set) and set the
        game, its encoding, the agents and their spaces."""
        if illegal not in ("terminate", "raise"):
            raise InvalidOption(f"illegal must be 'terminate' or 'raise', got {illegal!r}")
        if players is None:
            players = game_class(game_id).default_players
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise InvalidOption(
                f"render_mode must be None, 'ansi' or 'rgb_array', got {render_mode!r}"
            )
        new_game(game_id, players=players, seed=0, **options)  # validates players, options
        self._progress = rewards.check_kind(reward, game_id)
        self.game_id = game_id
        self.players = players
        self.options = options
        self.render_mode = render_mode
        self.reward_kind = reward
        self.illegal = illegal
        self.metadata = {**self.metadata, "name": f"yuletide_{game_id.replace('-', '_')}"}
        self.encoding = enc = encoding(game_id, players)
        self.possible_agents = [f"seat_{s}" for s in range(players)]
        self._obs_space = spaces.Dict(
            {
                "observation": spaces.Box(0.0, 1.0, (enc.size,), np.float32),
                "action_mask": spaces.Box(0, 1, (enc.num_actions,), np.int8),
            }
        )
        self._act_space = spaces.Discrete(enc.num_actions)
        self.observation_spaces = dict.fromkeys(self.possible_agents, self._obs_space)
        self.action_spaces = dict.fromkeys(self.possible_agents, self._act_space)
        self._observe_seat = enc.observer()
        return enc

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self._obs_space

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self._act_space
