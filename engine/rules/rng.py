"""The engine's only source of randomness: a SplitMix64 generator whose state is one integer.

We never use the `random` module: its algorithms may differ between Python versions, and the
page runs a newer Python (Pyodide) than CPython here. Everything below is plain integer
arithmetic, so a seed gives the same stream bit for bit everywhere.
"""

from __future__ import annotations

from typing import TypeVar

_MASK64 = (1 << 64) - 1
_GAMMA = 0x9E3779B97F4A7C15

T = TypeVar("T")
_LIMITS: dict[int, int] = {}  # n -> the rejection threshold of below(n)


class Rng:
    """SplitMix64. `state` is the whole generator: save it, restore it, replay it."""

    __slots__ = ("state",)

    def __init__(self, state: int) -> None:
        self.state = state & _MASK64

    @classmethod
    def from_seed(cls, seed: int) -> Rng:
        # Mix the seed once so that nearby seeds start far apart.
        rng = cls(seed ^ 0x5DEECE66D2B7E151)
        rng.next_u64()
        return rng

    def copy(self) -> Rng:
        """An independent generator at the same point of the stream."""
        return Rng(self.state)

    def next_u64(self) -> int:
        self.state = z = (self.state + _GAMMA) & _MASK64
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """Uniform integer in [0, n), unbiased (rejection sampling)."""
        limit = _LIMITS.get(n)
        if limit is None:
            if n <= 0:
                raise ValueError("below() needs n > 0")
            limit = _LIMITS[n] = (1 << 64) - ((1 << 64) % n)
        # next_u64 inlined: the engine draws here for every die, shuffle and bot choice.
        state = self.state
        while True:
            state = z = (state + _GAMMA) & _MASK64
            z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
            r = z ^ (z >> 31)
            if r < limit:
                self.state = state
                return r % n

    def die(self) -> int:
        """One six-sided die."""
        return self.below(6) + 1

    def shuffle(self, items: list[T]) -> None:
        """Fisher-Yates, in place: j = below(i + 1) for i from the last index down, with
        below() inlined (every new game shuffles some 150 cards and tiles)."""
        state = self.state
        limits = _LIMITS
        for i in range(len(items) - 1, 0, -1):
            n = i + 1
            limit = limits.get(n)
            if limit is None:
                limit = limits[n] = (1 << 64) - ((1 << 64) % n)
            while True:
                state = z = (state + _GAMMA) & _MASK64
                z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
                z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
                r = z ^ (z >> 31)
                if r < limit:
                    break
            j = r % n
            items[i], items[j] = items[j], items[i]
        self.state = state

    def draw_front(self, items: list[T], count: int) -> None:
        """A partial Fisher-Yates, in place: for i < count, item i swaps with item
        i + below(len - i), so the first `count` items are a uniform draw (the same stream
        as those below() calls; inlined: Fort Knox redraws its walls ~17 times a floor)."""
        state = self.state
        limits = _LIMITS
        size = len(items)
        for i in range(count):
            n = size - i
            limit = limits.get(n)
            if limit is None:
                if n <= 0:
                    raise ValueError("below() needs n > 0")
                limit = limits[n] = (1 << 64) - ((1 << 64) % n)
            while True:
                state = z = (state + _GAMMA) & _MASK64
                z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
                z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
                r = z ^ (z >> 31)
                if r < limit:
                    break
            j = i + r % n
            items[i], items[j] = items[j], items[i]
        self.state = state
