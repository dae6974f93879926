"""The caches of 7 Wonders' purchase pricing answer what computing afresh does: a seller's wares
for a purchase with "one of these" cards, kept by what it sells and what is lacking."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

import tabletop
from tabletop.core.rng import Rng
from tabletop.games.seven_wonders.city import derive, pack
from tabletop.games.seven_wonders.components import BOARDS, CARDS, RESOURCES
from tabletop.games.seven_wonders.trading import _SOLD, Market, _sold, _supply

_PRODUCERS = sorted(c.id for c in CARDS.values() if c.effect.produces or c.effect.produces_choice)


@given(
    st.sampled_from(sorted(BOARDS)),
    st.lists(st.sampled_from(_PRODUCERS), max_size=6, unique=True),
    st.tuples(*[st.integers(0, 4) for _ in RESOURCES]),
)
@settings(max_examples=200, deadline=None)
def test_a_kept_sale_is_the_one_computed_afresh(
    board: str, built: list[str], lacking: tuple[int, ...]
) -> None:
    seller = derive(board, "A", built, 0).production
    bits = pack(lacking)
    first = _sold(seller, bits)
    again = _sold(seller, bits)  # from the cache when choice cards bear on it
    assert first == again
    if seller.sell_choice_bits and (seller.trade_code, bits) in _SOLD:
        signature, fixed, choices = _supply(seller, bits)
        assert first == (signature, (fixed, choices))


@given(
    st.sampled_from(sorted(BOARDS)),
    st.lists(st.sampled_from(_PRODUCERS), max_size=6, unique=True),
    st.integers(0, 2),
    st.tuples(*[st.integers(0, 4) for _ in RESOURCES]),
)
@settings(max_examples=100, deadline=None)
def test_what_a_seller_sells_is_all_the_key_needs(
    board: str, built: list[str], stages: int, lacking: tuple[int, ...]
) -> None:
    # The same cards with other wonder stages built: the city's own production differs, what it
    # sells does not, and neither does what it can sell of a purchase.
    plain = derive(board, "A", built, 0).production
    staged = derive(board, "B", built, stages).production
    assert plain.trade_code == staged.trade_code
    assert _supply(plain, pack(lacking)) == _supply(staged, pack(lacking))


def test_a_kept_market_faces_the_productions_the_cities_have_now() -> None:
    """A market survives a neighbour's new production only when what that neighbour sells is
    unchanged (its trade code): every market a state keeps has the city's own production and
    sells as its neighbours do now, and prices every card cost as a fresh market does."""
    game = tabletop.load("seven_wonders")
    kept_past_a_change = 0
    for players, side in ((2, "A"), (3, "B"), (5, "A"), (7, "B")):
        for seed in range(4):
            rng = Rng.from_seed(seed)
            s = game.new_game(players=players, seed=seed, side=side)
            while not s.is_terminal:
                s.apply(rng.choice(s.legal_actions()))
                cities = len(s.views)
                for city, found in enumerate(s.markets):
                    if found is None:
                        continue
                    left, right = s.views[(city + 1) % cities], s.views[(city - 1) % cities]
                    assert found.own is s.views[city].production
                    assert (found.left.trade_code, found.right.trade_code) == (
                        left.production.trade_code,
                        right.production.trade_code,
                    )
                    if found.left is not left.production or found.right is not right.production:
                        kept_past_a_change += 1
                        fresh = Market(found.own, left.production, right.production, found.prune)
                        assert fresh.reach == found.reach
                        for bits in _COSTS:
                            assert found.splits(bits) == fresh.splits(bits)
    assert kept_past_a_change  # the case this test is about did occur


#: Every card's and wonder stage's packed resource cost.
_COSTS = sorted(
    {pack(card.cost_vector) for card in CARDS.values()}
    | {
        pack(stage.cost_vector)
        for board in BOARDS.values()
        for side in board.sides.values()
        for stage in side
    }
)
