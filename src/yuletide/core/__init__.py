"""The rules core: the State contract, actions, options, the seeded RNG, the registry.

Pure Python with no dependencies; nothing here does I/O, reads the clock or uses
global randomness.
"""

from .errors import CorruptSave, IllegalAction, InvalidOption, NotationError, YuletideError
from .manifest import GameSpec, HardSettings, NamedBot
from .options import Option
from .registry import game_class, game_info, games, load, new_game, register, replay, spec, spec_of
from .rng import Rng, derive_seed
from .state import Action, Outcome, ReplayRecord, State, competition_ranks

__all__ = [
    "Action",
    "CorruptSave",
    "GameSpec",
    "HardSettings",
    "IllegalAction",
    "InvalidOption",
    "NamedBot",
    "NotationError",
    "Option",
    "Outcome",
    "ReplayRecord",
    "Rng",
    "State",
    "YuletideError",
    "competition_ranks",
    "derive_seed",
    "game_class",
    "game_info",
    "games",
    "load",
    "new_game",
    "register",
    "replay",
    "spec",
    "spec_of",
]
