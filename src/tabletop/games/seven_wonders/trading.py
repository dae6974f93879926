"""Paying for a cost with the city's own production and its neighbours' resources.

Every distinct way to split the purchase between the two neighbours (coins to the left, coins
to the right) is a separate legal action; a split is dropped only when another costs no more
on either side and less on one (the buyer can never prefer giving a neighbour more). A
"one of these" card yields one resource a turn, to its owner and to each buyer alike
(rulebook: a neighbour may buy either option whatever the owner uses).

The options depend only on the cost and on the production and prices of the city and its two
neighbours, so they are cached per such *market* (as 7 Wonders Duel's cost book does), and
below that per purchase problem projected on the missing resources, which recurs across
cities and games.
"""

from __future__ import annotations

import itertools
from typing import Any

from tabletop.core import Action

from .actions import build, build_stage
from .city import CityView, Masks, OwnKey, TradeKey, Vector

#: A payment: coins to the left neighbour, coins to the right neighbour.
Split = tuple[int, int]


class Market:
    """The payment options of one city facing two neighbours, per cost, computed on demand,
    and the legal actions they make for each card kind."""

    __slots__ = ("_options", "built", "prune", "reach", "views")

    def __init__(self, views: tuple[CityView, CityView, CityView], prune: bool = True) -> None:
        self.views = views
        own, left, right = views
        #: The most of each resource the city could use, its own and bought, packed (see
        #: :func:`~.city.pack`): a cost it does not cover has no payment.
        self.reach = own.reach_bits + left.sell_bits + right.sell_bits
        #: Whether dominated splits are dropped (not for the Free City: its controller is one
        #: of the sellers and may well prefer to be paid more).
        self.prune = prune
        self._options: dict[str, tuple[Split, ...]] = {}
        #: The build actions made so far, per kind: look them up here first, and call
        #: :meth:`actions` when absent.
        self.built: dict[str, tuple[tuple[int, Action], ...]] = {}

    def splits(self, cost_key: str, cost: Vector) -> tuple[Split, ...]:
        """The undominated ways to pay ``cost``'s resources (``cost_key`` names the cost),
        cheapest total first (empty if the neighbours cannot supply what the city lacks)."""
        options = self._options.get(cost_key)
        if options is None:
            own, left, right = self.views
            options = self._options[cost_key] = payment_splits(cost_key, cost, own, left, right, self.prune)
        return options

    def actions(self, kind: str, cost_key: str, cost: Vector) -> tuple[tuple[int, Action], ...]:
        """``(coins to neighbours, action)`` for building ``kind`` at each split of its
        ``cost``, cheapest first."""
        found = self.built[kind] = actions_for(kind, self.splits(cost_key, cost), False)
        return found


def actions_for(kind: str, splits: tuple[Split, ...], stage: bool) -> tuple[tuple[int, Action], ...]:
    """``(coins to neighbours, action)`` for building ``kind`` (or a wonder stage with it, when
    ``stage``) at each of ``splits``, in their order."""
    key = (kind, splits, stage)
    found = READY_ACTIONS.get(key)
    if found is None:
        _bounded(READY_ACTIONS)
        make = build_stage if stage else build
        found = READY_ACTIONS[key] = tuple((a + b, make(kind, a, b)) for a, b in splits)
    return found


#: The caches below start afresh past this many entries each (states keep their markets).
_MAX_ENTRIES = 200_000
_MARKETS: dict[tuple[str, str, str, bool], Market] = {}
#: (fixed production, cost) -> what is missing: (its key, the vector, its resources' bit mask).
_NEED: dict[tuple[str, str], tuple[str, Vector, int] | None] = {}
#: (the city's choices and prices, what is missing) -> what is left to buy once its
#: single-purpose choice cards are used, and its other choice cards and prices that bear on it.
_OWN: dict[tuple[str, str], tuple[str, str, Vector, int, Masks, Vector, Vector] | None] = {}
#: (what a neighbour sells, what is missing) -> what of it bears on that.
_SUPPLY: dict[tuple[str, str], tuple[str, Vector, Masks]] = {}
#: (kind, splits, whether for a stage) -> the actions, with their coins to neighbours (read
#: directly by the legal-action loop; filled by :func:`actions_for`).
READY_ACTIONS: dict[tuple[str, tuple[Split, ...], bool], tuple[tuple[int, Action], ...]] = {}
#: (a purchase problem, whether pruned) -> its splits.
_PROBLEMS: dict[tuple[str, str, str, bool], tuple[Split, ...]] = {}
_FREE: tuple[Split, ...] = ((0, 0),)
_UNKNOWN: Any = object()


