"""Paying for a cost with the city's own production and its neighbours' resources.

Every distinct way to split the purchase between the two neighbours (coins to the left, coins
to the right) is a separate legal action; a split is dropped only when another costs no more
on either side and less on one (the buyer can never prefer giving a neighbour more). A
"one of these" card yields one resource a turn, to its owner and to each buyer alike
(rulebook: a neighbour may buy either option whatever the owner uses).

The options depend only on the cost and on the production and prices of the city and its two
neighbours, so a state keeps them per city in a *market* while those stand (as 7 Wonders
Duel's cost book does), and below that they are cached per purchase problem projected on the
missing resources, which recurs across cities and games (whole productions seldom do: markets
and a seller's projections are not kept beyond the states that use them). Productions are packed into ints (:mod:`.city`): a cost the city and both
neighbours together could never supply is refused by one subtraction (:attr:`Market.reach`),
and a purchase no "one of these" card bears on is looked up by a key of a few ints.
"""

from __future__ import annotations

import itertools
import operator
from typing import Any

from tabletop.core import Action

from .actions import build, build_stage
from .city import (
    BITS,
    FIELD,
    GUARD,
    LOW,
    SPREAD,
    CityView,
    Masks,
    Production,
    Vector,
    ones,
    pack,
    spread,
    unpack,
)

#: The shift from a field's guard bit to its lowest bit.
_SHIFT = 7

#: A payment: coins to the left neighbour, coins to the right neighbour.
Split = tuple[int, int]
#: A purchase's or a seller's part of a cache key: packed resources, "one of these" masks,
#: packed prices.
Signature = tuple[int, Masks, int, int]


class Priced:
    """The splits of one purchase, and the legal actions they make for each card kind, built
    on first use and shared by every market and decision with these splits."""

    __slots__ = ("builds", "splits", "stages")

    def __init__(self, splits: tuple[Split, ...]) -> None:
        #: ``(left, right)`` coins, cheapest total first.
        self.splits = splits
        #: Per kind: ``(coins to neighbours, action)`` for building it at each split, and the
        #: actions building a wonder stage with it, in order: look them up here first, and
        #: call :meth:`build_actions` or :meth:`stage_actions` when absent.
        self.builds: dict[str, tuple[tuple[int, Action], ...]] = {}
        self.stages: dict[str, tuple[Action, ...]] = {}

    def __reduce__(self) -> tuple[type[Priced], tuple[tuple[Split, ...]]]:
        """Pickled (and deep-copied) as its splits, the actions made again on use: the compiled
        build's class has no ``__dict__`` for pickle's default to restore."""
        return Priced, (self.splits,)

    def build_actions(self, kind: str) -> tuple[tuple[int, Action], ...]:
        """``(coins to neighbours, action)`` for building ``kind`` at each split."""
        found = self.builds[kind] = tuple((a + b, build(kind, a, b)) for a, b in self.splits)
        return found

    def stage_actions(self, kind: str) -> tuple[Action, ...]:
        """The actions building a wonder stage with ``kind`` at each split."""
        found = self.stages[kind] = tuple(build_stage(kind, a, b) for a, b in self.splits)
        return found


def priced(splits: tuple[Split, ...]) -> Priced:
    """The one :class:`Priced` of ``splits`` (so that their actions are made once)."""
    found = _PRICED.get(splits)
    if found is None:
        _bounded(_PRICED)
        found = _PRICED[splits] = Priced(splits)
    return found


class Market:
    """The payment options of one city facing two neighbours, per cost, computed on demand,
    and the legal actions they make for each card kind."""

    __slots__ = ("_options", "built", "left", "own", "prune", "reach", "right")

    def __init__(self, own: Production, left: Production, right: Production, prune: bool = True) -> None:
        self.own, self.left, self.right = own, left, right
        #: Whether dominated splits are dropped (not for the Free City: its controller is one
        #: of the sellers and may well prefer to be paid more).
        self.prune = prune
        #: The most of each resource the city could use, its own and bought, packed (see
        #: :func:`~.city.pack`): a cost it does not cover has no payment.
        self.reach = own.reach_bits + left.sell_bits + right.sell_bits
        self._options: dict[int, Priced] = {}
        #: The build actions made so far, per kind: look them up here first, and call
        #: :meth:`actions` when absent.
        self.built: dict[str, tuple[tuple[int, Action], ...]] = {}

    def __reduce__(self) -> tuple[type[Market], tuple[Production, Production, Production, bool]]:
        """Pickled (and deep-copied) as the three productions it faces, the payments worked out
        again on use (see :meth:`Priced.__reduce__`)."""
        return Market, (self.own, self.left, self.right, self.prune)

    def priced(self, bits: int) -> Priced:
        """The payments of a cost's resources (``bits``: packed); no split when the neighbours
        cannot supply what the city lacks."""
        options = self._options.get(bits)
        if options is None:
            options = self._options[bits] = _price(bits, self.own, self.left, self.right, self.prune)
        return options

    def splits(self, bits: int) -> tuple[Split, ...]:
        """The undominated ways to pay a cost's resources (``bits``: packed), cheapest total
        first (empty if the neighbours cannot supply what the city lacks)."""
        return self.priced(bits).splits

    def actions(self, kind: str, bits: int) -> tuple[tuple[int, Action], ...]:
        """``(coins to neighbours, action)`` for building ``kind`` at each split of its cost
        (``bits``: its resources packed), cheapest first."""
        options = self._options.get(bits)
        if options is None:
            options = self._options[bits] = _price(bits, self.own, self.left, self.right, self.prune)
        found = options.builds.get(kind)
        if found is None:
            found = options.build_actions(kind)
        self.built[kind] = found
        return found


