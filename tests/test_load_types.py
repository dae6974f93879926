"""``tabletop.load`` is typed (issue 14): a type checker knows the state type of every game
shipped with tabletop. ``mypy --strict src tests`` (CI) checks the ``assert_type`` lines here;
the tests hold each overload to the game it names at run time."""

from __future__ import annotations

import typing
from typing import Any, assert_type

import pytest

import tabletop
from tabletop import Game
from tabletop.games.cities_of_splendor.state import CitiesOfSplendorState
from tabletop.games.dozen_war.state import DozenWarState
from tabletop.games.seven_wonders.state import SevenWondersState
from tabletop.games.splendor_duel.state import SplendorDuelState
from tabletop.games.wonders_duel.state import WondersDuelState


def test_a_checker_knows_each_shipped_games_state_type() -> None:
    assert_type(tabletop.load("cities_of_splendor"), Game[CitiesOfSplendorState])
    assert_type(tabletop.load("dozen_war"), Game[DozenWarState])
    assert_type(tabletop.load("seven_wonders"), Game[SevenWondersState])
    assert_type(tabletop.load("wonders_duel"), Game[WondersDuelState])
    game = tabletop.load("splendor_duel")
    state = assert_type(game.new_game(seed=1), SplendorDuelState)
    assert_type(state.clone(), SplendorDuelState)
    assert type(state) is SplendorDuelState
    name: str = "splendor_duel"
    assert_type(tabletop.load(name), Game[Any])  # a name known only at run time


def _overloads() -> dict[str, str]:
    """Each overload's game name -> the state type its ``Game[...]`` names (as written)."""
    found = {}
    for overload in typing.get_overloads(tabletop.load):
        hints = overload.__annotations__
        if hints["name"].startswith("Literal["):
            found[hints["name"][len('Literal["') : -2]] = hints["return"][len("Game[") : -1]
    return found


def test_every_overload_names_the_state_type_its_game_has() -> None:
    overloads = _overloads()
    assert set(overloads) == set(tabletop.game_names())  # every shipped game, no other
    for name, state_type in overloads.items():
        assert tabletop.load(name).state_type.__name__ == state_type


@pytest.mark.parametrize("name", tabletop.game_names())
def test_the_typed_load_is_the_registry_lookup(name: str) -> None:
    assert tabletop.load(name) is tabletop.core.registry.load(name)
    with pytest.raises(ValueError, match="unknown game 'chess'"):
        tabletop.load("chess")