def _bounded(cache: dict[Any, Any]) -> None:
    if len(cache) >= _MAX_ENTRIES:
        cache.clear()


def market(own: CityView, left: CityView, right: CityView, prune: bool = True) -> Market:
    """The shared :class:`Market` of a city between its left and right neighbours."""
    key = (own.own_sig, left.trade_sig, right.trade_sig, prune)
    found = _MARKETS.get(key)
    if found is None:
        _bounded(_MARKETS)
        found = _MARKETS[key] = Market((own, left, right), prune)
    return found


def _need(cost: Vector, fixed: Vector) -> tuple[str, Vector, int] | None:
    need = tuple([c - f if c > f else 0 for c, f in zip(cost, fixed)])
    mask = 0
    for k, n in enumerate(need):
        if n:
            mask |= 1 << k
    return (repr(need), need, mask) if mask else None


def _single(mask: int) -> bool:
    return mask & (mask - 1) == 0


def _own(own: OwnKey, need: Vector, mask: int) -> tuple[str, str, Vector, int, Masks, Vector, Vector] | None:
    """The purchase left once the city's own "one of these" cards are set: a card that can
    make only one missing resource makes it (it is fixed production here); the others stay
    choices. None when nothing is left to buy."""
    _, choices, left_price, right_price = own
    rest = list(need)
    several = []
    for m in choices:
        m &= mask
        if not m:
            continue
        if _single(m):
            k = m.bit_length() - 1
            if rest[k]:
                rest[k] -= 1
        else:
            several.append(m)
    left = tuple(rest)
    rest_mask = 0
    for k, n in enumerate(left):
        if n:
            rest_mask |= 1 << k
    if not rest_mask:
        return None
    multi = tuple(sorted(several))
    lp = tuple([p if n else 0 for p, n in zip(left_price, left)])
    rp = tuple([p if n else 0 for p, n in zip(right_price, left)])
    return repr((left, multi, lp, rp)), repr(left), left, rest_mask, multi, lp, rp


def _supply(trade: TradeKey, need: Vector, mask: int) -> tuple[str, Vector, Masks]:
    """What of a neighbour's wares bears on ``need``: fixed production up to what is needed;
    a "one of these" card that can still help with one resource only counts as fixed."""
    fixed, choices = trade
    have = [f if f < n else n for f, n in zip(fixed, need)]
    masks = [m & mask for m in choices if m & mask]
    if not masks:
        plain = tuple(have)
        return repr(plain), plain, ()
    while True:
        lacking = 0
        for k, (h, n) in enumerate(zip(have, need)):
            if h < n:
                lacking |= 1 << k
        masks = [m & lacking for m in masks if m & lacking]
        singles = [m for m in masks if _single(m)]
        if not singles:
            break
        for m in singles:
            k = m.bit_length() - 1
            if have[k] < need[k]:
                have[k] += 1
        masks = [m for m in masks if not _single(m)]
    projected = (tuple(have), tuple(sorted(masks)))
    return repr(projected) if masks else repr(projected[0]), projected[0], projected[1]


