"""Christmas Lights: A Card Game — the main game and its bonus games.

Every subpackage of this package is one game's room; importing it registers the game.
The modules beside the rooms are the family's own material: ``content`` (the box's
cards) and ``schema`` (the view vocabulary the rooms share).
"""

import importlib
import pkgutil

for _room in sorted(m.name for m in pkgutil.iter_modules(__path__) if m.ispkg):
    importlib.import_module(f"{__name__}.{_room}")
