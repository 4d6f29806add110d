"""Gymnasium environments for every game: one learner's seat, the other seats played by
bots (extra ``[rl]``).

>>> import gymnasium, yuletide.rl.gymnasium
>>> env = gymnasium.make("yuletide/looney-lights-v1", players=4, seat=0, opponents="medium")
>>> obs, info = env.reset(seed=1)
>>> obs, reward, terminated, truncated, info = env.step(int(info["action_mask"].argmax()))

Every game is registered as ``yuletide/<game-id>-v<encoding version>`` (the solo games
too), or build :class:`YuletideEnv` directly. Keywords:

* ``players`` (the game's default count), ``seat`` (the learner's seat, 0 by default);
* ``opponents``: who plays the other seats: a bot's name or level (``"random"``, the
  default, ``"easy"``, ``"medium"``, ``"hard"``), a list of them per other seat, a bot
  object, a function of a ``SeatWindow``, or a ``Pool`` drawn from at every reset
  (league play and self-play snapshots: ``yuletide.rl.opponents``);
* ``reward``: ``"win"`` (default), ``"score"`` or ``"dense"`` (``yuletide.rl.rewards``);
* ``render_mode``: ``"ansi"`` (the spectator's view as text) or ``"rgb_array"`` (that
  text drawn as an image; needs Pillow);
* ``views``: put the raw ``view`` and the ``legal`` notations in ``info`` (off by
  default: building them costs more than a step of a small game);
* any option of the game (``yuletide info GAME``).

The observation is the learner's view encoded by ``yuletide.rl.encodings`` (float32 in
[0, 1]; computed by the room's fast path when it has one, proven equal to encoding the
view). ``info["action_mask"]`` and :meth:`YuletideEnv.action_masks` give the legal
actions. The bots act between the learner's decisions through their own seat windows;
the learner is asked only when it may act. In a real-time game the learner may *wait*
(the extra action number) when another seat may still act this moment; a bot that
waits last in a moment sees the moment asked again in a new order, and after four such
rounds with nobody acting it must act (a random legal action of its seat). A game the
bots end before the learner's first decision (a real-time race lost at once) is not an
episode: the reset deals another.

At the end (``terminated``; ``truncated`` when the turn limit cuts the game off),
``info`` carries ``outcome``, ``won``, ``rank`` and ``score``. An illegal action number
ends the episode at once with -1 and ``info["illegal"]`` set, as PettingZoo's classic
games do (Gymnasium's own checks step with unmasked random actions, so it must not
raise). Environments pickle (the game is saved as its record).
"""

from __future__ import annotations

import secrets
from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces

from ..bots.base import Bot, SeatWindow
from ..core.errors import InvalidOption
from ..core.registry import game_class, games, new_game, spec
from ..core.rng import Rng
from ..core.state import State
from . import rewards
from .encodings import encoding
from .envbase import RenderAndSave
from .opponents import Opponents, check, line_up
from .turns import Turns

__all__ = ["ENV_IDS", "SOLO_GAMES", "YuletideEnv", "env_id", "register"]

#: The solo games (one seat, no opponents).
SOLO_GAMES: tuple[str, ...] = tuple(g for g in games() if spec(g).solo)
#: How many times a moment of a real-time game is asked again when every bot waits.
RE_ASK = 4
#: How many games a reset deals at most while the bots end each before the learner acts.
DEALS = 100

Obs = np.ndarray[Any, np.dtype[np.float32]]


