"""Markets: a row of face-up slots refilled from a deck, with holes once the deck runs out."""

from __future__ import annotations

import attrs

from .decks import Deck


@attrs.define(slots=True)
class Market:
    """Face-up ``slots`` (``None`` is a hole) fed by ``deck``."""

    slots: list[str | None]
    deck: Deck

    @classmethod
    def dealt(cls, size: int, deck: Deck) -> Market:
        """A market of ``size`` slots filled from the top of ``deck``."""
        market = cls([None] * size, deck)
        market.fill()
        return market

    def fill(self) -> None:
        """Fill every hole, left to right, while the deck lasts."""
        slots, cards = self.slots, self.deck.cards
        for i, card in enumerate(slots):
            if card is None and cards:
                slots[i] = cards.pop()

    def face_up(self) -> list[str]:
        """The cards showing, left to right."""
        return [card for card in self.slots if card is not None]

    def index(self, card: str) -> int:
        """The slot holding ``card``; ``ValueError`` if it is not face up here."""
        try:
            return self.slots.index(card)
        except ValueError:
            raise ValueError(f"card {card!r} is not face up in this market") from None

    def __contains__(self, card: object) -> bool:
        return card is not None and card in self.slots

    def take(self, slot: int) -> str:
        """Take the card in ``slot`` and leave a hole; ``ValueError`` on a hole."""
        card = self.slots[slot]
        if card is None:
            raise ValueError(f"market slot {slot} is empty")
        self.slots[slot] = None
        return card

    def refill(self, slot: int) -> str | None:
        """Fill ``slot`` from the deck if it is a hole and the deck has cards; return the card."""
        if self.slots[slot] is None and self.deck.cards:
            self.slots[slot] = self.deck.cards.pop()
        return self.slots[slot]

    def take_and_refill(self, card: str) -> str:
        """Take a face-up card by id and refill its slot at once."""
        slot = self.index(card)
        self.slots[slot] = None
        self.refill(slot)
        return card

    def copy(self) -> Market:
        """An independent copy (the deck included; made without ``__init__``: search code
        clones every node)."""
        new = object.__new__(Market)
        new.slots = self.slots.copy()
        new.deck = self.deck.copy()
        return new

    #: ``copy.copy`` gives this independent copy too (a field-by-field copy would share the lists).
    __copy__ = copy
