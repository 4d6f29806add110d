"""Every Yuletide game as an OpenSpiel Python game (extra ``[openspiel]``).

>>> import pyspiel
>>> import yuletide.rl.openspiel           # registers every game
>>> game = pyspiel.load_game("yuletide_" + GAME.replace("-", "_"), {"players": 3})

Importing this module registers each game with ``pyspiel.register_game`` under
``yuletide_`` plus its id with underscores for hyphens, with the parameters
``players`` and every option of the game (their defaults as in ``yuletide info``), and
``deals``: how many deals the opening chance node chooses among (the outcome is the
game's seed, so a deal is reproducible by its number).

The model:

* **Chance.** The first state is a chance node with ``deals`` equally likely outcomes;
  the outcome is the Yuletide seed of the game, which fixes every later shuffle. After
  it there are no chance nodes: the deck order is hidden information of the state.
* **Turns.** Sequential: one player is asked at a time, in the order of
  ``yuletide.rl.turns`` (simultaneous choices one seat after another; real-time races
  in a random order per moment, with the extra *wait* action of ``yuletide.rl.encodings``).
* **Actions** are the encodings' numbers (``action_space`` order, then wait).
* **Returns** at the end: 1 to each winner, 0 to everyone else (and 0 to all when the
  turn limit cuts the game off): general-sum, in [0, 1].
* **Observations** (``make_py_observer``): the observation tensor is the encoded view of
  ``yuletide.rl.encodings``, its string the view as JSON; the information-state string
  (perfect recall) adds a digest of the player's whole event log and of who has waited
  this moment. Neither uses anything but the player's own window.
* **Resampling.** ``resample_from_infostate(player, sampler)`` is ``determinize``: a state
  the player cannot tell from this one, with everything hidden re-dealt, seeded from the
  sampler. OpenSpiel's Python ``ISMCTSBot`` needs it passed as its resampler:
  :func:`ismcts_bot` builds one so, with the ``restart_at`` and ``inform_action`` that
  ``evaluate_bots`` calls (the search starts afresh at every move, so they do nothing).
* **No information-state tensor.** Perfect recall is the player's whole event log, of
  unbounded length; a fixed-size tensor of it would either cut it short (not perfect
  recall) or be as long as the longest game. The views already carry what a seat
  remembers (cards seen in a swap, answers received), so the observation tensor is the
  fixed-size input to use; the information-state *string* is exact (a digest chain).
* **Pickling.** States pickle (``random_sim_test(serialize=True)``): the game as its save.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

import numpy as np
import pyspiel  # type: ignore[import-not-found]

from ..core.registry import game_class, games, new_game
from ..core.rng import Rng, derive_seed
from ..core.state import State
from .encodings import Encoding, encoding
from .turns import Turns

__all__ = ["DEFAULT_DEALS", "ismcts_bot", "register_all", "short_name"]

#: The default number of deals the opening chance node chooses among.
DEFAULT_DEALS = 1 << 16
#: The salt of the asking-order RNG drawn from a deal's seed.
ORDER_SALT = 0x7E15
_ENCODE = json.JSONEncoder(sort_keys=True, separators=(",", ":")).encode


def short_name(game_id: str) -> str:
    """The OpenSpiel name of a game: ``yuletide_`` + the id with ``_`` for ``-``."""
    return "yuletide_" + game_id.replace("-", "_")


class _Rules:
    """What every state of one loaded game shares (shared by copies, never copied)."""

    __slots__ = ("deals", "encoding", "game_id", "options", "players")

    def __init__(self, game_id: str, players: int, options: dict[str, Any], deals: int) -> None:
        self.game_id = game_id
        self.players = players
        self.options = options
        self.deals = deals
        self.encoding: Encoding = encoding(game_id, players)

    def __deepcopy__(self, memo: dict[int, Any]) -> _Rules:
        return self


class _World:
    """The Yuletide state behind an OpenSpiel state, its asking order, and each
    player's running digest of its event log (copied with ``clone``, not deep-copied).
    It pickles (``random_sim_test(serialize=True)``, subprocess vector envs): the state
    as its save when it is a real game, as itself when it is a search sample."""

    __slots__ = ("digests", "state", "turns")

    def __init__(
        self,
        state: State,
        turns: Turns,
        digests: dict[int, tuple[int, str]] | None = None,
    ) -> None:
        self.state = state
        self.turns = turns
        self.digests: dict[int, tuple[int, str]] = digests or {}

    def __deepcopy__(self, memo: dict[int, Any]) -> _World:
        return _World(self.state.clone(), self.turns.copy(), dict(self.digests))

    def __getstate__(self) -> dict[str, Any]:
        state = self.state
        saved: Any = state if state.determinized else state.to_json()
        return {"state": saved, "turns": self.turns, "digests": self.digests}

    def __setstate__(self, data: dict[str, Any]) -> None:
        from ..core.registry import load  # noqa: PLC0415

        saved = data["state"]
        self.state = load(saved) if isinstance(saved, str) else saved
        self.turns = data["turns"]
        self.digests = data["digests"]

    def history_digest(self, player: int) -> str:
        """A digest of ``player``'s whole event log (its perfect recall), chained event
        by event as the log grows (each link hashes the last digest and the event)."""
        state = self.state
        done, digest = self.digests.get(player, (0, ""))
        length = len(state.log)
        if length > done:
            for event in state.events(player, done):
                digest = hashlib.blake2b(
                    digest.encode() + _ENCODE(event).encode(), digest_size=16
                ).hexdigest()
            self.digests[player] = (length, digest)
        return digest


class YuletideGame(pyspiel.Game):  # type: ignore[misc]
    """One Yuletide game as an OpenSpiel game (module docstring)."""

    def __init__(self, game_type: Any, game_id: str, params: dict[str, Any] | None) -> None:
        cls = game_class(game_id)
        given = dict(params or {})
        players = int(given.pop("players", cls.default_players))
        deals = int(given.pop("deals", DEFAULT_DEALS))
        if deals < 1:
            raise ValueError(f"deals must be at least 1, got {deals}")
        new_game(game_id, players=players, seed=0, **given)  # validates players, options
        options = dict(given)
        self.rules = _Rules(game_id, players, options, deals)
        limit = int(options.get("turn_limit", _default(cls, "turn_limit", 1000)))
        enc = self.rules.encoding
        info = pyspiel.GameInfo(
            num_distinct_actions=enc.num_actions,
            max_chance_outcomes=deals,
            num_players=players,
            min_utility=0.0,
            max_utility=1.0,
            utility_sum=None,
            # A generous bound: the deal, then per unit of the turn limit at most 64
            # actions (free actions, sale steps) and, in real time, a wait per seat.
            max_game_length=1 + limit * 64 * players,
        )
        super().__init__(game_type, info, params or {})

    def new_initial_state(self) -> YuletideState:
        return YuletideState(self, self.rules)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> ViewObserver | InfoStateObserver:
        if params:
            raise ValueError(f"observation parameters are not supported; got {params}")
        if iig_obs_type is not None and iig_obs_type.perfect_recall:
            return InfoStateObserver()
        return ViewObserver(self.rules.encoding)


class YuletideState(pyspiel.State):  # type: ignore[misc]
    """A state: before the deal (a chance node), then a Yuletide state in a _World."""

    def __init__(self, game: YuletideGame, rules: _Rules) -> None:
        super().__init__(game)
        self._rules = rules
        self._world: _World | None = None

    # ----------------------------------------------------------- the contract

    def current_player(self) -> int:
        world = self._world
        if world is None:
            return int(pyspiel.PlayerId.CHANCE)
        asked = world.turns.asked
        if asked is None:
            return int(pyspiel.PlayerId.TERMINAL)
        return asked

    def _legal_actions(self, player: int) -> list[int]:
        world = self._world
        if world is None or world.turns.asked != player:
            return []
        index = self._rules.encoding.index
        numbers = sorted(index[a] for a in world.state.legal_actions(player))
        if world.turns.may_wait:
            wait = self._rules.encoding.wait
            assert wait is not None
            numbers.append(wait)
        return numbers

    def chance_outcomes(self) -> list[tuple[int, float]]:
        deals = self._rules.deals
        p = 1.0 / deals
        return [(i, p) for i in range(deals)]

    def _apply_action(self, action: int) -> None:
        rules = self._rules
        world = self._world
        if world is None:
            state = new_game(
                rules.game_id, players=rules.players, seed=int(action), **rules.options
            )
            self._world = _World(state, Turns(state, Rng(derive_seed(int(action), ORDER_SALT))))
            return
        chosen = rules.encoding.action(int(action))
        if chosen is None:
            world.turns.waited()
        else:
            seat = world.turns.asked
            assert seat is not None
            world.state.apply_unchecked(seat, chosen)
            world.turns.acted(world.state)

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"deal {action}"
        return self._rules.encoding.notation(int(action))

    def is_terminal(self) -> bool:
        world = self._world
        return world is not None and world.state.outcome.over

    def returns(self) -> list[float]:
        n = self._rules.players
        world = self._world
        if world is None or not world.state.outcome.over:
            return [0.0] * n
        outcome = world.state.outcome
        if outcome.status != "finished":
            return [0.0] * n
        winners = set(outcome.winners)
        return [1.0 if s in winners else 0.0 for s in range(n)]

    def __str__(self) -> str:
        """The game and its record (deal and actions; a sample from ``resample`` says
        so): cheap, and different for different histories, as OpenSpiel's tests want."""
        world = self._world
        if world is None:
            return f"{self._rules.game_id}: before the deal"
        state = world.state
        if state.determinized:
            return (
                f"{self._rules.game_id}: a sample of what a player knows ({len(state.log)} events)"
            )
        moves = " ".join(f"{s}:{a}" for s, a in state.history)
        asked = ",".join(str(s) for s in world.turns.queue)
        return f"{self._rules.game_id} deal {state.seed} [{moves}] asking [{asked}]"

    # ------------------------------------------------------------ searching

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> YuletideState:
        """A state ``player_id`` cannot tell from this one (``determinize``), its hidden
        cards re-dealt from a seed drawn with ``probability_sampler`` (a callable giving
        floats in [0, 1), like ``pyspiel.UniformProbabilitySampler``)."""
        world = self._world
        if world is None:
            return self.clone()  # type: ignore[no-any-return]
        seed = int(probability_sampler() * (1 << 53))
        rng = Rng(seed)
        other: YuletideState = self.clone()
        det = world.state.determinize(player_id, rng)
        turns = world.turns.copy()
        turns.rng = rng.fork()  # the future asking order is the sample's, not the truth's
        kept = world.digests.get(player_id)
        digests = {} if kept is None else {player_id: kept}
        other._world = _World(det, turns, digests)
        return other

    # the observers' access
    def _window(self, player: int) -> dict[str, Any] | None:
        world = self._world
        return None if world is None else world.state.view(player)


