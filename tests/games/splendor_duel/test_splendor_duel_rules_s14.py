"""Rules audit (s14): scenario tests for rulebook subtleties the other test files leave implicit.

Each test is named after the rule it checks; quotes are from the official English rulebook
(Space Cowboys, 2022) as transcribed in the reference README (section 4).
"""

from __future__ import annotations

from games.splendor_duel.splendor_duel_helpers import (
    NO_GOLD,
    cell,
    face_up,
    give_cards,
    new,
    refuse,
    reserve,
    set_board,
    set_tokens,
    tokens_of,
)
from tabletop.games.splendor_duel import (
    Buy,
    ChooseRoyal,
    Discard,
    PlaceWild,
    Replenish,
    ReserveCard,
    SplendorDuelState,
    Steal,
    TakeTokens,
    UsePrivilege,
)
from tabletop.games.splendor_duel.components import GRID, SPIRAL


def _buy(state: SplendorDuelState, card: str, paid: tuple[int, ...] = NO_GOLD, **tokens: int) -> None:
    """Seat 0 buys ``card`` from the pyramid holding exactly ``tokens``, paying ``paid`` gold per cost kind."""
    face_up(state, card)
    set_tokens(state, 0, **tokens)
    state.apply(Buy(card, paid))


def _give_royal(state: SplendorDuelState, seat: int, royal: str) -> None:
    state.royal_supply.remove(royal)
    state.royals[seat].append(royal)


# ---------------------------------------------------------------------- taking tokens


def test_taking_two_tokens_of_one_colour_gives_the_opponent_no_privilege() -> None:
    state = new()
    set_board(state, {cell(2, 1): "red", cell(2, 2): "red", cell(2, 3): "red"})
    state.apply(TakeTokens((cell(2, 1), cell(2, 2))))
    assert tokens_of(state, 0) == {"red": 2}
    assert state.privileges == [0, 1]


def test_two_of_a_colour_and_one_pearl_give_the_opponent_no_privilege() -> None:
    """Only "3 tokens of the same color or 2 Pearls" give the opponent a privilege."""
    state = new()
    set_board(state, {cell(4, 1): "red", cell(4, 2): "red", cell(4, 3): "pearl"})
    state.apply(TakeTokens((cell(4, 1), cell(4, 2), cell(4, 3))))
    assert tokens_of(state, 0) == {"red": 2, "pearl": 1}
    assert state.privileges == [0, 1]


def test_two_pearls_with_a_gem_between_them_give_the_opponent_a_privilege() -> None:
    """ "If the 3 tokens are identical or 2 of them are Pearls": the pearls need not touch."""
    state = new()
    set_board(state, {cell(1, 5): "pearl", cell(2, 4): "black", cell(3, 3): "pearl"})
    state.apply(TakeTokens((cell(1, 5), cell(2, 4), cell(3, 3))))
    assert tokens_of(state, 0) == {"pearl": 2, "black": 1}
    assert state.privileges == [0, 2]


def test_a_privilege_and_a_take_of_two_reds_are_not_three_of_a_colour() -> None:
    """The 3-of-a-colour privilege counts the take action only, not tokens taken by privileges."""
    state = new()
    set_board(state, {cell(1, 1): "red", cell(5, 4): "red", cell(5, 5): "red"})
    state.privileges = [1, 0]
    state.forget_legal_actions()
    state.apply(UsePrivilege(cell(1, 1)))
    state.apply(TakeTokens((cell(5, 4), cell(5, 5))))
    assert tokens_of(state, 0) == {"red": 3}
    assert state.privileges == [0, 0] and state.privilege_supply == 3


# ---------------------------------------------------------------------- optional actions


def test_privileges_returned_first_supply_the_privilege_the_replenish_gives() -> None:
    """Privileges go back "to their place above the board"; replenishing then gives the
    opponent one from there, not from the replenishing player."""
    state = new()
    set_board(state, {cell(1, 1): "red", cell(1, 5): "blue", cell(5, 5): "white"})
    state.privileges = [2, 1]  # none left on the table
    state.forget_legal_actions()
    state.apply(UsePrivilege(cell(1, 1)))
    state.apply(UsePrivilege(cell(1, 5)))
    assert state.privileges == [0, 1] and state.privilege_supply == 2
    state.apply(Replenish())
    assert state.privileges == [0, 2] and state.privilege_supply == 1
    assert tokens_of(state, 0) == {"red": 1, "blue": 1}
    assert sum(kind is not None for kind in state.board) == 25 - 2


