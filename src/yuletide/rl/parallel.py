"""PettingZoo ``ParallelEnv`` for every game (extra ``[rl]``): every seat is an agent and
all act in each step.

>>> from yuletide.rl.parallel import parallel_env
>>> env = parallel_env(GAME, players=4)
>>> obs, infos = env.reset(seed=7)
>>> while env.agents:
...     actions = {a: env.action_space(a).sample(obs[a]["action_mask"]) for a in env.agents}
...     obs, rewards, terminations, truncations, infos = env.step(actions)

Who acts in a step is the state's ``to_act``; ``infos[agent]["acting"]`` says so, and an
agent that may not act has an all-zero ``action_mask`` (its action is ignored, any number
in the action space will do):

* **Turn-based games**: the one seat whose turn it is acts.
* **Simultaneous choices** (Festival of Lights, Jolly Christmas, the events of Christmas
  Lights, Lights On's signals): every seat choosing acts in the same step; the choices
  are applied in seat order (nobody sees another's choice, so the order changes nothing).
* **Real-time races** (Blink, Lights On, Reindeer's Nose): every seat that may act acts
  or *waits* (the extra action number); the actions are applied in a random order drawn
  from the environment's seeded RNG (a seat never has a fixed head start); an action no
  longer legal when its turn in that order comes (another seat was faster) is not applied,
  and ``infos[agent]["too_late"]`` says so. If every seat waits, nothing happens.

Observations and masks are those of ``yuletide.rl.pettingzoo`` (the seat's view encoded;
the room's fast path when it has one); ``reward=`` is ``"win"``, ``"score"`` or
``"dense"`` (``yuletide.rl.rewards``); at the end every agent's info carries ``outcome``,
``won``, ``rank`` and ``score``. An illegal action of an acting agent ends the game with -1
to it and 0 to the others (``illegal="raise"`` raises InvalidOption instead). Passes
PettingZoo's ``parallel_api_test``; pickles (the game is saved as its record).
"""

from __future__ import annotations

import secrets
from typing import Any

import numpy as np
from pettingzoo import ParallelEnv  # type: ignore[import-untyped]

from ..core.errors import InvalidOption
from ..core.registry import game_class, new_game
from ..core.rng import Rng
from ..core.simultaneous import is_real_time
from ..core.state import State
from . import rewards
from .envbase import SeatsEnv

__all__ = ["YuletideParallelEnv", "parallel_env"]


def parallel_env(
    game_id: str,
    players: int | None = None,
    render_mode: str | None = None,
    *,
    reward: str = "win",
    illegal: str = "terminate",
    **options: Any,
) -> YuletideParallelEnv:
    """A parallel environment of ``game_id`` (the module docstring)."""
    return YuletideParallelEnv(
        game_id, players, render_mode, reward=reward, illegal=illegal, **options
    )


