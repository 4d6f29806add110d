"""A Christmas Story: A MAJOR Card Game.

Every subpackage of this package is one game's room; importing it registers the game.
The module beside the rooms, ``content`` (the box's cards), is the family's own
material.
"""

import importlib
import pkgutil

for _room in sorted(m.name for m in pkgutil.iter_modules(__path__) if m.ispkg):
    importlib.import_module(f"{__name__}.{_room}")
