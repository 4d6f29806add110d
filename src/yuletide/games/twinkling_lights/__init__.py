"""Twinkling Lights.

Every module of this package that is not private (``_name``), ``content`` or
``geometry`` (the tile model, which registers nothing) is a game module and is imported
here, which registers its game.
"""

import importlib
import pkgutil

_NOT_GAMES = frozenset({"content", "geometry"})

for _module in sorted(m.name for m in pkgutil.iter_modules(__path__)):
    if not _module.startswith("_") and _module not in _NOT_GAMES:
        importlib.import_module(f"{__name__}.{_module}")
