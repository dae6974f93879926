"""Decks of cards named by id: shuffled by the state's rng, drawn from the top."""

from __future__ import annotations

from collections.abc import Iterable

import attrs

from .rng import Rng


@attrs.define(slots=True)
class Deck:
    """A face-down pile and its discard pile. The top card is the last element of ``cards``."""

    cards: list[str] = attrs.field(factory=list)
    discards: list[str] = attrs.field(factory=list)

    @classmethod
    def shuffled(cls, cards: Iterable[str], rng: Rng) -> Deck:
        """A new deck of ``cards`` in random order."""
        deck = cls(list(cards))
        rng.shuffle(deck.cards)
        return deck

    def __len__(self) -> int:
        return len(self.cards)

    def __bool__(self) -> bool:
        return bool(self.cards)

    def __contains__(self, card: object) -> bool:
        return card in self.cards

    def shuffle(self, rng: Rng) -> None:
        """Shuffle the face-down pile in place."""
        rng.shuffle(self.cards)

    def draw(self) -> str:
        """Take the top card; ``ValueError`` when the deck is empty."""
        if not self.cards:
            raise ValueError("cannot draw from an empty deck")
        return self.cards.pop()

    def draw_up_to(self, count: int) -> list[str]:
        """Take up to ``count`` cards from the top, fewer when the deck runs out."""
        drawn = self.cards[-count:] if count > 0 else []
        drawn.reverse()
        del self.cards[len(self.cards) - len(drawn) :]
        return drawn

    def peek(self, count: int = 1) -> list[str]:
        """The top ``count`` cards (top first) without taking them."""
        return self.cards[: -count - 1 : -1] if count > 0 else []

    def remove(self, card: str) -> None:
        """Take a named card out of the face-down pile; ``ValueError`` if it is not there."""
        try:
            self.cards.remove(card)
        except ValueError:
            raise ValueError(f"card {card!r} is not in the deck") from None

    def put_bottom(self, card: str) -> None:
        """Slide a card under the pile."""
        self.cards.insert(0, card)

    def discard(self, card: str) -> None:
        """Put a card on the discard pile."""
        self.discards.append(card)

    def recycle_discards(self, rng: Rng) -> None:
        """Shuffle the discard pile back under the face-down pile."""
        rng.shuffle(self.discards)
        self.cards[:0] = self.discards
        self.discards = []

    def copy(self) -> Deck:
        """An independent copy (made without ``__init__``: search code clones every node)."""
        new = object.__new__(Deck)
        new.cards = self.cards.copy()
        new.discards = self.discards.copy()
        return new

    #: ``copy.copy`` gives this independent copy too (a field-by-field copy would share the lists).
    __copy__ = copy
