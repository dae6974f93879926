"""Trusted loads (issue 15) keep structured actions by the exact bytes of their data: a history
action with a list of cells or gold is kept too, and a kept one never stands in for data that
differs in a type (``1.0`` or ``true`` for ``1``)."""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from typing import Any

import pytest

from tabletop.core import Rng
from tabletop.games.splendor_duel import GAME


def _save_with_listed_cells(seed: int = 3) -> tuple[dict[str, Any], int]:
    """A JSON save of a random game and the index of a history action holding a list of ints."""
    state = GAME.new_game(players=2, seed=seed)
    rng = Rng.from_seed(seed)
    while len(state.history) < 40:
        state.apply(rng.choice(state.legal_actions()))
    data: dict[str, Any] = json.loads(json.dumps(state.to_dict()))
    for index, action in enumerate(data["history"]):
        if any(type(value) is list and value and type(value[0]) is int for value in action.values()):
            return data, index
    raise AssertionError("no history action holds a list of ints")


def _listed_field(action: dict[str, Any]) -> str:
    return next(name for name, value in action.items() if type(value) is list and value)


@pytest.mark.parametrize("verify", [False, True])
def test_a_listed_action_loads_the_same_twice_and_round_trips(verify: bool) -> None:
    data, _ = _save_with_listed_cells()
    first = GAME.state_from_dict(copy.deepcopy(data), verify=verify)
    second = GAME.state_from_dict(copy.deepcopy(data), verify=verify)
    assert first.to_dict() == second.to_dict() == data
    assert all(a is b for a, b in zip(first.history, second.history))  # kept, not built again


@pytest.mark.parametrize("retype", [float, bool])
def test_a_list_item_of_another_json_type_is_refused_after_the_kept_action(
    retype: Callable[[int], object],
) -> None:
    data, index = _save_with_listed_cells()
    GAME.state_from_dict(copy.deepcopy(data), verify=False)  # the action is kept now
    bad = copy.deepcopy(data)
    field = _listed_field(bad["history"][index])
    original = bad["history"][index][field][0]
    bad["history"][index][field][0] = retype(original)  # 2.0 == 2 in Python, not in JSON
    for _ in range(2):
        with pytest.raises(ValueError, match=rf"history.*{field}"):
            GAME.state_from_dict(copy.deepcopy(bad), verify=False)


def test_a_tuple_for_a_list_loads_as_the_list_does() -> None:
    data, index = _save_with_listed_cells()
    GAME.state_from_dict(copy.deepcopy(data), verify=False)  # the list's action is kept now
    action = data["history"][index]
    field = _listed_field(action)
    other = copy.deepcopy(data)
    other["history"][index][field] = tuple(action[field])  # other bytes: structured on its own
    loaded = GAME.state_from_dict(other, verify=False)
    assert loaded.to_dict()["history"][index] == action
