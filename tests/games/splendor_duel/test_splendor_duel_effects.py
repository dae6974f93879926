"""Scenario tests: card abilities, royal cards and crowns, the 10-token discard, victory."""

from __future__ import annotations

import pytest

import tabletop
from games.splendor_duel.splendor_duel_helpers import (
    NO_GOLD,
    cell,
    face_up,
    give_cards,
    new,
    refuse,
    set_board,
    set_tokens,
    tokens_of,
)
from tabletop.games.splendor_duel import (
    Buy,
    ChooseRoyal,
    Discard,
    PlaceWild,
    SplendorDuelState,
    Steal,
    TakeToken,
    TakeTokens,
)


def buy(state: SplendorDuelState, card: str, **tokens: int) -> None:
    """Seat 0 buys ``card`` from the pyramid holding exactly ``tokens``, without gold."""
    face_up(state, card)
    set_tokens(state, 0, **tokens)
    state.apply(Buy(card, NO_GOLD))


# ---------------------------------------------------------------------- abilities


def test_play_again_gives_an_extra_turn() -> None:
    state = new()
    buy(state, "D1-03", blue=2, green=2, pearl=1)
    assert (state.current_player, state.decision) == (0, "turn")
    take = next(a for a in state.legal_actions() if isinstance(a, TakeTokens))
    state.apply(take)
    assert state.current_player == 1


def test_wild_bonus_joins_a_colour_of_an_owned_bonus_card() -> None:
    state = new()
    give_cards(state, 0, "D1-21", "D1-06")  # a red and a blue card
    buy(state, "D1-27", white=4, pearl=1)
    assert (state.current_player, state.decision) == (0, "place_wild")
    assert state.legal_actions() == [PlaceWild("blue"), PlaceWild("red")]
    refuse(state, PlaceWild("green"), "wild card must join a colour")
    state.apply(PlaceWild("red"))
    assert state.bonuses(0) == [0, 1, 0, 2, 0]
    assert state.colour_of("D1-27") == "red"
    assert state.current_player == 1


def test_a_wild_card_cannot_be_bought_without_a_bonus_card() -> None:
    state = new()
    give_cards(state, 0, "D1-28")  # colourless: no bonus
    face_up(state, "D1-27")
    set_tokens(state, 0, white=4, pearl=1)
    assert Buy("D1-27", NO_GOLD) not in state.legal_actions()
    refuse(state, Buy("D1-27", NO_GOLD), "need a card with a bonus")


def test_take_a_token_of_the_card_colour() -> None:
    state = new()
    set_board(state, {cell(2, 2): "white", cell(4, 4): "white", cell(1, 1): "blue"})
    buy(state, "D1-04", red=2, black=2)
    assert state.decision == "take_token"
    assert state.legal_actions() == [TakeToken(cell(2, 2)), TakeToken(cell(4, 4))]
    refuse(state, TakeToken(cell(1, 1)), r"takes a white token \(the card's colour\)")
    state.apply(TakeToken(cell(4, 4)))
    assert tokens_of(state, 0) == {"white": 1}
    assert state.board[cell(4, 4)] is None and state.current_player == 1


def test_take_a_token_is_ignored_when_none_of_that_colour_is_left() -> None:
    state = new()
    set_board(state, {cell(1, 1): "blue"})
    buy(state, "D1-04", red=2, black=2)
    assert (state.current_player, state.decision) == (1, "turn")


def test_take_privilege_from_the_table_then_from_the_opponent() -> None:
    state = new()
    buy(state, "D2-03", white=4, black=2, pearl=1)
    assert state.privileges == [1, 1]
    state = new()
    state.privileges = [1, 2]
    buy(state, "D2-03", white=4, black=2, pearl=1)
    assert state.privileges == [2, 1]


def test_steal_takes_a_gem_or_pearl_never_gold() -> None:
    state = new()
    set_tokens(state, 1, red=1, gold=2)
    buy(state, "D2-02", blue=4, red=3)
    assert (state.current_player, state.decision) == (0, "steal_token")
    assert state.legal_actions() == [Steal("red")]
    refuse(state, Steal("gold"), "the steal ability never takes gold")  # though they hold 2
    refuse(state, Steal("blue"), "cannot steal blue: the opponent holds none")
    state.apply(Steal("red"))
    assert tokens_of(state, 0) == {"red": 1}
    assert tokens_of(state, 1) == {"gold": 2}


def test_steal_is_ignored_when_the_opponent_has_no_gem_or_pearl() -> None:
    state = new()
    set_tokens(state, 1, gold=2)
    buy(state, "D2-02", blue=4, red=3)
    assert (state.current_player, state.decision) == (1, "turn")


# ---------------------------------------------------------------------- crowns and royals


def _two_crowns(state: SplendorDuelState) -> None:
    give_cards(state, 0, "D1-02", "D1-12")  # 1 crown each


