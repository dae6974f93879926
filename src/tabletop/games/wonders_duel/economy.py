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


def trade_cost(
    need: Sequence[tuple[int, int]],
    produce: Sequence[int],
    prices: Sequence[int],
    choice_raw: int,
    choice_manufactured: int,
    waived: int,
) -> int:
    """Coins paid to the bank for the resources of ``need`` (``(resource, units)`` pairs)."""
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
    return [
        1 if one_coin_mask >> resource & 1 else 2 + opponent_produce[resource]
        for resource in range(5)
    ]
