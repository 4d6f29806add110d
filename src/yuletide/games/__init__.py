"""The games. Importing this package registers every built-in game."""

from . import christmas_lights

__all__ = ["christmas_lights"]
