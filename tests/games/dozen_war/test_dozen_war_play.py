"""Random play in every mode: the contract, the information sets, and every game ends."""

from __future__ import annotations

from typing import Any

import pytest

from contract import check_contract, check_information_sets
from games.dozen_war.dozen_war_helpers import EVERY_MODE
from tabletop.games.dozen_war import GAME

MODES: list[tuple[int, dict[str, Any]]] = [*EVERY_MODE, (3, {"generals": "random"})]


@pytest.mark.parametrize(("players", "options"), MODES)
def test_contract_in_every_mode(players: int, options: dict[str, Any]) -> None:
    state = check_contract(GAME, players, 11, heavy_every=151, **options)
    assert state.outcome is not None


@pytest.mark.parametrize(("players", "options"), EVERY_MODE)
def test_information_sets_in_every_mode(players: int, options: dict[str, Any]) -> None:
    assert check_information_sets(GAME, players, 5, every=151, **options) > 0
