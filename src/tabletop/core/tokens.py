"""Token pools: a multiset of token kinds (gems, coins, privileges...) that never goes negative."""

from __future__ import annotations

from collections.abc import Iterator, Mapping

import attrs


def _check_counts(instance: object, attribute: object, value: dict[str, int]) -> None:
    for kind, count in value.items():
        if not isinstance(count, int) or count < 0:
            raise ValueError(f"token count for {kind!r} must be a non-negative int, got {count!r}")


# The counts are validated when a pool is built or loaded; moves keep them valid by
# construction, so assignments and copies skip the check (copying is on the clone hot path).
@attrs.define(slots=True, eq=False, on_setattr=attrs.setters.NO_OP)
class TokenPool:
    """How many tokens of each kind a place holds (a player, the bank, a bag, a card).

    Removing more than is there raises ``ValueError`` and changes nothing; moving tokens
    between pools conserves the total.
    """

    counts: dict[str, int] = attrs.field(factory=dict, validator=_check_counts)

    @classmethod
    def of(cls, counts: Mapping[str, int] | None = None, /, **kinds: int) -> TokenPool:
        """A pool from a mapping and/or keyword counts, e.g. ``TokenPool.of(red=2, gold=1)``."""
        merged = dict(counts or {})
        merged.update(kinds)
        return cls(merged)

    def __eq__(self, other: object) -> bool:
        """Pools are equal when they hold the same tokens (kinds at zero do not matter)."""
        if not isinstance(other, TokenPool):
            return NotImplemented
        return self.as_dict() == other.as_dict()

    __hash__ = None  # type: ignore[assignment]

    def __getitem__(self, kind: str) -> int:
        return self.counts.get(kind, 0)

    def __iter__(self) -> Iterator[str]:
        """The kinds present (count > 0)."""
        return (kind for kind, count in self.counts.items() if count)

    def __len__(self) -> int:
        """The total number of tokens."""
        return sum(self.counts.values())

    def total(self) -> int:
        """The total number of tokens."""
        return sum(self.counts.values())

    def items(self) -> Iterator[tuple[str, int]]:
        """``(kind, count)`` for every kind present."""
        return ((kind, count) for kind, count in self.counts.items() if count)

    def contains(self, wanted: Mapping[str, int]) -> bool:
        """Whether this pool holds at least ``wanted`` of every kind."""
        counts = self.counts
        return all(counts.get(kind, 0) >= n for kind, n in wanted.items())

    def add(self, kind: str, count: int = 1) -> None:
        """Put ``count`` tokens of ``kind`` into the pool (from outside the game's economy)."""
        if count < 0:
            raise ValueError(f"cannot add a negative number of {kind!r} tokens ({count})")
        self.counts[kind] = self.counts.get(kind, 0) + count

    def remove(self, kind: str, count: int = 1) -> None:
        """Take ``count`` tokens of ``kind`` out; ``ValueError`` if there are fewer."""
        have = self.counts.get(kind, 0)
        if count < 0 or count > have:
            raise ValueError(f"cannot remove {count} {kind!r} token(s): the pool holds {have}")
        self.counts[kind] = have - count

    def move_to(self, other: TokenPool, kind: str, count: int = 1) -> None:
        """Move ``count`` tokens of ``kind`` from this pool to ``other``."""
        self.remove(kind, count)
        other.counts[kind] = other.counts.get(kind, 0) + count

    def move_all_to(self, other: TokenPool, wanted: Mapping[str, int]) -> None:
        """Move several kinds at once; all or nothing."""
        mine, theirs = self.counts, other.counts
        # Plain loops, not generator expressions: games pay for every purchase through here.
        for kind, n in wanted.items():
            if n < 0 or mine.get(kind, 0) < n:
                raise ValueError(f"cannot move {dict(wanted)}: the pool holds {self.as_dict()}")
        for kind, n in wanted.items():
            mine[kind] = mine.get(kind, 0) - n
            theirs[kind] = theirs.get(kind, 0) + n

    def as_dict(self) -> dict[str, int]:
        """The non-zero counts as a plain dict."""
        return {kind: count for kind, count in self.counts.items() if count}

    def copy(self) -> TokenPool:
        """An independent copy."""
        new = object.__new__(TokenPool)
        new.counts = self.counts.copy()
        return new

    #: ``copy.copy`` gives this independent copy too (a field-by-field copy would share the lists).
    __copy__ = copy

    def __str__(self) -> str:
        return ", ".join(f"{count} {kind}" for kind, count in self.items()) or "nothing"
