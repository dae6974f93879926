"""The kernel's invariant helpers: each item in one place, counts that add up, a decision open."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tabletop.core import Action
from tabletop.core.invariants import counts_add_up, decision_is_open, each_in_one_place
from toy import GAME, Take, ToyState


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


def test_decision_is_open_refuses_a_game_in_progress_with_no_legal_action() -> None:
    state = GAME.new_game(players=3, seed=4, pile=20)
    decision_is_open(state)
    assert state._legal == state.legal_actions() != []  # listed once, kept for the caller
    state.pile = 0  # no stone left and nobody has won: not over, yet nobody can move
    state.forget_legal_actions()
    with pytest.raises(
        ValueError, match=r"the game is not over but its 'take' decision offers no legal action"
    ):
        decision_is_open(state)
    # A finished game has nothing to decide: no refusal.
    state.outcome = GAME.new_game(players=3, seed=4, pile=1).child(Take(1)).outcome
    decision_is_open(state)


def test_decision_is_open_names_rules_that_cannot_list_a_state(monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(self: ToyState) -> list[Action]:
        raise KeyError("stone")

    state = GAME.new_game(players=3, seed=4, pile=20)
    monkeypatch.setattr(ToyState, "_legal_actions", broken)
    with pytest.raises(ValueError, match=r"its legal actions cannot be listed \(KeyError: 'stone'\)"):
        decision_is_open(state)