def test_the_third_crown_takes_a_royal_card() -> None:
    state = new()
    _two_crowns(state)
    buy(state, "D1-17", white=3)  # 1 crown
    assert state.crowns(0) == 3
    assert (state.current_player, state.decision) == (0, "choose_royal")
    assert state.legal_actions() == [ChooseRoyal(r) for r in ("R1", "R2", "R3", "R4")]


def test_royal_r1_steals() -> None:
    state = new()
    _two_crowns(state)
    set_tokens(state, 1, blue=1, pearl=1)
    buy(state, "D1-17", white=2)  # D1-02 gives a white bonus
    state.apply(ChooseRoyal("R1"))
    assert state.decision == "steal_token"
    assert set(state.legal_actions()) == {Steal("blue"), Steal("pearl")}
    state.apply(Steal("pearl"))
    assert tokens_of(state, 0) == {"pearl": 1} and state.royals[0] == ["R1"]
    assert state.prestige(0) == 2 and state.current_player == 1


def test_royal_r2_plays_again() -> None:
    state = new()
    _two_crowns(state)
    buy(state, "D1-17", white=3)
    state.apply(ChooseRoyal("R2"))
    assert (state.current_player, state.decision) == (0, "turn")
    assert state.royal_supply == ["R1", "R3", "R4"]


def test_royal_r3_takes_a_privilege() -> None:
    state = new()
    _two_crowns(state)
    buy(state, "D1-17", white=3)
    state.apply(ChooseRoyal("R3"))
    assert state.privileges == [1, 1] and state.current_player == 1


def test_royal_r4_is_three_points() -> None:
    state = new()
    _two_crowns(state)
    buy(state, "D1-17", white=3)
    state.apply(ChooseRoyal("R4"))
    assert state.prestige(0) == 3 and state.scores()[0] == {"cards": 0, "royals": 3, "total": 3}
    assert state.current_player == 1


def test_the_sixth_crown_takes_a_second_royal_card() -> None:
    state = new()
    give_cards(state, 0, "D3-12", "D1-02", "D1-12", wild="white")  # 3 + 1 + 1 crowns
    state.royal_supply.remove("R4")
    state.royals[0].append("R4")
    buy(state, "D1-17", white=3)
    assert state.crowns(0) == 6 and state.decision == "choose_royal"
    assert state.legal_actions() == [ChooseRoyal(r) for r in ("R1", "R2", "R3")]
    refuse(state, ChooseRoyal("R4"), "not on the table")


def test_no_royal_card_between_thresholds() -> None:
    state = new()
    give_cards(state, 0, "D1-02", "D1-12", "D1-07")  # already 3 crowns
    state.royal_supply.remove("R4")
    state.royals[0].append("R4")
    buy(state, "D1-17", white=3)
    assert state.crowns(0) == 4 and state.current_player == 1


# ---------------------------------------------------------------------- end of turn


def test_discard_down_to_ten_tokens_into_the_bag() -> None:
    state = new()
    set_board(state, {cell(1, 1): "red", cell(1, 2): "red", cell(1, 3): "red"})
    set_tokens(state, 0, white=3, blue=3, green=3)
    bag_red = state.bag.counts["red"]
    state.apply(TakeTokens((cell(1, 1), cell(1, 2), cell(1, 3))))
    assert (state.current_player, state.decision) == (0, "discard_tokens")
    assert state.legal_actions() == [Discard(k) for k in ("white", "blue", "green", "red")]
    refuse(state, Discard("pearl"), "you hold none")
    state.apply(Discard("red"))
    assert state.decision == "discard_tokens"
    state.apply(Discard("red"))
    assert tokens_of(state, 0) == {"white": 3, "blue": 3, "green": 3, "red": 1}
    assert state.bag.counts["red"] == bag_red + 2
    assert (state.current_player, state.decision) == (1, "turn")


def test_victory_by_twenty_prestige() -> None:
    state = new()
    give_cards(state, 0, "D3-13", "D2-24", "D1-28")  # 14 colourless points
    give_cards(state, 0, "D1-01", "D1-04")  # 2 white bonuses, no points
    state.royal_supply.remove("R4")
    state.royals[0].append("R4")  # 17
    buy(state, "D3-02", white=4, blue=2, black=2)  # 4 white points
    assert state.is_terminal and state.current_player is None
    assert state.outcome is not None
    assert (state.outcome.winners, state.outcome.reason) == ((0,), "prestige")
    assert state.outcome.scores == (21, 0)
    assert state.legal_actions() == []


def test_nineteen_prestige_is_not_a_victory() -> None:
    state = new()
    give_cards(state, 0, "D3-13", "D2-24", "D1-28", "D1-01", "D1-04")
    buy(state, "D3-02", white=4, blue=2, black=2)  # 18
    assert not state.is_terminal


