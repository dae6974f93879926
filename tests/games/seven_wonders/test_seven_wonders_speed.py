"""The packed production behind 7 Wonders' fast purchase pricing: the int operations agree with
the vectors they stand for, a cost out of the market's reach has no payment, and a market's
cached answers are those of :func:`payment_splits`."""

from __future__ import annotations

import itertools
import operator

from hypothesis import given, settings
from hypothesis import strategies as st

from games.seven_wonders.seven_wonders_helpers import table
from tabletop.games.seven_wonders import KINDS, Discard
from tabletop.games.seven_wonders.actions import build, build_stage
from tabletop.games.seven_wonders.city import (
    CityView,
    _add_production,
    _derive,
    _extended,
    covers,
    derive,
    extend,
    ones,
    pack,
    production,
    short,
    unpack,
)
from tabletop.games.seven_wonders.components import BOARDS, CARDS, RESOURCES
from tabletop.games.seven_wonders.legal import card_actions
from tabletop.games.seven_wonders.trading import _solve_fixed, _solve_packed, market, payment_splits

_VECTORS = st.tuples(*[st.integers(0, 127) for _ in RESOURCES])
_PRODUCERS = sorted(c.id for c in CARDS.values() if c.effect.produces or c.effect.produces_choice)


@given(_VECTORS, _VECTORS)
def test_packed_operations_match_the_vectors(a: tuple[int, ...], b: tuple[int, ...]) -> None:
    assert unpack(pack(a)) == a
    assert covers(pack(a), pack(b)) == all(x >= y for x, y in zip(a, b))
    assert unpack(short(pack(a), pack(b))) == tuple(max(0, x - y) for x, y in zip(a, b))
    assert unpack(ones(pack(a))) == tuple(1 if x else 0 for x in a)


@given(
    st.lists(st.sampled_from(_PRODUCERS), max_size=4, unique=True),
    st.lists(st.sampled_from(_PRODUCERS), max_size=4, unique=True),
    st.lists(st.sampled_from(_PRODUCERS), max_size=4, unique=True),
    st.tuples(*[st.integers(0, 3) for _ in RESOURCES]),
    st.booleans(),
)
@settings(max_examples=200, deadline=None)
def test_a_market_prices_as_payment_splits_and_refuses_only_what_is_out_of_reach(
    own: list[str], left: list[str], right: list[str], cost: tuple[int, ...], prune: bool
) -> None:
    names = sorted(BOARDS)
    views = [derive(names[0], "A", own, 0), derive(names[1], "A", left, 0), derive(names[2], "B", right, 1)]
    expected = payment_splits(cost, views[0], views[1], views[2], prune)
    found = market(views[0], views[1], views[2], prune)
    assert found.splits(pack(cost)) == expected
    if not covers(found.reach, pack(cost)):
        assert expected == ()


def test_a_view_extended_card_by_card_is_the_derived_one() -> None:
    built = ["I-lumber_yard-3p", "I-tree_farm-6p", "I-marketplace-3p", "II-caravansery-3p", "I-altar-3p"]
    view = derive("Alexandria", "A", [], 0)
    for card in built:
        view = extend(view, CARDS[card].effect, card)
    view = extend(view, BOARDS["Alexandria"].sides["A"][0].effect, None)
    assert view == derive("Alexandria", "A", built, 1)
    # The production is shared with a view that adds no production.
    assert extend(view, CARDS["I-baths-3p"].effect, "I-baths-3p").production is view.production


_STAGE_EFFECTS = [
    stage.effect for board in BOARDS.values() for side in board.sides.values() for stage in side
]
_ADDING = [c.effect for c in CARDS.values()] + _STAGE_EFFECTS