#: The caches below start afresh past this many entries each (states keep their markets).
_MAX_ENTRIES = 200_000
#: (what is lacking, what each neighbour sells of it, the prices there: packed; whether
#: pruned) -> the splits, for a purchase no "one of these" card bears on.
_PACKED: dict[tuple[int, int, int, int, int, bool], Priced] = {}
#: (per resource needed: the amount, the least and most bought on the left, the prices, sorted;
#: whether pruned) -> the splits of a purchase no "one of these" card bears on.
_PARTS: dict[tuple[tuple[tuple[int, int, int, int, int], ...], bool], Priced] = {}
#: (the city's choices and prices, what is lacking: packed) -> what is left to buy once its
#: single-purpose choice cards are used, and its other choice cards and prices that bear on it.
_OWN: dict[tuple[int, int], Signature | None] = {}
#: (what a seller may sell, what is lacking: packed) -> :func:`_sold` of a seller with "one of
#: these" cards bearing on the purchase.
_SOLD: dict[tuple[int, int], tuple[int | Signature, Wares]] = {}
#: splits -> their one :class:`Priced` (see :func:`priced`).
_PRICED: dict[tuple[Split, ...], Priced] = {}
#: (a purchase problem, whether pruned) -> its splits.
_PROBLEMS: dict[tuple[Signature, int | Signature, int | Signature, bool], Priced] = {}
_UNKNOWN: Any = object()
#: A purchase the city makes all of itself, and one it cannot pay.
_FREE_PRICED = Priced(((0, 0),))
NO_PAYMENT = Priced(())


def _bounded(cache: dict[Any, Any]) -> None:
    if len(cache) >= _MAX_ENTRIES:
        cache.clear()


def market(own: CityView, left: CityView, right: CityView, prune: bool = True) -> Market:
    """The :class:`Market` of a city between its left and right neighbours."""
    # Not shared across states: three productions seldom recur together (with 2 players
    # nearly every market is new), and keeping them all cost more in memory and garbage
    # collection than their answers saved.
    return Market(own.production, left.production, right.production, prune)


#: Per packed vector of ones (see :func:`~.city.ones`), the bit mask of its resources.
_MASK_OF = {spread(mask): mask for mask in range(1 << 7)}


def _own(own: Production, need: int) -> Signature | None:
    """The purchase left once the city's own "one of these" cards are set: a card that can
    make only one missing resource (``need``: packed) makes it (it is fixed production here);
    the others stay choices: what is lacking, those choices and the prices of what is lacking
    (packed). None when nothing is left to buy."""
    # city.ones and city.short written out, as in _price.
    mask = _MASK_OF[((need + LOW) & GUARD) >> _SHIFT]
    lacking = need
    several = []
    for m in own.choices:
        m &= mask
        if not m:
            continue
        if m & (m - 1) == 0:
            one = SPREAD[m]
            if lacking & one * FIELD:  # one less of it, if still lacking
                lacking -= one
        else:
            several.append(m)
    if not lacking:
        return None
    multi = tuple(sorted(several))
    on_sale = (((lacking + LOW) & GUARD) >> _SHIFT) * FIELD
    left_price, right_price = own.left_price_bits & on_sale, own.right_price_bits & on_sale
    return lacking, multi, left_price, right_price