def test_victory_by_ten_crowns() -> None:
    state = new()
    give_cards(state, 0, "D3-12", "D2-22", "D2-23", "D1-02", "D1-12", wild="white")  # 9 crowns
    for royal in ("R1", "R2"):
        state.royal_supply.remove(royal)
        state.royals[0].append(royal)
    buy(state, "D1-17", white=3)
    assert state.outcome is not None and state.outcome.reason == "crowns"


def test_victory_by_ten_prestige_in_one_colour_counts_the_wild_card() -> None:
    state = new()
    give_cards(state, 0, "D3-02", "D2-03", "D2-01", "D1-06")  # 8 white points, a blue card
    give_cards(state, 0, "D1-11", "D1-14")  # 2 green bonuses, no points
    buy(state, "D2-21", green=4, pearl=1)  # wild, 2 points
    assert state.decision == "place_wild" and not state.is_terminal
    blue = state.clone()
    blue.apply(PlaceWild("blue"))
    assert not blue.is_terminal
    state.apply(PlaceWild("white"))
    assert state.colour_prestige(0)["white"] == 10
    assert state.outcome is not None and state.outcome.reason == "colour_prestige"


def test_victory_ends_the_game_before_an_extra_turn() -> None:
    state = new()
    give_cards(state, 0, "D3-02", "D2-01", "D1-05", "D1-21", "D1-22", "D1-23")  # 7 white, 3 red bonus
    face_up(state, "D3-11")  # wild + play again, 3 points, 8 red
    set_tokens(state, 0, red=4, gold=1)
    state.apply(Buy("D3-11", (0, 0, 0, 1, 0, 0)))
    state.apply(PlaceWild("white"))
    assert state.outcome is not None and state.outcome.reason == "colour_prestige"
    assert state.current_player is None
    with pytest.raises(tabletop.IllegalAction, match="game is over"):
        state.apply(PlaceWild("white"))


def test_several_conditions_are_all_named() -> None:
    state = new()
    give_cards(
        state, 0, "D3-13", "D2-24", "D1-28", "D3-12", "D2-22", "D2-23", "D1-02", "D1-12", wild="black"
    )  # 14 colourless points, 9 crowns
    give_cards(state, 0, "D1-11")  # a green bonus
    for royal in ("R1", "R4"):
        state.royal_supply.remove(royal)
        state.royals[0].append(royal)  # 19 points
    buy(state, "D3-07", white=2, green=4, red=3, pearl=1)  # black, 3 points, 2 crowns
    assert state.outcome is not None
    assert state.outcome.reason == "prestige+crowns"


# ---------------------------------------------------------------------- order of follow-ups


def test_a_wild_play_again_card_is_placed_then_plays_again() -> None:
    state = new()
    give_cards(state, 0, "D1-21", "D1-22", "D1-23")  # 3 red bonuses, 1 crown
    face_up(state, "D3-11")  # wild + play again, 8 red
    set_tokens(state, 0, red=4, gold=1)
    state.apply(Buy("D3-11", (0, 0, 0, 1, 0, 0)))
    assert state.legal_actions() == [PlaceWild("red")]
    state.apply(PlaceWild("red"))
    assert (state.current_player, state.decision) == (0, "turn")
    assert state.bonuses(0)[3] == 4 and not state.is_terminal


def test_a_card_ability_resolves_before_the_royal_card() -> None:
    state = new()
    _two_crowns(state)  # a white and a green card
    buy(state, "D1-27", white=3, pearl=1)  # wild, 1 crown: the third
    assert state.decision == "place_wild"
    state.apply(PlaceWild("green"))
    assert state.decision == "choose_royal"
    state.apply(ChooseRoyal("R4"))
    assert state.current_player == 1 and state.bonuses(0) == [1, 0, 2, 0, 0]


def test_royal_steal_is_ignored_when_the_opponent_holds_only_gold() -> None:
    state = new()
    _two_crowns(state)
    set_tokens(state, 1, gold=1)
    buy(state, "D1-17", white=2)
    state.apply(ChooseRoyal("R1"))
    assert (state.current_player, state.decision) == (1, "turn")


def test_actions_of_another_decision_are_refused_by_name() -> None:
    state = new()
    refuse(state, Discard("red"), "pending decision is 'turn'")
    refuse(state, ChooseRoyal("R1"), "pending decision is 'turn'")
    _two_crowns(state)
    buy(state, "D1-17", white=2)
    refuse(state, TakeTokens((0,)), "pending decision is 'choose_royal'")


def test_double_bonus_cards_count_twice_and_colourless_points_count_for_no_colour() -> None:
    state = new()
    give_cards(state, 0, "D2-04", "D3-13", "D2-24", "D1-28", "D3-02")
    state.royal_supply.remove("R4")
    state.royals[0].append("R4")
    assert state.bonuses(0) == [3, 0, 0, 0, 0]  # D2-04 gives 2 white, D3-02 one
    assert state.colour_prestige(0) == {"white": 5, "blue": 0, "green": 0, "red": 0, "black": 0}
    assert state.prestige(0) == 1 + 6 + 5 + 3 + 4 + 3
