"""PettingZoo AEC environments for every Yuletide game (extra ``[rl]``).

>>> from yuletide.rl.pettingzoo import env
>>> e = env(GAME, players=4)             # GAME: any game's id (``yuletide list``)
>>> e.reset(seed=7)
>>> for agent in e.agent_iter():
...     obs, reward, termination, truncation, info = e.last()
...     over = termination or truncation
...     e.step(None if over else e.action_space(agent).sample(obs["action_mask"]))

Agents are ``seat_0`` .. ``seat_{n-1}``. Each observation is a Dict of ``observation``
(the seat's view encoded by ``yuletide.rl.encodings``: float32 in [0, 1]) and
``action_mask`` (int8, 1 at the legal action numbers of the agent asked; all zeros for
the others). ``infos[agent]`` of the agent asked holds its raw ``view`` and ``legal``,
the notation of its legal actions in number order (its window, no more). Action
numbers are the game's ``action_space`` order; real-time games have one more, *wait*
(``yuletide.rl.turns`` says who is asked when several seats may act).

Rewards come at the end of a game: 1 to each winner, 0 to everyone else (a shared
victory gives 1 to each; a co-operative win gives 1 to all). A game that reaches its
``turn_limit`` ends *unfinished*: every agent is truncated with 0. A finished game
terminates every agent.

Seeding: ``reset(seed=s)`` starts a reproducible stream: the game's seed and every draw
of the asking order come from it; later ``reset()`` calls without a seed go on along
the same stream. ``render_mode="ansi"`` renders the spectator's view with the game's
own text rendering (public information only).

Illegal actions: by default (``illegal="terminate"``) an illegal action number ends the
game at once, -1 to the agent that took it and 0 to the others, as PettingZoo's classic
games do with their ``TerminateIllegalWrapper``; ``illegal="raise"`` raises
InvalidOption naming the legal actions instead. An action outside the action space,
and ``step``/``observe`` before ``reset``, always raise. The environment makes these
checks itself rather than through PettingZoo's generic wrappers (whose attribute
forwarding cost more than a whole step of a small game); it passes PettingZoo's
``api_test`` and ``seed_test`` as it is.
"""

from __future__ import annotations

import secrets
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv  # type: ignore[import-untyped]

from ..core.errors import InvalidOption
from ..core.registry import game_class, new_game, spec
from ..core.rng import Rng
from ..core.state import State
from .encodings import Encoding, encoding
from .turns import Turns

__all__ = ["RawEnv", "env", "raw_env"]


def env(
    game_id: str,
    players: int | None = None,
    render_mode: str | None = None,
    illegal: str = "terminate",
    **options: Any,
) -> RawEnv:
    """An AEC environment of ``game_id`` (the module docstring); ``options`` are the
    game's own options (``yuletide info GAME`` lists them)."""
    return RawEnv(game_id, players, render_mode, illegal, **options)


#: PettingZoo's modules name the unwrapped environment ``raw_env``; ours has no wrapper.
raw_env = env


