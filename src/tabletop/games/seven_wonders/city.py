"""What a city's cards and wonder stages add up to (production, prices, shields, powers), derived
from the city and rebuilt whenever it builds; never saved.

Resource vectors are also kept *packed* (:func:`pack`): one int, 8 bits a resource, so that
comparing a cost with a production, or taking what a production lacks of a cost, is a few int
operations, and the trade caches are keyed by ints.
"""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from .components import BOARDS, CARDS, COLORS, DISCOUNT_PRICE, PRICE, RESOURCES, Effect

_INDEX = {r: i for i, r in enumerate(RESOURCES)}

Vector = tuple[int, ...]
#: "One of these" productions, each a bit mask over :data:`RESOURCES` indexes, sorted.
Masks = tuple[int, ...]

#: Bits per resource in a packed vector (see :func:`pack`).
BITS = 8
#: The top bit of each resource's field: with it set in a production, ``(production | GUARD)
#: - cost`` keeps every guard bit iff no resource of the cost is missing.
GUARD = sum(1 << (BITS * k + BITS - 1) for k in range(len(RESOURCES)))
#: One field's bits below its guard bit.
FIELD = (1 << (BITS - 1)) - 1
#: The bits below the guard of every field.
LOW = GUARD - sum(1 << (BITS * k) for k in range(len(RESOURCES)))


def pack(vector: Sequence[int]) -> int:
    """``vector`` (over :data:`RESOURCES`, each amount below 128) as one int."""
    # One byte a resource, the first lowest: a single C call where a loop was.
    return int.from_bytes(bytes(vector), "little")


def unpack(bits: int) -> Vector:
    """The vector :func:`pack` made ``bits`` from."""
    return tuple((bits & LOW).to_bytes(len(RESOURCES), "little"))


def covers(production: int, cost: int) -> bool:
    """Whether the packed ``production`` has at least the packed ``cost`` of every resource."""
    return ((production | GUARD) - cost) & GUARD == GUARD


def short(need: int, have: int) -> int:
    """What ``have`` lacks of ``need`` (both packed), resource by resource, packed."""
    diff = (need | GUARD) - have
    # A field whose guard bit survived did not go below zero; the others are kept at zero.
    return diff & (((diff & GUARD) >> (BITS - 1)) * FIELD)


def ones(bits: int) -> int:
    """A packed one for each resource of which the packed ``bits`` hold any."""
    return ((bits + LOW) & GUARD) >> (BITS - 1)


def spread(mask: int) -> int:
    """A bit mask over :data:`RESOURCES` indexes as a packed vector of ones."""
    return SPREAD[mask]


def _spread(mask: int) -> int:
    bits = 0
    for k in range(len(RESOURCES)):
        if mask >> k & 1:
            bits |= 1 << (BITS * k)
    return bits


#: :func:`spread` of every mask, by mask (looked up: productions are rebuilt whenever a city
#: builds).
SPREAD = [_spread(mask) for mask in range(1 << len(RESOURCES))]


def _code(masks: Masks) -> int:
    """Sorted masks as one int (7 bits each; no mask is empty, so the count is implied)."""
    code = 0
    for mask in masks:
        code = code << len(RESOURCES) | mask
    return code


@attrs.frozen
class Production:
    """What a city makes, sells and pays for resources: everything a purchase depends on."""

    #: Resources produced every turn for the city's own use, by :data:`RESOURCES` index.
    fixed: Vector
    #: Each "one of these" production, as a bit mask of resource indexes (cards, the yellow
    #: ones and Alexandria's stages included).
    choices: Masks
    #: What neighbours may buy: the board's starting resource, brown and grey cards.
    trade_fixed: Vector
    trade_choices: Masks
    #: The price this city pays per resource to its left and to its right neighbour.
    left_price: Vector
    right_price: Vector
    #: ``fixed``, ``trade_fixed`` and the prices, packed.
    fixed_bits: int
    sell_fixed_bits: int
    left_price_bits: int
    right_price_bits: int
    #: The most of each resource the city's own production could give, and what its
    #: neighbours could buy from it at most, packed: a cost one resource of which is out of
    #: reach is refused without looking for payments.
    reach_bits: int
    sell_bits: int
    #: A packed one for each resource some of ``choices`` (``trade_choices``) offers.
    choice_bits: int
    sell_choice_bits: int
    #: Ints naming the choices and prices (``rest_code``), everything (``own_code``), and what
    #: neighbours may buy (``trade_code``): the trade caches' keys.
    rest_code: int
    own_code: int
    trade_code: int


