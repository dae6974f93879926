"""Dozen War's picture: the map's units, castles and mountains, each player's public counts,
a hand by name for its owner only (backs for everyone else)."""

from __future__ import annotations

from xml.sax.saxutils import escape

from tabletop.core import Rng
from tabletop.games.dozen_war import GAME, GENERALS, DozenWarState
from tabletop.games.dozen_war.components import CARD_COPIES, card_name


def _played(players: int, decisions: int, seed: int = 3) -> DozenWarState:
    state = GAME.new_game(players=players, seed=seed)
    rng = Rng.from_seed(seed)
    for _ in range(decisions):
        state.apply(rng.choice(state.legal_actions()))
    return state


def test_the_board_and_the_players_are_drawn() -> None:
    state = _played(4, 150)
    picture = state.svg()
    assert picture.count("<polygon") >= len(state.terrain)  # a mountain each
    for unit in state.units.values():
        if unit.general:
            assert f">{escape(GENERALS[unit.general].name[:2])}<" in picture
    for seat in range(4):
        assert f"{state.skulls[seat]} skulls · {state.castles_taken[seat]} castles taken" in picture
        assert f"hand: {len(state.hands[seat])} card" in picture


def test_a_hand_is_named_for_its_owner_only() -> None:
    state = _played(2, 40)

    def names(seat: int) -> set[str]:
        return {f">{escape(card_name(CARD_COPIES[copy])[:34])}<" for copy in state.hands[seat]}

    for seat in range(2):
        own = names(seat)
        assert own and all(name in state.svg(seat) for name in own)
        assert not any(name in state.svg() for name in own)
        # the other seat sees its own hand by name, and only that
        assert not any(name in state.svg(1 - seat) for name in own - names(1 - seat))
