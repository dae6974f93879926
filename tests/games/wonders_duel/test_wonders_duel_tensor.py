"""The observation tensor (issue 12): one shape for both Wonder options, every observed thing in
it, equal observations giving equal tensors, the seat-relative layout of tensor.py, its speed."""

from __future__ import annotations

import pytest

from contract import (
    check_every_observed_leaf_is_encoded,
    check_tensors,
    check_tensors_distinguish,
    random_state,
    tensor_microseconds,
)
from tabletop.games.wonders_duel import GAME, WondersDuelState
from tabletop.games.wonders_duel.tensor import encode_observation

SIZE = 2870


def played(seed: int, decisions: int, wonders: str = "draft") -> WondersDuelState:
    """A game after ``decisions`` random decisions (or at its end)."""
    state = random_state(GAME, seed, decisions, wonders=wonders)
    assert isinstance(state, WondersDuelState)
    return state


@pytest.mark.parametrize("wonders", ["draft", "beginner"])
def test_the_shape_is_one_for_both_options(wonders: str) -> None:
    assert GAME.observation_shape(2, wonders=wonders) == (SIZE,)
    for decisions in (0, 10, 60, 1000):
        state = played(4, decisions, wonders)
        assert state.observation_shape == (SIZE,)
        check_tensors(GAME, state)


def test_every_observed_thing_changes_the_tensor() -> None:
    # The beginner sets have no draft; The Great Library and Strategy turn up in a few games.
    assert len(check_every_observed_leaf_is_encoded(GAME, 2, range(2), wonders="beginner")) > 30
    checked = check_every_observed_leaf_is_encoded(GAME, 2, range(4))
    view = GAME.new_game(seed=1).observation(0)
    # Every part of the observation was changed somewhere (the options and the reason of a win,
    # rarely varied in a few games, are checked below).
    assert {path[0] for path in checked} == set(view) - {"options"}
    for place in [("structure", "*"), ("tucked",), ("library_offer",), ("loot", "*")]:
        assert place in checked, place


def test_the_option_pending_decisions_reason_and_library_are_in_the_tensor() -> None:
    view = played(5, 30).observation(1)
    tensor = encode_observation(view, 1)
    assert encode_observation({**view, "options": {"wonders": "beginner"}}, 1) != tensor
    first = encode_observation({**view, "pending": ["mausoleum", "progress_token"]}, 1)
    assert first != encode_observation({**view, "pending": ["progress_token", "mausoleum"]}, 1)
    assert encode_observation({**view, "pending": ["destroy:grey"]}, 1) != encode_observation(
        {**view, "pending": ["destroy:brown"]}, 1
    )
    ended = played(5, 1000).observation(1)
    for reason in ("military", "science", "civilian"):
        if reason != ended["outcome"]["reason"]:
            changed = {**ended, "outcome": {**ended["outcome"], "reason": reason}}
            assert encode_observation(changed, 1) != encode_observation(ended, 1)
    hidden = encode_observation({**view, "library_offer": 3}, 1)
    shown = encode_observation({**view, "library_offer": ["law", "masonry", "theology"]}, 1)
    assert len({tuple(tensor), tuple(hidden), tuple(shown)}) == 3


def test_different_observations_give_different_tensors() -> None:
    assert check_tensors_distinguish(GAME, 2, range(5)) > 300
    assert check_tensors_distinguish(GAME, 2, range(3), wonders="beginner") > 200


def test_equal_observations_give_equal_tensors() -> None:
    for decisions in (0, 9, 15, 40, 70, 400):
        check_tensors(GAME, played(9, decisions))  # determinized and saved views encode the same


def test_the_military_pawn_is_counted_towards_the_opponent() -> None:
    state = played(2, 60)
    state.military.position = 4  # on seat 1's half: seat 0 leads
    zero, one = state.observation_tensor(0), state.observation_tensor(1)
    # The pawn sits just before the 4 loot tokens and the 6 entries of the outcome.
    assert zero[-11] == 4.0 and one[-11] == -4.0
    # Each seat sees the loot tokens on its own half first.
    assert zero[-10:-6] == [
        1.0 if t in state.loot else 0.0 for t in ("p1_side_2", "p1_side_5", "p2_side_2", "p2_side_5")
    ]
    assert one[-10:-6] == [
        1.0 if t in state.loot else 0.0 for t in ("p2_side_2", "p2_side_5", "p1_side_2", "p1_side_5")
    ]


def test_speed() -> None:
    micros = tensor_microseconds(GAME, 2, 1)
    print(f"wonders_duel: {micros:.0f} µs per observation_tensor")
    assert micros < 2_000
