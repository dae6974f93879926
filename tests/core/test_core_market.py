"""Market: face-up slots fed by a deck; holes stay once the deck runs out."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tabletop.core import Deck, Market


def test_dealt_fills_left_to_right_from_the_top() -> None:
    market = Market.dealt(3, Deck(["e", "d", "c", "b", "a"]))
    assert market.slots == ["a", "b", "c"]
    assert market.deck.cards == ["e", "d"]
    assert market.face_up() == ["a", "b", "c"]


def test_short_deck_leaves_holes() -> None:
    market = Market.dealt(4, Deck(["b", "a"]))
    assert market.slots == ["a", "b", None, None]
    assert market.face_up() == ["a", "b"]
    assert None not in market


def test_take_leaves_a_hole_and_refill_fills_it() -> None:
    market = Market.dealt(2, Deck(["z", "b", "a"]))
    assert market.take(0) == "a"
    assert market.slots == [None, "b"]
    with pytest.raises(ValueError, match="market slot 0 is empty"):
        market.take(0)
    assert market.refill(1) == "b"  # not a hole: nothing drawn
    assert market.deck.cards == ["z"]
    assert market.refill(0) == "z"
    assert market.take(0) == "z"
    assert market.refill(0) is None  # the deck is out: the hole stays
    assert market.slots == [None, "b"]


def test_take_and_refill_by_card_id() -> None:
    market = Market.dealt(3, Deck(["d", "c", "b", "a"]))
    assert market.take_and_refill("b") == "b"
    assert market.slots == ["a", "d", "c"]
    assert market.take_and_refill("d") == "d"
    assert market.slots == ["a", None, "c"]
    with pytest.raises(ValueError, match="card 'q' is not face up"):
        market.take_and_refill("q")
    assert market.slots == ["a", None, "c"]


def test_index_and_contains() -> None:
    market = Market.dealt(2, Deck(["b", "a"]))
    assert market.index("b") == 1
    assert "a" in market and "q" not in market
    with pytest.raises(ValueError, match="not face up"):
        market.index("q")


def test_fill_fills_every_hole_left_to_right_while_the_deck_lasts() -> None:
    market = Market([None, "x", None, None], Deck(["b", "a"]))
    market.fill()
    assert market.slots == ["a", "x", "b", None]


def test_copy_is_independent_deck_included() -> None:
    market = Market.dealt(2, Deck(["c", "b", "a"]))
    copy = market.copy()
    copy.take(0)
    copy.refill(0)
    assert market.slots == ["a", "b"] and market.deck.cards == ["c"]
    assert copy.deck.cards == []


@settings(max_examples=80, deadline=None)
@given(
    st.integers(min_value=1, max_value=5),
    st.integers(min_value=0, max_value=12),
    st.lists(st.tuples(st.booleans(), st.integers(min_value=0, max_value=4)), max_size=30),
)
def test_cards_are_conserved_and_holes_appear_only_when_the_deck_is_out(
    size: int,
    cards: int,
    ops: list[tuple[bool, int]],
) -> None:
    original = [f"c{i}" for i in range(cards)]
    market = Market.dealt(size, Deck(list(original)))
    taken: list[str] = []
    for by_id, slot in ops:
        slot %= size
        if market.slots[slot] is None:
            continue
        if by_id:
            taken.append(market.take_and_refill(market.slots[slot]))  # type: ignore[arg-type]
        else:
            taken.append(market.take(slot))
            market.refill(slot)
        in_play = market.face_up() + market.deck.cards + taken
        assert Counter(in_play) == Counter(original)
        if market.deck.cards:
            assert None not in market.slots
