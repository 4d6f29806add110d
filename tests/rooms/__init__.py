"""Rooms that live with the tests: games registered only by the test modules here, never
shipped. ``nim_lights`` is the worked example of docs/adding-a-game.md."""
