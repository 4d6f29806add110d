"""Christmas Lights: A Card Game — the main game and its bonus games."""

from . import looney_lights, wheres_that_bulb

__all__ = ["looney_lights", "wheres_that_bulb"]