def production(
    fixed: Sequence[int],
    choices: Sequence[int],
    trade_fixed: Sequence[int],
    trade_choices: Sequence[int],
    left_price: Sequence[int],
    right_price: Sequence[int],
) -> Production:
    """The :class:`Production` of these vectors and "one of these" masks."""
    own_choices = tuple(sorted(choices))
    sold_choices = tuple(sorted(trade_choices))
    fixed_bits, sell_fixed_bits = pack(fixed), pack(trade_fixed)
    left_bits, right_bits = pack(left_price), pack(right_price)
    own_union = sold_union = 0
    reach, sell = fixed_bits, sell_fixed_bits
    table = SPREAD
    for mask in own_choices:
        own_union |= mask
        reach += table[mask]
    for mask in sold_choices:
        sold_union |= mask
        sell += table[mask]
    return _packed_production(
        fixed_bits,
        own_choices,
        sell_fixed_bits,
        sold_choices,
        left_bits,
        right_bits,
        (reach, sell, table[own_union], table[sold_union]),
    )


def _packed_production(
    fixed_bits: int,
    choices: Masks,
    sell_fixed_bits: int,
    trade_choices: Masks,
    left_bits: int,
    right_bits: int,
    sums: tuple[int, int, int, int],
) -> Production:
    """The :class:`Production` of these packed vectors and sorted masks, with its reach, what
    it sells at most and the resources its choices offer, own and sold (``sums``, packed)."""
    span = BITS * len(RESOURCES)
    rest_code = (_code(choices) << (2 * span)) | right_bits << span | left_bits
    reach, sell, choice_bits, sell_choice_bits = sums
    return Production(
        fixed=unpack(fixed_bits),
        choices=choices,
        trade_fixed=unpack(sell_fixed_bits),
        trade_choices=trade_choices,
        left_price=unpack(left_bits),
        right_price=unpack(right_bits),
        fixed_bits=fixed_bits,
        sell_fixed_bits=sell_fixed_bits,
        left_price_bits=left_bits,
        right_price_bits=right_bits,
        reach_bits=reach,
        sell_bits=sell,
        choice_bits=choice_bits,
        sell_choice_bits=sell_choice_bits,
        rest_code=rest_code,
        own_code=rest_code << span | fixed_bits,
        trade_code=_code(trade_choices) << span | sell_fixed_bits,
    )


@attrs.frozen
class CityView:
    """The derived facts of one city (an attrs class with slots rather than a named tuple,
    though one is made for every card built: its fields are read far more often, and slots
    are read faster)."""

    #: Names of the structures built (a city never holds two of one name).
    names: frozenset[str]
    #: What it makes, sells and pays (shared by the views of one production).
    production: Production
    shields: int
    #: Structures per colour, in :data:`COLORS` order.
    colors: tuple[int, ...]
    stages: int
    #: Wonder powers this city has: ``build_free_once_per_age``, ``play_seventh_card``,
    #: ``copy_neighbor_guild`` (``build_from_discard`` acts once, when its stage is built).
    powers: frozenset[str]

    @property
    def fixed(self) -> Vector:
        """Resources produced every turn for the city's own use."""
        return self.production.fixed

    @property
    def choices(self) -> Masks:
        """The city's "one of these" productions, as bit masks."""
        return self.production.choices

    @property
    def trade_fixed(self) -> Vector:
        """What neighbours may buy, fixed."""
        return self.production.trade_fixed

    @property
    def trade_choices(self) -> Masks:
        """What neighbours may buy, one of these."""
        return self.production.trade_choices

    @property
    def left_price(self) -> Vector:
        """The price this city pays per resource to its left neighbour."""
        return self.production.left_price

    @property
    def right_price(self) -> Vector:
        """The price this city pays per resource to its right neighbour."""
        return self.production.right_price


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


