"""The three Age structures: kernel layouts dealt from the Age decks, and taking a card."""

from __future__ import annotations

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


def start_age(s: WondersDuelState, age: int, active: int) -> None:
    """Deal the Age's structure from its deck; ``active`` plays first."""
    s.age = age
    s.structure = Layout.dealt(SHAPES[age - 1], s.decks[age - 1])
    s.decks[age - 1] = []
    s.active = active


def take_card(s: WondersDuelState, card_id: str) -> None:
    """Take a card from the structure; the cards it uncovers become accessible (and face up)."""
    structure = s.structure
    assert structure is not None
    structure.take(structure.cards.index(card_id))
