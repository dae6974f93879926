"""How a finished game ended."""

from __future__ import annotations

import attrs


@attrs.frozen
class Outcome:
    """The end of a game: who won, the final score of every seat, and why it ended.

    ``winners`` holds one seat, or several for a shared victory. ``reason`` is a short word
    the game documents (``"prestige"``, ``"military"``, ``"civilian"``, ...).
    """

    winners: tuple[int, ...]
    scores: tuple[int, ...]
    reason: str

    @property
    def returns(self) -> tuple[float, ...]:
        """Per seat: +1 for a winner, -1 for everyone else, 0 for all when every seat wins."""
        if len(self.winners) == len(self.scores):
            return tuple(0.0 for _ in self.scores)
        return tuple(1.0 if seat in self.winners else -1.0 for seat in range(len(self.scores)))
