"""Card layouts where cards overlap: a card can be taken once no card covers it, and a face-down
card is turned face up the moment it is uncovered (the 7 Wonders Duel Age structures)."""

from __future__ import annotations

import bisect
from collections.abc import Iterator, Sequence

import attrs


@attrs.frozen
class LayoutShape:
    """The fixed geometry of a layout: which slots cover which, which start face up."""

    covered_by: tuple[tuple[int, ...], ...]
    face_up: tuple[bool, ...]
    covers: tuple[tuple[int, ...], ...] = attrs.field(init=False, eq=False, repr=False)
    #: Per slot: ``(below, others)`` for each slot it covers, ``others`` being the remaining
    #: slots that cover ``below`` — taking the card frees ``below`` once those are empty.
    uncovers: tuple[tuple[tuple[int, tuple[int, ...]], ...], ...] = attrs.field(
        init=False, eq=False, repr=False
    )

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
        # Covering must be acyclic, or the cards on a cycle could never be taken.
        state = [0] * n  # 0 unseen, 1 on the current path, 2 done
        for root in range(n):
            if state[root]:
                continue
            stack: list[tuple[int, Iterator[int]]] = [(root, iter(self.covered_by[root]))]
            state[root] = 1
            while stack:
                current, pending = stack[-1]
                nxt = next(pending, None)
                if nxt is None:
                    state[current] = 2
                    stack.pop()
                elif state[nxt] == 1:
                    raise ValueError(f"slots {current} and {nxt} cover each other (a covering cycle)")
                elif state[nxt] == 0:
                    state[nxt] = 1
                    stack.append((nxt, iter(self.covered_by[nxt])))
        uncovers = tuple(
            tuple((below, tuple(o for o in self.covered_by[below] if o != slot)) for below in below_slots)
            for slot, below_slots in enumerate(covers)
        )
        object.__setattr__(self, "uncovers", uncovers)

    @property
    def size(self) -> int:
        """The number of slots."""
        return len(self.covered_by)


@attrs.define(slots=True)
class Layout:
    """Cards dealt into a :class:`LayoutShape`: ``cards[i]`` is ``None`` once slot i is taken.

    ``open`` lists the accessible slots in ascending order and is kept up to date by
    :meth:`take`; after placing cards by hand, call :meth:`refresh`.
    """

    shape: LayoutShape
    cards: list[str | None]
    revealed: list[bool]
    open: list[int] = attrs.field(init=False, eq=False, repr=False)

    def __attrs_post_init__(self) -> None:
        size = self.shape.size
        if len(self.cards) != size or len(self.revealed) != size:
            raise ValueError(
                f"the layout has {size} slots, got {len(self.cards)} cards and "
                f"{len(self.revealed)} revealed flags"
            )
        self.refresh()

    @classmethod
    def dealt(cls, shape: LayoutShape, cards: Sequence[str]) -> Layout:
        """Deal one card per slot, in slot order."""
        if len(cards) != shape.size:
            raise ValueError(f"the layout has {shape.size} slots, got {len(cards)} cards")
        return cls(shape, list(cards), list(shape.face_up))

    def refresh(self) -> None:
        """Recompute the accessible slots from the cards (after editing them by hand)."""
        self.open = [slot for slot in range(len(self.cards)) if self.is_accessible(slot)]

    def is_accessible(self, slot: int) -> bool:
        """Whether slot holds a card that no other card covers."""
        cards = self.cards
        return cards[slot] is not None and all(cards[o] is None for o in self.shape.covered_by[slot])

    def accessible(self) -> list[int]:
        """The slots whose card can be taken now, in ascending order."""
        return self.open.copy()

    def remaining(self) -> int:
        """How many cards are still in the layout."""
        return sum(card is not None for card in self.cards)

    def take(self, slot: int) -> tuple[str, list[int]]:
        """Take an accessible card; return it and the slots turned face up as a result."""
        open_slots = self.open
        cards = self.cards
        card = cards[slot]
        if card is None or slot not in open_slots:
            raise ValueError(f"layout slot {slot} is empty or covered")
        cards[slot] = None
        open_slots.remove(slot)
        revealed = self.revealed
        turned: list[int] = []
        # Plain loops rather than all(): this runs on every turn of a game.
        for below, others in self.shape.uncovers[slot]:
            if cards[below] is None:
                continue
            for other in others:
                if cards[other] is not None:
                    break
            else:
                bisect.insort(open_slots, below)
                if not revealed[below]:
                    revealed[below] = True
                    turned.append(below)
        return card, turned

    def copy(self) -> Layout:
        """An independent copy sharing the immutable shape."""
        new = object.__new__(Layout)
        new.shape = self.shape
        new.cards = self.cards.copy()
        new.revealed = self.revealed.copy()
        new.open = self.open.copy()
        return new

    #: ``copy.copy`` gives this independent copy too (a field-by-field copy would share the lists).
    __copy__ = copy
