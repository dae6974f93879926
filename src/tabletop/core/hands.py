"""Per-seat hidden hands that travel round the table (card drafting).

Each seat holds one hand. Hands are passed all together to a neighbour; each seat remembers
what it saw of every hand it held, and that memory travels with the hand, so a seat's view of
another seat's hand is its count plus the cards it has already seen there. A card leaving a
hand in public (built face up) is struck from every memory; a card leaving in secret
(discarded or tucked face down) is not, because nobody else can tell which card went.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

import attrs

from .turns import TurnOrder


@attrs.define(slots=True)
class Hands:
    """The hand of every seat, and what every seat has seen of every hand.

    ``cards[seat]`` is the hand ``seat`` holds (a sorted tuple: a hand has no order).
    ``seen[viewer][seat]`` is what ``viewer`` saw of that hand when it last held it, less the
    cards since removed in public; ``unseen[viewer][seat]`` counts the cards added to it since
    (drawn in secret by its holder). A seat's own entries are its hand and 0.
    """

    cards: list[tuple[str, ...]]
    seen: list[list[tuple[str, ...]]]
    unseen: list[list[int]]

    def __attrs_post_init__(self) -> None:
        # Every load checks these: set(map(...)) and min(map(...)) run in C, not a generator.
        n = len(self.cards)
        rows = {n} if n else set()
        if len(self.seen) != n or set(map(len, self.seen)) != rows:
            raise ValueError(f"seen must be {n} rows of {n} hands, one row per seat")
        if len(self.unseen) != n or set(map(len, self.unseen)) != rows:
            raise ValueError(f"unseen must be {n} rows of {n} counts, one row per seat")
        if n and min(map(min, self.unseen)) < 0:
            raise ValueError(f"unseen counts are never negative, got {self.unseen}")

    @classmethod
    def empty(cls, num_seats: int) -> Hands:
        """``num_seats`` empty hands."""
        return cls(
            [()] * num_seats,
            [[()] * num_seats for _ in range(num_seats)],
            [[0] * num_seats for _ in range(num_seats)],
        )

    @classmethod
    def dealt(cls, hands: Sequence[Iterable[str]]) -> Hands:
        """Hands dealt face down: each seat sees its own, and nothing of the others."""
        new = cls.empty(len(hands))
        new.deal(hands)
        return new

    def __len__(self) -> int:
        return len(self.cards)

    def deal(self, hands: Sequence[Iterable[str]]) -> None:
        """Replace every hand by a fresh deal; all memories of the old hands are dropped."""
        n = len(self.cards)
        if len(hands) != n:
            raise ValueError(f"a deal gives {n} hands, got {len(hands)}")
        self.cards = [tuple(sorted(hand)) for hand in hands]
        self.seen = [[self.cards[v] if s == v else () for s in range(n)] for v in range(n)]
        self.unseen = [[0] * n for _ in range(n)]

    def hand(self, seat: int) -> tuple[str, ...]:
        """The cards ``seat`` holds, sorted."""
        return self.cards[seat]

    def count(self, seat: int) -> int:
        """How many cards ``seat`` holds."""
        return len(self.cards[seat])

    def remove(self, seat: int, card: str, *, public: bool) -> None:
        """Take ``card`` out of ``seat``'s hand; ``public`` when everyone sees which card it is."""
        hand = list(self.cards[seat])
        try:
            hand.remove(card)
        except ValueError:
            raise ValueError(f"seat {seat} holds no {card!r}") from None
        self.cards[seat] = tuple(hand)
        seen = self.seen
        seen[seat][seat] = self.cards[seat]
        if public:
            for row in seen:
                memory = row[seat]
                if card in memory:
                    kept = list(memory)
                    kept.remove(card)
                    row[seat] = tuple(kept)

    def add(self, seat: int, card: str) -> None:
        """Put ``card`` into ``seat``'s hand, seen by that seat only (a secret draw)."""
        self.cards[seat] = tuple(sorted((*self.cards[seat], card)))
        self.seen[seat][seat] = self.cards[seat]
        for viewer, row in enumerate(self.unseen):
            if viewer != seat:
                row[seat] += 1

    def take_all(self) -> list[tuple[str, ...]]:
        """Empty every hand, returning what each seat held (the end of a round of drafting)."""
        taken = self.cards
        self.deal([()] * len(taken))
        return taken

    def pass_hands(self, receiver: Sequence[int]) -> None:
        """Every seat hands its hand to ``receiver[seat]`` (a permutation of the seats); the
        memories travel with the hands and each seat now sees the hand it receives."""
        n = len(self.cards)
        if sorted(receiver) != list(range(n)):
            raise ValueError(f"receivers must be a permutation of the {n} seats, got {list(receiver)}")
        cards: list[tuple[str, ...]] = [()] * n
        for seat, to in enumerate(receiver):
            cards[to] = self.cards[seat]
        self.cards = cards
        seen = []
        unseen = []
        for viewer in range(n):
            old_seen, old_unseen = self.seen[viewer], self.unseen[viewer]
            row: list[tuple[str, ...]] = [()] * n
            counts = [0] * n
            for seat, to in enumerate(receiver):
                row[to] = old_seen[seat]
                counts[to] = old_unseen[seat]
            row[viewer] = cards[viewer]
            counts[viewer] = 0
            seen.append(row)
            unseen.append(counts)
        self.seen = seen
        self.unseen = unseen

    def pass_left(self, turns: TurnOrder) -> None:
        """Every seat hands its hand to its left-hand neighbour in ``turns``."""
        self.pass_hands([turns.left_of(seat) for seat in range(len(self.cards))])

    def pass_right(self, turns: TurnOrder) -> None:
        """Every seat hands its hand to its right-hand neighbour in ``turns``."""
        self.pass_hands([turns.right_of(seat) for seat in range(len(self.cards))])

    def view(self, viewer: int, seat: int) -> dict[str, Any]:
        """What ``viewer`` may know of ``seat``'s hand, JSON-ready: its own hand as cards;
        another's as its count, the cards seen in it, and how many were added unseen since."""
        if viewer == seat:
            return {"cards": list(self.cards[seat])}
        return {
            "count": len(self.cards[seat]),
            "seen": list(self.seen[viewer][seat]),
            "unseen": self.unseen[viewer][seat],
        }

    def copy(self) -> Hands:
        """An independent copy (the tuples inside are immutable and shared)."""
        new = object.__new__(Hands)
        new.cards = self.cards.copy()
        new.seen = [row.copy() for row in self.seen]
        new.unseen = [row.copy() for row in self.unseen]
        return new

    #: ``copy.copy`` gives this independent copy too (a field-by-field copy would share the lists).
    __copy__ = copy
