"""Reinforcement learning adapters (extra ``[rl]``; OpenSpiel needs ``[openspiel]``).

* ``yuletide.rl.encodings`` — versioned action numbering, masks, observation vectors.
* ``yuletide.rl.pettingzoo`` — a PettingZoo AEC environment for every game.
* ``yuletide.rl.gymnasium`` — a Gymnasium environment for every game: one seat, bots in
  the others (``yuletide.rl.opponents``), rewards to choose (``yuletide.rl.rewards``).
* ``yuletide.rl.parallel`` — a PettingZoo ParallelEnv for every game.
* ``yuletide.rl.openspiel`` — every game registered as an OpenSpiel Python game.
* ``yuletide.rl.bench`` — the side-by-side benchmark of ``make bench``.

docs/rl.md is the guide. Every adapter sees a seat's window only (``view``,
``legal_actions``), or a room's fast observation path proven equal to encoding that
view (``yuletide.rl.fast``), so no adapter can leak what a seat may not know.
"""