class YuletideParallelEnv(SeatsEnv, ParallelEnv):  # type: ignore[misc]
    """One game as a PettingZoo ParallelEnv (module docstring); ``state`` is the true
    game, for the experimenter."""

    metadata: dict[str, Any] = {  # noqa: RUF012 (PettingZoo reads the class attribute)
        "render_modes": ["ansi", "rgb_array"],
        "name": "yuletide",
        "is_parallelizable": True,
    }

    def __init__(
        self,
        game_id: str,
        players: int | None = None,
        render_mode: str | None = None,
        *,
        reward: str = "win",
        illegal: str = "terminate",
        **options: Any,
    ) -> None:
        self._set_up(game_id, players, render_mode, reward=reward, illegal=illegal, options=options)
        self.real_time = is_real_time(game_class(game_id))
        self.agents: list[str] = []
        self._seeder = Rng(secrets.randbits(64))
        self._order = Rng(0)
        self.state: State | None = None
        self._masks: list[np.ndarray[Any, np.dtype[np.int8]]] = []
        self._potentials: list[float] = []

    # ------------------------------------------------------------------ the loop

    def reset(
        self, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, Any], dict[str, Any]]:
        if seed is not None:
            self._seeder = Rng(seed)
        self.state = state = new_game(
            self.game_id, players=self.players, seed=self._seeder.next64() >> 1, **self.options
        )
        self._order = self._seeder.fork()
        self.agents = self.possible_agents.copy()
        if self._progress is not None:
            progress = self._progress
            self._potentials = [progress(state.view(s)) for s in range(self.players)]
        obs = self._observe()
        return obs, {a: {"acting": bool(self._masks[s].any())} for s, a in enumerate(self.agents)}

    def _observe(self) -> dict[str, Any]:
        state = self.state
        assert state is not None
        enc = self.encoding
        index = enc.index
        acting = state.to_act if not state.outcome.over else frozenset()
        may_wait = self.real_time and len(acting) > 1
        self._masks = masks = []
        obs = {}
        for seat, agent in enumerate(self.possible_agents):
            mask = np.zeros(enc.num_actions, dtype=np.int8)
            if seat in acting:
                mask[[index[a] for a in state.legal_actions(seat)]] = 1
                if may_wait:
                    assert enc.wait is not None
                    mask[enc.wait] = 1
            masks.append(mask)
            obs[agent] = {"observation": self._observe_seat(state, seat), "action_mask": mask}
        return obs

    def step(
        self, actions: dict[str, Any]
    ) -> tuple[dict[str, Any], dict[str, float], dict[str, bool], dict[str, bool], dict[str, Any]]:
        state = self.state
        if state is None or not self.agents:
            raise InvalidOption("call reset() before step() (and again after a game ends)")
        enc = self.encoding
        infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        chosen: list[tuple[int, int]] = []
        for seat, agent in enumerate(self.possible_agents):
            mask = self._masks[seat]
            if not mask.any():
                continue
            if agent not in actions or actions[agent] is None:
                raise InvalidOption(f"{agent} may act now: give it an action number")
            number = int(actions[agent])
            if not 0 <= number < enc.num_actions or not mask[number]:
                return self._illegal(agent, number)
            chosen.append((seat, number))
        if self.real_time and len(chosen) > 1:
            self._order.shuffle(chosen)
        for seat, number in chosen:
            action = enc.action(number)
            if action is None:
                continue  # waited
            if seat in state.to_act and action in state.legal_actions(seat):
                state.apply_unchecked(seat, action)
            else:
                infos[self.possible_agents[seat]]["too_late"] = True
            if state.outcome.over:
                break
        obs = self._observe()
        outcome = state.outcome
        rewards_: dict[str, float] = dict.fromkeys(self.agents, 0.0)
        if self._progress is not None:
            for seat, agent in enumerate(self.possible_agents):
                potential = self._progress(state.view(seat))
                rewards_[agent] += potential - self._potentials[seat]
                self._potentials[seat] = potential
        over = outcome.over
        for seat, agent in enumerate(self.possible_agents):
            infos[agent]["acting"] = bool(self._masks[seat].any())
            if over:
                rewards_[agent] += rewards.terminal_reward(self.reward_kind, outcome, seat)
                infos[agent].update(rewards.outcome_info(outcome, seat))
        terminations = dict.fromkeys(self.agents, outcome.status == "finished")
        truncations = dict.fromkeys(self.agents, outcome.status == "unfinished")
        if over:
            self.agents = []
        return obs, rewards_, terminations, truncations, infos

    def _illegal(
        self, agent: str, number: int
    ) -> tuple[dict[str, Any], dict[str, float], dict[str, bool], dict[str, bool], dict[str, Any]]:
        enc = self.encoding
        seat = self.possible_agents.index(agent)
        if self.illegal == "raise":
            legal = ", ".join(enc.notation(int(i)) for i in np.flatnonzero(self._masks[seat]))
            shown = enc.notation(number) if 0 <= number < enc.num_actions else "outside the space"
            raise InvalidOption(
                f"action {number} ({shown}) is not legal for {agent} now; legal now: {legal}"
            )
        obs = {
            a: {"observation": self._observe_seat(self.state, s), "action_mask": m * 0}
            for s, (a, m) in enumerate(zip(self.possible_agents, self._masks, strict=True))
        }
        rewards_ = {a: (-1.0 if a == agent else 0.0) for a in self.agents}
        terminations = dict.fromkeys(self.agents, True)
        truncations = dict.fromkeys(self.agents, False)
        infos: dict[str, Any] = {a: {"acting": a == agent} for a in self.agents}
        infos[agent]["illegal_move"] = True
        self.agents = []
        return obs, rewards_, terminations, truncations, infos

    # ------------------------------------------------------------------ the rest

    def close(self) -> None:
        self.state = None
