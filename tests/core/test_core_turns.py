"""TurnOrder: cycles of seats, rounds, extra turns and reordering."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import tabletop
from tabletop.core import TurnOrder


def test_starting_with_seats_clockwise() -> None:
    turns = TurnOrder.starting_with(4, 2)
    assert turns.order == [2, 3, 0, 1]
    assert turns.current == 2 and turns.first == 2 and turns.round == 1
    for bad in (-1, 4):
        with pytest.raises(ValueError, match=r"first seat must be in \[0, 4\)"):
            TurnOrder.starting_with(4, bad)


def test_two_seats_alternate_and_rounds_count() -> None:
    turns = TurnOrder.starting_with(2, 0)
    seen = []
    for _ in range(5):
        seen.append((turns.current, turns.round, turns.is_last_in_round))
        turns.advance()
    assert seen == [(0, 1, False), (1, 1, True), (0, 2, False), (1, 2, True), (0, 3, False)]


def test_advance_returns_the_next_seat() -> None:
    turns = TurnOrder.starting_with(3, 0)
    assert turns.next_seat() == 1
    assert turns.advance() == 1
    assert turns.advance() == 2
    assert turns.next_seat() == 0
    assert turns.advance() == 0 and turns.round == 2


def test_extra_turn_replays_the_same_seat_without_ending_the_round() -> None:
    turns = TurnOrder.starting_with(2, 0)
    turns.advance()  # seat 1, last of round 1
    turns.grant_extra_turn()
    assert turns.next_seat() == 0  # ignores extra turns
    assert turns.advance() == 1 and turns.round == 1 and turns.extra_turns == 0
    assert turns.advance() == 0 and turns.round == 2


def test_several_extra_turns_accumulate() -> None:
    turns = TurnOrder.starting_with(3, 0)
    turns.grant_extra_turn(2)
    assert [turns.advance() for _ in range(4)] == [0, 0, 1, 2]


def test_reorder_needs_a_permutation_and_drops_extra_turns() -> None:
    turns = TurnOrder.starting_with(3, 0)
    turns.advance()
    turns.grant_extra_turn()
    for bad in ([0, 1], [0, 0, 1], [0, 1, 3]):
        with pytest.raises(ValueError, match="permutation"):
            turns.reorder(bad)
        assert turns.order == [0, 1, 2] and turns.position == 1 and turns.extra_turns == 1
    turns.reorder([2, 0, 1])
    assert (turns.order, turns.position, turns.extra_turns, turns.current) == ([2, 0, 1], 0, 0, 2)


def test_start_with_keeps_the_cycle() -> None:
    turns = TurnOrder.starting_with(4, 0)
    turns.start_with(2)
    assert turns.order == [2, 3, 0, 1] and turns.current == 2
    with pytest.raises(ValueError, match="seat 7 is not in the turn order"):
        turns.start_with(7)


def test_copy_is_independent() -> None:
    turns = TurnOrder.starting_with(3, 0)
    copy = turns.copy()
    copy.advance()
    copy.grant_extra_turn()
    copy.order.reverse()
    assert turns == TurnOrder([0, 1, 2])
    assert copy != turns


@settings(max_examples=60, deadline=None)
@given(
    st.integers(min_value=2, max_value=6),
    st.lists(st.integers(min_value=0, max_value=2), max_size=40),
)
def test_turns_follow_the_cycle_apart_from_extra_turns(players: int, extras: list[int]) -> None:
    """Granting k extra turns makes the seat play k more times; otherwise play moves on by one."""
    turns = TurnOrder.starting_with(players, 0)
    plays = [turns.current]
    for k in extras:
        turns.grant_extra_turn(k)
        for _ in range(k):
            assert turns.advance() == plays[-1]
            plays.append(turns.current)
        before = turns.current
        assert turns.advance() == (before + 1) % players
        plays.append(turns.current)
    assert turns.round == len(extras) // players + 1
    assert turns.position == len(extras) % players


@pytest.mark.parametrize(
    "order, position, message",
    [([], 0, "lists each seat once"), ([0, 0], 0, "lists each seat once"), ([0, 1], 2, "outside the order")],
)
def test_an_impossible_turn_order_is_refused(order: list[int], position: int, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        TurnOrder(order, position)


def test_eliminate_a_seat_before_after_and_at_the_current_position() -> None:
    turns = TurnOrder([0, 1, 2, 3], position=2)
    turns.eliminate(0)  # before the current seat: the current seat stays current
    assert turns.order == [1, 2, 3] and turns.current == 2
    turns.eliminate(3)  # after it
    assert turns.order == [1, 2] and turns.current == 2
    turns.grant_extra_turn()
    turns.eliminate(2)  # the current seat, last of the round: the next round begins with 1
    assert turns.order == [1] and turns.current == 1 and turns.round == 2 and turns.extra_turns == 0
    with pytest.raises(ValueError, match="the last one"):
        turns.eliminate(1)
    with pytest.raises(ValueError, match="not in the turn order"):
        turns.eliminate(7)


def test_eliminating_the_current_seat_hands_the_turn_on() -> None:
    turns = TurnOrder([2, 0, 1], position=1)
    turns.eliminate(0)
    assert turns.current == 1 and turns.round == 1
    assert turns.advance() == 2 and turns.round == 2


@given(st.integers(2, 7), st.data())
@settings(max_examples=60, deadline=None)
def test_eliminations_keep_the_others_in_order(n: int, data: st.DataObject) -> None:
    turns = TurnOrder(list(range(n)), position=data.draw(st.integers(0, n - 1)))
    for _ in range(data.draw(st.integers(0, n - 1))):
        before = turns.order.copy()
        seat = data.draw(st.sampled_from(before))
        current = turns.current
        turns.eliminate(seat)
        assert turns.order == [s for s in before if s != seat]
        assert 0 <= turns.position < len(turns.order)
        if seat != current:
            assert turns.current == current
        else:
            assert turns.current == before[(before.index(seat) + 1) % len(before)]


def test_reorder_by_a_players_choice() -> None:
    turns = TurnOrder([0, 1, 2, 3], position=3, extra_turns=1)
    turns.reorder([2, 0, 3, 1])
    assert turns.order == [2, 0, 3, 1] and turns.current == 2 and turns.extra_turns == 0
    with pytest.raises(ValueError, match="permutation"):
        turns.reorder([0, 1, 2])


def test_neighbours_round_a_circle_of_any_size() -> None:
    turns = TurnOrder([0, 1, 2, 3])
    assert [turns.left_of(s) for s in range(4)] == [1, 2, 3, 0]
    assert [turns.right_of(s) for s in range(4)] == [3, 0, 1, 2]
    pair = TurnOrder([1, 0])
    assert pair.left_of(0) == 1 and pair.right_of(0) == 1
    alone = TurnOrder([5])
    assert alone.left_of(5) == 5 and alone.right_of(5) == 5
    with pytest.raises(ValueError, match="not in the turn order"):
        turns.left_of(9)
    with pytest.raises(ValueError, match="not in the turn order"):
        turns.right_of(9)


@given(st.integers(1, 7), st.data())
@settings(max_examples=40, deadline=None)
def test_left_and_right_are_inverse(n: int, data: st.DataObject) -> None:
    order = data.draw(st.permutations(list(range(n))))
    turns = TurnOrder(list(order))
    for seat in order:
        assert turns.right_of(turns.left_of(seat)) == seat
        assert turns.left_of(turns.right_of(seat)) == seat


def test_a_round_count_past_any_game_is_refused() -> None:
    """2**53 rounds is more than any game plays and the most a float holds exactly: a
    determinized save (no history to count rounds against) with round 10**400 loaded and its
    observation tensor raised OverflowError."""
    assert TurnOrder([0, 1], round=2**53).round == 2**53
    for round_ in (2**53 + 1, 10**400):
        with pytest.raises(ValueError, match="round must be at most 2\\*\\*53"):
            TurnOrder([0, 1], round=round_)


@pytest.mark.parametrize("name", ["splendor_duel", "cities_of_splendor"])
def test_a_determinized_save_counting_rounds_past_any_game_is_refused(name: str) -> None:
    game = tabletop.load(name)
    state = game.new_game(players=2, seed=1)
    for _ in range(12):
        state.apply(state.legal_actions()[0])
    data = json.loads(json.dumps(state.determinize(0, 5).to_dict()))
    data["turns"]["round"] = 10**400
    with pytest.raises(ValueError, match=r"round must be at most 2\*\*53 .* @ \$\.turns"):
        game.state_from_dict(data, verify=False)
