"""The observation tensor (issue 12): one shape per player count whatever the module, every
observed thing in it, equal observations giving equal tensors, the seat-relative layout of
tensor.py, its speed."""

from __future__ import annotations

import pytest

from contract import (
    check_every_observed_leaf_is_encoded,
    check_tensors,
    check_tensors_distinguish,
    random_state,
    tensor_microseconds,
)
from tabletop.games.cities_of_splendor import GAME, CitiesOfSplendorState
from tabletop.games.cities_of_splendor.components import MODULES
from tabletop.games.cities_of_splendor.tensor import PLAYER_SIZE, TASKS, encode_observation

#: Every module's name as the option takes it, ``None`` (base Splendor) included.
ALL = list(MODULES)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_shape_depends_on_the_player_count_only(players: int) -> None:
    assert PLAYER_SIZE == 863
    for module in ALL:
        assert GAME.observation_shape(players, module=module) == (987 + 867 * players,)
        for decisions in (0, 50, 2000):
            state = random_state(GAME, decisions, decisions, players=players, module=module)
            assert state.observation_shape == (987 + 867 * players,)
            check_tensors(GAME, state)  # determinized and saved views encode the same


@pytest.mark.parametrize("module", ALL)
def test_every_observed_thing_changes_the_tensor(module: str | None) -> None:
    checked = check_every_observed_leaf_is_encoded(GAME, 3, range(3), module=module)
    view = GAME.new_game(players=3, seed=1, module=module).observation(0)
    places = {path[0] for path in checked}
    # What a module does not use never varies in its games (the module itself is checked below).
    unused = {
        "orient": {"cities", "purchase"},  # a purchase is paid at once in sampled states
        "cities": {"orient_markets", "orient_deck_sizes", "box", "nobles"},
    }.get(str(module), {"orient_markets", "orient_deck_sizes", "box", "cities"})
    assert places == set(view) - unused - {"module"}
    player = {path[2] for path in checked if path[0] == "players"}
    needed = {"tokens", "bonuses", "prestige", "cards", "reserved", "blind"}
    needed |= {
        "orient": {"gold_cards", "pairs", "reserved_nobles", "nobles"},
        "trading_posts": {"posts", "nobles"},
        "strongholds": {"strongholds", "nobles"},
        "cities": {"city"},
    }.get(str(module), {"nobles"})
    assert needed <= player, needed - player


def test_the_module_and_a_purchase_under_way_are_in_the_tensor() -> None:
    state = random_state(GAME, 5, 30, players=3, module="orient")
    view = state.observation(2)
    tensor = encode_observation(view, 2)
    for module in ALL:
        if module != "orient":
            assert encode_observation({**view, "module": module}, 2) != tensor
    bought = next(card for card in view["markets"][0] if card is not None)
    assert encode_observation({**view, "purchase": bought}, 2) != tensor


@pytest.mark.parametrize("module", ALL)
def test_different_observations_give_different_tensors(module: str | None) -> None:
    assert check_tensors_distinguish(GAME, 2, range(2), module=module) > 100
    if module in ("orient", "strongholds"):  # the modules with the most per-seat parts
        assert check_tensors_distinguish(GAME, 4, range(2), module=module) > 100


def test_the_observer_comes_first() -> None:
    state = random_state(GAME, 3, 40, players=3, module="trading_posts")
    assert isinstance(state, CitiesOfSplendorState)
    size = GAME.observation_shape(3)[0]
    # The seat blocks end where the task queue (10 slots of 26 tasks), the purchase, 3 counts,
    # the box and the outcome (1 + 3 + 4) begin.
    assert len(TASKS) == 26
    end = size - (10 * 26 + 120 + 3 + 120 + 8)
    blocks = [slice(end - (3 - i) * PLAYER_SIZE, end - (2 - i) * PLAYER_SIZE) for i in range(3)]
    tensors = [state.observation_tensor(seat) for seat in range(3)]
    tokens = ("white", "blue", "green", "red", "black", "gold")
    for seat in range(3):
        for place in range(3):
            held = state.players[(seat + place) % 3].tokens
            assert tensors[seat][blocks[place]][:6] == [float(held[kind]) for kind in tokens]


@pytest.mark.parametrize("players", [2, 4])
def test_speed(players: int) -> None:
    micros = tensor_microseconds(GAME, players, 1, module="orient")
    print(f"cities_of_splendor, {players} players, orient: {micros:.0f} µs per observation_tensor")
    assert micros < 3_000
