"""Paying for a building or a Wonder: the cheapest trade cost, computed exactly.

A missing resource unit is bought from the bank at the payer's price for it (2 + what the
opponent's brown and grey cards produce of it, or 1 with the matching Reserve/Customs House).
Before buying, the payer's own means cover what they can, always in the payer's favour:

* fixed production (brown/grey cards) covers its units outright;
* each choice production (Forum, Caravansery, Piraeus, The Great Lighthouse) covers one unit of
  its group — raw materials or manufactured goods, the two groups never mix — so it goes to the
  most expensive missing unit of its group;
* Masonry / Architecture waive 2 units of any kind: the two most expensive still missing.

This greedy order is optimal: choice units are restricted to their group and the waiver is
not, so giving each group's choices its dearest units and the waiver the dearest leftovers
eliminates the largest possible total price.
"""

from __future__ import annotations

from collections.abc import Sequence

from .components import BLUE, CARDS, WONDERS


def trade_cost(
    need: Sequence[tuple[int, int]],
    produce: Sequence[int],
    prices: Sequence[int],
    choice_raw: int,
    choice_manufactured: int,
    waived: int,
) -> int:
    """Coins paid to the bank for the resources of ``need`` (``(resource, units)`` pairs)."""
    if not (choice_raw or choice_manufactured or waived):
        # Nothing to assign: each missing unit is bought at its price (most cost books are
        # of this kind, and a fresh one computes a cost per card it is asked for).
        total = 0
        for resource, units in need:
            missing = units - produce[resource]
            if missing > 0:
                total += missing * prices[resource]
        return total
    raw: list[int] = []
    made: list[int] = []
    for resource, units in need:
        missing = units - produce[resource]
        if missing > 0:
            if resource < 3:
                raw += [prices[resource]] * missing
            else:
                made += [prices[resource]] * missing
    if not raw and not made:
        return 0
    if choice_raw and raw:
        raw.sort(reverse=True)
        del raw[:choice_raw]
    if choice_manufactured and made:
        made.sort(reverse=True)
        del made[:choice_manufactured]
    if waived:
        rest = raw + made
        rest.sort(reverse=True)
        return sum(rest[waived:])
    return sum(raw) + sum(made)


def unit_prices(one_coin_mask: int, opponent_produce: Sequence[int]) -> list[int]:
    """The payer's price of one unit of each resource."""
    return [1 if one_coin_mask >> resource & 1 else 2 + opponent_produce[resource] for resource in range(5)]


class CostBook:
    """The costs of every card and Wonder for one economic situation of a payer.

    A situation is the payer's fixed production, choice productions, unit prices and Masonry /
    Architecture waivers: nothing else enters a cost (chains are checked apart, before the
    book), so a book can be shared by every state — and every game — in that situation.
    Costs are computed on first use.
    """

    __slots__ = (
        "blue_waived",
        "choice_made",
        "choice_raw",
        "costs",
        "prices",
        "produce",
        "totals",
        "wonder_waived",
    )

    def __init__(
        self,
        produce: tuple[int, ...],
        choice_raw: int,
        choice_made: int,
        prices: tuple[int, ...],
        blue_waived: int,
        wonder_waived: int,
    ) -> None:
        self.produce = produce
        self.choice_raw = choice_raw
        self.choice_made = choice_made
        self.prices = prices
        self.blue_waived = blue_waived
        self.wonder_waived = wonder_waived
        #: card id -> (printed coins, trade coins); Wonder id -> (0, trade coins)
        self.costs: dict[str, tuple[int, int]] = {}
        #: card or Wonder id -> all the coins it costs
        self.totals: dict[str, int] = {}

    def __reduce__(self) -> tuple[type[CostBook], tuple[object, ...]]:
        """Pickled (and deep-copied) as its situation, the costs worked out again on use: the
        compiled build's class has no ``__dict__`` for pickle's default to restore."""
        situation = (self.produce, self.choice_raw, self.choice_made, self.prices)
        return CostBook, (*situation, self.blue_waived, self.wonder_waived)

    def card(self, card_id: str) -> tuple[int, int]:
        """``(printed coins, trade coins)`` to construct the card without a chain."""
        cost = self.costs.get(card_id)
        if cost is None:
            card = CARDS[card_id]
            if not card.need:
                cost = (card.coins, 0)
            else:
                waived = self.blue_waived if card.color_index == BLUE else 0
                trade = trade_cost(
                    card.need, self.produce, self.prices, self.choice_raw, self.choice_made, waived
                )
                cost = (card.coins, trade)
            self.costs[card_id] = cost
            self.totals[card_id] = cost[0] + cost[1]
        return cost

    def wonder(self, wonder_id: str) -> int:
        """The trade coins to build the Wonder (Wonders have no printed coin cost)."""
        cost = self.costs.get(wonder_id)
        if cost is None:
            trade = trade_cost(
                WONDERS[wonder_id].need,
                self.produce,
                self.prices,
                self.choice_raw,
                self.choice_made,
                self.wonder_waived,
            )
            cost = self.costs[wonder_id] = (0, trade)
            self.totals[wonder_id] = trade
        return cost[1]
