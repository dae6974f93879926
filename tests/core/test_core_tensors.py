"""Observation tensors and action masks: shapes, seat-relative layout, the kernel's checks, and
the encoders' building blocks in tabletop.core.tensors."""

from __future__ import annotations

from typing import Any

import pytest

from tabletop.core import State
from tabletop.core.tensors import (
    Vocabulary,
    counts,
    filled,
    flag,
    one_hot,
    outcome,
    relative_seat,
    seat_order,
    slots,
)
from toy import GAME, SEALED, Bid, Take, ToyState


def test_the_shape_depends_on_players_and_options() -> None:
    assert GAME.observation_shape(2) == (10,)
    assert GAME.observation_shape(4, pile=30) == (16,)
    assert SEALED.observation_shape(3) == (18,)
    assert SEALED.observation_shape(3, leak=True) == (30,)
    state = SEALED.new_game(players=3, seed=1, leak=True)
    assert state.observation_shape == (30,) and len(state.observation_tensor(2)) == 30


def test_the_shape_refuses_bad_players_and_options_like_new_game() -> None:
    with pytest.raises(ValueError, match="played by 2 to 4 players, not 5"):
        GAME.observation_shape(5)
    with pytest.raises(ValueError, match="toy has no option colour"):
        GAME.observation_shape(2, colour="blue")


def test_the_tensor_follows_the_documented_layout_seat_relative() -> None:
    state = GAME.new_game(players=3, seed=2, pile=9)
    state.apply(Take(2))
    state.apply(Take(3))  # seat 1 draws a bonus card
    bonus = float(state.points[1]["bonus"])
    assert bonus > 0
    # pile, deck size, takes | seat one-hot | points from the observer on | to play (or nobody)
    assert state.observation_tensor(0) == [4.0, 6.0, 2.0, 1.0, 0.0, 0.0, 0.0, bonus, 0.0, 0.0, 0.0, 1.0, 0.0]
    assert state.observation_tensor(1) == [4.0, 6.0, 2.0, 0.0, 1.0, 0.0, bonus, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0]
    state.apply(Take(3))
    state.apply(Take(1))  # the last stone: nobody is to play
    assert state.is_terminal and state.observation_tensor(2)[-4:] == [0.0, 0.0, 0.0, 1.0]


def test_equal_observations_give_equal_tensors_whatever_is_hidden() -> None:
    state = GAME.new_game(players=2, seed=5)
    other = state.clone()
    other.deck.cards.reverse()  # a different hidden order: the same observation
    assert other.to_dict() != state.to_dict()
    assert other.observation(0) == state.observation(0)
    assert other.observation_tensor(0) == state.observation_tensor(0)


def test_a_sealed_bid_shows_only_in_its_bidders_tensor() -> None:
    state = SEALED.new_game(players=2, seed=1)
    before = [state.observation_tensor(0), state.observation_tensor(1)]
    state.apply(Bid(3))
    assert state.observation_tensor(0) != before[0]
    low = SEALED.new_game(players=2, seed=1)
    low.apply(Bid(1))
    assert low.observation_tensor(1) == state.observation_tensor(1)  # seat 1 cannot tell 1 from 3
    assert low.observation_tensor(0) != state.observation_tensor(0)


def test_the_mask_is_one_exactly_at_the_legal_ids() -> None:
    state = GAME.new_game(players=2, seed=1, pile=2)
    assert GAME.num_distinct_actions == 3
    assert state.legal_action_mask() == [1, 1, 0]
    assert state.legal_action_ids() == [0, 1]
    state.apply(Take(2))
    assert state.legal_action_mask() == [0, 0, 0]


def test_a_bad_seat_is_refused() -> None:
    state = GAME.new_game(players=2, seed=1)
    for seat in (2, -1, True, "0"):
        with pytest.raises(ValueError, match=r"seat must be an int in \[0, 2\)"):
            state.observation_tensor(seat)  # type: ignore[arg-type]


def test_a_game_without_tensors_says_so_by_name(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(ToyState, "_encode_observation", staticmethod(State._encode_observation))
    monkeypatch.setattr(ToyState, "_observation_shape", staticmethod(State._observation_shape))
    state = GAME.new_game(players=2, seed=1)
    with pytest.raises(NotImplementedError, match="toy has no observation tensor"):
        state.observation_tensor(0)
    with pytest.raises(NotImplementedError, match="toy has no observation tensor"):
        GAME.observation_shape(2)
    with pytest.raises(NotImplementedError, match="toy has no observation tensor"):
        _ = state.observation_shape


def test_a_tensor_of_the_wrong_length_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    def short(view: dict[str, Any], seat: int) -> list[float]:
        return [float(view["pile"])]

    monkeypatch.setattr(ToyState, "_encode_observation", staticmethod(short))
    with pytest.raises(ValueError, match="toy's observation tensor for seat 1 has 1 entries, not the 10"):
        GAME.new_game(players=2, seed=1).observation_tensor(1)


# ---------------------------------------------------------------------- tabletop.core.tensors


def test_the_helpers_write_their_slices_and_return_where_the_next_begins() -> None:
    colours = Vocabulary(("red", "green", "blue"))
    out = [0.0] * 17
    at = colours.one_hot(out, 0, "blue")
    at = colours.multi_hot(out, at, ["red", "blue"])
    at = one_hot(out, at, None, 2)
    at = counts(out, at, (4, 0))
    at = flag(out, at, True)
    at = slots(out, at, colours, ["green"], 2)
    assert filled(out, at) == [0, 0, 1, 1, 0, 1, 0, 0, 4, 0, 1, 0, 1, 0, 0, 0, 0]


def test_the_helpers_refuse_what_does_not_fit() -> None:
    out = [0.0] * 6
    with pytest.raises(ValueError, match="3 entries do not fit the tensor's 2 slots"):
        slots(out, 0, Vocabulary(("a", "b", "c")), ["a", "b", "c"], 2)
    with pytest.raises(ValueError, match="index 2 is outside a one-hot of 2"):
        one_hot(out, 0, 2, 2)
    with pytest.raises(KeyError):
        Vocabulary(("a",)).one_hot(out, 0, "z")
    with pytest.raises(ValueError, match="slices end at 5, not at its length 6"):
        filled(out, 5)
    with pytest.raises(ValueError, match="repeats a name"):
        Vocabulary(("a", "a"))


def test_seats_and_the_outcome_are_seat_relative() -> None:
    assert seat_order(2, 4) == [2, 3, 0, 1]
    assert relative_seat(0, 2, 4) == 2 and relative_seat(None, 2, 4) is None
    reasons = Vocabulary(("prestige", "crowns"))
    out = [0.0] * 6
    result = {"winners": [2], "reason": "prestige+crowns"}
    assert outcome(out, 0, result, seat_order(2, 3), reasons) == 6
    assert out == [1.0, 1.0, 0.0, 0.0, 1.0, 1.0]
    empty = [0.0] * 6
    assert outcome(empty, 0, None, seat_order(0, 3), reasons) == 6 and empty == [0.0] * 6
