"""What a city's cards and wonder stages add up to (production, prices, shields, powers), derived
from the city and rebuilt whenever it builds; never saved.
"""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from .components import BOARDS, CARDS, COLORS, DISCOUNT_PRICE, PRICE, RESOURCES, Effect

_INDEX = {r: i for i, r in enumerate(RESOURCES)}

Vector = tuple[int, ...]
#: What a city's own production and prices look like to a cost: fixed production, the "one
#: of these" productions, the prices paid to the left and to the right.
#: "One of these" productions, each a bit mask over :data:`RESOURCES` indexes, sorted.
Masks = tuple[int, ...]
OwnKey = tuple[Vector, Masks, Vector, Vector]
#: What a city sells its neighbours: fixed production and "one of these" productions.
TradeKey = tuple[Vector, Masks]

#: Resource vectors packed into one int, 8 bits a resource (:func:`pack`), so that comparing
#: a cost with a production is one subtraction: with :data:`GUARD` set in the production,
#: ``(production | GUARD) - cost`` keeps every guard bit iff no resource falls short.
_BITS = 8
#: The top bit of each resource's field.
GUARD = sum(1 << (_BITS * k + _BITS - 1) for k in range(len(RESOURCES)))


def pack(vector: Sequence[int]) -> int:
    """``vector`` (over :data:`RESOURCES`, each amount below 128) as one int."""
    return sum(n << (_BITS * k) for k, n in enumerate(vector))


def covers(production: int, cost: int) -> bool:
    """Whether the packed ``production`` has at least the packed ``cost`` of every resource."""
    return ((production | GUARD) - cost) & GUARD == GUARD


def _reach(fixed: Sequence[int], choices: Masks) -> int:
    """``fixed`` plus one of each resource per "one of these" production offering it, packed:
    the most of each resource these could ever give."""
    reach = pack(fixed)
    for mask in choices:
        for k in range(len(RESOURCES)):
            if mask >> k & 1:
                reach += 1 << (_BITS * k)
    return reach


@attrs.frozen
class CityView:
    """The derived facts of one city."""

    #: Names of the structures built (a city never holds two of one name).
    names: frozenset[str]
    #: Resources produced every turn for the city's own use, by :data:`RESOURCES` index.
    fixed: tuple[int, ...]
    #: Each "one of these" production, as a bit mask of resource indexes (cards, the yellow
    #: ones and Alexandria's stages included).
    choices: Masks
    #: What neighbours may buy: the board's starting resource, brown and grey cards.
    trade_fixed: tuple[int, ...]
    trade_choices: Masks
    #: The price this city pays per resource to its left and to its right neighbour.
    left_price: tuple[int, ...]
    right_price: tuple[int, ...]
    shields: int
    #: Structures per colour, in :data:`COLORS` order.
    colors: tuple[int, ...]
    stages: int
    #: Wonder powers this city has: ``build_free_once_per_age``, ``play_seventh_card``,
    #: ``copy_neighbor_guild`` (``build_from_discard`` acts once, when its stage is built).
    powers: frozenset[str]
    #: What the city's own production and its prices look like to a cost computation.
    own_key: OwnKey
    trade_key: TradeKey
    #: The two keys as strings: a string caches its hash, so the trade caches look them up
    #: cheaply on every decision.
    own_sig: str
    trade_sig: str
    #: The fixed production, and the rest of ``own_key`` (choices, prices), as strings.
    fixed_sig: str
    rest_sig: str
    #: ``fixed``, packed (see :func:`pack`).
    fixed_bits: int
    #: The most of each resource the city's own production could give, and what its
    #: neighbours could buy from it at most, packed: with them a cost one resource of which is
    #: out of reach is refused without looking for payments.
    reach_bits: int
    sell_bits: int


def stage_effects(board: str, side: str, stages: int) -> list[Effect]:
    """The effects of the first ``stages`` stages of ``board``'s ``side``."""
    return [stage.effect for stage in BOARDS[board].sides[side][:stages]]


def _add_production(
    effect: Effect,
    fixed: list[int],
    trade_fixed: list[int],
    choices: list[int],
    trade_choices: list[int],
    left_price: list[int],
    right_price: list[int],
) -> None:
    for resource, amount in effect.produces.items():
        fixed[_INDEX[resource]] += amount
        if effect.tradable:
            trade_fixed[_INDEX[resource]] += amount
    if effect.produces_choice:
        option = sum(1 << _INDEX[r] for r in set(effect.produces_choice))
        choices.append(option)
        if effect.tradable:
            trade_choices.append(option)
    discount = effect.trade_discount
    if discount is not None:
        for resource in discount.resources:
            if "left" in discount.neighbors:
                left_price[_INDEX[resource]] = DISCOUNT_PRICE
            if "right" in discount.neighbors:
                right_price[_INDEX[resource]] = DISCOUNT_PRICE


