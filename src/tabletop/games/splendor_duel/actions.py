"""The actions of Splendor Duel: one class per kind of decision a player makes.

Board places are cell indices (``row * 5 + col``, 0-based; printed ``r3c3`` for the centre),
cards are ids from the catalog, token kinds are their names. Each class has a fixed block in
the game's integer action space, ``ACTION_SPACE`` (below).

An action prints as a sentence whatever its field values, so that the refusal of a malformed
one (a cell of ``None``, a card that does not exist) still reads.
"""

from __future__ import annotations

import itertools
from typing import Any, ClassVar

import attrs

from tabletop.core import Action, ActionSpace, Block

from .components import (
    BOX,
    CARDS,
    COST_KINDS,
    GEMS,
    GOLD,
    GRID,
    LEVELS,
    LINES,
    NON_GOLD,
    ROYALS,
    TOKEN_KINDS,
    card_label,
    cell_name,
    royal_label,
)


def _ints(values: Any) -> Any:
    """A list or tuple field as a tuple, so that an action built from a list is hashable and
    equal to the one built from a tuple. Any other value is kept as it is: the action is then
    refused by name when applied, instead of failing while it is built."""
    if type(values) is tuple:
        return values
    try:
        return tuple(values)
    except TypeError:
        return values


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
        if not isinstance(self.cells, tuple):
            return f"take the tokens at {self.cells!r}"
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
        if not isinstance(self.gold, tuple):
            return f"{text} paying gold as {self.gold!r}"
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


#: A purchase paid without gold (gold per cost kind).
NO_GOLD: tuple[int, ...] = (0,) * len(COST_KINDS)
#: Every way to split at most all the gold over the cost kinds: the domain of ``Buy.gold``.
GOLD_SPLITS: tuple[tuple[int, ...], ...] = tuple(
    split
    for split in itertools.product(range(BOX.tokens[GOLD] + 1), repeat=len(COST_KINDS))
    if sum(split) <= BOX.tokens[GOLD]
)
_CELLS = tuple(range(GRID.size))
_CARD_IDS = tuple(CARDS)

#: The fixed integer numbering of every Splendor Duel action.
ACTION_SPACE = ActionSpace(
    [
        Block(UsePrivilege, (("cell", _CELLS),)),
        Block(Replenish, ()),
        Block(TakeTokens, (("cells", LINES),)),
        Block(ReserveCard, (("gold", _CELLS), ("card", _CARD_IDS))),
        Block(ReserveFromDeck, (("gold", _CELLS), ("level", LEVELS))),
        Block(Buy, (("card", _CARD_IDS), ("gold", GOLD_SPLITS))),
        Block(PlaceWild, (("colour", GEMS),)),
        Block(TakeToken, (("cell", _CELLS),)),
        Block(Steal, (("token", NON_GOLD),)),
        Block(ChooseRoyal, (("card", tuple(ROYALS)),)),
        Block(Discard, (("token", TOKEN_KINDS),)),
    ]
)
