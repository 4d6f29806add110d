"""A room holding only a lab part (``lab.py``), for the lab's tests: a test swaps in a
game's manifest that declares ``lab`` with this package, and the lab must reach the part
through that manifest alone."""