def derive(board: str, side: str, built: Sequence[str], stages: int) -> CityView:
    """The :class:`CityView` of a city with ``built`` structures and ``stages`` stages built."""
    start = _STARTS[board, side]  # every board's empty city, derived at import
    if not built and not stages:  # every new game starts here: views are immutable, so shared
        return start
    # Effect by effect from the empty city, through the productions :func:`extend` keeps (a
    # trusted load derives every city: starting over from the vectors was a third of it).
    # The order does not matter: a production's choices are sorted and a discount only lowers
    # a price.
    made = start.production
    names = set()
    colors = [0] * len(COLORS)
    shields = 0
    powers: set[str] = set()
    extended = _EXTENDED
    for card in built:
        name, index, adds, power, effect = _FACTS[card]
        names.add(name)
        colors[index] += 1
        shields += effect.shields
        if power is not None:
            powers.add(power)
        if adds:
            made = extended.get((made.own_code, made.trade_code, id(effect))) or _extended(made, effect, True)
    for effect in stage_effects(board, side, stages):
        _, adds, power = _PRINTED[id(effect)]
        shields += effect.shields
        if power is not None:
            powers.add(power)
        if adds:
            made = _extended(made, effect, True)
    return CityView(frozenset(names), made, shields, tuple(colors), stages, frozenset(powers))


#: (board, side) -> the view of a city with nothing built yet.
_STARTS: dict[tuple[str, str], CityView] = {}


def _derive(board: str, side: str, built: Sequence[str], stages: int) -> CityView:
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
    made = production(fixed, choices, trade_fixed, trade_choices, left_price, right_price)
    return CityView(frozenset(names), made, shields, tuple(colors), stages, frozenset(powers))


# Every board's starting view, derived from the data at import: a fresh process's first games
# find them ready.
_STARTS.update(
    {(name, side): _derive(name, side, (), 0) for name, board in BOARDS.items() for side in board.sides}
)


def _adds_production(effect: Effect) -> bool:
    return bool(effect.produces or effect.produces_choice or effect.trade_discount is not None)


def _power(effect: Effect) -> str | None:
    """The wonder power an effect gives a view (``build_from_discard`` acts once, when built)."""
    special = effect.special
    return special if special != "build_from_discard" else None


#: Per printed effect (cards' and wonder stages'), by id: the effect, whether it adds to a
#: production, and the power it gives a view.
_PRINTED = {
    id(effect): (effect, _adds_production(effect), _power(effect))
    for effect in [card.effect for card in CARDS.values()]
    + [stage.effect for board in BOARDS.values() for stages in board.sides.values() for stage in stages]
}
#: (a production's codes, a printed effect's id) -> the production with that effect added.
_EXTENDED: dict[tuple[int, int, int], Production] = {}
#: Per card id: its name and its colour's index in :data:`COLORS`.
_PLACED = {card.id: (card.name, COLORS.index(card.color)) for card in CARDS.values()}
#: Per card id, what :func:`derive` reads: name, colour index, whether its effect adds to a
#: production, the power it gives, the effect.
_FACTS = {
    card.id: (
        card.name,
        COLORS.index(card.color),
        _adds_production(card.effect),
        _power(card.effect),
        card.effect,
    )
    for card in CARDS.values()
}


def build_card(view: CityView, card: str) -> CityView:
    """``view`` after the city builds ``card`` (an id of the data): :func:`extend` with the
    card's printed effect, read from a table by card rather than by effect."""
    name, index, adds, power, effect = _FACTS[card]
    colors = view.colors
    made = view.production
    if adds:
        made = _EXTENDED.get((made.own_code, made.trade_code, id(effect))) or _extended(made, effect, True)
    return CityView(
        view.names | {name},
        made,
        view.shields + effect.shields,
        colors[:index] + (colors[index] + 1,) + colors[index + 1 :],
        view.stages,
        view.powers if power is None else view.powers | {power},
    )


