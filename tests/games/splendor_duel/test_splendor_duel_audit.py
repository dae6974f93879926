"""Rules audit: scenario tests for rules that were wrong or untested when the package was audited.

Each test is named after the rule it states.
"""

from __future__ import annotations

import pytest

import tabletop
from games.splendor_duel.splendor_duel_helpers import (
    NO_GOLD,
    cell,
    face_up,
    fix_bag,
    new,
    refuse,
    reserve,
    set_board,
    set_tokens,
    tokens_of,
)
from tabletop.games.splendor_duel import (
    Buy,
    Replenish,
    TakeTokens,
    UsePrivilege,
)

# ---------------------------------------------------------------------- hidden information


def test_determinize_resamples_the_blind_cards_of_the_player_to_move_and_their_purchases() -> None:
    """A determinized state offers the purchases of the cards it dealt, not of the true ones,
    even when the true state's legal actions were already computed."""
    state = new(first_player=1)
    reserve(state, 1, "D1-02", blind=True)  # 3 blue
    set_tokens(state, 1, blue=3)
    assert Buy("D1-02", NO_GOLD) in state.legal_actions()  # computed (and cached) first
    resampled = 0
    for seed in range(30):
        sample = state.determinize(0, seed)
        card = sample.reserved[1][0]
        buys = {a.card for a in sample.legal_actions() if isinstance(a, Buy)}
        assert sample.legal_actions() == sample.clone().legal_actions()
        if card != "D1-02":
            resampled += 1
            assert "D1-02" not in buys
            before = sample.to_dict()
            with pytest.raises(tabletop.IllegalAction):
                sample.apply(Buy("D1-02", NO_GOLD))
            assert sample.to_dict() == before
    assert resampled > 0


def test_render_hides_the_opponents_blind_reservations_from_the_player_to_move() -> None:
    state = new()
    reserve(state, 1, "D2-05", blind=True)
    reserve(state, 1, "D1-10")  # reserved from the pyramid: seen by both
    reserve(state, 0, "D3-04", blind=True)  # seat 0's own blind card: seat 0 knows it
    text = state.render()
    assert state.current_player == 0
    assert "D2-05" not in text
    assert "a level-2 card" in text
    assert "D1-10" in text and "D3-04" in text


# ---------------------------------------------------------------------- refusals name the rule


def test_a_one_token_take_of_gold_is_refused_because_gold_cannot_be_taken() -> None:
    state = new()
    set_board(state, {cell(1, 1): "gold", cell(2, 2): "red"})
    refuse(state, TakeTokens((cell(1, 1),)), "gold cannot be taken")


def test_a_one_token_take_of_an_empty_cell_is_refused_as_a_gap() -> None:
    state = new()
    set_board(state, {cell(1, 1): "gold", cell(2, 2): "red"})
    refuse(state, TakeTokens((cell(3, 3),)), "r3c3 is empty")


def test_a_reversed_line_through_gold_is_refused_because_of_the_gold() -> None:
    state = new()
    set_board(state, {cell(1, 1): "red", cell(1, 2): "gold", cell(2, 2): "red"})
    refuse(state, TakeTokens((cell(1, 2), cell(1, 1))), "gold cannot be taken")


def test_a_reversed_legal_line_is_refused_by_naming_the_reading_order() -> None:
    state = new()
    set_board(state, {cell(1, 1): "red", cell(1, 2): "blue"})
    refuse(state, TakeTokens((cell(1, 2), cell(1, 1))), "reading order: r1c1, r1c2")


def test_a_line_named_middle_first_is_refused_by_naming_the_reading_order() -> None:
    # Any order of a line's cells names that line: the refusal used to call it no straight line.
    state = new()
    set_board(state, {cell(1, 1): "red", cell(1, 2): "blue", cell(1, 3): "white"})
    refuse(state, TakeTokens((cell(1, 2), cell(1, 1), cell(1, 3))), "reading order: r1c1, r1c2, r1c3")
    refuse(state, TakeTokens((cell(1, 1), cell(1, 1), cell(1, 2))), "one straight line")


# ---------------------------------------------------------------------- privileges


def test_replenishing_with_no_privilege_on_the_table_gives_the_opponent_one_of_yours() -> None:
    state = new()
    set_board(state, {cell(1, 1): "red"})
    state.privileges = [2, 1]
    state.forget_legal_actions()
    state.apply(Replenish())
    assert state.privileges == [1, 2]