@given(
    st.sampled_from(sorted(BOARDS)),
    st.lists(st.sampled_from(range(len(_ADDING))), max_size=12),
    st.booleans(),
)
@settings(max_examples=300, deadline=None)
def test_a_production_extended_on_packed_fields_is_the_one_built_from_vectors(
    board: str, effects: list[int], printed: bool
) -> None:
    """Every card's and stage's effect, added by arithmetic on the packed fields (kept or not),
    gives the production :func:`production` builds from the added-up vectors."""
    made = _derive(board, "A", (), 0).production
    vectors = [list(made.fixed), list(made.trade_fixed), list(made.choices), list(made.trade_choices)]
    prices = [list(made.left_price), list(made.right_price)]
    for index in effects:
        effect = _ADDING[index]
        made = _extended(made, effect, printed)
        _add_production(effect, *vectors, *prices)
    fixed, trade_fixed, choices, trade_choices = vectors
    assert made == production(fixed, choices, trade_fixed, trade_choices, *prices)


def _every_split(
    cost: tuple[int, ...], own: CityView, left: CityView, right: CityView
) -> set[tuple[int, int]]:
    """Every (left, right) payment, by brute force: each way every "one of these" card of the
    city (making something it still lacks, when it can: a city never buys what it makes) and of
    its neighbours can be set, then each amount of each resource bought on the left."""
    found = set()
    lacking = sum(1 << k for k, (c, f) in enumerate(zip(cost, own.fixed)) if c > f)
    uses = [m & lacking or m for m in own.choices]
    needs = {
        tuple(max(0, c - f - mine.count(k)) for k, (c, f) in enumerate(zip(cost, own.fixed)))
        for mine in itertools.product(*[[k for k in range(7) if m >> k & 1] for m in uses])
    }
    # A setting that leaves more to buy than another buys something the city makes.
    least = [n for n in needs if not any(o != n and all(map(operator.le, o, n)) for o in needs)]
    for need in least:
        for lefts in itertools.product(*[[k for k in range(7) if m >> k & 1] for m in left.trade_choices]):
            for rights in itertools.product(
                *[[k for k in range(7) if m >> k & 1] for m in right.trade_choices]
            ):
                sold_left = [f + lefts.count(k) for k, f in enumerate(left.trade_fixed)]
                sold_right = [f + rights.count(k) for k, f in enumerate(right.trade_fixed)]
                ranges = [
                    [(a * own.left_price[k], (n - a) * own.right_price[k]) for a in range(n + 1)]
                    if n
                    else [(0, 0)]
                    for k, n in enumerate(need)
                ]
                for parts in itertools.product(*ranges):
                    amounts = [p // own.left_price[k] if need[k] else 0 for k, (p, _) in enumerate(parts)]
                    if all(a <= sold_left[k] and need[k] - a <= sold_right[k] for k, a in enumerate(amounts)):
                        found.add((sum(p for p, _ in parts), sum(q for _, q in parts)))
    return found


@given(
    st.lists(st.sampled_from(_PRODUCERS), max_size=4, unique=True),
    st.lists(st.sampled_from(_PRODUCERS), max_size=4, unique=True),
    st.lists(st.sampled_from(_PRODUCERS), max_size=4, unique=True),
    st.tuples(*[st.integers(0, 2) for _ in RESOURCES]),
)
@settings(max_examples=150, deadline=None)
def test_payment_splits_are_every_payment_or_the_undominated_ones(
    own: list[str], left: list[str], right: list[str], cost: tuple[int, ...]
) -> None:
    names = sorted(BOARDS)
    views = [derive(names[0], "A", own, 0), derive(names[1], "A", left, 0), derive(names[2], "B", right, 1)]
    every = _every_split(cost, views[0], views[1], views[2])
    assert set(payment_splits(cost, views[0], views[1], views[2], False)) == every
    undominated = {
        (a, b) for a, b in every if not any(x <= a and y <= b and (x, y) != (a, b) for x, y in every)
    }
    assert set(payment_splits(cost, views[0], views[1], views[2], True)) == undominated


def _packed_problem(
    vectors: list[tuple[int, ...]], prices: list[tuple[int, ...]]
) -> tuple[tuple[int, ...], ...]:
    """A purchase of fixed wares as the pricing caches key it: sold at most what is needed, prices
    of what is not needed zero."""
    need, left, right = vectors
    sold_left = tuple(min(a, n) for a, n in zip(left, need))
    sold_right = tuple(min(a, n) for a, n in zip(right, need))
    left_price = tuple(p if n else 0 for p, n in zip(prices[0], need))
    right_price = tuple(p if n else 0 for p, n in zip(prices[1], need))
    return need, sold_left, sold_right, left_price, right_price


@given(
    st.lists(st.tuples(*[st.integers(0, 3) for _ in RESOURCES]), min_size=3, max_size=3),
    st.lists(st.tuples(*[st.integers(0, 2) for _ in RESOURCES]), min_size=2, max_size=2),
    st.booleans(),
)
def test_packed_solver_reads_the_fields_in_place_as_the_vector_solver_does(
    vectors: list[tuple[int, ...]], prices: list[tuple[int, ...]], prune: bool
) -> None:
    need, left, right, left_price, right_price = _packed_problem(vectors, prices)
    by_vectors = _solve_fixed(need, left, right, left_price, right_price, prune)
    found = _solve_packed(pack(need), pack(left), pack(right), pack(left_price), pack(right_price), prune)
    assert set(found) == by_vectors
    assert list(found) == sorted(by_vectors, key=lambda split: (split[0] + split[1], split[0]))


def test_a_markets_build_and_stage_actions_are_those_of_each_split_shared_by_equal_splits() -> None:
    names = sorted(BOARDS)
    views = [
        derive(names[0], "A", [], 0),
        derive(names[1], "A", ["I-lumber_yard-3p", "I-stone_pit-3p"], 0),
        derive(names[2], "A", ["I-lumber_yard-3p", "I-clay_pit-3p"], 0),
    ]
    cost = pack((1, 1, 0, 0, 0, 0, 0))
    first = market(views[0], views[1], views[2])
    splits = first.splits(cost)
    assert splits and splits == payment_splits(unpack(cost), views[0], views[1], views[2])
    assert first.actions("II-aqueduct", cost) == tuple((a + b, build("II-aqueduct", a, b)) for a, b in splits)
    priced = first.priced(cost)
    assert priced.stage_actions("I-altar") == tuple(build_stage("I-altar", a, b) for a, b in splits)
    # A market of another state facing the same productions prices alike, through the same
    # shared table of actions.
    second = market(views[0], views[1], views[2])
    assert second is not first and second.priced(cost) is priced


def test_the_2_player_deciding_city_is_the_lowest_seat_with_a_city_waiting_then_its_first_city() -> None:
    s = table(players=2)
    for holder in (0, 1):
        for waiting in ([0], [1], [2], [0, 1], [0, 2], [1, 2], [0, 1, 2]):
            s.holder = holder
            s.choices.waiting = list(waiting)
            seats = {0: [0, 2] if holder == 0 else [0], 1: [1, 2] if holder == 1 else [1]}
            seat = min(seat for seat, cities in seats.items() if set(cities) & set(waiting))
            expected = min(city for city in seats[seat] if city in waiting)
            assert s.turn_city() == expected == s.deciding_city


def test_a_hand_lists_each_kind_once_in_hand_order_whatever_the_order_of_its_copies() -> None:
    s = table(players=5)
    kinds = ["I-baths", "I-altar", "I-theater"]
    ordered = tuple(card for kind in kinds for card in KINDS[kind][:1])
    shuffled = (KINDS["I-baths"][0], KINDS["I-altar"][0], KINDS["I-baths"][1], KINDS["I-theater"][0])
    assert len(KINDS["I-baths"]) > 1
    assert card_actions(s, 0, shuffled) == card_actions(s, 0, ordered)
    listed = [action.card for action in card_actions(s, 0, shuffled) if isinstance(action, Discard)]
    assert listed == kinds
