"""Twinkling Lights.

Every module of this package that is not private (``_name``) or ``content`` is a game
module and is imported here, which registers its game.
"""

import importlib
import pkgutil

for _module in sorted(m.name for m in pkgutil.iter_modules(__path__)):
    if not _module.startswith("_") and _module != "content":
        importlib.import_module(f"{__name__}.{_module}")