def test_privileges_taking_both_pearls_give_the_opponent_nothing() -> None:
    """The 2-pearl privilege is for the take action only, not for privileges."""
    state = new()
    set_board(state, {cell(1, 1): "pearl", cell(5, 5): "pearl", cell(3, 3): "red"})
    state.privileges = [2, 0]
    state.forget_legal_actions()
    state.apply(UsePrivilege(cell(1, 1)))
    state.apply(UsePrivilege(cell(5, 5)))
    state.apply(TakeTokens((cell(3, 3),)))
    assert tokens_of(state, 0) == {"pearl": 2, "red": 1}
    assert state.privileges == [0, 0] and state.current_player == 1


def test_a_take_of_just_the_two_pearls_gives_the_opponent_a_privilege() -> None:
    state = new()
    set_board(state, {cell(2, 2): "pearl", cell(3, 3): "pearl"})
    state.apply(TakeTokens((cell(2, 2), cell(3, 3))))
    assert tokens_of(state, 0) == {"pearl": 2}
    assert state.privileges == [0, 2]


# ---------------------------------------------------------------------- buying


def test_gold_spent_on_a_purchase_goes_into_the_bag() -> None:
    state = new()
    face_up(state, "D1-01")  # 1 blue, 1 green, 1 red, 1 black
    set_tokens(state, 0, blue=1, green=1, black=1, gold=1)
    bag_gold = state.bag.counts["gold"]
    state.apply(Buy("D1-01", (0, 0, 0, 1, 0, 0)))
    assert tokens_of(state, 0) == {}
    assert state.bag.counts["gold"] == bag_gold + 1


def test_a_card_bought_from_the_pyramid_is_replaced_from_its_deck() -> None:
    state = new()
    face_up(state, "D1-01")
    market = state.pyramid[0]
    slot = market.slots.index("D1-01")
    top = market.deck.cards[-1]
    set_tokens(state, 0, blue=1, green=1, red=1, black=1)
    state.apply(Buy("D1-01", NO_GOLD))
    assert market.slots[slot] == top and len(market.deck) == 24


# ---------------------------------------------------------------------- play again


def test_an_extra_turn_offers_the_optional_actions_again() -> None:
    """Having replenished before a play-again purchase does not forbid privileges or
    replenishing in the extra turn: it is a new turn."""
    state = new()
    face_up(state, "D1-03")  # play again; 2 blue, 2 green, 1 pearl
    set_tokens(state, 0, blue=2, green=2, pearl=1)
    state.board[cell(1, 1)] = None
    fix_bag(state)
    state.privileges = [1, 0]
    state.forget_legal_actions()
    state.apply(UsePrivilege(next(c for c, k in enumerate(state.board) if k not in (None, "gold"))))
    state.apply(Replenish())
    state.apply(Buy("D1-03", NO_GOLD))
    assert (state.current_player, state.decision) == (0, "turn")
    legal = state.legal_actions()
    assert Replenish() in legal  # the purchase put 5 tokens into the bag
    assert state.privileges == [0, 1]
    state.privileges = [1, 0]
    state.forget_legal_actions()
    assert any(isinstance(a, UsePrivilege) for a in state.legal_actions())


# ---------------------------------------------------------------------- actions built by hand


def test_actions_built_from_lists_equal_those_built_from_tuples() -> None:
    """Users write ``TakeTokens([c1, c2])``; it is the same action as the tuple form."""
    state = new()
    set_board(state, {cell(1, 1): "red", cell(1, 2): "blue"})
    line = TakeTokens([cell(1, 1), cell(1, 2)])
    assert line == TakeTokens((cell(1, 1), cell(1, 2))) and hash(line)
    assert Buy("D1-01", [0, 0, 0, 1, 0, 0]) == Buy("D1-01", (0, 0, 0, 1, 0, 0))
    state.apply(line)
    assert tokens_of(state, 0) == {"red": 1, "blue": 1}


def test_action_texts_say_what_the_card_or_royal_card_gives() -> None:
    """A player choosing from a list of actions reads what each card gives, not a bare id."""
    from tabletop.games.splendor_duel import ChooseRoyal, ReserveCard

    assert str(Buy("D2-19")) == "buy D2-19 (red +1, 2 pt, privilege)"
    assert str(Buy("D1-01", (0, 0, 0, 1, 0, 1))) == (
        "buy D1-01 (white +1, 0 pt) paying gold for 1 red, 1 pearl"
    )
    assert str(Buy("D3-12")) == "buy D3-12 (wild +1, 0 pt, 3 crowns, wild bonus)"
    assert str(ReserveCard(cell(1, 1), "D1-28")) == (
        "take the gold at r1c1 and reserve D1-28 (colourless, 3 pt)"
    )
    assert str(ChooseRoyal("R1")) == "take royal card R1 (2 pt, steal a token)"
    assert str(ChooseRoyal("R4")) == "take royal card R4 (3 pt)"
    assert str(Buy("X9-99")) == "buy X9-99"  # an unknown id still prints (refusal messages)
