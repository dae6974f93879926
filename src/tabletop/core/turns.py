"""Turn order: who plays now, who plays next, extra turns, rounds and reordering."""

from __future__ import annotations

from collections.abc import Sequence

import attrs

#: The most rounds a turn order counts: more than any game can play (2**53 rounds of a
#: nanosecond each take 285 years), and the most a float (a tensor's entry, a JSON reader in
#: most other languages) holds exactly. A save counting past it is no game's.
MOST_ROUNDS = 2**53


@attrs.define(slots=True)
class TurnOrder:
    """Seats taking turns in a fixed cycle, with extra turns and round counting.

    Two seats make alternating play; more make round robin. ``round`` counts completed cycles
    from 1, so "finish the round" rules can ask :attr:`is_last_in_round`.
    """

    order: list[int]
    position: int = 0
    extra_turns: int = 0
    round: int = 1

    def __attrs_post_init__(self) -> None:
        if not self.order or len(set(self.order)) != len(self.order):
            raise ValueError(f"a turn order lists each seat once, got {self.order}")
        if not 0 <= self.position < len(self.order):
            raise ValueError(f"turn position {self.position} is outside the order {self.order}")
        if self.extra_turns < 0 or self.round < 1:
            raise ValueError(f"extra_turns must be >= 0 and round >= 1, got {self.extra_turns}, {self.round}")
        if self.round > MOST_ROUNDS:
            raise ValueError(f"round must be at most 2**53 (no game plays that many), got {self.round}")

    @classmethod
    def starting_with(cls, num_players: int, first: int) -> TurnOrder:
        """Clockwise seating ``first, first+1, ...`` for ``num_players`` seats."""
        if not 0 <= first < num_players:
            raise ValueError(f"first seat must be in [0, {num_players}), got {first}")
        return cls([(first + i) % num_players for i in range(num_players)])

    @property
    def current(self) -> int:
        """The seat whose turn it is."""
        return self.order[self.position]

    @property
    def first(self) -> int:
        """The seat that begins every round."""
        return self.order[0]

    @property
    def is_last_in_round(self) -> bool:
        """Whether the current seat is the last one of the round."""
        return self.position == len(self.order) - 1

    def next_seat(self) -> int:
        """The seat after the current one in the cycle (ignoring extra turns)."""
        return self.order[(self.position + 1) % len(self.order)]

    def grant_extra_turn(self, count: int = 1) -> None:
        """The current seat plays ``count`` more turns before play passes on."""
        self.extra_turns += count

    def advance(self) -> int:
        """End the current turn; return the seat that plays next."""
        # Fields read into locals and no property call: every turn of every game passes here.
        order = self.order
        if self.extra_turns:
            self.extra_turns -= 1
            return order[self.position]
        position = self.position + 1
        if position == len(order):
            position = 0
            self.round += 1
        self.position = position
        return order[position]

    def reorder(self, order: Sequence[int]) -> None:
        """Play from now on in ``order``, starting with its first seat; extra turns are dropped."""
        if sorted(order) != sorted(self.order):
            raise ValueError(f"a new order must be a permutation of {self.order}, got {list(order)}")
        self.order = list(order)
        self.position = 0
        self.extra_turns = 0

    def eliminate(self, seat: int) -> None:
        """``seat`` leaves the order for good; the others keep their relative order.

        When the current seat leaves, the seat after it becomes current at once (so the game
        does not :meth:`advance` again), and its extra turns are dropped; if that seat was the
        last of the round, the next round begins. The last seat cannot leave.
        """
        if seat not in self.order:
            raise ValueError(f"seat {seat} is not in the turn order {self.order}")
        if len(self.order) == 1:
            raise ValueError(f"seat {seat} is the last one in the turn order")
        index = self.order.index(seat)
        del self.order[index]
        if index < self.position:
            self.position -= 1
        elif index == self.position:
            self.extra_turns = 0
            if self.position == len(self.order):
                self.position = 0
                self.round += 1

    def left_of(self, seat: int) -> int:
        """The seat after ``seat`` in the order, round the circle: its left-hand neighbour
        (seats sit clockwise in turn order; a seat alone is its own neighbour)."""
        order = self.order
        try:
            return order[(order.index(seat) + 1) % len(order)]
        except ValueError:
            raise ValueError(f"seat {seat} is not in the turn order {order}") from None

    def right_of(self, seat: int) -> int:
        """The seat before ``seat`` in the order, round the circle: its right-hand neighbour."""
        order = self.order
        try:
            return order[order.index(seat) - 1]
        except ValueError:
            raise ValueError(f"seat {seat} is not in the turn order {order}") from None

    def start_with(self, seat: int) -> None:
        """Keep the cyclic seating but make ``seat`` the one that plays now and begins rounds."""
        if seat not in self.order:
            raise ValueError(f"seat {seat} is not in the turn order {self.order}")
        i = self.order.index(seat)
        self.reorder(self.order[i:] + self.order[:i])

    def copy(self) -> TurnOrder:
        """An independent copy (already valid, so it skips the checks)."""
        new = object.__new__(TurnOrder)
        new.order = self.order.copy()
        new.position = self.position
        new.extra_turns = self.extra_turns
        new.round = self.round
        return new

    #: ``copy.copy`` gives this independent copy too (a field-by-field copy would share the lists).
    __copy__ = copy
