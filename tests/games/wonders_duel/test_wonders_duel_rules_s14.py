"""Rules audit (s14): the official 7 Wonders Duel subtleties no earlier scenario test stated.

Each test is named after the rule it states, with the exact coins, positions and points the
official rules give. Sources: the official rulebook wording quoted by the reference README
(/work/shared/reference/wonders_duel), the Vietnamese seed summary, and the peer engines the
reference compared (BGA, 7wd.io, fromi, dfomin).
"""

from __future__ import annotations

import pytest

from games.wonders_duel.test_wonders_duel_rules import build
from games.wonders_duel.wonders_duel_helpers import (
    coin_balance,
    fresh,
    give,
    legal_field,
    offer,
    only_cards,
    open_card,
    play,
    set_coins,
    set_turn,
    to_discard,
)
from tabletop.games.wonders_duel import (
    BuildFromDiscard,
    BuildWonder,
    ChooseStarter,
    Construct,
    Discard,
    TakeProgressToken,
    WondersDuelState,
)
from tabletop.games.wonders_duel.city import card_cost, wonder_cost
from tabletop.games.wonders_duel.effects import start_age


def on_board(s: WondersDuelState, token: str) -> None:
    """Make sure ``token`` is one of the Progress tokens on the board (swapped with a set-aside one)."""
    if token not in s.board_tokens:
        s.set_aside[s.set_aside.index(token)] = s.board_tokens[-1]
        s.board_tokens[-1] = token


# ---------------------------------------------------------------------- trading


def test_a_two_unit_brown_card_raises_the_price_by_two_and_purchases_go_to_the_bank() -> None:
    s = fresh()
    give(s, 1, "sawmill")  # the opponent produces 2 wood: wood costs 2 + 2
    assert card_cost(s, 0, "courthouse") == (0, 2 * 4 + 2, False)  # 2 wood + 1 glass
    offer(s, "courthouse")
    set_coins(s, 0, 10)
    set_coins(s, 1, 3)
    received = s.bank_received
    play(s, Construct("courthouse"))
    assert s.coins == [0, 3] and s.bank_received == received + 10  # the bank, not the opponent
    assert coin_balance(s) == 0


def test_trade_price_ignores_the_opponents_yellow_and_wonder_production() -> None:
    s = fresh()
    give(s, 1, "forum", "caravansery", "press")  # only Press counts: papyrus 3, the rest 2
    s.wonders[1].remove("piraeus")
    s.built[1].append("piraeus")
    assert card_cost(s, 0, "study") == (0, 2 * 2 + 2 + 3, False)  # 2 wood, glass, papyrus


def test_own_production_is_never_used_up() -> None:
    s = fresh()
    give(s, 0, "lumber_yard")
    offer(s, "stable")
    play(s, Construct("stable"))  # 1 wood, produced
    assert s.coins[0] == 7
    # the same wood still covers a unit of every later purchase, every turn
    assert card_cost(s, 0, "courthouse") == (0, 2 + 2, False)
    assert card_cost(s, 0, "school") == (0, 2 * 2, False)


def test_caravansery_and_masonry_together_save_the_most_coins() -> None:
    s = fresh()
    give(s, 1, "shelf_quarry")  # stone costs 4
    give(s, 0, "caravansery")
    s.tokens[0] = ["masonry"]
    s.forget_legal_actions()
    # Town Hall: 2 wood (2 each) + 3 stone (4 each). Caravansery takes a stone, Masonry the two
    # other stones: 2 + 2 left to pay (any other assignment pays more).
    assert card_cost(s, 0, "town_hall") == (0, 4, False)
    assert card_cost(s, 0, "arsenal") == (0, 2 * 2 + 2 * 2, False)  # red: no waiver; one clay free


# ---------------------------------------------------------------------- chains and discards


