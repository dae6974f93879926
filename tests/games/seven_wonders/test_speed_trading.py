"""The caches of 7 Wonders' purchase pricing answer what computing afresh does: a seller's wares
for a purchase with "one of these" cards, kept by what it sells and what is lacking."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tabletop.games.seven_wonders.city import derive, pack
from tabletop.games.seven_wonders.components import BOARDS, CARDS, RESOURCES
from tabletop.games.seven_wonders.trading import _SOLD, _sold, _supply

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
