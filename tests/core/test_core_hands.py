"""Hands: dealing, passing round the table, what each seat has seen, copies and saving."""

from __future__ import annotations

import json

import cattrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tabletop.core import Hands, TurnOrder
from tabletop.core.serialize import make_converter


def left_receivers(n: int) -> list[int]:
    turns = TurnOrder(list(range(n)))
    return [turns.left_of(seat) for seat in range(n)]


def test_a_deal_shows_each_seat_its_own_hand_only() -> None:
    hands = Hands.dealt([["b", "a"], ["c"], ["d", "e"]])
    assert hands.hand(0) == ("a", "b") and hands.count(2) == 2 and len(hands) == 3
    assert hands.view(0, 0) == {"cards": ["a", "b"]}
    assert hands.view(0, 1) == {"count": 1, "seen": [], "unseen": 0}


def test_passing_left_carries_the_memories_with_the_hands() -> None:
    hands = Hands.dealt([["a", "b", "c"], ["d", "e", "f"], ["g", "h", "i"]])
    hands.remove(0, "a", public=True)  # built face up
    hands.remove(1, "d", public=False)  # discarded face down
    hands.remove(2, "g", public=False)
    hands.pass_hands(left_receivers(3))  # seat 0's hand goes to seat 1, ...
    assert hands.hand(1) == ("b", "c") and hands.hand(2) == ("e", "f") and hands.hand(0) == ("h", "i")
    # Seat 0 now sees what seat 2 passed it, and remembers its own old hand at seat 1.
    assert hands.view(0, 1) == {"count": 2, "seen": ["b", "c"], "unseen": 0}
    assert hands.view(0, 2) == {"count": 2, "seen": [], "unseen": 0}
    hands.remove(1, "b", public=False)
    hands.pass_hands(left_receivers(3))
    # Seat 0's old hand is now at seat 2; it cannot know which card went in secret.
    assert hands.view(0, 2) == {"count": 1, "seen": ["b", "c"], "unseen": 0}
    # Seat 1 passed e, f to seat 2 and got them on to seat 0: it remembers them at seat 0.
    assert hands.view(1, 0)["seen"] == ["e", "f"]


def test_passing_to_a_neighbour_of_the_turn_order() -> None:
    hands = Hands.dealt([["a"], ["b"], ["c"]])
    turns = TurnOrder([0, 1, 2])
    hands.pass_left(turns)
    assert hands.cards == [("c",), ("a",), ("b",)]
    hands.pass_right(turns)
    hands.pass_right(turns)
    assert hands.cards == [("b",), ("c",), ("a",)]
    assert hands.view(0, 2)["seen"] == ["a"]  # seat 0 held "a" first, and it is now at seat 2


def test_a_public_removal_is_struck_from_every_memory() -> None:
    hands = Hands.dealt([["a", "b"], ["c", "d"]])
    hands.pass_hands([1, 0])
    hands.remove(1, "a", public=True)
    assert hands.view(0, 1) == {"count": 1, "seen": ["b"], "unseen": 0}
    hands.remove(1, "b", public=False)
    assert hands.view(0, 1) == {"count": 0, "seen": ["b"], "unseen": 0}


def test_a_secret_draw_is_counted_but_not_shown() -> None:
    hands = Hands.dealt([["a"], ["b"]])
    hands.pass_hands([1, 0])
    hands.add(1, "z")
    assert hands.hand(1) == ("a", "z")
    assert hands.view(0, 1) == {"count": 2, "seen": ["a"], "unseen": 1}
    assert hands.view(1, 1) == {"cards": ["a", "z"]}
    hands.pass_hands([1, 0])
    assert hands.view(0, 0) == {"cards": ["a", "z"]}
    assert hands.unseen[0][0] == 0


def test_bad_input_is_refused() -> None:
    hands = Hands.dealt([["a"], ["b"]])
    with pytest.raises(ValueError, match="holds no"):
        hands.remove(0, "b", public=True)
    with pytest.raises(ValueError, match="permutation"):
        hands.pass_hands([0, 0])
    with pytest.raises(ValueError, match="gives 2 hands"):
        hands.deal([["a"]])
    with pytest.raises(ValueError, match="rows"):
        Hands([("a",)], [], [[0]])
    with pytest.raises(ValueError, match="never negative"):
        Hands([("a",)], [[("a",)]], [[-1]])


def test_take_all_empties_the_hands() -> None:
    hands = Hands.dealt([["a"], ["b", "c"]])
    assert hands.take_all() == [("a",), ("b", "c")]
    assert hands.cards == [(), ()] and hands.view(0, 1)["seen"] == []


def test_copy_is_independent_and_saving_round_trips() -> None:
    hands = Hands.dealt([["a", "b"], ["c", "d"], ["e"]])
    hands.pass_hands(left_receivers(3))
    copy = hands.copy()
    copy.remove(0, copy.hand(0)[0], public=True)
    copy.pass_hands(left_receivers(3))
    assert hands.hand(1) == ("a", "b") and hands.view(0, 1)["seen"] == ["a", "b"]
    converter = make_converter()
    data = json.loads(json.dumps(converter.unstructure(copy)))
    again = converter.structure(data, Hands)
    assert again == copy
    with pytest.raises(cattrs.ClassValidationError):
        converter.structure({**data, "unseen": [[0]]}, Hands)


@given(st.integers(2, 7), st.lists(st.tuples(st.booleans(), st.booleans()), max_size=12), st.data())
@settings(max_examples=60, deadline=None)
def test_memories_never_miss_a_card_still_in_the_hand(
    n: int, steps: list[tuple[bool, bool]], data: st.DataObject
) -> None:
    """What a seat saw of a hand always contains the cards still there that it could know of."""
    hands = Hands.dealt([[f"{seat}-{i}" for i in range(7)] for seat in range(n)])
    turns = TurnOrder(list(range(n)))
    for public, left in steps:
        for seat in range(n):
            if hands.count(seat):
                hands.remove(seat, data.draw(st.sampled_from(hands.hand(seat))), public=public)
        hands.pass_hands([turns.left_of(s) if left else turns.right_of(s) for s in range(n)])
        for viewer in range(n):
            for seat in range(n):
                memory = set(hands.seen[viewer][seat])
                if memory or viewer == seat:
                    assert set(hands.hand(seat)) <= memory
