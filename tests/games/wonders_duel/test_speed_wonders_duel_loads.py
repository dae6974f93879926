"""Trusted loads (issue 15) keep what they refuse: the kept Age structure shapes and the set-based
check that every card is in one place change the speed of a load, never its result."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tabletop.core import Rng
from tabletop.core.invariants import each_in_one_place, each_once
from tabletop.games.wonders_duel import CARDS, GAME, WondersDuelState


def _mid_game(seed: int, moves: int = 30) -> WondersDuelState:
    state = GAME.new_game(players=2, seed=seed)
    rng = Rng.from_seed(seed)
    for _ in range(moves):
        state.apply(rng.choice(state.legal_actions()))
    return state


def _save(seed: int) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(json.dumps(_mid_game(seed).to_dict()))
    return data


def test_loads_of_one_shape_share_it_and_save_as_before() -> None:
    first, second = _save(1), _save(2)
    assert first["age"] == second["age"] == 2  # the same structure shape in both
    a = GAME.state_from_dict(first, verify=False)
    b = GAME.state_from_dict(second, verify=False)
    assert a.structure is not None and b.structure is not None
    assert a.structure.shape is b.structure.shape  # kept once, by its text
    assert a.to_dict() == first and b.to_dict() == second
    assert a.structure is not b.structure  # the layout itself changes in play: never shared


@pytest.mark.parametrize("verify", [False, True])
def test_a_shape_equal_in_value_but_not_in_json_types_is_refused_after_the_kept_one(verify: bool) -> None:
    good = _save(3)
    GAME.state_from_dict(copy.deepcopy(good), verify=verify)  # the shape's text is kept now
    bad = copy.deepcopy(good)
    bad["structure"]["shape"]["face_up"][0] = int(bad["structure"]["shape"]["face_up"][0])  # 1 == True
    for _ in range(2):  # refused, and not kept by the refusal either
        with pytest.raises(ValueError, match=r"structure.*shape.*face_up"):
            GAME.state_from_dict(copy.deepcopy(bad), verify=verify)


def test_a_covering_cycle_is_refused_every_time() -> None:
    data = _save(4)
    covered_by = data["structure"]["shape"]["covered_by"]
    covered_by[covered_by[0][0]] = [*covered_by[covered_by[0][0]], 0]  # slot 0 covers what covers it
    for _ in range(2):
        with pytest.raises(ValueError, match="covering cycle"):
            GAME.state_from_dict(copy.deepcopy(data), verify=False)


_IDS = sorted(CARDS)


@settings(max_examples=150, deadline=None)
@given(
    st.lists(st.lists(st.sampled_from([*_IDS[:12], "no_such_card"]), max_size=5), max_size=4),
    st.booleans(),
)
def test_each_once_refuses_exactly_as_each_in_one_place(places: list[list[str]], complete: bool) -> None:
    named = [(f"place {i}", items) for i, items in enumerate(places)]
    if complete:  # the rest of the cards in one more place: a valid deal unless places repeat one
        named.append(("the rest", [c for c in _IDS if all(c not in items for items in places)]))
    expected: str | None = None
    try:
        each_in_one_place(named, CARDS, what="card")
    except ValueError as error:
        expected = str(error)
    if expected is None:
        each_once(named, CARDS, what="card")
    else:
        with pytest.raises(ValueError) as caught:
            each_once(named, CARDS, what="card")
        assert str(caught.value) == expected


def test_each_once_names_an_unhashable_item() -> None:
    places: list[tuple[str, list[Any]]] = [("the box", [["a list"]]), ("the rest", list(_IDS))]
    with pytest.raises(ValueError, match=r"the box holds \['a list'\], which is not a known card"):
        each_once(places, CARDS, what="card")
