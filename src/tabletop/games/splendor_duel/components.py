"""The components in the Splendor Duel box, loaded from ``data/*.json``.

Jewel cards, royal cards and the box contents (tokens, privileges, board and its spiral, the
pyramid, limits and victory thresholds) are data; this module loads them into frozen attrs
classes and derives, once at import, the tables the rules read in their hot loops.
"""

from __future__ import annotations

from typing import Final, TypeVar

import attrs

from tabletop.core.grids import DOWN, SquareGrid
from tabletop.core.serialize import load_data

_PACKAGE = "tabletop.games.splendor_duel.data"


@attrs.frozen
class JewelCard:
    """One of the 67 jewel cards.

    ``colour`` is a gem colour, ``"wild"`` (the card takes the colour of the card it joins) or
    ``"none"`` (colourless point cards, no bonus). ``bonus`` is how many bonuses it gives.
    ``cost`` maps every gem colour and ``"pearl"`` to a count (zeros included).
    """

    id: str
    level: int
    colour: str
    bonus: int
    points: int
    crowns: int
    cost: dict[str, int]
    abilities: tuple[str, ...]


@attrs.frozen
class RoyalCard:
    """One of the 4 royal cards: prestige and an ability resolved when it is taken."""

    id: str
    points: int
    abilities: tuple[str, ...]


@attrs.frozen
class Victory:
    """The three immediate victory thresholds."""

    prestige: int
    crowns: int
    colour_prestige: int


@attrs.frozen
class Box:
    """Everything else in the box: token counts, privileges, the board, the pyramid, limits."""

    gems: tuple[str, ...]
    pearl: str
    gold: str
    tokens: dict[str, int]
    privileges: int
    board_size: int
    #: Board cells in the order the bag fills them: ``[row, col]``, 1-based, from the centre.
    spiral: tuple[tuple[int, int], ...]
    #: Face-up pyramid slots per level.
    pyramid: dict[int, int]
    max_tokens: int
    max_reserved: int
    #: The crown counts at which a royal card is taken.
    royal_crowns: tuple[int, ...]
    victory: Victory


ABILITIES: Final = frozenset(
    {"play_again", "wild_bonus", "take_token_of_card_colour", "take_privilege", "steal_token"}
)

BOX: Final = load_data(_PACKAGE, "box.json", Box)

Card = TypeVar("Card", JewelCard, RoyalCard)


def _by_id(cards: list[Card]) -> dict[str, Card]:
    """A catalog by id, in the data file's order; ``ValueError`` on a repeated id."""
    catalog = {card.id: card for card in cards}
    if len(catalog) != len(cards):
        raise ValueError("a card id is repeated in the data")
    return catalog


#: The catalog: every jewel card by id (``D1-01`` ... ``D3-13``), in the data file's order.
CARDS: Final[dict[str, JewelCard]] = _by_id(load_data(_PACKAGE, "jewel_cards.json", list[JewelCard]))
#: Every royal card by id (``R1`` ... ``R4``).
ROYALS: Final[dict[str, RoyalCard]] = _by_id(load_data(_PACKAGE, "royal_cards.json", list[RoyalCard]))

#: Splendor Duel is played by exactly two seats, 0 and 1.
SEATS: Final = 2
GEMS: Final = BOX.gems
PEARL: Final = BOX.pearl
GOLD: Final = BOX.gold
#: What a cost names: the five gems, then pearl (index order of every cost vector).
COST_KINDS: Final = (*GEMS, PEARL)
#: Every token kind a player can hold.
TOKEN_KINDS: Final = (*GEMS, PEARL, GOLD)
#: Token kinds that may be taken from the board by a line, a privilege or a steal.
NON_GOLD: Final = COST_KINDS
LEVELS: Final = tuple(sorted(BOX.pyramid))
WILD: Final = "wild"
COLOURLESS: Final = "none"

GRID: Final = SquareGrid(BOX.board_size, BOX.board_size)
#: Board cells (0-based indices) in the bag's fill order.
SPIRAL: Final = tuple(GRID.cell(row - 1, col - 1) for row, col in BOX.spiral)
#: Every straight contiguous run of 1-3 cells: the lines a take action may use.
LINES: Final = GRID.lines_up_to(3)
#: The same lines as bit masks over the cells, for the legality test in the hot loop.
LINE_MASKS: Final = tuple(sum(1 << cell for cell in line) for line in LINES)

