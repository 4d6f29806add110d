"""What a room's ``bot.py`` hands the bots layer: one :class:`BotKit`, named ``KIT``.

The levels are built from it (``medium`` is the heuristic, ``easy`` the heuristic with
some random moves, ``hard`` the search with the kit's rollout, evaluation, prior, prune
and belief and the manifest's ``hard`` settings), and the room's special-purpose bots
(declared by name in its manifest) are found in ``named``. Declared, not looked up: a
part a game does not have is None.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

from .base import Bot
from .ismcts import Belief, Prune, RolloutPolicy, SeatEvaluation

#: A bot class (or any factory) built from one seed.
BotFactory = Callable[[int], Bot]


@dataclass(frozen=True, slots=True)
class BotKit:
    """A game's bots: the heuristic and what the search needs (module docstring)."""

    #: The game's heuristic: the ``medium`` level, and the search's prior by default.
    heuristic: BotFactory
    #: The policy a search plays its rollouts with (None: random legal actions).
    rollout: RolloutPolicy | None = None
    #: One seat's chances in [0, 1], scoring a rollout cut off before the end.
    evaluate: SeatEvaluation | None = None
    #: The search's prior, where it differs from the heuristic (a lookahead the
    #: search's sampling cannot resolve at its budget).
    prior: BotFactory | None = None
    #: The actions worth searching among a seat's legal ones.
    prune: Prune | None = None
    #: A sampler of worlds from a seat's window, in place of ``determinize``.
    belief: Belief | None = None
    #: The special-purpose bots the manifest declares, by name.
    named: Mapping[str, BotFactory] = field(default_factory=dict)
