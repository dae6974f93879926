"""Trusted loads (``state_from_dict(data, verify=False)``) of structurally broken saves: the
replay is skipped, but every structural check still refuses what no game could hold, with a
``ValueError``; a save that loads is usable (its legal actions, pictures, observations)."""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Iterator
from typing import Any

import pytest

import tabletop
from tabletop.core import State

NAMES = tabletop.game_names()
REPLACEMENTS: list[object] = [None, -1, 99, 2.0, True, "x", [], {}, [0], 10**20]


def midgame(name: str, players: int, seed: int) -> State:
    state: State = tabletop.load(name).new_game(players=players, seed=seed)
    rng = random.Random(seed)
    for _ in range(rng.randrange(5, 40)):
        if state.is_terminal:
            break
        state.apply(rng.choice(state.legal_actions()))
    return state


def places(data: Any, prefix: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    """Every key path into ``data`` (the first few items of each list)."""
    if isinstance(data, dict):
        for key, value in data.items():
            yield (*prefix, key)
            yield from places(value, (*prefix, key))
    elif isinstance(data, list):
        for index, value in enumerate(data[:4]):
            yield (*prefix, index)
            yield from places(value, (*prefix, index))


def use(state: State) -> None:
    """What a caller does with a loaded state; none of it may fail."""
    for seat in (None, *range(state.num_players)):
        state.svg(seat)
        if seat is not None:
            state.observation(seat)
    state.scores()
    repr(state)
    str(state)
    if not state.is_terminal:
        state.clone().apply(state.legal_actions()[0])


@pytest.mark.parametrize("name", NAMES)
def test_a_trusted_load_of_a_broken_save_is_refused_or_gives_a_usable_state(name: str) -> None:
    game = tabletop.load(name)
    rng = random.Random(name)
    for players in sorted({game.min_players, game.max_players}):
        data = json.loads(json.dumps(midgame(name, players, rng.randrange(100)).to_dict()))
        paths = [path for path in places(data) if path[0] not in ("game", "format")]
        for _ in range(40):
            broken = copy.deepcopy(data)
            path = rng.choice(paths)
            node = broken
            for key in path[:-1]:
                node = node[key]
            old = node[path[-1]]
            node[path[-1]] = old + rng.choice((-1, 1, 7)) if type(old) is int else rng.choice(REPLACEMENTS)
            try:
                state = game.state_from_dict(broken, verify=False)
            except ValueError:
                continue
            use(state)


def test_a_castle_of_a_seat_that_is_not_at_the_table_is_refused() -> None:
    """Before: a dozen_war save whose castle belonged to seat 7 of 3 loaded trusted, and drawing
    it raised IndexError."""
    game = tabletop.load("dozen_war")
    state: State = game.new_game(players=3, seed=3)
    data = json.loads(json.dumps(state.to_dict()))
    assert data["castles"], "a 3-player game has castles from the start"
    for field, value, words in (
        ("owner", 7, "castle 0 belongs to seat 7"),
        ("taken_by", -1, "taken by -1"),
        ("cell", 10_000, "castle 0 stands off the board"),
    ):
        broken = copy.deepcopy(data)
        broken["castles"][0][field] = value
        for verify in (False, True):
            with pytest.raises(ValueError, match=words):
                game.state_from_dict(broken, verify=verify)


@pytest.mark.parametrize("cell", [-1, 10**20, "twice"], ids=repr)
def test_mountain_cells_off_the_board_or_listed_twice_are_refused(cell: object) -> None:
    """Before: a mountain at cell -1 loaded trusted (Python's index from the end), one at 10**20
    was refused as "cannot fit 'int' into an index-sized integer"."""
    game = tabletop.load("dozen_war")
    data = json.loads(json.dumps(game.new_game(players=3, seed=3).to_dict()))
    data["terrain"][1] = data["terrain"][0] if cell == "twice" else cell
    for verify in (False, True):
        with pytest.raises(ValueError, match=r"the mountain cells .* are not distinct cells of the board"):
            game.state_from_dict(data, verify=verify)


@pytest.mark.parametrize("verify", [0, 1, "no", None, 2.0], ids=repr)
def test_verify_that_is_not_a_bool_is_refused_by_name(verify: object) -> None:
    game = tabletop.load("splendor_duel")
    data = game.new_game(seed=1).to_dict()
    with pytest.raises(ValueError, match="verify"):
        game.state_from_dict(data, verify=verify)  # type: ignore[arg-type]


def finished(name: str, players: int) -> State:
    state: State = tabletop.load(name).new_game(players=players, seed=5)
    rng = random.Random(5)
    while not state.is_terminal:
        state.apply(rng.choice(state.legal_actions()))
    return state


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize(
    "edit",
    [
        pytest.param(lambda o: o.update(scores=o["scores"][:1]), id="scores-cut"),
        pytest.param(lambda o: o.update(scores=[*o["scores"], 0]), id="scores-extra"),
        pytest.param(lambda o: o.update(winners=[99]), id="winner-off-the-table"),
        pytest.param(lambda o: o.update(winners=[0, 0]), id="winner-twice"),
    ],
)
def test_a_finished_save_with_an_outcome_that_does_not_fit_the_table_is_refused(name: str, edit: Any) -> None:
    game = tabletop.load(name)
    data = game.state_to_dict(finished(name, game.max_players))
    edit(data["outcome"])
    with pytest.raises(ValueError, match="outcome"):
        game.state_from_dict(data, verify=False)
