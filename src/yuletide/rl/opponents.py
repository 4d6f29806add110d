"""Who plays the other seats of a single-agent environment (``yuletide.rl.gymnasium``).

An *opponent* is given as one of:

* a bot's name: a level (``"easy"``, ``"medium"``, ``"hard"``), ``"random"``, a game's
  own named bot, or a ``module:Class`` loaded with ``yuletide.bots.load_bot``;
* a bot object (anything with ``act(window)``, ``yuletide.bots.Bot``): used as it is,
  every episode (so a bot that keeps memory of a game must forget it itself);
* a function ``pick(window) -> action`` of a :class:`~yuletide.bots.SeatWindow`
  (return one of ``window.legal_actions()``, or None to wait in a real-time game);
* a :class:`PolicyBot`: a trained policy (an SB3 model, or any function of the
  observation and mask) playing a seat through the same encoding as the learner.

``opponents=`` is one opponent for every other seat, a list of them (one per other seat,
in seat order), or a :class:`Pool`, from which the whole line-up is drawn afresh at every
reset (league play; a training callback can :meth:`Pool.add` snapshots for self-play).
Bots named by a string are made anew for every episode, seeded from the environment's
seed, so a seeded reset replays the same game.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

from ..bots import check_bot, make_bot
from ..bots.base import Bot, SeatWindow
from ..core.errors import InvalidOption
from ..core.rng import Rng
from ..core.state import Action
from .encodings import Encoding, encoding

__all__ = ["Opponent", "Opponents", "PolicyBot", "Pool", "line_up"]

#: One opponent (module docstring).
Opponent = str | Bot | Callable[[SeatWindow], Action | None]


class PolicyBot:
    """A trained policy as a bot: each decision, the seat's view is encoded exactly as the
    learner's observation and ``policy(observation, mask)`` returns an action number.
    :meth:`from_model` wraps a Stable-Baselines3 model (``predict`` with ``action_masks``
    for sb3-contrib's maskable models)."""

    name = "policy"

    def __init__(
        self,
        policy: Callable[[np.ndarray[Any, Any], np.ndarray[Any, Any]], int],
        name: str = "policy",
    ) -> None:
        self.policy = policy
        self.name = name
        self._encodings: dict[tuple[str, int], Encoding] = {}

    @classmethod
    def from_model(cls, model: Any, name: str = "policy", deterministic: bool = True) -> PolicyBot:
        """A Stable-Baselines3 model (MaskablePPO or any with ``predict``) as a bot."""

        def policy(obs: np.ndarray[Any, Any], mask: np.ndarray[Any, Any]) -> int:
            try:
                action, _ = model.predict(
                    obs, action_masks=mask.astype(bool), deterministic=deterministic
                )
            except TypeError:  # a model without masks
                action, _ = model.predict(obs, deterministic=deterministic)
            return int(action)

        return cls(policy, name)

    def act(self, window: SeatWindow) -> Action | None:
        view = window.view()
        key = (window.game_id, int(view["players"]))
        enc = self._encodings.get(key)
        if enc is None:
            enc = self._encodings[key] = encoding(*key)
        legal = window.legal_actions()
        mask = enc.mask(legal)
        number = int(self.policy(enc.encode(view), mask))
        if 0 <= number < len(enc.actions) and mask[number]:
            return enc.actions[number]
        if number == enc.wait:
            return None
        # An illegal choice (a policy without masks): the first legal action instead, so
        # a snapshot never ends an episode on its own.
        return enc.actions[int(np.flatnonzero(mask)[0])]


class _FunctionBot:
    """A plain function of the window, as a bot."""

    def __init__(self, pick: Callable[[SeatWindow], Action | None]) -> None:
        self.pick = pick
        self.name = getattr(pick, "__name__", "function")

    def act(self, window: SeatWindow) -> Action | None:
        return self.pick(window)


class Pool:
    """Line-ups to draw from at every reset: each entry is what ``opponents=`` takes
    (one opponent, or a list per seat), drawn with ``weights`` (uniform by default) from
    the environment's seeded RNG. :meth:`add` puts a new entry in (a self-play snapshot,
    from a training callback); ``latest`` > 0 draws only among the newest entries."""

    def __init__(
        self,
        entries: Sequence[Opponent | Sequence[Opponent]],
        weights: Sequence[float] | None = None,
        latest: int = 0,
    ) -> None:
        if not entries:
            raise InvalidOption("a Pool needs at least one entry (a bot's name, a bot, a list)")
        self.entries: list[Opponent | Sequence[Opponent]] = list(entries)
        self.weights: list[float] | None = None if weights is None else list(weights)
        if self.weights is not None and len(self.weights) != len(self.entries):
            raise InvalidOption(
                f"a Pool has {len(self.entries)} entries but {len(self.weights)} weights"
            )
        self.latest = latest

    def add(self, entry: Opponent | Sequence[Opponent], weight: float = 1.0) -> None:
        """Add an entry (a snapshot of the learner, a new bot) to draw from."""
        self.entries.append(entry)
        if self.weights is not None:
            self.weights.append(weight)

    def draw(self, rng: Rng) -> Opponent | Sequence[Opponent]:
        """One entry, drawn from ``rng``."""
        start = max(0, len(self.entries) - self.latest) if self.latest > 0 else 0
        entries = self.entries[start:]
        if self.weights is None:
            return entries[rng.below(len(entries))]
        weights = self.weights[start:]
        total = sum(weights)
        x = rng.random() * total
        for entry, w in zip(entries, weights, strict=True):
            x -= w
            if x < 0:
                return entry
        return entries[-1]


#: What ``opponents=`` accepts.
Opponents = Opponent | Sequence[Opponent] | Pool


def _one(opponent: Opponent, game_id: str, seed: int) -> Bot:
    if isinstance(opponent, str):
        return make_bot(opponent, seed, game_id)
    if hasattr(opponent, "act"):
        return opponent  # type: ignore[return-value]
    if callable(opponent):
        return _FunctionBot(opponent)
    raise _not_an_opponent(opponent)


def _not_an_opponent(opponent: object) -> InvalidOption:
    return InvalidOption(
        "an opponent is a bot's name ('random', 'easy', 'medium', 'hard', ...), a bot"
        f" (with act(window)), or a function of a SeatWindow; got {opponent!r}"
    )


def check(opponents: Opponents, game_id: str, others: int) -> None:
    """InvalidOption unless ``opponents`` names bots that play ``game_id`` and fits
    ``others`` seats (a list must have one entry per other seat)."""
    entries = opponents.entries if isinstance(opponents, Pool) else [opponents]
    for entry in entries:
        line = entry if isinstance(entry, list | tuple) else [entry]
        if isinstance(entry, list | tuple) and len(entry) != others:
            raise InvalidOption(
                f"opponents as a list needs one entry per other seat ({others}), got {len(entry)}"
            )
        for one in line:
            if isinstance(one, str):
                check_bot(one, game_id)
            elif not (hasattr(one, "act") or callable(one)):
                raise _not_an_opponent(one)


def line_up(opponents: Opponents, game_id: str, others: Sequence[int], rng: Rng) -> dict[int, Bot]:
    """The bots of the seats ``others`` for one episode, seeded from ``rng``."""
    chosen = opponents.draw(rng) if isinstance(opponents, Pool) else opponents
    line: list[Opponent] = (
        list(chosen) if isinstance(chosen, list | tuple) else [chosen] * len(others)  # type: ignore[list-item]
    )
    return {
        seat: _one(one, game_id, rng.next64() >> 1) for seat, one in zip(others, line, strict=True)
    }
