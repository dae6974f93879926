"""The observation tensor (issue 12): one shape for every game, every observed thing in it,
equal observations giving equal tensors, the seat-relative layout of tensor.py, its speed."""

from __future__ import annotations

from contract import (
    check_every_observed_leaf_is_encoded,
    check_tensors,
    check_tensors_distinguish,
    random_state,
    tensor_microseconds,
)
from tabletop.games.splendor_duel import GAME, SplendorDuelState
from tabletop.games.splendor_duel.tensor import encode_observation


def played(seed: int, decisions: int, **options: int | None) -> SplendorDuelState:
    """A game after ``decisions`` random decisions (or at its end)."""
    state = random_state(GAME, seed, decisions, **options)
    assert isinstance(state, SplendorDuelState)
    return state


def test_the_shape_is_one_for_every_option() -> None:
    assert GAME.observation_shape(2) == (1235,)
    for first in (None, 0, 1):
        assert GAME.observation_shape(2, first_player=first) == (1235,)
        state = played(3, 30, first_player=first)
        assert state.observation_shape == (1235,)
        check_tensors(GAME, state)


def test_every_observed_thing_changes_the_tensor() -> None:
    checked = check_every_observed_leaf_is_encoded(GAME, 2, range(5))
    view = GAME.new_game(seed=1).observation(0)
    # Every part of the observation was changed somewhere (the options, the follow-ups queued
    # behind the current one and the reason of a win, rarely varied in sampled states, below).
    assert {path[0] for path in checked} == set(view) - {"options", "pending"}
    assert ("players", "*", "reserved", "*", "card") in checked and ("outcome", "winners", "*") in checked


def test_the_options_the_queued_follow_ups_and_the_reason_are_in_the_tensor() -> None:
    view = played(5, 20).observation(1)
    tensor = encode_observation(view, 1)
    ended = played(5, 1000).observation(1)
    reason = ended["outcome"]["reason"]
    for other in ("prestige", "crowns", "colour_prestige", "prestige+crowns"):
        if other != reason:
            changed = {**ended, "outcome": {**ended["outcome"], "reason": other}}
            assert encode_observation(changed, 1) != encode_observation(ended, 1)
    for first in (0, 1):
        assert encode_observation({**view, "options": {"first_player": first}}, 1) != tensor
    assert encode_observation({**view, "pending": ["steal_token", "choose_royal"]}, 1) != encode_observation(
        {**view, "pending": ["choose_royal", "steal_token"]}, 1
    )


def test_different_observations_give_different_tensors() -> None:
    assert check_tensors_distinguish(GAME, 2, range(6)) > 100


def test_equal_observations_give_equal_tensors() -> None:
    for decisions in (0, 9, 15, 40, 70, 400):
        check_tensors(GAME, played(9, decisions))  # determinized and saved views encode the same


def test_the_observer_comes_first() -> None:
    state = played(2, 25)
    size = GAME.observation_shape(2)[0]
    # The last 6 entries are the outcome; before them, the two players' blocks of 302.
    block = 302
    mine, theirs = (slice(size - 6 - 2 * block, size - 6 - block), slice(size - 6 - block, size - 6))
    zero, one = state.observation_tensor(0), state.observation_tensor(1)
    assert one[mine] == encode_observation(state.observation(1), 1)[mine]
    # Seat 0's own block shows its tokens first, in token order; seat 1's shows seat 0's second.
    tokens = state.tokens[0]
    kinds = ("white", "blue", "green", "red", "black", "pearl", "gold")
    assert zero[mine][:7] == [float(tokens[kind]) for kind in kinds] == one[theirs][:7]


def test_speed() -> None:
    micros = tensor_microseconds(GAME, 2, 1)
    print(f"splendor_duel: {micros:.0f} µs per observation_tensor")
    assert micros < 2_000