class ViewObserver:
    """Observation (not perfect recall): the encoded view (the room's fast path when it
    has one), and the view as JSON."""

    def __init__(self, enc: Encoding) -> None:
        self.encoding = enc
        self.observe = enc.observer()
        self.tensor = np.zeros(enc.size, np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: YuletideState, player: int) -> None:
        world = state._world
        if world is None:
            self.tensor.fill(0.0)
        else:
            self.tensor[:] = self.observe(world.state, player)

    def string_from(self, state: YuletideState, player: int) -> str:
        view = state._window(player)
        return "" if view is None else str(_ENCODE(view))


class InfoStateObserver:
    """Information state (perfect recall): a string only (no tensor): the player, who
    is asked and who has waited this moment, a digest of the view and of the player's
    whole event log."""

    def __init__(self) -> None:
        self.tensor = None
        self.dict: dict[str, Any] = {}

    def set_from(self, state: YuletideState, player: int) -> None:
        return None

    def string_from(self, state: YuletideState, player: int) -> str:
        world = state._world
        if world is None:
            return f"p{player} before the deal"
        view = _ENCODE(world.state.view(player))
        seen = hashlib.blake2b(view.encode(), digest_size=16).hexdigest()
        queue = ",".join(str(s) for s in world.turns.queue)
        return f"p{player} asked[{queue}] view:{seen} log:{world.history_digest(player)}"


