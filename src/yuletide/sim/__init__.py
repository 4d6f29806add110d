"""Simulation: the match runner and balance statistics."""

from .match import MatchResult, play_match
from .stats import simulate, wilson_interval

__all__ = ["MatchResult", "play_match", "simulate", "wilson_interval"]
