"""Invariants over random play, in every module and player count."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from contract import check_contract
from games.cities_of_splendor.helpers import token_totals
from tabletop.core import Rng
from tabletop.games.cities_of_splendor import GAME, MODULES, CitiesOfSplendorState
from tabletop.games.cities_of_splendor.components import COLOURS


def check_invariants(state: CitiesOfSplendorState) -> None:
    """Every invariant of the game, stated once in ``invariants.check`` (what loading checks):
    cards and tokens conserved, no negative counts, bonuses and prestige from the tableau,
    reserves, nobles, cities, strongholds, the token limit, the pending decision."""
    state._validate()


@pytest.mark.parametrize("module", MODULES)
@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 2**32), players=st.integers(2, 4))
def test_random_play_conserves_tokens_and_cards_and_ends(module: str | None, seed: int, players: int) -> None:
    state = GAME.new_game(players=players, seed=seed, module=module)
    tokens = token_totals(state)
    assert tokens == {**dict.fromkeys(COLOURS, {2: 4, 3: 5, 4: 7}[players]), "gold": 5}
    rng = Rng.from_seed(seed)
    steps = 0
    while not state.is_terminal:
        assert steps < 5_000, "the game did not end"
        check_invariants(state)
        if steps % 40 == 0:  # resampled hidden cards still make a possible state
            check_invariants(state.determinize((state.turns.current + 1) % players, seed))
        state.apply(rng.choice(state.legal_actions()))
        steps += 1
    check_invariants(state)
    assert state.outcome is not None and state.outcome.winners
    final = state.to_dict()
    assert GAME.replay(json.loads(json.dumps(state.record()))).to_dict() == final
    assert GAME.state_from_dict(json.loads(json.dumps(final))).to_dict() == final


@pytest.mark.parametrize("module", MODULES)
def test_contract_in_every_module(module: str | None) -> None:
    for players in (2, 3, 4):
        check_contract(GAME, players, seed=players, heavy_every=11, module=module)


@pytest.mark.parametrize("module", MODULES)
@settings(max_examples=5, deadline=None)
@given(seed=st.integers(0, 2**32), cut=st.integers(0, 150))
def test_clone_and_save_midgame_are_exact(module: str | None, seed: int, cut: int) -> None:
    state = GAME.new_game(players=3, seed=seed, module=module)
    rng = Rng.from_seed(seed + 1)
    for _ in range(cut):
        if state.is_terminal:
            break
        state.apply(rng.choice(state.legal_actions()))
    copy = state.clone()
    restored = GAME.state_from_dict(json.loads(json.dumps(state.to_dict())))
    for _ in range(40):
        if state.is_terminal:
            break
        action = rng.choice(state.legal_actions())
        assert restored.legal_actions() == state.legal_actions()
        state.apply(action)
        restored.apply(action)
        copy.apply(action)
    assert copy.to_dict() == state.to_dict() == restored.to_dict()
