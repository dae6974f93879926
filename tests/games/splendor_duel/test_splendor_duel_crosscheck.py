"""Rules cross-check (brief H6): cases of the Splendor Duel rulebook (the transcription named in
/work/shared/reference/splendor/README.md, sections 4 and 5) that the other files do not pin
down yet."""

from __future__ import annotations

from games.splendor_duel.splendor_duel_helpers import (
    cell,
    give_cards,
    new,
    set_board,
    set_tokens,
    tokens_of,
)
from games.splendor_duel.test_splendor_duel_effects import buy
from tabletop.games.splendor_duel import ChooseRoyal, Discard, Steal, TakeToken


def test_a_royal_cards_points_can_win_at_the_end_of_that_turn() -> None:
    # Crowns: the royal card is taken at once, and victory is checked at the end of the turn.
    state = new()
    give_cards(state, 0, "D3-13", "D2-24", "D1-28", "D3-02")  # 14 colourless and 4 white points
    give_cards(state, 0, "D1-02", "D1-12")  # 2 crowns, no points
    assert state.prestige(0) == 18
    buy(state, "D1-17", white=3)  # the 3rd crown
    points = state.prestige(0)
    assert state.decision == "choose_royal" and not state.is_terminal and points < 20
    state.apply(ChooseRoyal("R4"))
    assert state.prestige(0) == points + 3
    assert state.outcome is not None and state.outcome.reason == "prestige"
    assert state.outcome.winners == (0,)


def test_royal_points_count_for_no_colour() -> None:
    # Victory condition 3: only cards of one colour (and wild cards grouped with them) count.
    state = new()
    give_cards(state, 0, "D3-02", "D2-03", "D2-02", "D2-04", "D1-05")  # 9 white points, no crown
    give_cards(state, 0, "D1-02", "D1-12")  # 2 crowns
    buy(state, "D1-17", white=3)  # the 3rd crown
    colours = state.colour_prestige(0)
    points = state.prestige(0)
    state.apply(ChooseRoyal("R4"))
    assert state.prestige(0) == points + 3 < 20
    assert state.colour_prestige(0) == colours and colours["white"] == 9
    assert not state.is_terminal and state.current_player == 1


def test_a_token_taken_by_a_card_ability_counts_for_the_ten_token_limit() -> None:
    # End of turn: the limit is checked after the mandatory action and its abilities.
    state = new()
    set_board(state, {cell(2, 2): "white"})
    buy(state, "D1-04", red=2, black=2, blue=4, green=4, pearl=2)  # 14, pays 4: 10
    assert sum(tokens_of(state, 0).values()) == 10 and state.decision == "take_token"
    state.apply(TakeToken(cell(2, 2)))
    assert state.decision == "discard_tokens" and state.current_player == 0
    state.apply(Discard("white"))
    assert sum(tokens_of(state, 0).values()) == 10 and state.current_player == 1


def test_a_stolen_token_counts_for_the_ten_token_limit() -> None:
    state = new()
    set_tokens(state, 1, red=1)
    buy(state, "D2-02", blue=4, red=3, green=4, white=4, pearl=2)  # 17, pays 7: 10
    state.apply(Steal("red"))
    assert sum(tokens_of(state, 0).values()) == 11 and state.decision == "discard_tokens"
    state.apply(Discard("pearl"))
    assert tokens_of(state, 1) == {} and state.current_player == 1
