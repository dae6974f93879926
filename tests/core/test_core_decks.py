"""Deck: draw from the top (the end of ``cards``), peek, remove, discard, recycle; cards conserved."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tabletop.core import Deck, Rng


def test_shuffled_is_a_permutation_driven_by_the_rng() -> None:
    cards = [f"c{i}" for i in range(12)]
    deck = Deck.shuffled(cards, Rng.from_seed(1))
    assert sorted(deck.cards) == sorted(cards) and deck.cards != cards
    assert Deck.shuffled(cards, Rng.from_seed(1)) == deck
    assert deck.discards == []


def test_draw_takes_the_top_which_is_the_last_card() -> None:
    deck = Deck(["bottom", "middle", "top"])
    assert len(deck) == 3 and deck and "middle" in deck
    assert deck.draw() == "top"
    assert deck.cards == ["bottom", "middle"]


def test_draw_from_empty_is_refused() -> None:
    deck = Deck()
    assert not deck and len(deck) == 0
    with pytest.raises(ValueError, match="empty deck"):
        deck.draw()


def test_draw_up_to_takes_top_first_and_stops_when_empty() -> None:
    deck = Deck(["a", "b", "c", "d"])
    assert deck.draw_up_to(2) == ["d", "c"]
    assert deck.draw_up_to(0) == [] and deck.draw_up_to(-1) == []
    assert deck.draw_up_to(5) == ["b", "a"]
    assert deck.cards == []


def test_peek_shows_top_first_without_taking() -> None:
    deck = Deck(["a", "b", "c"])
    assert deck.peek() == ["c"]
    assert deck.peek(2) == ["c", "b"]
    assert deck.peek(10) == ["c", "b", "a"]
    assert deck.peek(0) == []
    assert deck.cards == ["a", "b", "c"]


def test_remove_a_named_card() -> None:
    deck = Deck(["a", "b", "c"])
    deck.remove("b")
    assert deck.cards == ["a", "c"]
    with pytest.raises(ValueError, match="card 'z' is not in the deck"):
        deck.remove("z")
    assert deck.cards == ["a", "c"]


def test_put_bottom_and_discard() -> None:
    deck = Deck(["a"])
    deck.put_bottom("z")
    deck.discard("x")
    assert deck.cards == ["z", "a"] and deck.discards == ["x"]
    assert "x" not in deck


def test_recycle_puts_shuffled_discards_under_the_pile() -> None:
    deck = Deck(["a", "b"], ["x", "y", "z"])
    deck.recycle_discards(Rng.from_seed(3))
    assert deck.discards == []
    assert deck.cards[-2:] == ["a", "b"]
    assert sorted(deck.cards[:3]) == ["x", "y", "z"]


def test_copy_is_independent() -> None:
    deck = Deck(["a", "b"], ["c"])
    copy = deck.copy()
    copy.draw()
    copy.discard("d")
    assert deck == Deck(["a", "b"], ["c"])


@settings(max_examples=80, deadline=None)
@given(
    st.integers(min_value=0, max_value=1000),
    st.integers(min_value=0, max_value=15),
    st.lists(
        st.tuples(
            st.sampled_from(["draw", "draw_up_to", "peek", "remove", "discard", "recycle", "bottom"]),
            st.integers(min_value=-1, max_value=6),
        ),
        max_size=40,
    ),
)
def test_operations_conserve_cards(seed: int, size: int, ops: list[tuple[str, int]]) -> None:
    """Cards in the pile + discards + out of the deck stay the original multiset."""
    rng = Rng.from_seed(seed)
    original = [f"c{i}" for i in range(size)]
    deck = Deck.shuffled(original, rng)
    out: list[str] = []
    for op, n in ops:
        if op == "draw":
            if deck:
                out.append(deck.draw())
            else:
                with pytest.raises(ValueError):
                    deck.draw()
        elif op == "draw_up_to":
            before = len(deck)
            got = deck.draw_up_to(n)
            assert len(got) == max(0, min(n, before))
            out.extend(got)
        elif op == "peek":
            cards = list(deck.cards)
            seen = deck.peek(n)
            assert seen == list(reversed(cards))[: max(n, 0)]
            assert deck.cards == cards
        elif op == "remove" and out:
            pass
        elif op == "remove" and deck:
            card = deck.cards[n % len(deck)]
            deck.remove(card)
            out.append(card)
        elif op == "discard" and out:
            deck.discard(out.pop())
        elif op == "bottom" and out:
            deck.put_bottom(out.pop())
        elif op == "recycle":
            deck.recycle_discards(rng)
        assert Counter(deck.cards) + Counter(deck.discards) + Counter(out) == Counter(original)
