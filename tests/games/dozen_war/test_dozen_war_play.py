"""Random play in every mode: the contract, the information sets, and every game ends."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from contract import check_contract, check_information_sets
from games.dozen_war.dozen_war_helpers import EVERY_MODE
from tabletop.core import Action, Rng
from tabletop.games.dozen_war import GAME
from tabletop.games.dozen_war.actions import EndTurn

MODES: list[tuple[int, dict[str, Any]]] = [*EVERY_MODE, (3, {"generals": "random"})]


@pytest.mark.parametrize(("players", "options"), MODES)
def test_contract_in_every_mode(players: int, options: dict[str, Any]) -> None:
    state = check_contract(GAME, players, 11, heavy_every=151, **options)
    assert state.outcome is not None


@pytest.mark.parametrize(("players", "options"), EVERY_MODE)
def test_information_sets_in_every_mode(players: int, options: dict[str, Any]) -> None:
    assert check_information_sets(GAME, players, 5, every=151, **options) > 0


#: Players that never choose at random: always the first, middle or last legal action, or
#: anything but ending the turn while something else is legal.
STUBBORN: dict[str, Callable[[list[Action], Rng], Action]] = {
    "first": lambda legal, rng: legal[0],
    "middle": lambda legal, rng: legal[len(legal) // 2],
    "last": lambda legal, rng: legal[-1],
    "never_end_turn": lambda legal, rng: rng.choice(
        [a for a in legal if not isinstance(a, EndTurn)] or legal
    ),
}


@pytest.mark.parametrize("policy", STUBBORN)
@pytest.mark.parametrize(("players", "options"), EVERY_MODE)
def test_every_game_ends_whoever_plays_it(players: int, options: dict[str, Any], policy: str) -> None:
    """Every turn and every game is finite, not only under random play (R16, DW-8.11): a
    player always giving a piece back once kept a turn going for ever."""
    choose, rng = STUBBORN[policy], Rng.from_seed(players)
    state = GAME.new_game(players=players, seed=players, generals="random", **options)
    for _ in range(10_000):  # random play: ~160 decisions in Engage, ~1,000 at 4 players
        if state.is_terminal:
            break
        state.apply(choose(state.legal_actions(), rng))
    assert state.outcome is not None, f"no end after 10,000 decisions ({state.decision})"
