"""The three Age structures: kernel layouts dealt from the Age decks, and taking a card."""

from __future__ import annotations

import bisect
from typing import TYPE_CHECKING

from tabletop.core import Layout, LayoutShape

from .components import BOARD

if TYPE_CHECKING:
    from .state import WondersDuelState

#: The three Age structures as kernel layout shapes.
SHAPES: tuple[LayoutShape, ...] = tuple(
    LayoutShape(
        covered_by=tuple(slot.covered_by for slot in structure),
        face_up=tuple(slot.face_up for slot in structure),
    )
    for structure in BOARD.structures
)
_COVERED_BY = tuple(tuple(enumerate(shape.covered_by)) for shape in SHAPES)
#: Per Age and slot: ``(below, other)`` for each slot it covers, ``other`` being the other slot
#: covering ``below`` (-1 if none) — taking the card uncovers ``below`` once ``other`` is empty.
_UNCOVERS = tuple(
    tuple(
        tuple(
            (below, next((o for o in shape.covered_by[below] if o != slot), -1))
            for below in shape.covers[slot]
        )
        for slot in range(shape.size)
    )
    for shape in SHAPES
)


def accessible_slots(structure: Layout, age: int) -> list[int]:
    """The slots of the structure holding a card that no card covers."""
    cards = structure.cards
    out = []
    for slot, covered_by in _COVERED_BY[age - 1]:
        if cards[slot] is not None:
            for other in covered_by:
                if cards[other] is not None:
                    break
            else:
                out.append(slot)
    return out


def derive_open_slots(s: WondersDuelState) -> None:
    """Rebuild the list of accessible structure slots."""
    s.open_slots = [] if s.structure is None else accessible_slots(s.structure, s.age)


def start_age(s: WondersDuelState, age: int, active: int) -> None:
    """Deal the Age's structure from its deck; ``active`` plays first."""
    s.age = age
    s.structure = Layout.dealt(SHAPES[age - 1], s.decks[age - 1])
    s.decks[age - 1] = []
    s.active = active
    derive_open_slots(s)


def take_card(s: WondersDuelState, card_id: str) -> None:
    """Take a card from the structure; the cards it uncovers become accessible (and face up)."""
    structure = s.structure
    assert structure is not None
    cards = structure.cards
    slot = cards.index(card_id)
    # The kernel's Layout.take, specialised to the fixed shapes: this runs on every turn.
    cards[slot] = None
    open_slots = s.open_slots
    open_slots.remove(slot)
    for below, other in _UNCOVERS[s.age - 1][slot]:
        if cards[below] is not None and (other < 0 or cards[other] is None):
            structure.revealed[below] = True
            bisect.insort(open_slots, below)