def test_an_empty_board_forces_replenishing_when_nothing_can_be_bought() -> None:
    """ "If you cannot perform any of the mandatory actions, you must perform the 'Replenish the
    Game Board' optional action"; the opponent still takes a privilege."""
    state = new()
    set_board(state, {})
    set_tokens(state, 1, white=2, blue=1)
    assert all(kind is None for kind in state.board)
    assert state.legal_actions() == [Replenish()]
    refuse(state, TakeTokens((cell(3, 3),)), "forced replenish")
    state.apply(Replenish())
    # 22 tokens: the first 22 cells of the spiral from the centre, the last 3 stay empty.
    assert [state.board[c] is not None for c in SPIRAL] == [True] * 22 + [False] * 3
    assert SPIRAL[0] == GRID.cell(2, 2)  # the centre
    assert not state.bag.as_dict()
    assert state.privileges == [0, 2]
    assert (state.current_player, state.decision) == (0, "turn")
    assert not any(isinstance(a, (Replenish, UsePrivilege)) for a in state.legal_actions())


def test_an_empty_board_does_not_force_replenishing_when_a_card_can_be_bought() -> None:
    state = new()
    set_board(state, {})
    face_up(state, "D1-01")  # 1 blue, 1 green, 1 red, 1 black
    set_tokens(state, 0, blue=1, green=1, red=1, black=1)
    legal = state.legal_actions()
    assert Buy("D1-01", NO_GOLD) in legal and Replenish() in legal
    state.apply(Buy("D1-01", NO_GOLD))
    assert state.cards[0] == ["D1-01"] and state.current_player == 1
    assert all(kind is None for kind in state.board)
    assert state.privileges == [0, 1]


# ---------------------------------------------------------------------- reserving and the token limit


def test_reserve_takes_the_gold_token_of_the_players_choice() -> None:
    state = new()
    set_board(state, {cell(1, 1): "gold", cell(5, 5): "gold", cell(3, 3): "red"})
    card = state.pyramid[0].slots[0]
    assert card is not None
    legal = state.legal_actions()
    assert ReserveCard(cell(1, 1), card) in legal and ReserveCard(cell(5, 5), card) in legal
    refuse(state, ReserveCard(cell(3, 3), card), "gold")
    state.apply(ReserveCard(cell(5, 5), card))
    assert state.board[cell(5, 5)] is None and state.board[cell(1, 1)] == "gold"
    assert tokens_of(state, 0) == {"gold": 1} and state.reserved[0] == [card]


def test_the_gold_of_a_reserve_counts_for_the_ten_token_limit_and_may_be_discarded() -> None:
    """ "count your tokens (Gems, Pearls, and Gold) ... Choose which ones to discard"."""
    state = new()
    set_tokens(state, 0, white=2, blue=2, green=2, red=2, pearl=2)
    gold = state.board.index("gold")
    card = state.pyramid[2].slots[0]
    assert card is not None
    state.apply(ReserveCard(gold, card))
    assert (state.current_player, state.decision) == (0, "discard_tokens")
    assert Discard("gold") in state.legal_actions() and Discard("pearl") in state.legal_actions()
    bag_gold = state.bag.counts.get("gold", 0)
    state.apply(Discard("gold"))
    assert tokens_of(state, 0) == {"white": 2, "blue": 2, "green": 2, "red": 2, "pearl": 2}
    assert state.bag.counts["gold"] == bag_gold + 1
    assert state.reserved[0] == [card] and state.current_player == 1


def test_buying_a_reserved_card_leaves_the_pyramid_as_it_was() -> None:
    state = new()
    reserve(state, 0, "D1-06")  # blue: 1 white, 1 green, 1 red, 1 black
    slots = [list(m.slots) for m in state.pyramid]
    decks = [len(m.deck) for m in state.pyramid]
    set_tokens(state, 0, white=1, green=1, red=1, black=1)
    state.apply(Buy("D1-06", NO_GOLD))
    assert [list(m.slots) for m in state.pyramid] == slots
    assert [len(m.deck) for m in state.pyramid] == decks
    assert state.reserved[0] == [] and state.cards[0] == ["D1-06"]


