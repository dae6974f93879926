"""Card layouts where cards overlap: a card can be taken once no card covers it, and a face-down
card is turned face up the moment it is uncovered (the 7 Wonders Duel Age structures)."""

from __future__ import annotations

from collections.abc import Sequence

import attrs


@attrs.frozen
class LayoutShape:
    """The fixed geometry of a layout: which slots cover which, which start face up."""

    covered_by: tuple[tuple[int, ...], ...]
    face_up: tuple[bool, ...]
    covers: tuple[tuple[int, ...], ...] = attrs.field(init=False, eq=False, repr=False)

    def __attrs_post_init__(self) -> None:
        n = len(self.covered_by)
        if len(self.face_up) != n:
            raise ValueError("covered_by and face_up must describe the same slots")
        covers: list[list[int]] = [[] for _ in range(n)]
        for slot, above in enumerate(self.covered_by):
            for other in above:
                if not 0 <= other < n or other == slot:
                    raise ValueError(f"slot {slot} is covered by an invalid slot {other}")
                covers[other].append(slot)
        object.__setattr__(self, "covers", tuple(tuple(c) for c in covers))

    @property
    def size(self) -> int:
        """The number of slots."""
        return len(self.covered_by)


@attrs.define(slots=True)
class Layout:
    """Cards dealt into a :class:`LayoutShape`: ``cards[i]`` is ``None`` once slot i is taken."""

    shape: LayoutShape
    cards: list[str | None]
    revealed: list[bool]

    @classmethod
    def dealt(cls, shape: LayoutShape, cards: Sequence[str]) -> Layout:
        """Deal one card per slot, in slot order."""
        if len(cards) != shape.size:
            raise ValueError(f"the layout has {shape.size} slots, got {len(cards)} cards")
        return cls(shape, list(cards), list(shape.face_up))

    def is_accessible(self, slot: int) -> bool:
        """Whether slot holds a card that no other card covers."""
        cards = self.cards
        return cards[slot] is not None and all(cards[o] is None for o in self.shape.covered_by[slot])

    def accessible(self) -> list[int]:
        """The slots whose card can be taken now."""
        return [slot for slot in range(len(self.cards)) if self.is_accessible(slot)]

    def remaining(self) -> int:
        """How many cards are still in the layout."""
        return sum(card is not None for card in self.cards)

    def take(self, slot: int) -> tuple[str, list[int]]:
        """Take an accessible card; return it and the slots turned face up as a result."""
        if not self.is_accessible(slot):
            raise ValueError(f"layout slot {slot} is empty or covered")
        card = self.cards[slot]
        assert card is not None
        self.cards[slot] = None
        turned: list[int] = []
        for below in self.shape.covers[slot]:
            if not self.revealed[below] and self.is_accessible(below):
                self.revealed[below] = True
                turned.append(below)
        return card, turned

    def copy(self) -> Layout:
        """An independent copy sharing the immutable shape."""
        return Layout(self.shape, self.cards.copy(), self.revealed.copy())
