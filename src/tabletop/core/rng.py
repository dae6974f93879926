"""A seeded, serializable, copyable random source.

Every shuffle and die roll in a game comes from its state's :class:`Rng`, so the same seed and the
same actions give the same game on every machine and every Python version. The generator is
SplitMix64: its whole state is one integer, which makes copying (for ``clone``) and saving (for
``to_dict``) free, and its output does not depend on :mod:`random`'s implementation.
"""

from __future__ import annotations

import functools
from collections.abc import MutableSequence, Sequence
from typing import TypeVar

import attrs

from .integers import as_int

T = TypeVar("T")

_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15


def _mix(z: int) -> int:
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return z ^ (z >> 31)


# Validated when built or loaded, not on every draw: next64 assigns the state in the hot path.
@functools.cache
def _shuffle_plan(length: int) -> tuple[tuple[int, tuple[tuple[int, int], ...]], ...]:
    """Fisher-Yates steps ``(index, range)`` from the top, grouped so that the product of a
    group's ranges (its ``span``) stays within one 64-bit draw."""
    groups = []
    i = length - 1
    while i > 0:
        steps = []
        span = 1
        while i > 0 and span * (i + 1) <= 1 << 64:
            span *= i + 1
            steps.append((i, i + 1))
            i -= 1
        groups.append((span, tuple(steps)))
    return tuple(groups)


@attrs.define(slots=True, on_setattr=attrs.setters.NO_OP)
class Rng:
    """A deterministic random number generator whose state is a single 64-bit integer."""

    state: int = attrs.field(validator=attrs.validators.instance_of(int))

    @state.validator
    def _check_state(self, _: attrs.Attribute[int], value: int) -> None:
        # Every state next64 can reach is a 64-bit unsigned integer; a save with any other
        # value was edited by hand (it would still draw, but no game ever gets there).
        if isinstance(value, bool) or not 0 <= value <= _MASK:
            raise ValueError(f"an Rng state is a 64-bit unsigned integer, got {value!r}")

    @classmethod
    def from_seed(cls, seed: int) -> Rng:
        """A generator seeded from any integer (negative and huge seeds are folded to 64 bits);
        ``ValueError`` for a seed that is not an int (a float, a bool, a string)."""
        if type(seed) is not int:  # 2.0 & mask is a TypeError; True would pass for 1 silently
            number = as_int(seed)  # an IntEnum or a numpy integer: its plain value
            if number is None:
                raise ValueError(f"seed must be an int, got {seed!r}")
            seed = number
        return cls(_mix(seed & _MASK))

    def next64(self) -> int:
        """The next raw 64-bit output."""
        self.state = (self.state + _GOLDEN) & _MASK
        return _mix(self.state)

    def randbelow(self, n: int) -> int:
        """A uniform integer in ``[0, n)``; ``n`` must be positive."""
        if n <= 0:
            raise ValueError(f"randbelow needs a positive bound, got {n}")
        if n > 1 << 64:  # one 64-bit draw cannot cover it: the rejection loop would never end
            raise ValueError(f"randbelow needs a bound of at most 2**64, got {n}")
        # Rejection sampling keeps the draw exactly uniform. next64 and _mix are written out:
        # every random move, shuffle and rollout comes through here, and two calls fewer a draw
        # are ~5% of a random game of 7 Wonders Duel.
        limit = (1 << 64) - ((1 << 64) % n)
        state = self.state
        while True:
            state = (state + _GOLDEN) & _MASK
            z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
            z ^= z >> 31
            if z < limit:
                self.state = state
                return z % n

    def randint(self, low: int, high: int) -> int:
        """A uniform integer in ``[low, high]`` (both ends included), like a die roll."""
        if high < low:
            raise ValueError(f"randint needs low <= high, got {low} > {high}")
        return low + self.randbelow(high - low + 1)

    def random(self) -> float:
        """A uniform float in ``[0, 1)``."""
        return (self.next64() >> 11) * (1.0 / (1 << 53))

    def choice(self, items: Sequence[T]) -> T:
        """One element of a non-empty sequence, uniformly."""
        if not items:
            raise ValueError("cannot choose from an empty sequence")
        return items[self.randbelow(len(items))]

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Shuffle ``items`` in place, exactly uniformly (Fisher-Yates).

        The swap positions of consecutive steps are the mixed-radix digits of one uniform draw
        below the product of their ranges, so a 67-card deck costs 6 draws instead of 66.
        """
        for span, steps in _shuffle_plan(len(items)):
            code = self.randbelow(span)
            for i, radix in steps:
                code, j = divmod(code, radix)
                items[i], items[j] = items[j], items[i]

    def sample(self, items: Sequence[T], k: int) -> list[T]:
        """``k`` distinct elements of ``items`` in random order."""
        if not 0 <= k <= len(items):
            raise ValueError(f"cannot sample {k} from {len(items)} items")
        pool = list(items)
        for i in range(k):
            j = i + self.randbelow(len(pool) - i)
            pool[i], pool[j] = pool[j], pool[i]
        return pool[:k]

    def copy(self) -> Rng:
        """An independent generator in the same state (already valid, so the checks are
        skipped: copying is on the clone hot path)."""
        new = object.__new__(Rng)
        new.state = self.state
        return new
