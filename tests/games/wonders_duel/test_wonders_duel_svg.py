"""7 Wonders Duel's picture: the structure's face-up cards by name, its face-down ones only as
backs, the military track and both cities."""

from __future__ import annotations

from xml.sax.saxutils import escape

from tabletop.core import Rng
from tabletop.games.wonders_duel import GAME, WondersDuelState
from tabletop.games.wonders_duel.city import card_cost
from tabletop.games.wonders_duel.components import CARDS, WONDERS


def _in_age(age: int, seed: int = 3) -> WondersDuelState:
    state = GAME.new_game(seed=seed)
    rng = Rng.from_seed(seed)
    while state.age != age or state.decision != "turn":
        state.apply(rng.choice(state.legal_actions()))
    return state


def test_face_up_cards_are_named_and_face_down_ones_are_backs() -> None:
    state = _in_age(1)
    structure = state.structure
    assert structure is not None
    picture = state.svg()
    shown = [c for c, up in zip(structure.cards, structure.revealed) if c is not None and up]
    hidden = [c for c, up in zip(structure.cards, structure.revealed) if c is not None and not up]
    assert shown and hidden
    for card in shown:
        assert f">{escape(CARDS[card].name)}<" in picture
    for card in hidden:
        assert f">{escape(CARDS[card].name)}<" not in picture
    assert picture.count(">I</text>") >= len(shown) + len(hidden)  # every card shows its Age


def test_cities_show_coins_and_wonders() -> None:
    state = _in_age(2)
    picture = state.svg(1)
    for seat in (0, 1):
        assert f"{state.coins[seat]} coins" in picture
        for wonder in [*state.wonders[seat], *state.built[seat]]:
            assert escape(WONDERS[wonder].name) in picture
    assert "Player 1 (you)" in picture and "(you)" not in state.svg()


def test_takeable_cards_show_their_price_for_the_player_to_move() -> None:
    state = _in_age(2)
    structure = state.structure
    assert structure is not None and state.current_player is not None
    picture = state.svg()
    takeable = [c for slot, c in enumerate(structure.cards) if c is not None and slot in structure.open]
    assert takeable
    for card in takeable:
        printed, trade, chained = card_cost(state, state.current_player, card)
        assert (">chain<" if chained else f">{printed + trade}$<") in picture
