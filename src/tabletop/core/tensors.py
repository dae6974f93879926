"""Building blocks for a game's observation tensor (``State._encode_observation``).

An encoder starts from a list of zeros of the tensor's full length (``[0.0] * size``, made in
C) and fills it place by place: each helper writes its slice at position ``at`` and returns
where the next slice starts, touching only the entries that are not zero. One-hot and
multi-hot vectors over a :class:`Vocabulary` of component ids, raw counts, flags, and seats in
seat-relative order (the observing seat first, then the others in turn order, so that one
network serves every seat). :func:`filled` checks that the slices added up to the length.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any


class Vocabulary:
    """A fixed, ordered set of names (card ids, decision names...) and each one's index."""

    __slots__ = ("index", "names", "size")

    def __init__(self, names: Iterable[str]) -> None:
        self.names = tuple(names)
        #: Each name's position.
        self.index = {name: i for i, name in enumerate(self.names)}
        self.size = len(self.names)
        if len(self.index) != self.size:
            raise ValueError(f"a vocabulary repeats a name: {self.names}")

    def __len__(self) -> int:
        return self.size

    def one_hot(self, out: list[float], at: int, name: str | None) -> int:
        """Write 1 at ``name``'s index of the slice at ``at`` (nothing for ``None``); the
        slice's end."""
        if name is not None:
            out[at + self.index[name]] = 1.0
        return at + self.size

    def multi_hot(self, out: list[float], at: int, names: Iterable[str]) -> int:
        """Write 1 at the index of each of ``names`` in the slice at ``at``; the slice's end."""
        index = self.index
        for name in names:
            out[at + index[name]] = 1.0
        return at + self.size


def one_hot(out: list[float], at: int, index: int | None, size: int) -> int:
    """Write 1 at ``at + index`` (nothing for ``None``); the end of the ``size`` slice."""
    if index is not None:
        if not 0 <= index < size:
            raise ValueError(f"index {index} is outside a one-hot of {size}")
        out[at + index] = 1.0
    return at + size


def counts(out: list[float], at: int, values: Iterable[int]) -> int:
    """Write each of ``values`` as a float, unscaled, from ``at``; the slice's end."""
    for value in values:
        out[at] = float(value)
        at += 1
    return at


def flag(out: list[float], at: int, value: bool) -> int:
    """Write 1.0 at ``at`` if ``value`` is true; the next position."""
    if value:
        out[at] = 1.0
    return at + 1


def slots(out: list[float], at: int, vocabulary: Vocabulary, names: Sequence[str | None], size: int) -> int:
    """Write ``size`` one-hots over ``vocabulary``: ``names`` in order, then empty slots;
    ``ValueError`` if there are more names than slots (the tensor's length is fixed)."""
    if len(names) > size:
        raise ValueError(f"{len(names)} entries do not fit the tensor's {size} slots: {list(names)}")
    step = vocabulary.size
    index = vocabulary.index
    for name in names:
        if name is not None:
            out[at + index[name]] = 1.0
        at += step
    return at + step * (size - len(names))


def seat_order(seat: int, num_players: int) -> list[int]:
    """The seats as a tensor lists them for ``seat``: ``seat`` first, then the others in turn."""
    return [(seat + i) % num_players for i in range(num_players)]


def relative_seat(other: int | None, seat: int, num_players: int) -> int | None:
    """Where ``other`` stands in :func:`seat_order` of ``seat`` (``None`` stays ``None``)."""
    return None if other is None else (other - seat) % num_players


def outcome(
    out: list[float], at: int, result: Mapping[str, Any] | None, order: Sequence[int], reasons: Vocabulary
) -> int:
    """Write an observation's ``outcome`` (``None`` or ``{winners, reason}``): over [1], the
    winners multi-hot over the seats in ``order`` [len(order)], the reason multi-hot over
    ``reasons`` (a reason joining several with ``+`` marks each) [len(reasons)]."""
    at = flag(out, at, result is not None)
    if result is not None:
        winners = result["winners"]
        for place, seat in enumerate(order):
            if seat in winners:
                out[at + place] = 1.0
        reasons.multi_hot(out, at + len(order), result["reason"].split("+"))
    return at + len(order) + reasons.size


def filled(out: list[float], at: int) -> list[float]:
    """``out``, once its slices end exactly at its length; ``ValueError`` otherwise (a layout
    and a shape that disagree)."""
    if at != len(out):
        raise ValueError(f"the tensor's slices end at {at}, not at its length {len(out)}")
    return out


__all__ = [
    "Vocabulary",
    "counts",
    "filled",
    "flag",
    "one_hot",
    "outcome",
    "relative_seat",
    "seat_order",
    "slots",
]
