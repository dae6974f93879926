"""What a city has and what things cost it: production, prices, counts, cost books.

The per-seat vectors (``produce``, ``choice``, ``one_coin``, ``chains``, ``yellow``) are kept up to
date by the rules as cards are built; :func:`derive_city` rebuilds them from the cards.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .components import CARDS, COLORS, PROGRESS_TOKENS, WONDERS, Card
from .economy import CostBook, unit_prices

if TYPE_CHECKING:
    from .state import WondersDuelState

_BLUE_DISCOUNT = {t.id: t.blue_discount for t in PROGRESS_TOKENS.values()}
_WONDER_DISCOUNT = {t.id: t.wonder_discount for t in PROGRESS_TOKENS.values()}
_COUNTED = {name: i for i, name in enumerate(COLORS)}


def wonders_built(s: WondersDuelState) -> int:
    """Wonders built in both cities together."""
    return len(s.built[0]) + len(s.built[1])


def derive_city(s: WondersDuelState, seat: int) -> None:
    """Rebuild the seat's production, choice production, fixed prices and chain symbols."""
    produce = [0] * 5
    choice = [0, 0]
    one_coin = 0
    chains: set[str] = set()
    for card_id in s.cards[seat]:
        card = CARDS[card_id]
        for resource, units in card.production:
            produce[resource] += units
        if card.choice_group:
            choice[card.choice_group - 1] += 1
        one_coin |= card.one_coin_mask
        if card.chain_to is not None:
            chains.add(card.chain_to)
    for wonder_id in s.built[seat]:
        group = WONDERS[wonder_id].choice_group
        if group:
            choice[group - 1] += 1
    s.produce[seat] = tuple(produce)
    s.choice[seat] = (choice[0], choice[1])
    s.one_coin[seat] = one_coin
    s.chains[seat] = frozenset(chains)
    s.yellow[seat] = count_of(s, seat, "yellow")
    economy_changed(s)


#: Cost books shared by all states, one per economic situation of a payer.
_BOOKS: dict[tuple[object, ...], CostBook] = {}
_MAX_BOOKS = 50_000
#: Unit prices by (the payer's 1-coin mask, the opponent's production): asked whenever a seat's
#: cost book is looked up again, and few.
_PRICES: dict[tuple[int, tuple[int, ...]], tuple[int, ...]] = {}


def economy_changed(s: WondersDuelState) -> None:
    """Forget which cost book applies to each seat: production, prices or discounts changed."""
    s.costs = [None, None]


def cost_book(s: WondersDuelState, seat: int) -> CostBook:
    """The cost book of the seat's current economic situation."""
    book = s.costs[seat]
    if book is None:
        global _BOOKS
        tokens = s.tokens[seat]
        produce = s.produce[seat]
        choice = s.choice[seat]
        one_coin, opposed = s.one_coin[seat], s.produce[1 - seat]
        unit = _PRICES.get((one_coin, opposed))
        if unit is None:
            if len(_PRICES) >= _MAX_BOOKS:
                _PRICES.clear()
            unit = _PRICES[one_coin, opposed] = tuple(unit_prices(one_coin, opposed))
        blue = sum(_BLUE_DISCOUNT[t] for t in tokens) if tokens else 0
        wonder = sum(_WONDER_DISCOUNT[t] for t in tokens) if tokens else 0
        key = (produce, choice, unit, blue, wonder)
        book = _BOOKS.get(key)
        if book is None:
            if len(_BOOKS) >= _MAX_BOOKS:  # live states keep their own references
                _BOOKS = {}
            book = _BOOKS[key] = CostBook(produce, choice[0], choice[1], unit, blue, wonder)
        s.costs[seat] = book
    return book


def count_of(s: WondersDuelState, seat: int, what: str) -> int:
    """How many cards of colour ``what`` (or built Wonders, for ``"wonder"``) the seat has."""
    if what == "wonder":
        return len(s.built[seat])
    color = _COUNTED[what]
    return sum(1 for card in s.cards[seat] if CARDS[card].color_index == color)


def science_symbols(s: WondersDuelState, seat: int) -> list[str]:
    """The science symbols of the seat: its green cards' and the Law token's."""
    symbols = [CARDS[c].science for c in s.cards[seat] if CARDS[c].science is not None]
    symbols += [PROGRESS_TOKENS[t].science for t in s.tokens[seat] if PROGRESS_TOKENS[t].science]
    return [sym for sym in symbols if sym is not None]


def guild_count(s: WondersDuelState, card: Card) -> int:
    """What a guild counts in the city that has most of it."""
    assert card.guild is not None
    counts = card.guild.counts
    if counts == ("coins",):
        return max(s.coins) // 3
    return max(sum(count_of(s, seat, what) for what in counts) for seat in (0, 1))


# ---------------------------------------------------------------------- costs


def prices(s: WondersDuelState, seat: int) -> list[int]:
    """The seat's price of one unit of each resource bought from the bank."""
    return unit_prices(s.one_coin[seat], s.produce[1 - seat])


def card_cost(s: WondersDuelState, seat: int, card_id: str) -> tuple[int, int, bool]:
    """``(printed coins, trade coins, free by chain)`` for the seat to construct the card."""
    chain = CARDS[card_id].chain_from
    if chain is not None and chain in s.chains[seat]:
        return 0, 0, True
    printed, trade = cost_book(s, seat).card(card_id)
    return printed, trade, False


def wonder_cost(s: WondersDuelState, seat: int, wonder_id: str) -> int:
    """The trade coins the seat pays to build the Wonder (Wonders have no printed coin cost)."""
    return cost_book(s, seat).wonder(wonder_id)


def discard_value(s: WondersDuelState, seat: int) -> int:
    """Coins for discarding a card: 2 + 1 per yellow card in the seat's city."""
    return 2 + s.yellow[seat]