def _supply(seller: Production, need: int) -> tuple[int | Signature, int, Masks]:
    """What of a neighbour's wares bears on ``need`` (packed): fixed production up to what is
    needed (packed); a "one of these" card that can still help with one resource only counts
    as fixed."""
    # city.short and city.ones written out; ``have`` never exceeds ``need`` in any resource,
    # so ``need - have`` is what is still lacking.
    diff = (need | GUARD) - seller.sell_fixed_bits
    have = need - (diff & (((diff & GUARD) >> _SHIFT) * FIELD))
    mask = _MASK_OF[((need + LOW) & GUARD) >> _SHIFT]
    masks = [m & mask for m in seller.trade_choices if m & mask]
    while masks:
        lacking = _MASK_OF[((need - have + LOW) & GUARD) >> _SHIFT]
        masks = [m & lacking for m in masks if m & lacking]
        singles = [m for m in masks if m & (m - 1) == 0]
        if not singles:
            break
        for m in singles:
            one = SPREAD[m]
            if (need - have) & one * FIELD:
                have += one
        masks = [m for m in masks if m & (m - 1)]
    left = tuple(sorted(masks))
    # Keyed as the fixed wares alone (as _sold keys them) when no choice is left to make.
    return ((have, left, 0, 0) if left else have), have, left


def payment_splits(
    cost: Vector, own: CityView, left: CityView, right: CityView, prune: bool = True
) -> tuple[Split, ...]:
    """The (left, right) coin splits with which ``own`` pays for ``cost`` between its ``left``
    and ``right`` neighbours: the undominated ones (see the module doc), or every distinct one
    unless ``prune``; cheapest total first."""
    return _price(pack(cost), own.production, left.production, right.production, prune).splits


def _price(bits: int, own: Production, left: Production, right: Production, prune: bool) -> Priced:
    """:func:`payment_splits` of the packed cost ``bits``, as its :class:`Priced`."""
    # city.short and city.ones written out: this runs for every purchase not yet cached.
    diff = (bits | GUARD) - own.fixed_bits
    need = diff & (((diff & GUARD) >> _SHIFT) * FIELD)
    if not need:
        return _FREE_PRICED
    wanted = ((need + LOW) & GUARD) >> _SHIFT
    if not wanted & (own.choice_bits | left.sell_choice_bits | right.sell_choice_bits):
        # No "one of these" card bears on it: the answer depends only on what is lacking, what
        # each neighbour sells of it and its prices there (``need - short(need, sold)``).
        on_sale = wanted * FIELD
        diff = (need | GUARD) - left.sell_fixed_bits
        from_left = need - (diff & (((diff & GUARD) >> _SHIFT) * FIELD))
        diff = (need | GUARD) - right.sell_fixed_bits
        from_right = need - (diff & (((diff & GUARD) >> _SHIFT) * FIELD))
        return _packed(
            need, from_left, from_right, own.left_price_bits & on_sale, own.right_price_bits & on_sale, prune
        )
    own_key = (own.rest_code, need)
    mine = _OWN.get(own_key, _UNKNOWN)
    if mine is _UNKNOWN:
        _bounded(_OWN)
        mine = _OWN[own_key] = _own(own, need)
    if mine is None:
        return _FREE_PRICED
    lacking, own_choices, left_price, right_price = mine
    left_sig, sold_left = _sold(left, lacking)
    right_sig, sold_right = _sold(right, lacking)
    if not own_choices and type(left_sig) is int and type(right_sig) is int:
        # Every choice card set: a problem of fixed wares, shared with those no card bore on.
        return _packed(lacking, left_sig, right_sig, left_price, right_price, prune)
    problem = (mine, left_sig, right_sig, prune)
    found = _PROBLEMS.get(problem)
    if found is None:
        _bounded(_PROBLEMS)
        left_fixed, left_choices = _wares(sold_left)
        right_fixed, right_choices = _wares(sold_right)
        found = _PROBLEMS[problem] = priced(
            _solve(
                unpack(lacking),
                own_choices,
                left_fixed,
                left_choices,
                right_fixed,
                right_choices,
                unpack(left_price),
                unpack(right_price),
                prune,
            )
        )
    return found


def _packed(need: int, left: int, right: int, left_price: int, right_price: int, prune: bool) -> Priced:
    """The splits of buying ``need`` from neighbours selling ``left`` and ``right`` (at most
    ``need`` each) at these prices (all packed; prices of what is not needed zero)."""
    key = (need, left, right, left_price, right_price, prune)
    found = _PACKED.get(key)
    if found is None:
        _bounded(_PACKED)
        found = _PACKED[key] = _by_parts(need, left, right, left_price, right_price, prune)
    return found


def _by_parts(need: int, left: int, right: int, left_price: int, right_price: int, prune: bool) -> Priced:
    """:func:`_packed` worked out, or found among the purchases with the same parts: each
    resource is bought on its own and the splits add up (see :func:`_solve_fixed`), so they
    depend only on the amount needed, the least and most bought on the left and both prices of
    each resource, whichever resources these are. Far fewer of these recur than packed keys,
    which a fresh process meets by the thousand."""
    parts = []
    for k in _INDEXES[_MASK_OF[ones(need)]]:
        shift = BITS * k
        n = need >> shift & FIELD
        sold_right = right >> shift & FIELD
        parts.append(
            (
                n,
                n - sold_right if n > sold_right else 0,
                min(left >> shift & FIELD, n),
                left_price >> shift & FIELD,
                right_price >> shift & FIELD,
            )
        )
    parts.sort()
    key = (tuple(parts), prune)
    found = _PARTS.get(key)
    if found is None:
        _bounded(_PARTS)
        found = _PARTS[key] = priced(_solve_packed(need, left, right, left_price, right_price, prune))
    return found