class RawEnv(AECEnv):  # type: ignore[misc]
    """One Yuletide game as a PettingZoo AEC environment (module docstring).

    ``state`` is the table's true game, there for the experimenter (saves, replays,
    ``state.record()``); agents are given observations and infos, built from their own
    seat's window only."""

    metadata: dict[str, Any] = {  # noqa: RUF012 (PettingZoo reads the class attribute)
        "render_modes": ["ansi"],
        "name": "yuletide",
        "is_parallelizable": False,
    }

    def __init__(
        self,
        game_id: str,
        players: int | None = None,
        render_mode: str | None = None,
        illegal: str = "terminate",
        **options: Any,
    ) -> None:
        super().__init__()
        if illegal not in ("terminate", "raise"):
            raise InvalidOption(f"illegal must be 'terminate' or 'raise', got {illegal!r}")
        self.illegal = illegal
        cls = game_class(game_id)
        if players is None:
            players = cls.default_players
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise InvalidOption(f"render_mode must be None or 'ansi', got {render_mode!r}")
        new_game(game_id, players=players, seed=0, **options)  # validates players, options
        self.game_id = game_id
        self.players = players
        self.options = options
        self.render_mode = render_mode
        self.metadata = {**self.metadata, "name": f"yuletide_{game_id.replace('-', '_')}"}
        self.encoding: Encoding = encoding(game_id, players)
        self.possible_agents = [f"seat_{s}" for s in range(players)]
        self.agent_seat = {a: s for s, a in enumerate(self.possible_agents)}
        enc = self.encoding
        self._obs_space = spaces.Dict(
            {
                "observation": spaces.Box(0.0, 1.0, (enc.size,), np.float32),
                "action_mask": spaces.Box(0, 1, (enc.num_actions,), np.int8),
            }
        )
        self._act_space = spaces.Discrete(enc.num_actions)
        self.observation_spaces = dict.fromkeys(self.possible_agents, self._obs_space)
        self.action_spaces = dict.fromkeys(self.possible_agents, self._act_space)
        self._seeder = Rng(secrets.randbits(64))
        self._zero_mask = np.zeros(enc.num_actions, dtype=np.int8)
        self._notations = [enc.notation(i) for i in range(enc.num_actions)]
        self.state: State | None = None
        self.turns: Turns | None = None
        self._view: dict[str, Any] | None = None
        self._mask: np.ndarray[Any, np.dtype[np.int8]] | None = None

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self._obs_space

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self._act_space

    # --------------------------------------------------------------- the loop

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            self._seeder = Rng(seed)
        game_seed = self._seeder.next64() >> 1
        self.state = new_game(self.game_id, players=self.players, seed=game_seed, **self.options)
        self.turns = Turns(self.state, self._seeder.fork())
        self.agents = self.possible_agents.copy()
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._ask()

    def _ask(self) -> None:
        """Select the agent asked now and give it its window."""
        assert self.state is not None and self.turns is not None
        seat = self.turns.asked
        if seat is None:
            return
        state = self.state
        index = self.encoding.index
        numbers = sorted([index[a] for a in state.legal_actions(seat)])
        if self.turns.may_wait:
            numbers.append(self.encoding.num_actions - 1)
        self._view = view = state.view(seat)
        mask = np.zeros(self.encoding.num_actions, dtype=np.int8)
        mask[numbers] = 1
        self._mask = mask
        agent = self.possible_agents[seat]
        self.agent_selection = agent
        notes = self._notations
        self.infos[agent] = {"view": view, "legal": [notes[i] for i in numbers]}

    def observe(self, agent: str) -> dict[str, Any]:
        if self.state is None:
            raise InvalidOption("call reset() before observe()")
        seat = self.agent_seat[agent]
        asked = self.turns is not None and self.turns.asked == seat
        view = self._view if asked and self._view is not None else self.state.view(seat)
        mask = self._mask if asked and self._mask is not None else self._zero_mask
        return {"observation": self.encoding.encode(view), "action_mask": mask.copy()}

    def step(self, action: int | None) -> None:
        if self.state is None or self.turns is None:
            raise InvalidOption("call reset() before step()")
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        state, turns = self.state, self.turns
        seat = self.agent_seat[agent]
        mask = self._mask
        assert mask is not None
        if action is None or not 0 <= action < self.encoding.num_actions:
            raise InvalidOption(
                f"{agent} must take an action number 0..{self.encoding.num_actions - 1},"
                f" got {action!r}"
            )
        number = int(action)
        if not mask[number]:
            self._illegal(agent, number)
            return
        self._cumulative_rewards[agent] = 0.0
        self.infos[agent] = {}
        chosen = self.encoding.action(number)
        if chosen is None:
            turns.waited()
        else:
            state.apply_unchecked(seat, chosen)
            turns.acted(state)
        outcome = state.outcome
        if outcome.over:
            winners = set(outcome.winners) if outcome.status == "finished" else set()
            for a in self.agents:
                self.rewards[a] = 1.0 if self.agent_seat[a] in winners else 0.0
                if outcome.status == "finished":
                    self.terminations[a] = True
                else:
                    self.truncations[a] = True
            self._view = self._mask = None
        else:
            for a in self.agents:
                self.rewards[a] = 0.0
            self._ask()
        self._accumulate_rewards()

    def _illegal(self, agent: str, number: int) -> None:
        """An illegal action number: raise, or end the game with -1 for ``agent``."""
        legal = ", ".join(self.infos[agent].get("legal", []))
        if self.illegal == "raise":
            raise InvalidOption(
                f"action {number} ({self.encoding.notation(number)!r}) is not legal for"
                f" {agent} now; legal now: {legal}"
            )
        self._cumulative_rewards[agent] = 0.0
        for a in self.agents:
            self.terminations[a] = True
            self.rewards[a] = 0.0
            self.infos[a] = {}
        self.rewards[agent] = -1.0
        self.infos[agent] = {"illegal_move": True}
        self._view = self._mask = None
        if self.turns is not None:
            self.turns.asked = None
        self._accumulate_rewards()

    # ------------------------------------------------------------ the rest

    def render(self) -> str | None:
        if self.render_mode is None:
            import gymnasium  # noqa: PLC0415

            gymnasium.logger.warn("render() called without a render_mode (use 'ansi')")
            return None
        if self.state is None:
            return "(no game yet: call reset())"
        return spec(self.game_id).text.render(self.state.view(None))

    def close(self) -> None:
        self.state = None
        self.turns = None
