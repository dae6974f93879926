"""Splendor's picture with each module: valid and hiding exactly what the viewer cannot see,
the market and the module's tiles drawn, a blind reservation shown to its owner only."""

from __future__ import annotations

from typing import Any

import pytest

from pictures import check_pictures
from tabletop.core import Rng
from tabletop.games.cities_of_splendor import GAME, CitiesOfSplendorState
from tabletop.games.cities_of_splendor.components import MODULES
from tabletop.games.cities_of_splendor.text import POST_WORDS


@pytest.mark.parametrize("module", [m for m in MODULES if m != GAME.options["module"].default])
def test_pictures_of_every_module(module: str | None) -> None:
    """The default module is checked with every game's pictures (tests/test_pictures.py)."""
    assert check_pictures(GAME, 4, 24, module=module) > 0


def _played(decisions: int, **options: Any) -> CitiesOfSplendorState:
    state = GAME.new_game(players=3, seed=8, **options)
    rng = Rng.from_seed(8)
    for _ in range(decisions):
        state.apply(rng.choice(state.legal_actions()))
    return state


@pytest.mark.parametrize("module", MODULES)
def test_the_market_and_the_module_tiles_are_drawn(module: str | None) -> None:
    state = _played(30, module=module)
    picture = state.svg()
    for market in [*state.markets, *state.orient]:
        for card in market.slots:
            assert card is None or f">{card}<" in picture
        assert f">{len(market.deck)}<" in picture
    for tile in [*state.nobles, *state.cities]:
        assert tile in picture
    if module == "trading_posts":
        assert all(words in picture for words in POST_WORDS.values())
    for seat, player in enumerate(state.players):
        assert f"Player {seat}: {player.prestige} prestige" in picture


def test_a_blind_reservation_shows_to_its_owner_only() -> None:
    for seed in range(40):
        state = GAME.new_game(players=3, seed=seed)
        rng = Rng.from_seed(seed)
        while not state.is_terminal:
            owners = [seat for seat, player in enumerate(state.players) if player.blind]
            if owners:
                owner = owners[0]
                card = state.players[owner].blind[0]
                assert f">{card}<" in state.svg(owner)
                assert all(f">{card}<" not in state.svg(seat) for seat in (None, *range(3)) if seat != owner)
                return
            state.apply(rng.choice(state.legal_actions()))
    pytest.fail("no random game reserved blind")


def test_every_stronghold_on_the_market_flies_a_flag() -> None:
    state = _played(60, module="strongholds")
    placed = sum(card is not None for player in state.players for card in player.strongholds)
    assert placed
    assert state.svg().count("<line") == placed  # a flag is a pole and a pennant