def payment_splits(
    cost_key: str, cost: Vector, own: CityView, left: CityView, right: CityView, prune: bool = True
) -> tuple[Split, ...]:
    """The (left, right) coin splits with which ``own`` pays for ``cost`` (named ``cost_key``)
    between its ``left`` and ``right`` neighbours: the undominated ones (see the module doc), or
    every distinct one unless ``prune``; cheapest total first."""
    key = (own.fixed_sig, cost_key)
    missing = _NEED.get(key, _UNKNOWN)
    if missing is _UNKNOWN:
        _bounded(_NEED)
        missing = _NEED[key] = _need(cost, own.own_key[0])
    if missing is None:
        return _FREE
    need_sig, need, mask = missing
    own_key = (own.rest_sig, need_sig)
    mine = _OWN.get(own_key, _UNKNOWN)
    if mine is _UNKNOWN:
        _bounded(_OWN)
        mine = _OWN[own_key] = _own(own.own_key, need, mask)
    if mine is None:
        return _FREE
    signature, left_sig, left_need, left_mask, own_choices, left_price, right_price = mine
    left_key = (left.trade_sig, left_sig)
    sold_left = _SUPPLY.get(left_key)
    if sold_left is None:
        _bounded(_SUPPLY)
        sold_left = _SUPPLY[left_key] = _supply(left.trade_key, left_need, left_mask)
    right_key = (right.trade_sig, left_sig)
    sold_right = _SUPPLY.get(right_key)
    if sold_right is None:
        _bounded(_SUPPLY)
        sold_right = _SUPPLY[right_key] = _supply(right.trade_key, left_need, left_mask)
    problem = (signature, sold_left[0], sold_right[0], prune)
    found = _PROBLEMS.get(problem)
    if found is None:
        _bounded(_PROBLEMS)
        found = _PROBLEMS[problem] = _solve(
            left_need,
            own_choices,
            sold_left[1],
            sold_left[2],
            sold_right[1],
            sold_right[2],
            left_price,
            right_price,
            prune,
        )
    return found


def _options(masks: Masks) -> list[tuple[int, ...]]:
    """Each mask's resource indexes."""
    return [tuple(k for k in range(7) if m >> k & 1) for m in masks]


def _supplies(fixed: Vector, choices: Masks) -> set[Vector]:
    """Every resource vector ``fixed`` plus one resource of each of ``choices`` can make."""
    if not choices:
        return {fixed}
    made = set()
    for picks in itertools.product(*_options(choices)):
        have = list(fixed)
        for k in picks:
            have[k] += 1
        made.add(tuple(have))
    return made


def _solve(
    need: Vector,
    choices: Masks,
    left_fixed: Vector,
    left_choices: Masks,
    right_fixed: Vector,
    right_choices: Masks,
    left_price: Vector,
    right_price: Vector,
    prune: bool,
) -> tuple[Split, ...]:
    """The undominated (or, unless ``prune``, all the distinct) splits of ``need`` (what fixed
    production leaves to find), as :func:`payment_splits` orders them: each way the city's own
    "one of these" cards can cover part of it, against each way the neighbours' can be set,
    priced resource by resource."""
    if not choices and not left_choices and not right_choices:
        return _ordered(_solve_fixed(need, left_fixed, right_fixed, left_price, right_price, prune))
    missing_options = set()
    for picks in itertools.product(*_options(choices)):
        missing = list(need)
        for k in picks:
            if missing[k]:
                missing[k] -= 1
        missing_options.add(tuple(missing))
    lefts = _supplies(left_fixed, left_choices)
    rights = _supplies(right_fixed, right_choices)
    found: set[Split] = set()
    for missing_vector in missing_options:
        for left in lefts:
            for right in rights:
                found.update(_solve_fixed(missing_vector, left, right, left_price, right_price, prune))
    return _ordered(_pareto(found) if prune else found)


def _ordered(splits: set[Split]) -> tuple[Split, ...]:
    return tuple(sorted(splits, key=lambda split: (split[0] + split[1], split[0])))


def _pareto(splits: set[Split]) -> set[Split]:
    """The splits no other split beats or equals on both sides (a sweep by left coins)."""
    kept = set()
    best_right = None
    for a, b in sorted(splits):
        if best_right is None or b < best_right:
            kept.add((a, b))
            best_right = b
    return kept


def _solve_fixed(
    need: Vector, left: Vector, right: Vector, left_price: Vector, right_price: Vector, prune: bool
) -> set[Split]:
    """The undominated (or, unless ``prune``, every distinct) split of ``need`` when the
    neighbours hold ``left`` and ``right``: each resource is split on its own, and the splits
    add up (a sum of splits is undominated only if each part is, so pruning goes step by step)."""
    totals: set[Split] = {(0, 0)}
    for k, n in enumerate(need):
        if not n:
            continue
        low = n - right[k] if n > right[k] else 0
        high = left[k] if left[k] < n else n
        if low > high:
            return set()
        lp, rp = left_price[k], right_price[k]
        options = [(a * lp, (n - a) * rp) for a in range(low, high + 1)]
        totals = {(x + a, y + b) for x, y in totals for a, b in options}
        if prune:
            totals = _pareto(totals)
    return totals
