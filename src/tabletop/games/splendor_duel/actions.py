"""The actions of Splendor Duel: one class per kind of decision a player makes.

Board places are cell indices (``row * 5 + col``, 0-based; printed ``r3c3`` for the centre),
cards are ids from the catalog, token kinds are their names. Each class has a fixed block in
the game's integer action space (see ``ACTION_SPACE`` in the package).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import ClassVar

import attrs

from tabletop.core import Action

from .components import COST_KINDS, card_label, cell_name, royal_label


def _ints(values: Iterable[int]) -> tuple[int, ...]:
    """A sequence field as a tuple, so that an action built from a list is hashable and equal
    to the one built from a tuple."""
    return values if type(values) is tuple else tuple(values)


@attrs.frozen
class UsePrivilege(Action):
    """Optional: return 1 privilege to take the gem or pearl on ``cell``."""

    kind: ClassVar[str] = "use_privilege"
    cell: int

    def __str__(self) -> str:
        return f"use a privilege to take the token at {cell_name(self.cell)}"


@attrs.frozen
class Replenish(Action):
    """Optional (compulsory when no mandatory action is possible): refill the board from the bag."""

    kind: ClassVar[str] = "replenish"

    def __str__(self) -> str:
        return "replenish the board from the bag"


@attrs.frozen
class TakeTokens(Action):
    """Mandatory: take the 1-3 tokens on ``cells``, a straight contiguous line of the board."""

    kind: ClassVar[str] = "take_tokens"
    cells: tuple[int, ...] = attrs.field(converter=_ints)

    def __str__(self) -> str:
        return "take the tokens at " + ", ".join(cell_name(c) for c in self.cells)


@attrs.frozen
class ReserveCard(Action):
    """Mandatory: take the gold on ``gold`` and reserve the face-up pyramid card ``card``."""

    kind: ClassVar[str] = "reserve_card"
    gold: int
    card: str

    def __str__(self) -> str:
        return f"take the gold at {cell_name(self.gold)} and reserve {card_label(self.card)}"


@attrs.frozen
class ReserveFromDeck(Action):
    """Mandatory: take the gold on ``gold`` and reserve, unseen by the opponent, the top card
    of the level-``level`` deck."""

    kind: ClassVar[str] = "reserve_from_deck"
    gold: int
    level: int

    def __str__(self) -> str:
        return f"take the gold at {cell_name(self.gold)} and reserve the top card of deck {self.level}"


@attrs.frozen
class Buy(Action):
    """Mandatory: buy ``card`` (face up in the pyramid or reserved by the buyer).

    ``gold`` says, per cost kind (white, blue, green, red, black, pearl), how many of the
    units still owed after bonuses are paid with gold instead of that token.
    """

    kind: ClassVar[str] = "buy"
    card: str
    gold: tuple[int, ...] = attrs.field(default=(0, 0, 0, 0, 0, 0), converter=_ints)

    def __str__(self) -> str:
        text = f"buy {card_label(self.card)}"
        if not any(self.gold):
            return text
        spent = ", ".join(f"{n} {kind}" for kind, n in zip(COST_KINDS, self.gold) if n)
        return f"{text} paying gold for {spent}"


@attrs.frozen
class PlaceWild(Action):
    """Place the wild-bonus card just bought with the cards of ``colour`` (it joins that colour)."""

    kind: ClassVar[str] = "place_wild"
    colour: str

    def __str__(self) -> str:
        return f"place the wild card with the {self.colour} cards"


@attrs.frozen
class TakeToken(Action):
    """Ability of the card just bought: take the token of the card's colour on ``cell``."""

    kind: ClassVar[str] = "take_token"
    cell: int

    def __str__(self) -> str:
        return f"take the token at {cell_name(self.cell)}"


@attrs.frozen
class Steal(Action):
    """Ability: take one ``token`` (a gem or pearl, never gold) from the opponent."""

    kind: ClassVar[str] = "steal"
    token: str

    def __str__(self) -> str:
        return f"steal 1 {self.token} from the opponent"


@attrs.frozen
class ChooseRoyal(Action):
    """On reaching the 3rd or 6th crown: take the royal card ``card`` and resolve its ability."""

    kind: ClassVar[str] = "choose_royal"
    card: str

    def __str__(self) -> str:
        return f"take royal card {royal_label(self.card)}"


@attrs.frozen
class Discard(Action):
    """End of turn above 10 tokens: put one ``token`` back into the bag."""

    kind: ClassVar[str] = "discard"
    token: str

    def __str__(self) -> str:
        return f"discard 1 {self.token}"


ACTION_TYPES: tuple[type[Action], ...] = (
    UsePrivilege,
    Replenish,
    TakeTokens,
    ReserveCard,
    ReserveFromDeck,
    Buy,
    PlaceWild,
    TakeToken,
    Steal,
    ChooseRoyal,
    Discard,
)
