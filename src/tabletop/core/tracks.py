"""Linear tracks: a pawn on numbered spaces between two ends, read through zones."""

from __future__ import annotations

from collections.abc import Sequence

import attrs


@attrs.frozen
class Zone:
    """Spaces ``first..last`` (inclusive) of a track, worth ``value`` to whoever the zone favours."""

    first: int
    last: int
    value: int = 0

    def __contains__(self, position: object) -> bool:
        return isinstance(position, int) and self.first <= position <= self.last


def zone_at(zones: Sequence[Zone], position: int) -> Zone | None:
    """The zone containing ``position``, if any."""
    for zone in zones:
        if zone.first <= position <= zone.last:
            return zone
    return None


@attrs.define(slots=True)
class Track:
    """A pawn at ``position`` on the spaces ``low..high``."""

    low: int
    high: int
    position: int = 0

    def __attrs_post_init__(self) -> None:
        if not self.low <= self.position <= self.high:
            raise ValueError(f"position {self.position} is off the track {self.low}..{self.high}")

    def move(self, delta: int) -> tuple[int, ...]:
        """Move the pawn ``delta`` spaces, stopping at either end; return the spaces entered."""
        target = min(self.high, max(self.low, self.position + delta))
        step = 1 if target > self.position else -1
        entered = tuple(range(self.position + step, target + step, step)) if target != self.position else ()
        self.position = target
        return entered

    @property
    def at_end(self) -> bool:
        """Whether the pawn stands on either end of the track."""
        return self.position in (self.low, self.high)

    def copy(self) -> Track:
        """An independent copy."""
        return Track(self.low, self.high, self.position)