def extend(view: CityView, effect: Effect, card: str | None) -> CityView:
    """``view`` after the city adds one structure (``card``) or, when ``card`` is None, one
    wonder stage with ``effect``: what :func:`derive` would give, without starting over."""
    if card is not None and card in _FACTS and _FACTS[card][4] is effect:
        return build_card(view, card)
    names, colors, stages = view.names, view.colors, view.stages
    if card is None:
        stages += 1
    else:
        name, index = _PLACED[card]
        names = names | {name}
        colors = colors[:index] + (colors[index] + 1,) + colors[index + 1 :]
    # A printed effect lives as long as the program: its id names it, and what it adds to a
    # production recurs across cities and games.
    info = _PRINTED.get(id(effect))
    printed = info is not None and info[0] is effect
    if info is not None and printed:
        adds, power = info[1], info[2]
    else:
        adds, power = _adds_production(effect), _power(effect)
    powers = view.powers if power is None else view.powers | {power}
    made = _extended(view.production, effect, printed) if adds else view.production
    return CityView(names, made, view.shields + effect.shields, colors, stages, powers)


def _extended(made: Production, effect: Effect, printed: bool) -> Production:
    """``made`` with ``effect``'s production added (kept when ``effect`` is printed)."""
    key = (made.own_code, made.trade_code, id(effect))
    found = _EXTENDED.get(key) if printed else None
    if found is None:
        found = _added(made, _DELTAS[id(effect)] if printed else _delta(effect))
        if printed:
            if len(_EXTENDED) >= 200_000:
                _EXTENDED.clear()
            _EXTENDED[key] = found
    return found


#: What an effect adds to a production, packed (see :func:`_delta`).
Delta = tuple[int, bool, int, int, int, int, int]


def _delta(effect: Effect) -> Delta:
    """What ``effect`` adds to a production, packed: its fixed resources, whether neighbours may
    buy them, its "one of these" mask (0: none), and per neighbour the bits a discount clears
    and sets in the packed prices."""
    fixed, trade_fixed, left, right = [0] * 7, [0] * 7, [0] * 7, [0] * 7
    choices: list[int] = []
    trade_choices: list[int] = []
    _add_production(effect, fixed, trade_fixed, choices, trade_choices, left, right)
    # _add_production sets a discounted price where a price vector had one: 0 marks the others.
    full = (1 << BITS) - 1
    left_clear = sum(full << (BITS * k) for k in range(7) if left[k])
    right_clear = sum(full << (BITS * k) for k in range(7) if right[k])
    return (
        pack(fixed),
        effect.tradable,
        choices[0] if choices else 0,
        left_clear,
        pack(left),
        right_clear,
        pack(right),
    )


def _added(made: Production, delta: Delta) -> Production:
    """:func:`production` of ``made``'s vectors with ``delta`` added, worked out on the packed
    fields rather than from the vectors (a new production is made about every eighth decision)."""
    fixed, tradable, mask, left_clear, left_set, right_clear, right_set = delta
    fixed_bits = made.fixed_bits + fixed
    reach = made.reach_bits + fixed
    choices, choice_bits = made.choices, made.choice_bits
    sell_fixed_bits, sell = made.sell_fixed_bits, made.sell_bits
    trade_choices, sell_choice_bits = made.trade_choices, made.sell_choice_bits
    if tradable:
        sell_fixed_bits += fixed
        sell += fixed
    if mask:
        one = SPREAD[mask]
        choices = tuple(sorted((*choices, mask)))
        reach += one
        choice_bits |= one
        if tradable:
            trade_choices = tuple(sorted((*trade_choices, mask)))
            sell += one
            sell_choice_bits |= one
    left_bits = made.left_price_bits & ~left_clear | left_set
    right_bits = made.right_price_bits & ~right_clear | right_set
    return _packed_production(
        fixed_bits,
        choices,
        sell_fixed_bits,
        trade_choices,
        left_bits,
        right_bits,
        (reach, sell, choice_bits, sell_choice_bits),
    )


#: :func:`_delta` of every printed effect, by id.
_DELTAS = {key: _delta(effect) for key, (effect, _, _) in _PRINTED.items()}
