"""Tests of the heuristic bots, one file per game (issue 15). A package, so that its
files may share their names with the game tests in tests/games."""
