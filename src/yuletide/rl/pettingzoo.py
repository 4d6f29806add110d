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
the others); the observation comes from the room's fast path when it has one (proven
equal to encoding the view). With ``views=True``, ``infos[agent]`` of the agent asked
holds its raw ``view`` and ``legal``, the notation of its legal actions in number order
(its window, no more); off by default, as building them costs more than a step of a
small game. Action
numbers are the game's ``action_space`` order; real-time games have one more, *wait*
(``yuletide.rl.turns`` says who is asked when several seats may act).

Rewards come at the end of a game: 1 to each winner, 0 to everyone else (a shared
victory gives 1 to each; a co-operative win gives 1 to all). A game that reaches its
``turn_limit`` ends *unfinished*: every agent is truncated with 0. A finished game
terminates every agent. ``reward="score"`` or ``"dense"`` choose another reward
(``yuletide.rl.rewards``); at the end every agent's info carries ``outcome``, ``won``,
``rank`` and ``score``. The environment pickles (the game is saved as its record).

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
from pettingzoo import AECEnv  # type: ignore[import-untyped]

from ..core.errors import InvalidOption
from ..core.registry import new_game
from ..core.rng import Rng
from ..core.state import State
from . import rewards
from .envbase import SeatsEnv
from .turns import Turns

__all__ = ["RawEnv", "env", "raw_env"]

#: How many distinct masks an environment keeps (legal sets repeat; a few kB each).
MASKS_KEPT = 4096


def env(
    game_id: str,
    players: int | None = None,
    render_mode: str | None = None,
    illegal: str = "terminate",
    *,
    reward: str = "win",
    views: bool = False,
    **options: Any,
) -> RawEnv:
    """An AEC environment of ``game_id`` (the module docstring); ``options`` are the
    game's own options (``yuletide info GAME`` lists them)."""
    return RawEnv(game_id, players, render_mode, illegal, reward=reward, views=views, **options)


#: PettingZoo's modules name the unwrapped environment ``raw_env``; ours has no wrapper.
raw_env = env


class RawEnv(SeatsEnv, AECEnv):  # type: ignore[misc]
    """One Yuletide game as a PettingZoo AEC environment (module docstring).

    ``state`` is the table's true game, there for the experimenter (saves, replays,
    ``state.record()``); agents are given observations and infos, built from their own
    seat's window only."""

    metadata: dict[str, Any] = {  # noqa: RUF012 (PettingZoo reads the class attribute)
        "render_modes": ["ansi", "rgb_array"],
        "name": "yuletide",
        "is_parallelizable": False,
    }

    def __init__(
        self,
        game_id: str,
        players: int | None = None,
        render_mode: str | None = None,
        illegal: str = "terminate",
        *,
        reward: str = "win",
        views: bool = False,
        **options: Any,
    ) -> None:
        super().__init__()
        enc = self._set_up(
            game_id, players, render_mode, reward=reward, illegal=illegal, options=options
        )
        self.views = views
        self._potentials: list[float] = []
        self.agent_seat = {a: s for s, a in enumerate(self.possible_agents)}
        self._seeder = Rng(secrets.randbits(64))
        self._zero_mask = np.zeros(enc.num_actions, dtype=np.int8)
        self._notations = [enc.notation(i) for i in range(enc.num_actions)]
        self._masks: dict[tuple[int, ...], np.ndarray[Any, np.dtype[np.int8]]] = {}
        self.state: State | None = None
        self.turns: Turns | None = None
        self._mask: np.ndarray[Any, np.dtype[np.int8]] | None = None

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
        if self._progress is not None:
            progress, state = self._progress, self.state
            self._potentials = [progress(state.view(s)) for s in range(self.players)]
        self._ask()

    def _ask(self) -> None:
        """Select the agent asked now and give it its window."""
        assert self.state is not None and self.turns is not None
        seat = self.turns.asked
        if seat is None:
            return
        state = self.state
        index = self.encoding.index
        numbers = [index[a] for a in state.legal_actions(seat)]
        if self.turns.may_wait:
            numbers.append(self.encoding.num_actions - 1)
        key = tuple(numbers)
        mask = self._masks.get(key)
        if mask is None:  # the same legal sets come again and again: made once each
            mask = np.zeros(self.encoding.num_actions, dtype=np.int8)
            mask[numbers] = 1
            mask.flags.writeable = False
            if len(self._masks) < MASKS_KEPT:
                self._masks[key] = mask
        self._mask = mask
        agent = self.possible_agents[seat]
        self.agent_selection = agent
        if self.views:
            notes = self._notations
            legal = [notes[i] for i in sorted(numbers)]
            self.infos[agent] = {"view": state.view(seat), "legal": legal}

    def observe(self, agent: str) -> dict[str, Any]:
        if self.state is None:
            raise InvalidOption("call reset() before observe()")
        seat = self.agent_seat[agent]
        asked = self.turns is not None and self.turns.asked == seat
        mask = self._mask if asked and self._mask is not None else self._zero_mask
        return {"observation": self._observe_seat(self.state, seat), "action_mask": mask.copy()}

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
        if self.views:
            self.infos[agent] = {}
        actions = self.encoding.actions
        if number < len(actions):
            state.apply_unchecked(seat, actions[number])
            turns.acted(state)
        else:
            turns.waited()
        outcome = state.outcome
        if self._progress is not None:
            for a in self.agents:
                s = self.agent_seat[a]
                potential = self._progress(state.view(s))
                self.rewards[a] = potential - self._potentials[s]
                self._potentials[s] = potential
        if outcome.over:
            for a in self.agents:
                s = self.agent_seat[a]
                self.rewards[a] += rewards.terminal_reward(self.reward_kind, outcome, s)
                self.infos[a] = rewards.outcome_info(outcome, s)
                if outcome.status == "finished":
                    self.terminations[a] = True
                else:
                    self.truncations[a] = True
            self._mask = None
        else:
            self._ask()
        if self._progress is not None or outcome.over:
            self._accumulate_rewards()  # else every reward is 0 (as after reset)

    def _illegal(self, agent: str, number: int) -> None:
        """An illegal action number: raise, or end the game with -1 for ``agent``."""
        mask = self._mask if self._mask is not None else self._zero_mask
        legal = ", ".join(self._notations[int(i)] for i in np.flatnonzero(mask))
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
        self._mask = None
        if self.turns is not None:
            self.turns.asked = None
        self._accumulate_rewards()

    # ------------------------------------------------------------ the rest

    def close(self) -> None:
        self.state = None
        self.turns = None