def test_a_three_card_chain_takes_the_middle_link() -> None:
    s = fresh()
    give(s, 0, "statue")  # Theater -> Statue -> Gardens: Statue shows the pillar
    assert card_cost(s, 0, "gardens") == (0, 0, True)
    give(s, 1, "theater")  # the chain's first card alone frees Statue, not Gardens
    assert card_cost(s, 1, "statue") == (0, 0, True)
    assert card_cost(s, 1, "gardens") == (0, 2 * 2 + 2 * 2, False)
    give(s, 1, "altar")  # Altar -> Temple -> Pantheon: likewise
    assert card_cost(s, 1, "temple") == (0, 0, True)
    assert card_cost(s, 1, "pantheon")[2] is False


def test_discarding_counts_only_your_own_yellow_cards() -> None:
    s = fresh()
    give(s, 1, "tavern", "forum", "clay_reserve")
    give(s, 0, "wood_reserve")
    card = open_card(s)
    play(s, Discard(card))
    assert s.coins[0] == 7 + 2 + 1 and s.coins[1] == 7


# ---------------------------------------------------------------------- Wonders


def test_the_mausoleum_never_offers_the_cards_returned_to_the_box_at_setup() -> None:
    s = fresh()
    to_discard(s, "theater")
    boxed = list(s.box)
    assert len(boxed) >= 12
    build(s, "the_mausoleum")
    assert legal_field(s, "card") == ["theater"]  # boxed cards were never discarded
    assert s.box == boxed


def test_a_red_card_built_by_the_mausoleum_has_strategy_and_loots() -> None:
    s = fresh()
    s.tokens[0] = ["strategy"]
    s.military.position = 1
    set_coins(s, 1, 5)
    to_discard(s, "walls")
    build(s, "the_mausoleum")
    play(s, BuildFromDiscard("walls"))  # 2 shields + 1: a red card built after Strategy
    assert s.military.position == 4 and s.coins[1] == 3 and "p2_side_2" not in s.loot


def test_a_guild_built_by_the_mausoleum_pays_its_coins() -> None:
    s = fresh()
    give(s, 0, "guard_tower")
    give(s, 1, "stable", "garrison")
    to_discard(s, "tacticians_guild")
    build(s, "the_mausoleum", coins=wonder_cost(s, 0, "the_mausoleum"))
    play(s, BuildFromDiscard("tacticians_guild"))
    assert s.coins[0] == 2  # free, then 1 coin per red card of the city with the most


def test_the_colossus_can_win_by_military_supremacy() -> None:
    s = fresh()
    set_turn(s, 1)
    s.military.position = -7
    build(s, "the_colossus")
    assert s.military.position == -9
    assert s.outcome is not None and s.outcome.reason == "military" and s.outcome.winners == (1,)


def test_the_seventh_wonder_returns_the_builders_own_eighth() -> None:
    s = fresh()
    s.built = [
        ["the_great_lighthouse", "the_temple_of_artemis"],
        ["circus_maximus", "piraeus", "the_appian_way", "the_colossus"],
    ]
    s.wonders = [["the_pyramids", "the_statue_of_zeus"], []]
    build(s, "the_pyramids")
    assert s.returned_wonders == ["the_statue_of_zeus"] and s.wonders == [[], []]
    set_turn(s, 0)
    assert not any(isinstance(a, BuildWonder) for a in s.legal_actions())


def test_the_last_player_begins_after_losing_the_extra_turn() -> None:
    s = fresh()
    set_turn(s, 1)
    only_cards(s, open_card(s))
    build(s, "the_appian_way")  # Play Again with the last card of Age I: lost
    # the pawn is on the middle space: the last active player begins Age II, once
    assert s.age == 2 and s.decision == "turn" and s.current_player == 1
    assert not s.turns.extra_turns
    play(s, Discard(open_card(s)))
    assert s.current_player == 0


def test_the_weaker_player_chooses_after_the_other_loses_the_extra_turn() -> None:
    s = fresh()
    s.military.position = -2  # on player 0's side: player 0 is the weaker
    set_turn(s, 1)
    only_cards(s, open_card(s))
    build(s, "the_appian_way")
    assert s.age == 2 and s.decision == "choose_starter" and s.current_player == 0
    assert not s.turns.extra_turns
    play(s, ChooseStarter(1))
    assert s.current_player == 1 and s.decision == "turn"


# ---------------------------------------------------------------------- military points