def _view(
    names: frozenset[str],
    fixed: list[int],
    trade_fixed: list[int],
    choices: list[int],
    trade_choices: list[int],
    left_price: list[int],
    right_price: list[int],
    shields: int,
    colors: tuple[int, ...],
    stages: int,
    powers: frozenset[str],
) -> CityView:
    own_choices = tuple(sorted(choices))
    own_key = (tuple(fixed), own_choices, tuple(left_price), tuple(right_price))
    own_trade_choices = tuple(sorted(trade_choices))
    trade_key = (tuple(trade_fixed), own_trade_choices)
    return CityView(
        names=names,
        fixed=own_key[0],
        choices=own_choices,
        trade_fixed=trade_key[0],
        trade_choices=own_trade_choices,
        left_price=own_key[2],
        right_price=own_key[3],
        shields=shields,
        colors=colors,
        stages=stages,
        powers=powers,
        own_key=own_key,
        trade_key=trade_key,
        own_sig=repr(own_key),
        trade_sig=repr(trade_key),
        fixed_sig=repr(own_key[0]),
        rest_sig=repr(own_key[1:]),
        fixed_bits=pack(fixed),
        reach_bits=_reach(fixed, own_choices),
        sell_bits=_reach(trade_fixed, own_trade_choices),
    )


def derive(board: str, side: str, built: Sequence[str], stages: int) -> CityView:
    """The :class:`CityView` of a city with ``built`` structures and ``stages`` stages built."""
    fixed = [0] * 7
    trade_fixed = [0] * 7
    start = _INDEX[BOARDS[board].starting_resource]
    fixed[start] += 1
    trade_fixed[start] += 1
    choices: list[int] = []
    trade_choices: list[int] = []
    left_price = [PRICE] * 7
    right_price = [PRICE] * 7
    shields = 0
    colors = [0] * len(COLORS)
    powers: set[str] = set()
    effects: list[Effect] = []
    names = set()
    for card_id in built:
        card = CARDS[card_id]
        names.add(card.name)
        colors[COLORS.index(card.color)] += 1
        effects.append(card.effect)
    effects.extend(stage_effects(board, side, stages))
    for effect in effects:
        _add_production(effect, fixed, trade_fixed, choices, trade_choices, left_price, right_price)
        shields += effect.shields
        if effect.special is not None and effect.special != "build_from_discard":
            powers.add(effect.special)
    return _view(
        frozenset(names),
        fixed,
        trade_fixed,
        choices,
        trade_choices,
        left_price,
        right_price,
        shields,
        tuple(colors),
        stages,
        frozenset(powers),
    )


def extend(view: CityView, effect: Effect, card: str | None) -> CityView:
    """``view`` after the city adds one structure (``card``) or, when ``card`` is None, one
    wonder stage with ``effect``: what :func:`derive` would give, without starting over."""
    names, colors, stages = view.names, view.colors, view.stages
    if card is None:
        stages += 1
    else:
        built = CARDS[card]
        names = names | {built.name}
        index = COLORS.index(built.color)
        colors = colors[:index] + (colors[index] + 1,) + colors[index + 1 :]
    powers = view.powers
    if effect.special is not None and effect.special != "build_from_discard":
        powers = powers | {effect.special}
    shields = view.shields + effect.shields
    if not (effect.produces or effect.produces_choice or effect.trade_discount is not None):
        return CityView(
            names,
            view.fixed,
            view.choices,
            view.trade_fixed,
            view.trade_choices,
            view.left_price,
            view.right_price,
            shields,
            colors,
            stages,
            powers,
            view.own_key,
            view.trade_key,
            view.own_sig,
            view.trade_sig,
            view.fixed_sig,
            view.rest_sig,
            view.fixed_bits,
            view.reach_bits,
            view.sell_bits,
        )
    fixed, trade_fixed = list(view.fixed), list(view.trade_fixed)
    choices, trade_choices = list(view.choices), list(view.trade_choices)
    left_price, right_price = list(view.left_price), list(view.right_price)
    _add_production(effect, fixed, trade_fixed, choices, trade_choices, left_price, right_price)
    return _view(
        names,
        fixed,
        trade_fixed,
        choices,
        trade_choices,
        left_price,
        right_price,
        shields,
        colors,
        stages,
        powers,
    )
