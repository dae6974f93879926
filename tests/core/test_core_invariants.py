"""The kernel's invariant helpers: each item in one place, counts that add up."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tabletop.core.invariants import counts_add_up, each_in_one_place


def test_each_in_one_place_maps_items_to_their_place() -> None:
    where = each_in_one_place([("deck", ["a", "b"]), ("hand", ["c"])], {"a", "b", "c"})
    assert where == {"a": "deck", "b": "deck", "c": "hand"}


def test_an_item_in_two_places_is_named_with_both() -> None:
    with pytest.raises(ValueError, match=r"card 'a' is both in deck and in hand"):
        each_in_one_place([("deck", ["a", "b"]), ("hand", ["a"])])


def test_an_item_twice_in_one_place_is_named() -> None:
    with pytest.raises(ValueError, match=r"card 'a' is twice in deck"):
        each_in_one_place([("deck", ["a", "a"])])


def test_an_unknown_item_is_named_with_its_place() -> None:
    with pytest.raises(ValueError, match=r"hand holds 'z', which is not a known wonder"):
        each_in_one_place([("hand", ["z"])], {"a"}, what="wonder")


def test_an_unhashable_item_is_refused_not_crashed_on() -> None:
    tampered: list[Any] = [["x"]]  # what a JSON save can put where an id belongs
    with pytest.raises(ValueError, match=r"hand holds \['x'\]"):
        each_in_one_place([("hand", tampered)], {"a"})
    with pytest.raises(ValueError, match=r"hand holds \['x'\]"):
        each_in_one_place([("hand", tampered)])


def test_missing_items_are_listed() -> None:
    with pytest.raises(ValueError, match=r"2 card\(s\) are in no place: 'b', 'c'"):
        each_in_one_place([("deck", ["a"])], ["a", "b", "c"])


@given(st.lists(st.integers(0, 30), unique=True), st.randoms())
def test_any_partition_of_the_items_passes(items: list[int], rnd: object) -> None:
    import random

    assert isinstance(rnd, random.Random)
    places: list[tuple[str, list[int]]] = [(f"p{i}", []) for i in range(3)]
    for item in items:
        places[rnd.randrange(3)][1].append(item)
    assert set(each_in_one_place(places, set(items))) == set(items)


def test_counts_add_up_accepts_a_balanced_sheet() -> None:
    counts_add_up({"bank": 10, "seat 0": 3, "seat 1": 0}, 13, what="coins")


@pytest.mark.parametrize(
    ("parts", "message"),
    [
        ({"bank": 10, "seat 0": 4}, r"coins add up to 14, not 13 \(bank 10, seat 0 4\)"),
        ({"bank": 14, "seat 0": -1}, r"seat 0 holds -1 coins: a count is never negative"),
        ({"bank": True, "seat 0": 12}, r"bank holds True coins, which is not a count"),
        ({"bank": 1.0, "seat 0": 12}, r"bank holds 1.0 coins, which is not a count"),
    ],
)
def test_counts_that_do_not_add_up_are_refused(parts: dict[str, int], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        counts_add_up(parts, 13, what="coins")