def test_a_reserved_wild_card_still_needs_a_card_with_a_bonus() -> None:
    """ "If you do not have a card with a bonus, you cannot purchase this card", from the hand too."""
    state = new()
    reserve(state, 0, "D1-27", blind=True)  # wild: 4 white + 1 pearl
    give_cards(state, 0, "D1-28")  # points, no bonus
    set_tokens(state, 0, white=4, pearl=1)
    refuse(state, Buy("D1-27", NO_GOLD), "need a card with a bonus")
    give_cards(state, 0, "D1-21")  # a red bonus
    set_tokens(state, 0, white=4, pearl=1)
    state.apply(Buy("D1-27", NO_GOLD))
    assert state.legal_actions() == [PlaceWild("red")]


# ---------------------------------------------------------------------- abilities


def test_the_steal_ability_may_take_a_pearl() -> None:
    state = new()
    set_tokens(state, 1, pearl=1, gold=2)
    _buy(state, "D2-02", blue=4, red=3)  # steal
    assert state.legal_actions() == [Steal("pearl")]
    state.apply(Steal("pearl"))
    assert tokens_of(state, 0) == {"pearl": 1}
    assert tokens_of(state, 1) == {"gold": 2}


def test_the_privilege_ability_does_nothing_when_all_three_are_held() -> None:
    state = new()
    state.privileges = [3, 0]
    _buy(state, "D2-03", white=4, black=2, pearl=1)  # take a privilege
    assert state.privileges == [3, 0] and state.current_player == 1


def test_royal_r3_takes_the_opponents_privilege_when_none_are_left() -> None:
    state = new()
    state.privileges = [0, 3]
    give_cards(state, 0, "D1-02", "D1-12")  # 2 crowns, a white bonus
    _buy(state, "D1-17", white=2)  # the 3rd crown
    state.apply(ChooseRoyal("R3"))
    assert state.privileges == [1, 2]
    assert state.prestige(0) == 2 and state.current_player == 1


# ---------------------------------------------------------------------- crowns


def test_passing_the_third_crown_with_a_two_crown_card_takes_a_royal_card() -> None:
    """ "Upon acquiring your 3rd Crown": going from 2 to 4 crowns acquires the 3rd."""
    state = new()
    give_cards(state, 0, "D1-02", "D1-12", "D1-11")  # 2 crowns; white, green, green
    _buy(state, "D2-22", green=4, pearl=1)  # wild, 2 crowns, 6 green + 1 pearl
    assert state.decision == "place_wild"
    state.apply(PlaceWild("green"))
    assert state.crowns(0) == 4 and state.decision == "choose_royal"
    state.apply(ChooseRoyal("R4"))
    assert state.royals[0] == ["R4"] and state.current_player == 1


def test_passing_the_sixth_crown_with_a_three_crown_card_takes_a_second_royal_card() -> None:
    state = new()
    give_cards(state, 0, "D1-17", "D1-22", "D2-13", "D2-09", "D2-05")  # 5 crowns, 2 black bonuses
    _give_royal(state, 0, "R4")
    # D3-12: wild, 3 crowns, 8 black; 6 owed, 2 of them paid with gold.
    _buy(state, "D3-12", (0, 0, 0, 0, 2, 0), black=4, gold=2)
    state.apply(PlaceWild("black"))
    assert state.crowns(0) == 8 and state.decision == "choose_royal"
    assert state.legal_actions() == [ChooseRoyal(r) for r in ("R1", "R2", "R3")]
    state.apply(ChooseRoyal("R2"))  # play again
    assert (state.current_player, state.decision) == (0, "turn")
    assert state.royals[0] == ["R4", "R2"]


# ---------------------------------------------------------------------- end of turn


def test_victory_is_checked_only_after_the_ten_token_discard() -> None:
    """ "Once you have completed your mandatory action, count your tokens ... Finally, check if
    you have fulfilled any of the three victory conditions."""
    state = new()
    give_cards(state, 0, "D3-13", "D2-24", "D1-28", "D2-01")  # 6 + 5 + 3 + 2 points
    _give_royal(state, 0, "R4")  # 19 points
    set_tokens(state, 1, pearl=1)
    # D2-02: 1 point, steal; 4 blue + 3 red. 17 tokens - 7 paid + 1 stolen = 11.
    _buy(state, "D2-02", blue=4, red=3, white=4, green=4, black=2)
    state.apply(Steal("pearl"))
    assert state.prestige(0) == 20
    assert state.decision == "discard_tokens" and not state.is_terminal
    state.apply(Discard("pearl"))
    assert state.outcome is not None
    assert (state.outcome.winners, state.outcome.reason, state.outcome.scores) == ((0,), "prestige", (20, 0))
