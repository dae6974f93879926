"""Splendor Duel's picture: what the rules make public is drawn, a blind reservation only for
its owner."""

from __future__ import annotations

from tabletop.core import Rng
from tabletop.games.splendor_duel import GAME, SplendorDuelState


def _with_blind_reservation() -> SplendorDuelState:
    for seed in range(50):
        state = GAME.new_game(seed=seed)
        rng = Rng.from_seed(seed)
        while not state.is_terminal:
            if state.blind[0] or state.blind[1]:
                return state
            state.apply(rng.choice(state.legal_actions()))
    raise AssertionError("no random game reserved blind")


def test_the_table_is_drawn() -> None:
    state = _with_blind_reservation()
    picture = state.svg()
    for level in state.pyramid:
        for card in level.slots:
            assert card is None or f">{card}<" in picture
        assert f">{len(level.deck)}<" in picture
    for royal in state.royal_supply:
        assert f">{royal}<" in picture
    for seat in (0, 1):
        assert f"{state.prestige(seat)} prestige" in picture


def test_a_blind_reservation_shows_to_its_owner_only() -> None:
    state = _with_blind_reservation()
    owner = 0 if state.blind[0] else 1
    card = state.blind[owner][0]
    assert f">{card}<" in state.svg(owner)
    assert f">{card}<" not in state.svg(1 - owner)
    assert f">{card}<" not in state.svg()
    assert ">L" in state.svg()  # drawn as a back showing its level


def test_a_wild_card_waiting_for_its_colour_is_drawn() -> None:
    """Between buying a wild card and placing it, the card has no colour yet."""
    for seed in range(60):
        state = GAME.new_game(seed=seed)
        rng = Rng.from_seed(seed)
        while not state.is_terminal:
            if state.decision == "place_wild":
                card = state.ability_card
                assert card is not None and card not in state.wild_colours
                assert card in state.svg()  # in the title of its own pile
                return
            state.apply(rng.choice(state.legal_actions()))
    raise AssertionError("no random game bought a wild card")
