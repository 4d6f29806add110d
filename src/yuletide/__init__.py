"""Yuletide: play, study and train AI on four Christmas tabletop games.

>>> import yuletide
>>> state = yuletide.new_game("looney-lights", players=4, seed=7)
>>> seat = min(state.to_act)
>>> events = state.apply(seat, state.legal_actions(seat)[0])
"""

# The games subpackage is imported first (registering every game); the name ``games`` is
# then rebound to the registry function below, so ``yuletide.games()`` lists game ids.
from . import games as _games_package  # noqa: F401
from .core import (
    Action,
    CorruptSave,
    GameSpec,
    IllegalAction,
    InvalidOption,
    NotationError,
    Option,
    Outcome,
    ReplayRecord,
    Rng,
    State,
    YuletideError,
    game_class,
    game_info,
    games,
    load,
    new_game,
    replay,
    spec,
)

__version__ = "0.1.0"

__all__ = [
    "Action",
    "CorruptSave",
    "GameSpec",
    "IllegalAction",
    "InvalidOption",
    "NotationError",
    "Option",
    "Outcome",
    "ReplayRecord",
    "Rng",
    "State",
    "YuletideError",
    "__version__",
    "game_class",
    "game_info",
    "games",
    "load",
    "new_game",
    "replay",
    "spec",
]
