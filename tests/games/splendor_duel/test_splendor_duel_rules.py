"""Scenario tests: setup, the optional and mandatory actions, payments and refusals."""

from __future__ import annotations

from collections import Counter

import pytest

from games.splendor_duel.splendor_duel_helpers import (
    NO_GOLD,
    all_cards,
    cell,
    face_up,
    fix_bag,
    give_cards,
    new,
    refuse,
    reserve,
    set_board,
    set_tokens,
    tokens_of,
    total_tokens,
)
from tabletop.games.splendor_duel import (
    BOX,
    Buy,
    Replenish,
    ReserveCard,
    ReserveFromDeck,
    SplendorDuelState,
    TakeTokens,
    UsePrivilege,
)
from tabletop.games.splendor_duel.components import GRID, LINES, SPIRAL


def takes(state: SplendorDuelState) -> set[tuple[int, ...]]:
    return {a.cells for a in state.legal_actions() if isinstance(a, TakeTokens)}


# ---------------------------------------------------------------------- setup


def test_setup_pyramid_board_privileges_royals() -> None:
    state = new(seed=3, first_player=0)
    assert [len(m.slots) for m in state.pyramid] == [5, 4, 3]
    assert all(card is not None for m in state.pyramid for card in m.slots)
    assert [len(m.deck) for m in state.pyramid] == [25, 20, 10]
    assert all(
        c is not None and c.startswith(f"D{level}-")
        for level, m in enumerate(state.pyramid, 1)
        for c in m.slots + m.deck.cards
    )
    assert Counter(k for k in state.board if k) == BOX.tokens
    assert not state.bag.as_dict()
    assert state.privileges == [0, 1] and state.privilege_supply == 2
    assert state.royal_supply == ["R1", "R2", "R3", "R4"]
    assert (state.current_player, state.decision) == (0, "turn")
    assert new(seed=3, first_player=1).privileges == [1, 0]
    assert new(seed=3, first_player=1).current_player == 1


def test_first_player_is_drawn_from_the_seed_when_not_chosen() -> None:
    from tabletop.games.splendor_duel import GAME

    firsts = {GAME.new_game(seed=s).current_player for s in range(30)}
    assert firsts == {0, 1}
    for s in range(10):
        state = GAME.new_game(seed=s)
        assert state.privileges[1 - state.turns.current] == 1
        assert state.privileges[state.turns.current] == 0


def test_first_player_option_is_checked() -> None:
    from tabletop.games.splendor_duel import GAME

    with pytest.raises(ValueError, match="first_player"):
        GAME.new_game(first_player=2)


# ---------------------------------------------------------------------- taking tokens


def _line_board(state: SplendorDuelState) -> None:
    set_board(
        state,
        {
            cell(1, 1): "red",
            cell(1, 2): "red",
            cell(1, 3): "red",
            cell(1, 4): "gold",
            cell(1, 5): "blue",
            cell(2, 1): "pearl",
            cell(3, 1): "pearl",
            cell(2, 2): "blue",
            cell(3, 3): "green",
            cell(5, 5): "white",
        },
    )


def test_legal_lines_are_exactly_the_straight_gapless_gold_free_runs() -> None:
    state = new()
    _line_board(state)
    board = state.board
    expected = {line for line in LINES if all(board[c] not in (None, "gold") for c in line)}
    assert takes(state) == expected
    assert (cell(1, 1), cell(1, 2), cell(1, 3)) in expected
    assert (cell(1, 1), cell(2, 2), cell(3, 3)) in expected  # a diagonal of three colours
    assert (cell(1, 1), cell(2, 1), cell(3, 1)) in expected


def test_illegal_lines_are_refused_by_rule() -> None:
    state = new()
    _line_board(state)
    refuse(state, TakeTokens((cell(3, 3), cell(4, 4), cell(5, 5))), "gap")
    refuse(state, TakeTokens((cell(1, 3), cell(1, 4), cell(1, 5))), "gold")
    refuse(state, TakeTokens((cell(1, 1), cell(1, 2), cell(2, 2))), "straight line")
    refuse(state, TakeTokens((cell(1, 1), cell(1, 3))), "straight line")  # skips a cell
    refuse(state, TakeTokens((cell(1, 3), cell(1, 2))), "reading order")


def test_three_of_a_colour_gives_the_opponent_a_privilege() -> None:
    state = new()
    _line_board(state)
    state.apply(TakeTokens((cell(1, 1), cell(1, 2), cell(1, 3))))
    assert tokens_of(state, 0) == {"red": 3}
    assert state.privileges == [0, 2]
    assert state.current_player == 1