@pytest.mark.parametrize(
    "position,points",
    [(0, (0, 0)), (1, (2, 0)), (2, (2, 0)), (3, (5, 0)), (5, (5, 0)), (6, (10, 0)), (8, (10, 0))]
    + [(-1, (0, 2)), (-3, (0, 5)), (-6, (0, 10))],
)
def test_military_points_by_zone(position: int, points: tuple[int, int]) -> None:
    s = fresh()
    s.military.position = position
    assert tuple(sheet["military"] for sheet in s.scores()) == points


# ---------------------------------------------------------------------- science


def test_six_different_green_symbols_win_without_law() -> None:
    s = fresh()
    give(s, 0, "workshop", "apothecary", "scriptorium", "pharmacist", "academy")
    offer(s, "university")
    set_coins(s, 0, 30)
    play(s, Construct("university"))
    assert s.outcome is not None and s.outcome.reason == "science" and s.outcome.winners == (0,)


def test_every_pair_takes_its_own_token() -> None:
    s = fresh()
    give(s, 0, "workshop", "apothecary")
    set_coins(s, 0, 30)
    offer(s, "laboratory")
    play(s, Construct("laboratory"))
    first = s.board_tokens[0]
    play(s, TakeProgressToken(first))
    set_turn(s, 0)
    offer(s, "school")
    play(s, Construct("school"))
    assert s.decision == "progress_token" and len(legal_field(s, "token")) == 4
    second = s.board_tokens[0]
    play(s, TakeProgressToken(second))
    assert s.tokens[0] == [first, second] and len(s.board_tokens) == 3


def test_a_pair_with_the_last_card_of_age_three_scores_its_token() -> None:
    s = fresh()
    on_board(s, "philosophy")
    start_age(s, 3, 0)
    give(s, 0, "academy")
    only_cards(s, "study")
    set_coins(s, 0, 30)
    play(s, Construct("study"))
    assert s.outcome is None and s.decision == "progress_token"
    play(s, TakeProgressToken("philosophy"))
    assert s.outcome is not None and s.outcome.reason == "civilian"
    assert s.scores()[0]["progress"] == 7 and s.scores()[0]["science"] == 6


# ---------------------------------------------------------------------- guilds and the end


def test_shipowners_counts_brown_and_grey_of_one_city() -> None:
    s = fresh()
    give(s, 0, "lumber_yard", "quarry", "clay_pool")  # 3 brown, no grey
    give(s, 1, "glassworks", "press")  # 2 grey: the colours are not added across cities
    offer(s, "shipowners_guild")
    set_coins(s, 0, 40)
    printed, trade, _ = card_cost(s, 0, "shipowners_guild")
    play(s, Construct("shipowners_guild"))
    assert s.coins[0] == 40 - printed - trade + 3 and s.scores()[0]["guilds"] == 3


def test_moneylenders_and_treasury_round_down() -> None:
    s = fresh()
    give(s, 1, "moneylenders_guild")
    set_coins(s, 0, 14)
    set_coins(s, 1, 5)
    sheets = s.scores()
    assert sheets[1]["guilds"] == 4 and sheets[1]["treasury"] == 1 and sheets[0]["treasury"] == 4


def test_theology_play_again_is_lost_with_the_last_card_of_an_age() -> None:
    s = fresh()
    s.tokens[0] = ["theology"]
    s.military.position = -1  # player 0's side: player 0 chooses who begins Age II
    only_cards(s, open_card(s))
    build(s, "the_pyramids")  # Play Again by Theology, on the last card of Age I
    assert s.age == 2 and s.decision == "choose_starter" and not s.turns.extra_turns
    play(s, ChooseStarter(1))
    assert s.current_player == 1


def test_the_great_librarys_returned_tokens_are_never_offered_by_a_pair() -> None:
    s = fresh()
    drawn = s.set_aside[-3:]
    build(s, "the_great_library")
    play(s, TakeProgressToken(drawn[0]))
    board = list(s.board_tokens)
    give(s, 1, "workshop")
    set_turn(s, 1)
    set_coins(s, 1, 30)
    offer(s, "laboratory")
    play(s, Construct("laboratory"))
    assert legal_field(s, "token") == board and not set(drawn[1:]) & set(board)