#: What of a seller's wares bears on a purchase: fixed wares (packed) and "one of these"
#: cards, or when no such card does, the fixed wares alone.
Wares = tuple[int, Masks] | int


def _sold(seller: Production, lacking: int) -> tuple[int | Signature, Wares]:
    """A key naming what of ``seller``'s wares bears on buying ``lacking`` (packed), and those
    wares."""
    # city.ones and city.short written out, as in _price.
    if not seller.sell_choice_bits & ((lacking + LOW) & GUARD) >> _SHIFT:
        diff = (lacking | GUARD) - seller.sell_fixed_bits
        plain = lacking - (diff & (((diff & GUARD) >> _SHIFT) * FIELD))
        return plain, plain
    key = (seller.trade_code, lacking)
    found = _SOLD.get(key)
    if found is None:
        _bounded(_SOLD)
        signature, fixed, choices = _supply(seller, lacking)
        found = _SOLD[key] = signature, (fixed, choices)
    return found


def _wares(sold: Wares) -> tuple[Vector, Masks]:
    return (unpack(sold), ()) if isinstance(sold, int) else (unpack(sold[0]), sold[1])


def _solve_packed(
    need: int, left: int, right: int, left_price: int, right_price: int, prune: bool
) -> tuple[Split, ...]:
    """:func:`_solve_fixed` of packed vectors, ordered (each needed resource's field read in
    place: no vectors unpacked)."""
    totals: set[Split] | None = None
    for k in _INDEXES[_MASK_OF[ones(need)]]:
        shift = BITS * k
        n = need >> shift & FIELD
        sold_right = right >> shift & FIELD
        low = n - sold_right if n > sold_right else 0
        high = min(left >> shift & FIELD, n)
        if low > high:
            return ()
        lp, rp = left_price >> shift & FIELD, right_price >> shift & FIELD
        options = [(a * lp, (n - a) * rp) for a in range(low, high + 1)]
        if totals is None:
            # As in _solve_fixed: one resource's splits dominate none another unless a price
            # is zero.
            totals = set(options)
            if prune and not (lp and rp):
                totals = _pareto(totals)
            continue
        totals = {(x + a, y + b) for x, y in totals for a, b in options}
        if prune:
            totals = _pareto(totals)
    return _ordered({(0, 0)} if totals is None else totals)


def _options(masks: Masks) -> list[tuple[int, ...]]:
    """Each mask's resource indexes."""
    return [_INDEXES[m] for m in masks]


#: Per bit mask over the resources, its resource indexes.
_INDEXES = [tuple(k for k in range(7) if m >> k & 1) for m in range(1 << 7)]


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
    # A card set to a resource already covered buys what the city could have made: never a
    # purchase of the normal rules (for the unpruned Free City, a payment its controller could
    # take for nothing), and always dominated where pruned.
    missing_options = _least(missing_options)
    lefts = _supplies(left_fixed, left_choices)
    rights = _supplies(right_fixed, right_choices)
    found: set[Split] = set()
    for missing_vector in missing_options:
        for left in lefts:
            for right in rights:
                found.update(_solve_fixed(missing_vector, left, right, left_price, right_price, prune))
    return _ordered(_pareto(found) if prune else found)


def _least(vectors: set[Vector]) -> set[Vector]:
    """The vectors no other of ``vectors`` is at most in every resource."""
    return {v for v in vectors if not any(u != v and all(map(operator.le, u, v)) for u in vectors)}


def _ordered(splits: set[Split]) -> tuple[Split, ...]:
    # By total, then left coins: sorted by (left, right), then stably by total.
    return tuple(sorted(sorted(splits), key=sum))


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
    totals: set[Split] | None = None
    for k, n in enumerate(need):
        if not n:
            continue
        low = n - right[k] if n > right[k] else 0
        high = left[k] if left[k] < n else n
        if low > high:
            return set()
        lp, rp = left_price[k], right_price[k]
        options = [(a * lp, (n - a) * rp) for a in range(low, high + 1)]
        if totals is None:
            # One resource's splits: with both prices positive, each buys more on the left
            # for less on the right, so none dominates another.
            totals = set(options)
            if prune and not (lp and rp):
                totals = _pareto(totals)
            continue
        totals = {(x + a, y + b) for x, y in totals for a, b in options}
        if prune:
            totals = _pareto(totals)
    return {(0, 0)} if totals is None else totals