def test_two_pearls_give_the_opponent_a_privilege() -> None:
    state = new()
    _line_board(state)
    state.apply(TakeTokens((cell(1, 1), cell(2, 1), cell(3, 1))))
    assert tokens_of(state, 0) == {"red": 1, "pearl": 2}
    assert state.privileges == [0, 2]


def test_three_different_tokens_give_no_privilege() -> None:
    state = new()
    _line_board(state)
    state.apply(TakeTokens((cell(1, 1), cell(2, 2), cell(3, 3))))
    assert tokens_of(state, 0) == {"red": 1, "blue": 1, "green": 1}
    assert state.privileges == [0, 1]


def test_a_privilege_is_taken_from_the_opponent_when_the_table_is_empty() -> None:
    state = new()
    _line_board(state)
    state.privileges = [1, 2]
    state.apply(TakeTokens((cell(1, 1), cell(1, 2), cell(1, 3))))
    assert state.privileges == [0, 3]


def test_nothing_happens_when_the_receiver_holds_all_three_privileges() -> None:
    state = new()
    _line_board(state)
    state.privileges = [0, 3]
    state.apply(TakeTokens((cell(1, 1), cell(1, 2), cell(1, 3))))
    assert state.privileges == [0, 3]


# ---------------------------------------------------------------------- optional actions


def test_privileges_take_any_gem_or_pearl_before_the_mandatory_action() -> None:
    state = new()
    _line_board(state)
    state.privileges = [2, 0]
    uses = {a.cell for a in state.legal_actions() if isinstance(a, UsePrivilege)}
    assert uses == {c for c, k in enumerate(state.board) if k not in (None, "gold")}
    state.apply(UsePrivilege(cell(5, 5)))
    state.apply(UsePrivilege(cell(1, 5)))
    assert tokens_of(state, 0) == {"white": 1, "blue": 1}
    assert state.privileges == [0, 0] and state.privilege_supply == 3
    assert (state.current_player, state.decision) == (0, "turn")
    refuse(state, UsePrivilege(cell(1, 1)), "no privilege")


def test_a_privilege_never_takes_gold() -> None:
    state = new()
    _line_board(state)
    state.privileges = [1, 0]
    refuse(state, UsePrivilege(cell(1, 4)), "never gold")


def test_replenish_fills_the_board_and_gives_the_opponent_a_privilege() -> None:
    state = new()
    _line_board(state)
    state.privileges = [1, 0]
    bag_before = sum(state.bag.counts.values())
    assert bag_before == 15
    state.apply(Replenish())
    assert all(kind is not None for kind in state.board)
    assert not state.bag.as_dict()
    assert state.privileges == [1, 1]
    assert (state.current_player, state.decision) == (0, "turn")
    # Privileges come before replenishing, never after; and the bag is now empty.
    assert not any(isinstance(a, (UsePrivilege, Replenish)) for a in state.legal_actions())
    refuse(state, UsePrivilege(cell(3, 3)), "before replenishing")
    refuse(state, Replenish(), "already replenished")


def test_replenish_is_refused_with_an_empty_bag() -> None:
    state = new()
    assert not state.bag.as_dict()
    assert Replenish() not in state.legal_actions()
    refuse(state, Replenish(), "bag is empty")


def test_replenish_follows_the_spiral_from_the_centre() -> None:
    state = new()
    # Seat 1 holds 4 tokens (taken off the board), so once more cells are emptied the board has
    # 4 empty cells more than the bag has tokens: the tokens land on the first ones in spiral order.
    set_tokens(state, 1, white=1, blue=1, green=1, red=1)
    for c in SPIRAL[5:11]:
        state.board[c] = None
    fix_bag(state)
    empties = [c for c in SPIRAL if state.board[c] is None]
    in_bag = sum(state.bag.counts.values())
    assert len(empties) == in_bag + 4 and in_bag > 0
    state.apply(Replenish())
    assert [c for c in SPIRAL if state.board[c] is None] == empties[in_bag:]


def test_forced_replenish_when_no_mandatory_action_is_possible() -> None:
    state = new()
    set_board(state, {cell(3, 3): "gold"})
    for card in ("D1-01", "D2-01", "D3-01"):
        reserve(state, 0, card)
    assert state.legal_actions() == [Replenish()]
    refuse(state, ReserveCard(cell(3, 3), state.pyramid[0].slots[0] or ""), "forced replenish")
    state.apply(Replenish())
    assert state.privileges == [0, 2]
    assert any(isinstance(a, TakeTokens) for a in state.legal_actions())


