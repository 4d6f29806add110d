"""Tests of the simulation layer's scripts: the strength ladder and make bench's search rows
(yuletide.sim.ladder, yuletide.sim.bench)."""
