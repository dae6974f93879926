"""Integers a caller passes: a numpy integer is an int (what ``argmax`` over a legal-action mask
returns), a bool or a float is not, and whatever is accepted is kept as a plain int."""

from __future__ import annotations

import enum
import json

import pytest

import tabletop
from tabletop.core.integers import as_int
from tabletop.core.rng import Rng
from tabletop.sim import simulate

np = pytest.importorskip("numpy")


class Three(enum.IntEnum):
    THREE = 3


@pytest.mark.parametrize(
    "value",
    [3, Three.THREE, np.int64(3), np.int32(3), np.uint8(3), np.uint64(3)],
    ids=repr,
)
def test_integers_are_plain_ints(value: object) -> None:
    number = as_int(value)
    assert number == 3 and type(number) is int


@pytest.mark.parametrize(
    "value",
    [True, False, np.True_, 3.0, np.float64(3.0), "3", None, [3], 3 + 0j],
    ids=repr,
)
def test_what_is_no_integer_is_none(value: object) -> None:
    assert as_int(value) is None


@pytest.mark.parametrize("name", tabletop.game_names())
def test_numpy_integers_play_a_game(name: str) -> None:
    """players, seed, seat and action ids from numpy: the game is the one plain ints make, and
    its save and record are JSON."""
    game = tabletop.load(name)
    players = 2 if game.min_players <= 2 <= game.max_players else game.min_players
    state = game.new_game(players=np.int64(players), seed=np.uint32(11))
    plain = game.new_game(players=players, seed=11)
    assert state.to_dict() == plain.to_dict() and type(state.seed) is int
    for _ in range(5):
        ids = state.legal_action_ids()
        action = game.decode(np.int64(ids[-1]))
        assert action == game.decode(ids[-1])
        state.apply(action)
        plain.apply(action)
    seat = np.int8(state.current_player if state.current_player is not None else 0)
    assert state.observation(seat) == plain.observation(int(seat))
    guess = state.determinize(seat, np.int64(5))
    assert type(guess.seed) is int and guess.to_dict() == plain.determinize(int(seat), 5).to_dict()
    assert state.team_of(seat) == plain.team_of(int(seat))
    json.dumps(state.to_dict())
    json.dumps(state.record())
    assert game.replay({**state.record(), "seed": np.int64(11)}).to_dict() == state.to_dict()


@pytest.mark.parametrize("bad", [True, np.True_, 2.0, np.float32(2.0)], ids=repr)
def test_bools_and_floats_stay_refused(bad: object) -> None:
    game = tabletop.load("splendor_duel")
    state = game.new_game(players=2, seed=1)
    before = state.to_dict()
    with pytest.raises(ValueError, match="action id must be an int"):
        game.decode(bad)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="seed must be an int"):
        game.new_game(players=2, seed=bad)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="players must be an int"):
        game.new_game(players=bad)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="seat must be an int"):
        state.observation(bad)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="seed must be an int"):
        state.determinize(0, bad)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="seed must be an int"):
        Rng.from_seed(bad)  # type: ignore[arg-type]
    assert state.to_dict() == before


def test_numpy_seeds_in_simulations_and_rng() -> None:
    assert Rng.from_seed(np.int64(9)).next64() == Rng.from_seed(9).next64()
    numpy_run = simulate("splendor_duel", 2, seed=np.int64(4))
    plain_run = simulate("splendor_duel", 2, seed=4)
    assert [game.seed for game in numpy_run.games] == [game.seed for game in plain_run.games]
    assert all(type(game.seed) is int for game in numpy_run.games)