def test_no_privilege_may_leave_the_turn_without_a_mandatory_action() -> None:
    """Not covered by the rulebook: taking the last gem with a privilege when the bag is empty
    and nothing can be reserved or bought would leave no legal move; it is refused."""
    state = new()
    for card in ("D3-11", "D3-12", "D3-13"):  # 8 red, 8 black, 8 white: out of reach
        reserve(state, 0, card)
    rest = [c for m in state.pyramid for c in m.deck.cards + m.slots if c is not None]
    give_cards(state, 1, *rest, wild="white")
    set_board(state, {cell(3, 3): "blue", cell(1, 1): "gold", cell(1, 2): "gold", cell(1, 3): "gold"})
    set_tokens(state, 0, blue=3, green=4, pearl=2, red=1, white=1)
    set_tokens(state, 1, white=3, red=3, black=4)
    state.privileges = [1, 0]
    assert not state.bag.as_dict()
    assert state.legal_actions() == [TakeTokens((cell(3, 3),))]
    refuse(state, UsePrivilege(cell(3, 3)), "every turn must end with a mandatory action")
    # With a token in the bag, replenishing could follow, so the privilege is allowed.
    state.tokens[1].counts["black"] -= 1
    state.bag.counts["black"] += 1
    state.forget_legal_actions()
    assert UsePrivilege(cell(3, 3)) in state.legal_actions()


# ---------------------------------------------------------------------- reserving


def test_reserve_a_pyramid_card_takes_gold_and_refills_the_slot() -> None:
    state = new()
    gold = state.board.index("gold")
    market = state.pyramid[1]
    card, top = market.slots[2], market.deck.cards[-1]
    assert card is not None
    state.apply(ReserveCard(gold, card))
    assert state.reserved[0] == [card] and state.blind[0] == []
    assert tokens_of(state, 0) == {"gold": 1} and state.board[gold] is None
    assert market.slots[2] == top
    assert state.current_player == 1


def test_reserve_the_top_of_a_deck_is_blind() -> None:
    state = new()
    gold = state.board.index("gold")
    top = state.pyramid[2].deck.cards[-1]
    state.apply(ReserveFromDeck(gold, 3))
    assert state.reserved[0] == [top] and state.blind[0] == [top]
    assert len(state.pyramid[2].deck) == 9


def test_reserving_is_refused_with_three_reserved_cards() -> None:
    state = new()
    for card in ("D1-01", "D1-02", "D2-01"):
        reserve(state, 0, card)
    gold = state.board.index("gold")
    assert not any(isinstance(a, (ReserveCard, ReserveFromDeck)) for a in state.legal_actions())
    refuse(state, ReserveCard(gold, state.pyramid[0].slots[0] or ""), "3 reserved cards")
    refuse(state, ReserveFromDeck(gold, 1), "3 reserved cards")


def test_reserving_is_refused_without_gold_on_the_board() -> None:
    state = new()
    set_board(state, {cell(1, 1): "red", cell(2, 2): "blue"})
    assert not any(isinstance(a, (ReserveCard, ReserveFromDeck)) for a in state.legal_actions())
    refuse(state, ReserveFromDeck(cell(1, 1), 1), "no gold")


def test_an_empty_deck_leaves_a_hole_in_the_pyramid() -> None:
    state = new()
    market = state.pyramid[2]
    give_cards(state, 1, *list(market.deck.cards), wild="white")
    gold = state.board.index("gold")
    card = market.slots[0]
    assert card is not None
    assert ReserveFromDeck(gold, 3) not in state.legal_actions()
    state.apply(ReserveCard(gold, card))
    assert market.slots[0] is None
    assert len(all_cards(state)) == 67


# ---------------------------------------------------------------------- buying


def test_the_seed_worked_purchase() -> None:
    """Bonuses 3 red, 2 blue, 1 green; a white card costing 3 blue, 5 red, 3 black, 1 pearl
    is paid with exactly 1 blue, 2 red, 3 black and 1 pearl."""
    state = new()
    give_cards(state, 0, "D1-21", "D1-22", "D1-25", "D1-06", "D1-10", "D1-11")
    assert state.bonuses(0) == [0, 2, 1, 3, 0]  # white, blue, green, red, black
    face_up(state, "D3-01")
    set_tokens(state, 0, white=2, blue=1, red=2, black=3, pearl=1)
    bag = Counter(state.bag.as_dict())
    buys = [a for a in state.legal_actions() if isinstance(a, Buy) and a.card == "D3-01"]
    assert buys == [Buy("D3-01", NO_GOLD)]
    state.apply(buys[0])
    assert tokens_of(state, 0) == {"white": 2}  # nothing else, nothing given back
    assert Counter(state.bag.as_dict()) - bag == {"blue": 1, "red": 2, "black": 3, "pearl": 1}
    assert "D3-01" in state.cards[0] and "D3-01" not in state.pyramid[2].slots


