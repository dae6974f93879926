"""Building blocks for a game's observation tensor (``State._encode_observation``).

A tensor is a flat ``list[float]`` built by appending, place by place, to one list: one-hot
and multi-hot vectors over a :class:`Vocabulary` of component ids, raw counts, and seats in
seat-relative order (the observing seat first, then the others in turn order), so that one
network serves every seat.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any


class Vocabulary:
    """A fixed, ordered set of names (card ids, decision names...) and each one's index."""

    __slots__ = ("index", "names")

    def __init__(self, names: Iterable[str]) -> None:
        self.names = tuple(names)
        #: Each name's position.
        self.index = {name: i for i, name in enumerate(self.names)}
        if len(self.index) != len(self.names):
            raise ValueError(f"a vocabulary repeats a name: {self.names}")

    def __len__(self) -> int:
        return len(self.names)

    def one_hot(self, out: list[float], name: str | None) -> None:
        """Append ``len(self)`` floats: 1 at ``name``'s index (all 0 for ``None``)."""
        start = len(out)
        out.extend([0.0] * len(self.names))
        if name is not None:
            out[start + self.index[name]] = 1.0

    def multi_hot(self, out: list[float], names: Iterable[str]) -> None:
        """Append ``len(self)`` floats: 1 at the index of each of ``names``."""
        start = len(out)
        out.extend([0.0] * len(self.names))
        index = self.index
        for name in names:
            out[start + index[name]] = 1.0


def one_hot(out: list[float], index: int | None, size: int) -> None:
    """Append ``size`` floats: 1 at ``index`` (all 0 for ``None``)."""
    start = len(out)
    out.extend([0.0] * size)
    if index is not None:
        out[start + index] = 1.0


def seat_order(seat: int, num_players: int) -> list[int]:
    """The seats as a tensor lists them for ``seat``: ``seat`` first, then the others in turn."""
    return [(seat + i) % num_players for i in range(num_players)]


def relative_seat(other: int | None, seat: int, num_players: int) -> int | None:
    """Where ``other`` stands in :func:`seat_order` of ``seat`` (``None`` stays ``None``)."""
    return None if other is None else (other - seat) % num_players


def counts(out: list[float], values: Iterable[int]) -> None:
    """Append each of ``values`` as a float, unscaled."""
    out.extend(map(float, values))


def flag(out: list[float], value: bool) -> None:
    """Append 1.0 for true, 0.0 for false."""
    out.append(1.0 if value else 0.0)


def slots(out: list[float], vocabulary: Vocabulary, names: Sequence[str | None], size: int) -> None:
    """Append ``size`` one-hots over ``vocabulary``: ``names`` in order, then empty slots;
    ``ValueError`` if there are more names than slots (the tensor's length is fixed)."""
    if len(names) > size:
        raise ValueError(f"{len(names)} entries do not fit the tensor's {size} slots: {list(names)}")
    for name in names:
        vocabulary.one_hot(out, name)
    out.extend([0.0] * (len(vocabulary) * (size - len(names))))


def outcome(
    out: list[float], result: Mapping[str, Any] | None, order: Sequence[int], reasons: Vocabulary
) -> None:
    """Append an observation's ``outcome`` (``None`` or ``{winners, reason}``): over [1], the
    winners multi-hot over the seats in ``order`` [len(order)], the reason multi-hot over
    ``reasons`` (a reason joining several with ``+`` marks each) [len(reasons)]."""
    flag(out, result is not None)
    winners = () if result is None else result["winners"]
    out.extend(1.0 if seat in winners else 0.0 for seat in order)
    reasons.multi_hot(out, () if result is None else result["reason"].split("+"))


__all__ = ["Vocabulary", "counts", "flag", "one_hot", "outcome", "relative_seat", "seat_order", "slots"]
