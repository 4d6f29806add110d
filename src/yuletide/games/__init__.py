"""The games, one package per family. Importing this package registers every game."""

from . import christmas_lights, christmas_story, jolly_christmas, twinkling_lights

__all__ = ["christmas_lights", "christmas_story", "jolly_christmas", "twinkling_lights"]