def test_bonuses_never_bring_a_cost_below_zero() -> None:
    state = new()
    give_cards(state, 0, "D1-21", "D1-22", "D1-23", "D1-24", "D1-25")  # 5 red bonuses
    face_up(state, "D1-05")  # 2 green, 3 red
    set_tokens(state, 0, green=2)
    state.apply(Buy("D1-05", NO_GOLD))
    assert tokens_of(state, 0) == {}


def test_gold_may_replace_any_owed_token_even_one_you_hold() -> None:
    state = new()
    face_up(state, "D1-01")  # 1 blue, 1 green, 1 red, 1 black
    set_tokens(state, 0, blue=1, green=1, red=1, black=1, gold=1)
    buys = {a.gold for a in state.legal_actions() if isinstance(a, Buy) and a.card == "D1-01"}
    assert buys == {NO_GOLD, (0, 1, 0, 0, 0, 0), (0, 0, 1, 0, 0, 0), (0, 0, 0, 1, 0, 0), (0, 0, 0, 0, 1, 0)}
    state.apply(Buy("D1-01", (0, 0, 0, 1, 0, 0)))
    assert tokens_of(state, 0) == {"red": 1}
    assert str(Buy("D1-01", (0, 0, 0, 1, 0, 0))) == "buy D1-01 (white +1, 0 pt) paying gold for 1 red"


def test_gold_pays_for_pearls() -> None:
    state = new()
    face_up(state, "D1-03")  # 2 blue, 2 green, 1 pearl
    set_tokens(state, 0, blue=2, green=2, gold=1)
    buys = [a for a in state.legal_actions() if isinstance(a, Buy) and a.card == "D1-03"]
    assert buys == [Buy("D1-03", (0, 0, 0, 0, 0, 1))]


def test_unaffordable_and_unavailable_purchases_are_refused() -> None:
    state = new()
    face_up(state, "D3-01")
    set_tokens(state, 0, blue=3, red=4, black=2, gold=1)
    refuse(state, Buy("D3-01", NO_GOLD), "cannot afford D3-01")
    hidden = state.pyramid[0].deck.cards[0]
    refuse(state, Buy(hidden, NO_GOLD), "neither face up in the pyramid nor reserved")
    face_up(state, "D1-01")
    set_tokens(state, 0, blue=1, green=1, red=1, black=1)
    refuse(state, Buy("D1-01", (0, 1, 0, 0, 0, 0)), "uses 1 gold but you hold 0")


def test_a_reserved_card_can_be_bought_and_leaves_the_hand() -> None:
    state = new()
    reserve(state, 0, "D1-02", blind=True)  # 3 blue
    set_tokens(state, 0, blue=3)
    state.apply(Buy("D1-02", NO_GOLD))
    assert state.reserved[0] == [] and state.blind[0] == []
    assert state.cards[0] == ["D1-02"]
    refuse_state = new()
    reserve(refuse_state, 1, "D1-02")
    set_tokens(refuse_state, 0, blue=3)
    refuse(refuse_state, Buy("D1-02", NO_GOLD), "nor reserved by you")


def test_spent_tokens_go_into_the_bag_and_every_token_is_conserved() -> None:
    state = new()
    face_up(state, "D1-01")
    set_tokens(state, 0, blue=1, green=1, red=1, black=1)
    before = total_tokens(state)
    state.apply(Buy("D1-01", NO_GOLD))
    assert total_tokens(state) == before == Counter(BOX.tokens)
    assert state.bag.as_dict() == {"blue": 1, "green": 1, "red": 1, "black": 1}


def test_every_cell_of_the_grid_is_named_for_people() -> None:
    assert str(TakeTokens((cell(3, 3),))) == "take the tokens at r3c3"
    assert GRID.size == 25


def test_actions_naming_places_off_the_board_are_refused_by_rule() -> None:
    state = new()
    state.privileges = [1, 0]
    gold = state.board.index("gold")
    refuse(state, UsePrivilege(99), "off the 5x5 board")
    refuse(state, ReserveCard(-1, "D1-01"), "off the 5x5 board")
    refuse(state, ReserveFromDeck(gold, 7), "no level-7 deck")
    refuse(state, TakeTokens((99,)), "straight line")
    refuse(state, Buy("X9-99", NO_GOLD), "neither face up")