#: Cost vectors in COST_KINDS order, per card id.
COST: Final[dict[str, tuple[int, ...]]] = {
    card.id: tuple(card.cost[kind] for kind in COST_KINDS) for card in CARDS.values()
}


def cell_name(cell: object) -> str:
    """A board cell as a person reads it: ``r3c3`` is the centre (1-based row and column).

    Anything that is not a cell index of the board says so (a refused action still reads).
    """
    if type(cell) is not int:
        return f"cell {cell!r} (not a cell index, an int from 0 to {GRID.size - 1})"
    if not 0 <= cell < GRID.size:
        return f"cell {cell} (off the 5x5 board)"
    row, col = divmod(cell, GRID.cols)
    return f"r{row + 1}c{col + 1}"


_ABILITY_TEXT = {
    "play_again": "play again",
    "wild_bonus": "wild bonus",
    "take_token_of_card_colour": "take a token of its colour",
    "take_privilege": "privilege",
    "steal_token": "steal a token",
}


def card_text(card_id: str) -> str:
    """One line a player reads: ``D1-09 blue +1, 0 pt, 0 crown; cost 2 white 2 black; ...``."""
    card = CARDS[card_id]
    colour = "colourless" if card.colour == COLOURLESS else f"{card.colour} +{card.bonus}"
    cost = " ".join(f"{n} {kind}" for kind, n in card.cost.items() if n)
    text = f"{card.id} {colour}, {card.points} pt, {card.crowns} crown; cost {cost}"
    if card.abilities:
        text += "; " + ", ".join(_ABILITY_TEXT[a] for a in card.abilities)
    return text


def card_label(card_id: object) -> str:
    """A card id with what the card gives, for action texts: ``D2-19 (red +1, 2 pt, privilege)``.

    An id that is not in the catalog prints as it is (a refused action still reads).
    """
    card = CARDS.get(card_id) if isinstance(card_id, str) else None
    if card is None:
        return repr(card_id) if not isinstance(card_id, str) else card_id
    parts = [
        "colourless" if card.colour == COLOURLESS else f"{card.colour} +{card.bonus}",
        f"{card.points} pt",
    ]
    if card.crowns:
        parts.append(f"{card.crowns} crown{'' if card.crowns == 1 else 's'}")
    parts.extend(_ABILITY_TEXT[a] for a in card.abilities)
    return f"{card_id} ({', '.join(parts)})"


def royal_label(royal_id: object) -> str:
    """A royal card id with its points and ability: ``R1 (2 pt, steal a token)``."""
    royal = ROYALS.get(royal_id) if isinstance(royal_id, str) else None
    if royal is None:
        return royal_id if isinstance(royal_id, str) else repr(royal_id)
    parts = [f"{royal.points} pt", *(_ABILITY_TEXT[a] for a in royal.abilities)]
    return f"{royal_id} ({', '.join(parts)})"


def spiral_matches_grid() -> bool:
    """Whether the kernel's clockwise spiral from the centre, starting downwards, is the box's."""
    centre = GRID.cell(GRID.rows // 2, GRID.cols // 2)
    return GRID.spiral(centre, DOWN) == SPIRAL


def _check() -> None:
    """Refuse a data file that contradicts itself (a packaging bug, caught at import)."""
    for card in CARDS.values():
        unknown = set(card.abilities) - ABILITIES
        if unknown:
            raise ValueError(f"card {card.id} has unknown abilities {sorted(unknown)}")
        if set(card.cost) != set(COST_KINDS):
            raise ValueError(f"card {card.id} cost must name exactly {COST_KINDS}")
        if card.colour not in (*GEMS, WILD, COLOURLESS):
            raise ValueError(f"card {card.id} has unknown colour {card.colour!r}")
        if (card.colour == WILD) != ("wild_bonus" in card.abilities):
            raise ValueError(f"card {card.id}: wild colour and wild_bonus ability must go together")
    for royal in ROYALS.values():
        if set(royal.abilities) - ABILITIES:
            raise ValueError(f"royal card {royal.id} has unknown abilities")
    if sorted(SPIRAL) != list(range(GRID.size)):
        raise ValueError("the spiral must visit every board cell once")
    if sum(BOX.tokens.values()) != GRID.size:
        raise ValueError("the tokens must exactly fill the board")


_check()
