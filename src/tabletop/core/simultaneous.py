"""Simultaneous choices: per-seat commits hidden until every seat has chosen.

The contract asks one decision at a time, so a simultaneous step is asked seat by seat: each
seat commits its choice face down, nobody sees another's choice, and once all are in they are
revealed and resolved together. Keys are whatever the game asks to choose (usually seats; a
game may use other indexes, such as a city run by a seat). Choices are the game's actions,
saved as tagged dicts by the game's converter.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import attrs

from .actions import Action


@attrs.define(slots=True)
class Simultaneous:
    """The pending choices of one simultaneous step.

    ``waiting`` lists, sorted, who still has to choose; ``choices`` holds the hidden commits.
    """

    waiting: list[int] = attrs.field(factory=list)
    choices: dict[int, Action] = attrs.field(factory=dict)

    def __attrs_post_init__(self) -> None:
        if self.waiting != sorted(set(self.waiting)):
            raise ValueError(f"waiting must list each chooser once, sorted, got {self.waiting}")
        both = set(self.waiting) & set(self.choices)
        if both:
            raise ValueError(f"{sorted(both)} both wait and have chosen")

    def begin(self, choosers: Iterable[int]) -> None:
        """Open a new step in which every one of ``choosers`` must choose."""
        if self.waiting or self.choices:
            raise ValueError("the previous simultaneous step is not resolved yet")
        self.waiting = sorted(set(choosers))

    @property
    def to_choose(self) -> tuple[int, ...]:
        """Who still has to choose, in order."""
        return tuple(self.waiting)

    @property
    def all_in(self) -> bool:
        """Whether every chooser has committed (and a step is open)."""
        return not self.waiting and bool(self.choices)

    @property
    def is_open(self) -> bool:
        """Whether a step is under way (someone waits or a commit awaits its reveal)."""
        return bool(self.waiting) or bool(self.choices)

    def commit(self, chooser: int, choice: Action) -> None:
        """Record ``chooser``'s hidden choice."""
        try:
            self.waiting.remove(chooser)
        except ValueError:
            raise ValueError(f"{chooser} is not waiting to choose (waiting: {self.waiting})") from None
        self.choices[chooser] = choice

    def choice_of(self, chooser: int) -> Action | None:
        """``chooser``'s committed choice, if any (for its own eyes or the rules only)."""
        return self.choices.get(chooser)

    def reveal(self) -> dict[int, Action]:
        """Every choice at once, in chooser order; the step is cleared."""
        if self.waiting:
            raise ValueError(f"cannot reveal: {self.waiting} still have to choose")
        revealed = dict(sorted(self.choices.items()))
        self.choices = {}
        return revealed

    def public_view(self) -> dict[str, Any]:
        """What everyone may know, JSON-ready: who has chosen and who waits, never what."""
        return {"chosen": sorted(self.choices), "waiting": list(self.waiting)}

    def copy(self) -> Simultaneous:
        """An independent copy (actions are immutable and shared)."""
        new = object.__new__(Simultaneous)
        new.waiting = self.waiting.copy()
        new.choices = self.choices.copy()
        return new

    #: ``copy.copy`` gives this independent copy too (a field-by-field copy would share the lists).
    __copy__ = copy
