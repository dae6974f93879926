"""Trusted Dozen War saves (``state_from_dict(data, verify=False)``, no replay) with broken task
data or seats: each breakage is refused by a ``ValueError`` naming the field, or the state loads
fully usable (legal actions, apply, every seat's observation, the picture all work)."""

from __future__ import annotations

import copy
import functools
import random
from typing import Any

import pytest

import tabletop

#: The free-form task fields the engine indexes with.
FIELDS = ("pieces", "order", "cells", "stage", "piece")

BAD_VALUES: list[Any] = [
    None,
    3,
    -1,
    2.0,
    True,
    "x",
    "guard",
    [],
    [None],
    [-1],
    [99],
    [10**6],
    [0, 0],
    [1.0],
    ["nosuchtoken"],
    [[0]],
    {"a": 1},
]


@functools.cache
def _saves() -> list[dict[str, Any]]:
    """Saves of random games (2 to 4 players) at every decision whose agenda holds a free-form
    field, so each field is broken in the positions where the engine reads it."""
    game = tabletop.load("dozen_war")
    saves = []
    for players, seed in ((2, 1), (2, 2), (3, 3), (4, 4)):
        state = game.new_game(players=players, seed=seed)
        chooser = random.Random(seed)
        while not state.is_terminal and len(state.history) < 400:
            data = state.to_dict()
            if any(key in task["data"] for task in data["tasks"] for key in FIELDS):
                saves.append(data)
            state.apply(chooser.choice(state.legal_actions()))
    return saves


def _usable(state: Any) -> None:
    """A few decisions of play from ``state``, looking at everything a client looks at."""
    chooser = random.Random(0)
    for _ in range(4):
        for seat in range(state.num_players):
            state.observation(seat)
        state.svg()
        if state.is_terminal:
            return
        state.apply(chooser.choice(state.legal_actions()))


def test_the_saves_cover_every_field() -> None:
    seen = {key for data in _saves() for task in data["tasks"] for key in task["data"]}
    assert {"pieces", "order", "cells", "stage"} <= seen


def test_unbroken_trusted_saves_load_and_play() -> None:
    game = tabletop.load("dozen_war")
    for data in _saves()[::3]:
        _usable(game.state_from_dict(data, verify=False))


@pytest.mark.parametrize("seed", range(6))
def test_broken_task_data_is_refused_by_name_or_loads_usable(seed: int) -> None:
    game = tabletop.load("dozen_war")
    chooser = random.Random(seed)
    saves = _saves()
    refused = 0
    for _ in range(60):
        data = copy.deepcopy(chooser.choice(saves))
        task = chooser.choice([t for t in data["tasks"] if any(k in t["data"] for k in FIELDS)])
        field = chooser.choice([k for k in FIELDS if k in task["data"]] + ["seat"])
        bad = copy.deepcopy(chooser.choice(BAD_VALUES))
        if field == "seat":
            task["seat"] = bad
        else:
            task["data"][field] = bad
        try:
            state = game.state_from_dict(data, verify=False)
        except ValueError as error:
            assert field in str(error), (field, bad, error)
            refused += 1
            continue
        _usable(state)
    assert refused > 0  # the breakages do reach the checks


def test_an_eliminated_seat_still_in_the_turn_order_is_refused() -> None:
    game = tabletop.load("dozen_war")
    data = copy.deepcopy(_saves()[0])
    data["eliminated"][data["turns"]["order"][0]] = True
    with pytest.raises(ValueError, match="eliminated"):
        game.state_from_dict(data, verify=False)


@pytest.mark.parametrize("bad", [None, 2.0, True, 9, -1, "0"], ids=repr)
def test_a_turn_order_of_no_seats_is_refused(bad: Any) -> None:
    game = tabletop.load("dozen_war")
    data = copy.deepcopy(_saves()[0])
    data["turns"]["order"][0] = bad
    with pytest.raises(ValueError, match="order"):
        game.state_from_dict(data, verify=False)
