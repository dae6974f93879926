"""The shortcuts of a trusted 7 Wonders load: views derived through the shared productions are
the ones derived from scratch, a loaded state's views are its cities', and the one-comparison
card check still names what is wrong."""

from __future__ import annotations

import json
from typing import Any

import pytest

from tabletop.core import Rng
from tabletop.games.seven_wonders import GAME, SevenWondersState
from tabletop.games.seven_wonders.city import _derive, derive


def _random_states(players: int, seed: int, side: str = "random") -> list[SevenWondersState]:
    rng = Rng.from_seed(seed)
    state = GAME.new_game(players=players, seed=seed, side=side)
    states = []
    while not state.is_terminal:
        states.append(state.clone())
        state.apply(rng.choice(state.legal_actions()))
    return [*states, state]


@pytest.mark.parametrize("players", [2, 3, 7])
def test_derived_views_are_those_derived_from_scratch(players: int) -> None:
    for state in _random_states(players, seed=players)[::5]:
        for board, side, built, tucked in zip(state.boards, state.sides, state.built, state.tucked):
            assert derive(board, side, built, len(tucked)) == _derive(board, side, built, len(tucked))
            # A card order other than the built one (a hand-made save) gives the same view.
            shuffled = tuple(reversed(built))
            assert derive(board, side, shuffled, len(tucked)) == _derive(board, side, built, len(tucked))


@pytest.mark.parametrize("players", [2, 5])
def test_a_trusted_load_has_the_views_of_its_cities(players: int) -> None:
    for state in _random_states(players, seed=10 + players)[::7]:
        data = json.loads(json.dumps(state.to_dict()))
        loaded = GAME.state_from_dict(data, verify=False)
        assert loaded.views == state.views
        assert loaded.legal_actions() == state.legal_actions()


def _save() -> dict[str, Any]:
    state = _random_states(3, seed=4)[20]
    data: dict[str, Any] = json.loads(json.dumps(state.to_dict()))
    return data


@pytest.mark.parametrize(
    ("tamper", "message"),
    [
        (lambda d: d["box"].append(d["box"][0]), "twice in the box"),
        (lambda d: d["pile"].append(d["box"][0]), "both in"),
        (lambda d: d["box"].__setitem__(0, "nope"), "not a known card"),
        (lambda d: d["box"].__setitem__(0, ["a", "list"]), "box"),
        (lambda d: d["decks"][2].clear(), "in no place"),
    ],
)
def test_the_card_check_names_what_is_wrong(tamper: Any, message: str) -> None:
    data = _save()
    tamper(data)
    with pytest.raises(ValueError, match=message):
        GAME.state_from_dict(data, verify=False)


def test_hands_refuse_rows_of_the_wrong_size_and_negative_counts() -> None:
    data = _save()
    data["hands"]["unseen"][1][2] = -1
    with pytest.raises(ValueError, match="never negative"):
        GAME.state_from_dict(data, verify=False)
    data = _save()
    data["hands"]["seen"][0].pop()
    with pytest.raises(ValueError, match="rows of"):
        GAME.state_from_dict(data, verify=False)
