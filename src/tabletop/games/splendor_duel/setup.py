"""Setting up a game: the decks and the pyramid, the board filled from the bag, the first player."""

from __future__ import annotations

from typing import Any

from tabletop.core import Deck, Market, Rng, TokenPool, TurnOrder

from .components import BOX, CARDS, GRID, LEVELS, ROYALS, SEATS, SPIRAL, TOKEN_KINDS
from .state import SplendorDuelState


def setup(num_players: int, seed: int, options: dict[str, Any], rng: Rng) -> SplendorDuelState:
    """A new game: shuffled decks, the pyramid, the bag emptied onto the board along the
    spiral, privileges and royal cards on the table, the first player (seeded unless the
    ``first_player`` option names one) and 1 privilege for the second player."""
    pyramid = []
    for level in LEVELS:
        deck = Deck.shuffled([card.id for card in CARDS.values() if card.level == level], rng)
        pyramid.append(Market.dealt(BOX.pyramid[level], deck))
    bag = [kind for kind in TOKEN_KINDS for _ in range(BOX.tokens[kind])]
    rng.shuffle(bag)
    board: list[str | None] = [None] * GRID.size
    for cell, kind in zip(SPIRAL, bag):
        board[cell] = kind
    first = options["first_player"]
    if first is None:
        first = rng.randbelow(2)
    privileges = [0, 0]
    privileges[1 - first] = 1
    return SplendorDuelState(
        num_players=num_players,
        seed=seed,
        options=options,
        rng=rng,
        turns=TurnOrder.starting_with(SEATS, first),
        board=board,
        bag=TokenPool(dict.fromkeys(TOKEN_KINDS, 0)),
        tokens=[TokenPool(dict.fromkeys(TOKEN_KINDS, 0)) for _ in range(SEATS)],
        privileges=privileges,
        pyramid=pyramid,
        reserved=[[], []],
        blind=[[], []],
        cards=[[], []],
        royal_supply=list(ROYALS),
        royals=[[], []],
    )