def _default(cls: type[State], name: str, fallback: Any) -> Any:
    for o in cls.options_spec:
        if o.name == name:
            return o.default
    return fallback


def _game_type(game_id: str) -> Any:
    cls = game_class(game_id)
    params: dict[str, Any] = {"players": cls.default_players, "deals": DEFAULT_DEALS}
    for o in cls.options_spec:
        params[o.name] = o.default
    return pyspiel.GameType(
        short_name=short_name(game_id),
        long_name=f"Yuletide {cls.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=cls.max_players,
        min_num_players=cls.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=params,
    )


def _game_class(game_id: str, game_type: Any) -> type[YuletideGame]:
    """A YuletideGame subclass for one game. pyspiel keeps what it is given until the
    process exits: a class is safe there, while a closure makes the interpreter abort
    at exit (pyspiel then releases it without the GIL)."""

    def __init__(self: YuletideGame, params: dict[str, Any] | None = None) -> None:
        YuletideGame.__init__(self, game_type, game_id, params)

    name = "Game_" + game_id.replace("-", "_")
    return type(name, (YuletideGame,), {"__init__": __init__, "__module__": __name__})


_REGISTERED: dict[str, str] = {}


def register_all() -> dict[str, str]:
    """Register every game (idempotent); returns game id -> OpenSpiel name."""
    for game_id in games():
        if game_id in _REGISTERED:
            continue
        game_type = _game_type(game_id)
        pyspiel.register_game(game_type, _game_class(game_id, game_type))
        _REGISTERED[game_id] = short_name(game_id)
    return dict(_REGISTERED)


def ismcts_bot(
    game: Any,
    simulations: int,
    seed: int = 0,
    *,
    uct_c: float = 2.0,
    rollouts: int = 1,
) -> Any:
    """OpenSpiel's own Python ``ISMCTSBot`` on a Yuletide game, with random rollouts and
    ``resample_from_infostate`` as its resampler."""
    from open_spiel.python.algorithms import (  # type: ignore[import-untyped]  # noqa: PLC0415
        ismcts,
        mcts,
    )

    class RestartableISMCTSBot(ismcts.ISMCTSBot):  # type: ignore[misc]
        """OpenSpiel's ISMCTSBot, which searches afresh at every move (its ``step``
        resets its tree), with the ``restart_at`` and ``inform_action`` that
        ``evaluate_bots`` calls: nothing to restart, nothing to remember."""

        def restart_at(self, state: Any) -> None:
            self.reset()

        def inform_action(self, state: Any, player_id: int, action: int) -> None:
            return None

    rng = np.random.RandomState(seed)
    evaluator = mcts.RandomRolloutEvaluator(rollouts, rng)
    bot = RestartableISMCTSBot(game, evaluator, uct_c, simulations, random_state=rng)
    sampler = pyspiel.UniformProbabilitySampler(seed, 0.0, 1.0)
    bot.set_resampler(lambda state, player: state.resample_from_infostate(player, sampler))
    return bot


register_all()
