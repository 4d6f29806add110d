"""The seeded random number generator every game draws from.

SplitMix64: one 64-bit integer of state, so a state's randomness is part of its JSON,
is copied by ``clone()`` for free, and gives the same numbers on every Python version
and platform (``random.Random`` promises neither).
"""

from __future__ import annotations

from collections.abc import MutableSequence, Sequence
from typing import TypeVar

T = TypeVar("T")

_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15


class Rng:
    """A small, fast, serialisable PRNG. Not for cryptography."""

    __slots__ = ("state",)

    def __init__(self, seed: int = 0) -> None:
        self.state = seed & _MASK

    def next64(self) -> int:
        """The next 64-bit output."""
        self.state = s = (self.state + _GOLDEN) & _MASK
        z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in ``range(n)`` (multiply-shift; bias below n / 2**64)."""
        if n <= 0:
            raise ValueError(f"below() needs n >= 1, got {n}")
        return (self.next64() * n) >> 64

    def choice(self, seq: Sequence[T]) -> T:
        """A uniformly chosen element of a non-empty sequence."""
        return seq[self.below(len(seq))]

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Fisher-Yates shuffle in place."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def random(self) -> float:
        """A float in [0, 1) with 53 random bits."""
        return (self.next64() >> 11) * (1.0 / (1 << 53))

    def fork(self) -> Rng:
        """An independent generator seeded from this one (advances this one once)."""
        return Rng(self.next64())

    def __repr__(self) -> str:
        return f"Rng(state={self.state:#x})"


def derive_seed(seed: int, *salts: int) -> int:
    """A seed for sub-stream ``salts`` of ``seed`` (game i of a simulation, say).

    The seed is mixed (one SplitMix64 step) before each salt is folded in, and mixed again
    after: two different seeds give unrelated streams. (Folding the salt into the raw
    seed made ``derive_seed(s, i)`` a function of ``s XOR i`` alone, so seeds 0 and 1 gave
    the same games in another order.)
    """
    rng = Rng(seed)
    rng.state = rng.next64()
    for salt in salts:
        rng.state ^= salt & _MASK
        rng.state = rng.next64()
    return rng.next64() >> 1
