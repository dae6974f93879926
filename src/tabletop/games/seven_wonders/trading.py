"""Paying for a cost with the city's own production and its neighbours' resources.

Every distinct way to split the purchase between the two neighbours (coins to the left, coins
to the right) is a separate legal action; a split is dropped only when another costs no more
on either side and less on one (the buyer can never prefer giving a neighbour more). A
"one of these" card yields one resource a turn, to its owner and to each buyer alike
(rulebook: a neighbour may buy either option whatever the owner uses).

The options depend only on the cost and on the production and prices of the city and its two
neighbours, so they are cached per such *market* (as 7 Wonders Duel's cost book does): a game
meets few distinct markets, and random play meets the same ones again and again.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence

from .city import CityView, OwnKey, TradeKey

#: A payment: coins to the left neighbour, coins to the right neighbour.
Split = tuple[int, int]


class Market:
    """The payment options of one city facing two neighbours, per cost, computed on demand."""

    __slots__ = ("_options", "key")

    def __init__(self, key: tuple[OwnKey, TradeKey, TradeKey]) -> None:
        self.key = key
        self._options: dict[tuple[int, ...], tuple[Split, ...]] = {}

    def splits(self, cost: tuple[int, ...]) -> tuple[Split, ...]:
        """The undominated ways to pay ``cost``'s resources, cheapest total first (empty if the
        neighbours cannot supply what the city lacks)."""
        options = self._options.get(cost)
        if options is None:
            own, left, right = self.key
            options = self._options[cost] = payment_splits(cost, own, left, right)
        return options


_MARKETS: dict[tuple[OwnKey, TradeKey, TradeKey], Market] = {}
#: Markets kept at most; past it the cache starts afresh (states keep the markets they use).
_MAX_MARKETS = 100_000


def market(own: CityView, left: CityView, right: CityView) -> Market:
    """The shared :class:`Market` of a city between its left and right neighbours."""
    key = (own.own_key, left.trade_key, right.trade_key)
    found = _MARKETS.get(key)
    if found is None:
        if len(_MARKETS) >= _MAX_MARKETS:
            _MARKETS.clear()
        found = _MARKETS[key] = Market(key)
    return found


def _can_supply(need: Sequence[int], fixed: Sequence[int], choices: Sequence[tuple[int, ...]]) -> bool:
    """Whether ``fixed`` plus one resource from each of ``choices`` covers ``need``."""
    rest = [max(0, n - f) for n, f in zip(need, fixed)]
    missing = sum(rest)
    if missing == 0:
        return True
    if missing > len(choices):
        return False

    def cover(i: int, missing: int) -> bool:
        if missing == 0:
            return True
        if len(choices) - i < missing:
            return False
        for k in choices[i]:
            if rest[k]:
                rest[k] -= 1
                found = cover(i + 1, missing - 1)
                rest[k] += 1
                if found:
                    return True
        return cover(i + 1, missing)

    return cover(0, missing)


def payment_splits(
    cost: tuple[int, ...],
    own: OwnKey,
    left: TradeKey,
    right: TradeKey,
) -> tuple[Split, ...]:
    """The undominated (left, right) coin splits paying for ``cost`` (see the module doc).

    ``own`` is a city's ``own_key`` (production, choices, prices); ``left``/``right`` the
    neighbours' ``trade_key`` (what they sell).
    """
    fixed, choices, left_price, right_price = own
    left_fixed, left_choices = left
    right_fixed, right_choices = right
    need = [max(0, c - f) for c, f in zip(cost, fixed)]
    if not any(need):
        return ((0, 0),)
    found: set[Split] = set()
    left_cap = [f + sum(1 for ch in left_choices if k in ch) for k, f in enumerate(left_fixed)]
    right_cap = [f + sum(1 for ch in right_choices if k in ch) for k, f in enumerate(right_fixed)]

    def buy(rest: list[int]) -> None:
        wanted = [k for k in range(7) if rest[k]]
        if not wanted:
            found.add((0, 0))
            return
        ranges = []
        for k in wanted:
            low = max(0, rest[k] - right_cap[k])
            high = min(rest[k], left_cap[k])
            if low > high:
                return
            ranges.append(range(low, high + 1))
        for amounts in itertools.product(*ranges):
            from_left = [0] * 7
            from_right = [0] * 7
            for k, a in zip(wanted, amounts):
                from_left[k] = a
                from_right[k] = rest[k] - a
            if _can_supply(from_left, left_fixed, left_choices) and _can_supply(
                from_right, right_fixed, right_choices
            ):
                found.add(
                    (
                        sum(a * p for a, p in zip(from_left, left_price)),
                        sum(b * p for b, p in zip(from_right, right_price)),
                    )
                )

    def use_own(i: int, rest: list[int]) -> None:
        if i == len(choices):
            buy(rest)
            return
        useful = [k for k in choices[i] if rest[k]]
        if not useful:  # covering nothing it could cover would only cost more
            use_own(i + 1, rest)
            return
        for k in useful:
            rest[k] -= 1
            use_own(i + 1, rest)
            rest[k] += 1

    use_own(0, need)
    undominated = [
        (a, b) for a, b in found if not any(c <= a and d <= b and (c, d) != (a, b) for c, d in found)
    ]
    return tuple(sorted(undominated, key=lambda split: (split[0] + split[1], split[0])))
