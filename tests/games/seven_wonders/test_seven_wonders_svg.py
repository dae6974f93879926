"""7 Wonders' picture: every city in the circle, a seat's own hand face up for it alone, the
others' hands as counts, the Free City with 2 players."""

from __future__ import annotations

from xml.sax.saxutils import escape

from tabletop.games.seven_wonders import GAME
from tabletop.games.seven_wonders.components import BOARDS, CARDS


def test_a_hand_is_drawn_for_its_seat_only() -> None:
    state = GAME.new_game(players=3, seed=5)  # in 3-player Age I every card kind is dealt once
    hands = [state.observation(seat)["hands"][seat]["cards"] for seat in range(3)]
    for seat, hand in enumerate(hands):
        names = [f">{escape(CARDS[card].name)}<" for card in hand]
        assert all(name in state.svg(seat) for name in names)
        for other in (None, *(s for s in range(3) if s != seat)):
            assert not any(name in state.svg(other) for name in names)
        assert f"hand: {len(hand)} cards" in state.svg()
    assert "Your hand" not in state.svg()


def test_every_city_and_the_free_city_are_drawn() -> None:
    state = GAME.new_game(players=2, seed=6)
    picture = state.svg()
    for board, side in zip(state.boards, state.sides):
        assert escape(f"{BOARDS[board].name} {side}") in picture
    assert f"Free City: {BOARDS[state.boards[2]].name}" in picture
    assert f"run by player {state.holder}" in picture
    assert "Age I<" in picture and "hands pass to the left" in picture