class YuletideEnv(RenderAndSave, gymnasium.Env[Obs, int]):
    """One seat of a game as a Gymnasium environment (module docstring). ``game`` is the
    true game, for the experimenter; the learner is given the observation and info."""

    metadata = {"render_modes": ["ansi", "rgb_array"], "render_fps": 1}  # noqa: RUF012
    _game_attr = "game"

    def __init__(
        self,
        game_id: str,
        players: int | None = None,
        *,
        seat: int = 0,
        opponents: Opponents = "random",
        reward: str = "win",
        render_mode: str | None = None,
        views: bool = False,
        **options: Any,
    ) -> None:
        cls = game_class(game_id)
        if players is None:
            players = cls.default_players
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise InvalidOption(
                f"render_mode must be None, 'ansi' or 'rgb_array', got {render_mode!r}"
            )
        new_game(game_id, players=players, seed=0, **options)  # validates players, options
        if type(seat) is not int or not 0 <= seat < players:
            raise InvalidOption(
                f"seat must be a whole number from 0 to {players - 1}, got {seat!r}"
            )
        self._progress = rewards.check_kind(reward, game_id)
        others = [s for s in range(players) if s != seat]
        if others:
            check(opponents, game_id, len(others))
        self.game_id = game_id
        self.players = players
        self.seat = seat
        self.opponents = opponents
        self.reward_kind = reward
        self.options = options
        self.render_mode = render_mode
        self.views = views
        self.others = others
        self.encoding = enc = encoding(game_id, players)
        self.observation_space = spaces.Box(0.0, 1.0, (enc.size,), np.float32)
        self.action_space = spaces.Discrete(enc.num_actions)  # type: ignore[assignment]
        self._observe_seat = enc.observer()
        self._seeder = Rng(secrets.randbits(64))
        self.game: State | None = None
        self.turns: Turns | None = None
        self.bots: dict[int, Bot] = {}
        self._bot_rng = Rng(0)
        self._mask = np.zeros(enc.num_actions, dtype=np.int8)
        self._potential = 0.0

    # ------------------------------------------------------------------ the loop

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Obs, dict[str, Any]]:
        super().reset(seed=seed)
        if seed is not None:
            self._seeder = Rng(seed)
        seeder = self._seeder
        for _ in range(DEALS):
            self.game = game = new_game(
                self.game_id, players=self.players, seed=seeder.next64() >> 1, **self.options
            )
            self.turns = Turns(game, seeder.fork())
            self.bots = line_up(self.opponents, self.game_id, self.others, seeder.fork())
            self._bot_rng = seeder.fork()
            self._advance()
            if not game.outcome.over:
                break  # else the bots ended it before the learner's first decision: again
        else:
            raise InvalidOption(
                f"{DEALS} games of {self.game_id} in a row ended before seat {self.seat}"
                " had a decision: the opponents leave it nothing to learn"
            )
        if self._progress is not None:
            self._potential = self._progress(game.view(self.seat))
        return self._observe()

    def _advance(self) -> None:
        """Let the bots act until the learner is asked or the game ends."""
        game, turns, me = self.game, self.turns, self.seat
        assert game is not None and turns is not None
        rounds = 0
        while turns.asked is not None and turns.asked != me:
            seat = turns.asked
            chosen = self.bots[seat].act(SeatWindow(game, seat))
            if chosen is not None:
                game.apply_unchecked(seat, chosen)
                turns.acted(game)
                rounds = 0
            elif turns.may_wait:
                turns.waited()
            elif rounds < RE_ASK:
                rounds += 1
                turns.acted(game)  # the moment asked again, in a new order
            else:
                legal = game.legal_actions(seat)
                game.apply_unchecked(seat, legal[self._bot_rng.below(len(legal))])
                turns.acted(game)
                rounds = 0

    def _observe(self) -> tuple[Obs, dict[str, Any]]:
        game, turns = self.game, self.turns
        assert game is not None and turns is not None
        enc = self.encoding
        mask = np.zeros(enc.num_actions, dtype=np.int8)
        if turns.asked == self.seat:
            index = enc.index
            numbers = [index[a] for a in game.legal_actions(self.seat)]
            if turns.may_wait:
                assert enc.wait is not None
                numbers.append(enc.wait)
            mask[numbers] = 1
        self._mask = mask
        info: dict[str, Any] = {"action_mask": mask.copy()}
        if self.views:
            info["view"] = game.view(self.seat)
            info["legal"] = [enc.notation(int(i)) for i in np.flatnonzero(mask)]
        return self._observe_seat(game, self.seat), info

    def action_masks(self) -> np.ndarray[Any, np.dtype[np.int8]]:
        """The legal-action mask now (the name maskable-action learners call)."""
        return self._mask.copy()

    def step(self, action: int) -> tuple[Obs, float, bool, bool, dict[str, Any]]:
        game, turns = self.game, self.turns
        if game is None or turns is None:
            raise InvalidOption("call reset() before step()")
        if game.outcome.over:
            raise InvalidOption("the game is over: call reset() to start another")
        number = int(action)
        if not 0 <= number < self.encoding.num_actions or not self._mask[number]:
            obs, info = self._observe()
            info["illegal"] = True
            self.game = None
            return obs, -1.0, True, False, info
        chosen = self.encoding.action(number)
        if chosen is None:
            turns.waited()
        else:
            game.apply_unchecked(self.seat, chosen)
            turns.acted(game)
        self._advance()
        obs, info = self._observe()
        outcome = game.outcome
        reward = 0.0
        if self._progress is not None:
            potential = self._progress(game.view(self.seat))
            reward += potential - self._potential
            self._potential = potential
        if outcome.over:
            reward += rewards.terminal_reward(self.reward_kind, outcome, self.seat)
            info.update(rewards.outcome_info(outcome, self.seat))
        terminated = outcome.status == "finished"
        truncated = outcome.status == "unfinished"
        return obs, reward, terminated, truncated, info


def env_id(game_id: str) -> str:
    """The Gymnasium id of a game: ``yuletide/<game-id>-v<encoding version>``."""
    return f"yuletide/{game_id}-v{spec(game_id).encoding_version}"


def register() -> list[str]:
    """Register every game with Gymnasium (done on import); returns the ids."""
    ids = []
    for game_id in games():
        name = env_id(game_id)
        if name not in gymnasium.registry:
            gymnasium.register(
                id=name,
                entry_point="yuletide.rl.gymnasium:YuletideEnv",
                kwargs={"game_id": game_id},
            )
        ids.append(name)
    return ids


#: Every game's Gymnasium id, in game-id order.
ENV_IDS: tuple[str, ...] = tuple(register())
