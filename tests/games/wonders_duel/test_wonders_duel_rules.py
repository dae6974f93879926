"""Scenario tests: the seed's worked examples, every card family, Wonder and Progress token."""

from __future__ import annotations

import pytest

from games.wonders_duel.wonders_duel_helpers import (
    coin_balance,
    fresh,
    give,
    layout,
    legal_field,
    offer,
    only_cards,
    open_card,
    play,
    refused,
    set_coins,
    set_turn,
    to_discard,
)
from tabletop.games.wonders_duel import (
    GAME,
    BuildFromDiscard,
    BuildWonder,
    ChooseStarter,
    Construct,
    DestroyCard,
    Discard,
    PickWonder,
    TakeProgressToken,
    WondersDuelState,
)
from tabletop.games.wonders_duel.city import card_cost, wonder_cost
from tabletop.games.wonders_duel.effects import start_age


def turn_state(seed: int = 0) -> WondersDuelState:
    """Age I, player 1 to play, beginner Wonders."""
    s = fresh(seed)
    assert s.decision == "turn" and s.current_player == 0
    return s


# ---------------------------------------------------------------------- the seed's examples


def test_caravansery_costs_seven_coins() -> None:
    s = turn_state()
    give(s, 1, "glassworks")  # the opponent produces 1 glass
    offer(s, "caravansery")
    assert card_cost(s, 0, "caravansery") == (2, 5, False)  # 2 printed + 3 glass + 2 papyrus
    set_coins(s, 0, 6)
    assert Construct("caravansery") not in s.legal_actions()
    refused(s, Construct("caravansery"), "cannot afford Caravansery", "costs 7 coins")
    set_coins(s, 0, 7)
    play(s, Construct("caravansery"))
    assert s.coins[0] == 0 and "caravansery" in s.cards[0]


def test_discarding_aqueduct_with_two_yellow_cards_gives_four() -> None:
    s = turn_state()
    give(s, 0, "tavern", "clay_reserve")
    offer(s, "aqueduct")
    before = s.coins[0]
    play(s, Discard("aqueduct"))
    assert s.coins[0] == before + 4 and s.discard == ["aqueduct"]


def test_baths_then_aqueduct_is_free_by_chain() -> None:
    s = turn_state()
    give(s, 0, "baths")
    offer(s, "aqueduct")
    set_coins(s, 0, 0)
    assert card_cost(s, 0, "aqueduct") == (0, 0, True)
    play(s, Construct("aqueduct"))
    assert s.coins[0] == 0 and "aqueduct" in s.cards[0]


def test_horse_breeders_free_with_stable_and_barracks_coin_cost_waived() -> None:
    s = turn_state()
    give(s, 0, "stable", "garrison")
    set_coins(s, 0, 0)
    assert card_cost(s, 0, "horse_breeders") == (0, 0, True)
    assert card_cost(s, 0, "barracks") == (0, 0, True)  # 3 printed coins waived too
    assert card_cost(s, 1, "horse_breeders") == (0, 4, False)  # only your own city counts
    offer(s, "horse_breeders")
    play(s, Construct("horse_breeders"))
    assert s.coins[0] == 0 and s.military.position == 1


def test_archery_range_pushes_two_and_the_opponent_loses_two_coins() -> None:
    s = turn_state()
    s.military.position = 1
    set_coins(s, 0, 20)
    offer(s, "archery_range")
    play(s, Construct("archery_range"))
    assert s.military.position == 3
    assert s.coins[1] == 5 and "p2_side_2" not in s.loot
    assert coin_balance(s) == 0


def test_strategy_makes_a_two_shield_card_push_three() -> None:
    s = turn_state()
    s.tokens[0] = ["strategy"]
    set_coins(s, 0, 20)
    offer(s, "walls")
    play(s, Construct("walls"))
    assert s.military.position == 3


# ---------------------------------------------------------------------- card families


def test_brown_and_grey_production_covers_costs_and_raises_opponent_prices() -> None:
    s = turn_state()
    give(s, 0, "quarry", "glassworks")
    assert card_cost(s, 0, "baths") == (0, 0, False)  # 1 stone produced
    assert card_cost(s, 0, "apothecary") == (0, 0, False)  # 1 glass produced
    assert card_cost(s, 1, "baths") == (0, 3, False)  # 2 + the opponent's 1 stone
    give(s, 0, "shelf_quarry")
    assert card_cost(s, 1, "aqueduct") == (0, 15, False)  # 3 stone at 2 + 3 each


def test_blue_card_victory_points() -> None:
    s = turn_state()
    offer(s, "theater")
    play(s, Construct("theater"))
    assert s.scores()[0]["civilian"] == 3


def test_green_pair_takes_a_progress_token_from_the_board() -> None:
    s = turn_state()
    give(s, 0, "workshop")
    set_coins(s, 0, 20)
    offer(s, "laboratory")
    board = list(s.board_tokens)
    play(s, Construct("laboratory"))
    assert s.decision == "progress_token" and s.current_player == 0
    assert legal_field(s, "token") == board
    refused(s, TakeProgressToken(s.set_aside[0]), "on the board")
    play(s, TakeProgressToken(board[0]))
    assert s.tokens[0] == [board[0]] and board[0] not in s.board_tokens
    assert s.decision == "turn" and s.current_player == 1


def test_pair_with_an_empty_board_gives_nothing() -> None:
    s = turn_state()
    give(s, 0, "workshop")
    s.set_aside += s.board_tokens
    s.board_tokens = []
    offer(s, "laboratory")
    set_coins(s, 0, 20)
    play(s, Construct("laboratory"))
    assert s.decision == "turn" and s.current_player == 1


def test_yellow_coins_and_fixed_trade_prices() -> None:
    s = turn_state()
    offer(s, "tavern")
    play(s, Construct("tavern"))
    assert s.coins[0] == 11
    s = turn_state()
    give(s, 1, "quarry", "shelf_quarry")  # the opponent produces 3 stone
    assert card_cost(s, 0, "aqueduct") == (0, 15, False)
    give(s, 0, "stone_reserve")
    assert card_cost(s, 0, "aqueduct") == (0, 3, False)  # 1 coin per stone
    give(s, 0, "customs_house")
    assert card_cost(s, 0, "library") == (0, 2 + 1 + 1, False)  # wood 2, stone 1, glass 1


def test_forum_and_caravansery_choice_production() -> None:
    s = turn_state()
    give(s, 0, "forum")
    assert card_cost(s, 0, "school") == (0, 2 + 2, False)  # papyrus x2: one covered by Forum
    give(s, 1, "press")  # papyrus now costs 3, wood 2
    assert card_cost(s, 0, "school") == (0, 2 + 3, False)
    give(s, 0, "caravansery")
    assert card_cost(s, 0, "school") == (0, 3, False)  # wood by Caravansery
    assert card_cost(s, 1, "baths") == (0, 2, False)  # choice production never raises prices


@pytest.mark.parametrize(
    "card,city,coins",
    [
        ("chamber_of_commerce", ("glassworks", "press"), 6),
        ("port", ("lumber_yard", "quarry", "clay_pool"), 6),
        ("armory", ("guard_tower", "stable"), 2),
        ("lighthouse", ("tavern", "forum"), 3),  # counts itself
    ],
)
def test_yellow_age_three_coins_count_your_own_city(card: str, city: tuple[str, ...], coins: int) -> None:
    s = turn_state()
    give(s, 0, *city)
    give(s, 1, "glassworks" if card != "chamber_of_commerce" else "lumber_yard")
    offer(s, card)
    set_coins(s, 0, 30)
    printed, trade, _ = card_cost(s, 0, card)
    play(s, Construct(card))
    assert s.coins[0] == 30 - printed - trade + coins


def test_arena_counts_wonders() -> None:
    s = turn_state()
    s.wonders[0].remove("the_pyramids")
    s.built[0] = ["the_pyramids"]
    s.tucked["the_pyramids"] = s.box[0]
    s.box.pop(0)
    give(s, 0, "lumber_yard", "clay_pool", "quarry")
    offer(s, "arena")
    before = s.coins[0]
    play(s, Construct("arena"))
    assert s.coins[0] == before + 2


def test_red_shields_move_the_pawn_toward_the_opponent() -> None:
    s = turn_state()
    offer(s, "guard_tower")
    play(s, Construct("guard_tower"))
    assert s.military.position == 1
    offer(s, "garrison")
    set_coins(s, 1, 10)
    play(s, Construct("garrison"))
    assert s.military.position == 0


def test_a_push_across_both_zones_loots_both_tokens() -> None:
    s = turn_state()
    s.military.position = 2
    s.tokens[0] = ["strategy"]
    set_coins(s, 0, 20)
    set_coins(s, 1, 10)
    offer(s, "pretorium")
    play(s, Construct("pretorium"))  # 3 shields + Strategy: 2 -> 6
    assert s.military.position == 6
    assert s.coins[1] == 3 and s.loot == ["p1_side_2", "p1_side_5"]


def test_a_token_zone_takes_only_what_the_player_has() -> None:
    s = turn_state()
    s.military.position = 2
    set_coins(s, 1, 1)
    offer(s, "guard_tower")
    play(s, Construct("guard_tower"))
    assert s.coins[1] == 0 and coin_balance(s) == 0


GUILD_CASES = [
    ("merchants_guild", ("tavern", "forum"), ("wood_reserve",), 2),
    ("shipowners_guild", ("lumber_yard",), ("quarry", "glassworks", "clay_pool"), 3),
    ("magistrates_guild", ("theater", "altar"), ("baths",), 2),
    ("scientists_guild", ("workshop",), ("apothecary", "scriptorium", "pharmacist"), 3),
    ("tacticians_guild", ("guard_tower",), ("stable", "garrison"), 2),
]
#: Cards that bring the opponent's count one above the count at construction.
MORE_FOR_THE_OPPONENT = {
    "merchants_guild": ("stone_reserve", "clay_reserve"),
    "shipowners_guild": ("press",),
    "magistrates_guild": ("courthouse", "statue"),
    "scientists_guild": ("library",),
    "tacticians_guild": ("palisade",),
}


@pytest.mark.parametrize("guild,mine,theirs,count", GUILD_CASES)
def test_guild_coins_on_build_and_points_at_the_end(
    guild: str, mine: tuple[str, ...], theirs: tuple[str, ...], count: int
) -> None:
    s = turn_state()
    give(s, 0, *mine)
    give(s, 1, *theirs)
    offer(s, guild)
    set_coins(s, 0, 40)
    printed, trade, _ = card_cost(s, 0, guild)
    play(s, Construct(guild))
    assert s.coins[0] == 40 - printed - trade + count  # the city with the most, once
    assert s.scores()[0]["guilds"] == count
    # at the end the count is taken again: the opponent's city grew
    give(s, 1, *MORE_FOR_THE_OPPONENT[guild])
    assert s.scores()[0]["guilds"] == count + 1


def test_builders_and_moneylenders_guilds() -> None:
    s = turn_state()
    s.wonders[1].remove("the_colossus")
    s.built[1] = ["the_colossus"]
    give(s, 0, "builders_guild", "moneylenders_guild")
    set_coins(s, 0, 5)
    set_coins(s, 1, 13)
    sheet = s.scores()[0]
    assert sheet["guilds"] == 2 * 1 + 13 // 3


def test_guild_gives_no_coins_when_it_counts_nothing() -> None:
    s = turn_state()
    offer(s, "builders_guild")
    set_coins(s, 0, 40)
    printed, trade, _ = card_cost(s, 0, "builders_guild")
    play(s, Construct("builders_guild"))
    assert s.coins[0] == 40 - printed - trade


# ---------------------------------------------------------------------- Wonders


def build(s: WondersDuelState, wonder: str, card: str | None = None, coins: int = 40) -> None:
    """The active seat builds ``wonder`` with an accessible card."""
    seat = s.turns.current
    if wonder not in s.wonders[seat]:
        s.wonders[seat].append(wonder)
    if card is None:
        card = open_card(s)
    else:
        offer(s, card)
    set_coins(s, seat, coins)
    s.forget_legal_actions()
    play(s, BuildWonder(wonder, card))


def test_wonder_costs_resources_and_tucks_the_card() -> None:
    s = turn_state()
    card = open_card(s)
    assert wonder_cost(s, 0, "the_pyramids") == 8
    build(s, "the_pyramids", coins=8)
    assert s.coins[0] == 0 and s.built[0] == ["the_pyramids"] and s.tucked["the_pyramids"] == card
    assert card not in s.discard and s.scores()[0]["wonders"] == 9


def test_appian_way() -> None:
    s = turn_state()
    set_turn(s, 1)
    set_coins(s, 0, 7)
    build(s, "the_appian_way", coins=10)
    assert s.coins[1] == 10 - 10 + 3 and s.coins[0] == 4
    assert s.current_player == 1 and s.decision == "turn"  # plays again
    assert s.scores()[1]["wonders"] == 3


def test_circus_maximus_destroys_a_grey_card() -> None:
    s = turn_state()
    give(s, 0, "glassworks", "press", "quarry")
    set_turn(s, 1)
    build(s, "circus_maximus")
    assert s.military.position == -1
    assert s.decision == "destroy" and s.current_player == 1
    assert sorted(legal_field(s, "card")) == ["glassworks", "press"]
    refused(s, DestroyCard("quarry"), "grey")
    play(s, DestroyCard("press"))
    assert "press" in s.discard and "press" not in s.cards[0] and s.produce[0][4] == 0
    assert s.current_player == 0


def test_statue_of_zeus_destroys_a_brown_card_or_nothing() -> None:
    s = turn_state()
    give(s, 1, "quarry", "glassworks")
    build(s, "the_statue_of_zeus")
    assert s.military.position == 1
    assert legal_field(s, "card") == ["quarry"]
    play(s, DestroyCard("quarry"))
    assert s.produce[1][2] == 0 and s.discard == ["quarry"]
    s = turn_state()
    build(s, "the_statue_of_zeus")  # no brown card: no decision
    assert s.decision == "turn" and s.current_player == 1


def test_colossus_two_shields() -> None:
    s = turn_state()
    set_turn(s, 1)
    build(s, "the_colossus")
    assert s.military.position == -2 and s.current_player == 0


def test_great_library_draws_three_set_aside_tokens() -> None:
    s = turn_state()
    board = list(s.board_tokens)
    drawn = s.set_aside[-3:]
    build(s, "the_great_library")
    assert s.decision == "great_library"
    assert sorted(legal_field(s, "token")) == sorted(drawn)
    assert s.observation(1)["library_offer"] == 3 and sorted(s.observation(0)["library_offer"]) == sorted(
        drawn
    )
    refused(s, TakeProgressToken(board[0]), "Great Library")
    play(s, TakeProgressToken(drawn[0]))
    assert s.tokens[0] == [drawn[0]] and s.board_tokens == board
    assert len(s.set_aside) == 4 and drawn[0] not in s.set_aside
    assert sorted(s.library_known) == sorted(drawn[1:])
    assert s.scores()[0]["wonders"] == 4


def test_great_lighthouse_and_piraeus_choice_production() -> None:
    s = turn_state()
    build(s, "the_great_lighthouse")
    assert card_cost(s, 0, "baths") == (0, 0, False)
    assert card_cost(s, 0, "aqueduct") == (0, 4, False)
    set_turn(s, 1)
    build(s, "piraeus")
    assert card_cost(s, 1, "apothecary") == (0, 0, False)
    assert s.current_player == 1  # Piraeus plays again
    assert s.scores()[1]["wonders"] == 2


def test_hanging_gardens_temple_of_artemis_sphinx() -> None:
    s = turn_state()
    build(s, "the_hanging_gardens", coins=20)
    assert s.coins[0] == 20 - wonder_cost(fresh(), 0, "the_hanging_gardens") + 6
    assert s.current_player == 0
    build(s, "the_temple_of_artemis", coins=0 + wonder_cost(s, 0, "the_temple_of_artemis"))
    assert s.coins[0] == 12 and s.current_player == 0
    build(s, "the_sphinx")
    assert s.current_player == 0
    assert s.scores()[0]["wonders"] == 3 + 0 + 6


def test_mausoleum_builds_a_discarded_card_for_free() -> None:
    s = turn_state()
    offer(s, "theater")
    play(s, Discard("theater"))
    set_turn(s, 0)
    build(s, "the_mausoleum", coins=wonder_cost(s, 0, "the_mausoleum"))
    assert s.decision == "mausoleum"
    assert s.legal_actions() == [BuildFromDiscard("theater")]
    play(s, BuildFromDiscard("theater"))
    assert "theater" in s.cards[0] and s.discard == [] and s.coins[0] == 0
    assert s.scores()[0]["civilian"] == 3


def test_mausoleum_can_trigger_a_science_pair() -> None:
    s = turn_state()
    give(s, 0, "workshop")
    to_discard(s, "laboratory")
    build(s, "the_mausoleum")
    play(s, BuildFromDiscard("laboratory"))
    assert s.decision == "progress_token" and s.current_player == 0


def test_mausoleum_with_an_empty_discard_does_nothing() -> None:
    s = turn_state()
    build(s, "the_mausoleum")
    assert s.decision == "turn" and s.current_player == 1


def test_seven_wonders_only_the_eighth_goes_back_to_the_box() -> None:
    s = turn_state()
    s.built = [
        ["the_great_lighthouse", "the_temple_of_artemis", "the_statue_of_zeus"],
        ["circus_maximus", "piraeus", "the_appian_way"],
    ]
    s.wonders = [["the_pyramids"], ["the_colossus"]]
    build(s, "the_pyramids")
    assert s.returned_wonders == ["the_colossus"] and s.wonders == [[], []]
    set_turn(s, 1)
    set_coins(s, 1, 40)
    card = open_card(s)
    assert not any(isinstance(a, BuildWonder) for a in s.legal_actions())
    refused(s, BuildWonder("the_colossus", card), "back to the box", "only 7 Wonders")


def test_a_wonder_already_built_is_refused() -> None:
    s = turn_state()
    build(s, "the_pyramids")
    set_turn(s, 0)
    set_coins(s, 0, 40)
    card = open_card(s)
    refused(s, BuildWonder("the_pyramids", card), "already built")


def test_unaffordable_wonder_is_refused() -> None:
    s = turn_state()
    set_coins(s, 0, 0)
    card = open_card(s)
    refused(s, BuildWonder("the_pyramids", card), "cannot afford The Pyramids")


def test_covered_card_is_refused() -> None:
    s = turn_state()
    covered = next(c for i, c in enumerate(layout(s).cards) if i not in s.open_slots)
    assert covered is not None
    refused(s, Construct(covered), "covered by", "no other card covers")
    refused(s, Discard(covered), "covered by")
    refused(s, Construct(s.box[0]), "is not a face-up card of the Age 1 structure", "no other card covers")


def test_wrong_decision_is_refused() -> None:
    s = turn_state()
    refused(s, ChooseStarter(1), "must decide 'turn'")
    refused(s, PickWonder("the_sphinx"), "must decide 'turn'")


# ---------------------------------------------------------------------- Progress tokens


def take_token(s: WondersDuelState, token: str) -> None:
    """The active seat completes a science pair and takes ``token``."""
    if token not in s.board_tokens:
        s.set_aside.remove(token)
        s.set_aside.append(s.board_tokens.pop())
        s.board_tokens.append(token)
    give(s, s.turns.current, "workshop")
    offer(s, "laboratory")
    set_coins(s, s.turns.current, 20)
    play(s, Construct("laboratory"))
    play(s, TakeProgressToken(token))


def test_agriculture() -> None:
    s = turn_state()
    take_token(s, "agriculture")
    assert s.coins[0] == 20 - 6 + 6  # laboratory: wood + glass x2 bought at 2 each
    assert s.scores()[0]["progress"] == 4


def test_architecture_waives_the_two_dearest_units_of_a_wonder() -> None:
    s = turn_state()
    give(s, 1, "press", "drying_room")  # papyrus costs 4
    assert wonder_cost(s, 0, "the_pyramids") == 3 * 2 + 4
    take_token(s, "architecture")
    assert wonder_cost(s, 0, "the_pyramids") == 2 * 2  # papyrus and one stone waived
    assert card_cost(s, 0, "baths") == (0, 2, False)  # buildings unaffected


def test_masonry_waives_two_units_of_blue_cards() -> None:
    s = turn_state()
    take_token(s, "masonry")
    assert card_cost(s, 0, "aqueduct") == (0, 2, False)
    assert card_cost(s, 0, "palace") == (0, 6, False)
    assert card_cost(s, 0, "walls") == (0, 4, False)  # red: unaffected


def test_economy_receives_the_opponents_trade_coins() -> None:
    s = turn_state()
    s.tokens[1] = ["economy"]
    give(s, 0, "stone_reserve")
    set_coins(s, 0, 20)
    set_coins(s, 1, 0)
    received = s.bank_received
    offer(s, "caravansery")  # 2 printed + glass 2 + papyrus 2
    play(s, Construct("caravansery"))
    assert s.coins[1] == 4 and s.bank_received == received + 2 and s.coins[0] == 14
    set_turn(s, 0)
    offer(s, "aqueduct")  # 3 stone: 1 from Caravansery, 2 at 1 coin each via Stone Reserve
    play(s, Construct("aqueduct"))
    assert s.coins[1] == 6


def test_law_counts_toward_scientific_supremacy() -> None:
    s = turn_state()
    give(s, 0, "workshop", "apothecary", "scriptorium", "pharmacist")
    s.tokens[0] = ["law"]
    offer(s, "academy")
    set_coins(s, 0, 30)
    play(s, Construct("academy"))
    assert s.outcome is not None and s.outcome.reason == "science" and s.outcome.winners == (0,)
    assert s.current_player is None and s.legal_actions() == []


def test_taking_law_can_win_by_science() -> None:
    s = turn_state()
    give(s, 0, "apothecary", "scriptorium", "pharmacist", "academy")
    take_token(s, "law")  # workshop + laboratory pair (5 symbols), then Law: 6
    assert s.outcome is not None and s.outcome.reason == "science"


def test_mathematics_and_philosophy() -> None:
    s = turn_state()
    s.tokens[0] = ["philosophy", "agriculture"]
    take_token(s, "mathematics")
    assert s.scores()[0]["progress"] == 7 + 4 + 3 * 3


def test_strategy_does_not_boost_wonders() -> None:
    s = turn_state()
    s.tokens[1] = ["strategy"]
    set_turn(s, 1)
    build(s, "the_colossus")
    assert s.military.position == -2


def test_theology_gives_every_wonder_play_again() -> None:
    s = turn_state()
    take_token(s, "theology")
    set_turn(s, 0)
    build(s, "the_pyramids")
    assert s.current_player == 0
    build(s, "the_temple_of_artemis")  # already Play Again: still one extra turn
    assert s.current_player == 0
    offer(s, "theater")
    play(s, Construct("theater"))
    assert s.current_player == 1


def test_urbanism_six_coins_then_four_per_chain() -> None:
    s = turn_state()
    take_token(s, "urbanism")
    assert s.coins[0] == 20 - 6 + 6
    give(s, 0, "baths")
    set_turn(s, 0)
    offer(s, "aqueduct")
    play(s, Construct("aqueduct"))
    assert s.coins[0] == 24
    set_turn(s, 0)
    to_discard(s, "temple")
    give(s, 0, "altar")
    build(s, "the_mausoleum", coins=0 + wonder_cost(s, 0, "the_mausoleum"))
    play(s, BuildFromDiscard("temple"))  # free, but not by chain: no bonus
    assert s.coins[0] == 0


# ---------------------------------------------------------------------- Ages and turns


def test_play_again_is_lost_with_the_last_card_of_an_age() -> None:
    s = turn_state()
    only_cards(s, open_card(s))
    build(s, "the_temple_of_artemis")
    assert s.age == 2 and s.decision == "turn" and s.current_player == 0  # pawn on 0: begins
    assert not s.turns.extra_turns


def test_weaker_player_chooses_who_begins_the_next_age() -> None:
    s = turn_state()
    s.military.position = 2  # the pawn is on player 2's side
    last = open_card(s)
    only_cards(s, last)
    play(s, Discard(last))
    assert s.age == 2 and s.decision == "choose_starter" and s.current_player == 1
    assert s.legal_actions() == [ChooseStarter(0), ChooseStarter(1)]
    assert s.structure is not None and len(s.open_slots) == 2  # Age II dealt
    play(s, ChooseStarter(0))
    assert s.decision == "turn" and s.current_player == 0


def test_pawn_on_zero_the_last_player_begins() -> None:
    # "In a situation where the pawn is in the middle of the board, the player who begins the
    # next Age is the last active player": no choice, for either player.
    for last_player in (0, 1):
        s = turn_state()
        set_turn(s, last_player)
        last = open_card(s)
        only_cards(s, last)
        play(s, Discard(last))
        assert s.age == 2 and s.decision == "turn" and s.current_player == last_player
        assert not any(isinstance(a, ChooseStarter) for a in s.legal_actions())
        refused(s, ChooseStarter(1 - last_player))


def test_newly_uncovered_cards_are_revealed() -> None:
    s = turn_state()
    assert s.observation(1)["structure"].count("back:age1") == 8
    # take both cards covering slot r3c2 (slot 9): r4c1 and r4c3 (slots 14 and 15)
    for slot in (14, 15):
        card = layout(s).cards[slot]
        assert card is not None
        play(s, Discard(card))
    assert layout(s).revealed[9] and 9 in s.open_slots
    assert s.observation(0)["structure"][9] == layout(s).cards[9]


def test_wonder_draft_order() -> None:
    s = GAME.new_game(seed=5)
    assert s.decision == "draft_wonder"
    seats = []
    while s.decision == "draft_wonder":
        seats.append(s.current_player)
        assert len(s.legal_actions()) == len(s.wonder_offer)
        play(s, s.legal_actions()[0])
    assert seats == [0, 1, 1, 1, 0, 0]  # the forced last picks are automatic
    assert [len(w) for w in s.wonders] == [4, 4]
    assert s.age == 1 and s.current_player == 0 and len(s.wonder_deck) == 4
    first = GAME.new_game(seed=5)
    offered = list(first.wonder_offer)
    play(first, PickWonder(offered[0]))
    play(first, PickWonder(offered[1]))
    play(first, PickWonder(offered[2]))
    assert first.wonders == [[offered[0], offered[3]], [offered[1], offered[2]]]


def test_beginner_wonders() -> None:
    s = fresh()
    assert s.wonders == [
        ["the_pyramids", "the_great_lighthouse", "the_temple_of_artemis", "the_statue_of_zeus"],
        ["circus_maximus", "piraeus", "the_appian_way", "the_colossus"],
    ]


def test_setup() -> None:
    s = GAME.new_game(seed=11)
    assert s.coins == [7, 7] and len(s.board_tokens) == 5 and len(s.set_aside) == 5
    assert [len(d) for d in s.decks] == [20, 20, 20]
    assert (
        sum(
            c in s.decks[2]
            for c in (
                "merchants_guild",
                "shipowners_guild",
                "builders_guild",
                "magistrates_guild",
                "scientists_guild",
                "moneylenders_guild",
                "tacticians_guild",
            )
        )
        == 3
    )
    assert len(s.box) == 9 + 4


# ---------------------------------------------------------------------- victory


def age_three_last_card(seed: int = 0) -> WondersDuelState:
    s = turn_state(seed)
    start_age(s, 3, 0)
    only_cards(s, open_card(s))
    return s


def last_discard(s: WondersDuelState) -> None:
    play(s, Discard(open_card(s)))


def test_military_supremacy_ends_the_game_at_once() -> None:
    s = turn_state()
    s.military.position = 8
    offer(s, "guard_tower")
    play(s, Construct("guard_tower"))
    assert s.outcome is not None and s.outcome.reason == "military" and s.outcome.winners == (0,)


def test_civilian_victory_by_points() -> None:
    s = age_three_last_card()
    give(s, 1, "palace")
    set_coins(s, 0, 0)
    set_coins(s, 1, 0)
    s.military.position = -1
    last_discard(s)
    assert s.outcome is not None and s.outcome.reason == "civilian" and s.outcome.winners == (1,)
    sheets = s.scores()
    assert sheets[1] == {
        "civilian": 7,
        "science": 0,
        "commercial": 0,
        "guilds": 0,
        "wonders": 0,
        "progress": 0,
        "treasury": 0,
        "military": 2,
        "total": 9,
    }
    assert s.outcome.scores == (0, 9)


def test_tie_broken_by_blue_points() -> None:
    s = age_three_last_card()
    give(s, 0, "theater")
    set_coins(s, 0, 0)  # + 2 for the last discard: still 0 VP of treasury
    set_coins(s, 1, 9)
    last_discard(s)
    assert s.outcome is not None and s.outcome.scores == (3, 3) and s.outcome.winners == (0,)


def test_still_tied_is_a_shared_victory() -> None:
    s = age_three_last_card()
    set_coins(s, 0, 0)
    set_coins(s, 1, 0)
    last_discard(s)
    assert s.outcome is not None and s.outcome.winners == (0, 1)
    assert s.returns() == (0.0, 0.0)


def test_civilian_counts_every_category() -> None:
    s = age_three_last_card()
    give(s, 0, "theater", "workshop", "chamber_of_commerce", "magistrates_guild")
    s.wonders[0].remove("the_pyramids")
    s.built[0].append("the_pyramids")
    s.tokens[0] = ["philosophy"]
    set_coins(s, 0, 10)
    s.military.position = 4
    last_discard(s)
    sheet = s.scores()[0]
    assert sheet == {
        "civilian": 3,
        "science": 1,
        "commercial": 3,
        "guilds": 1,
        "wonders": 9,
        "progress": 7,
        "treasury": 4,
        "military": 5,
        "total": 33,
    }


def test_great_library_law_can_win_by_science() -> None:
    s = turn_state()
    give(s, 0, "workshop", "apothecary", "scriptorium", "pharmacist", "academy")
    if "law" in s.board_tokens:  # Law must be among the set-aside tokens, and drawn
        s.board_tokens[s.board_tokens.index("law")] = s.set_aside[0]
        s.set_aside[0] = "law"
    s.set_aside.remove("law")
    s.set_aside.append("law")
    build(s, "the_great_library")
    play(s, TakeProgressToken("law"))
    assert s.outcome is not None and s.outcome.reason == "science" and s.outcome.winners == (0,)


def test_scientists_guild_gives_no_science_symbol() -> None:
    s = turn_state()
    give(s, 0, "workshop", "apothecary", "scriptorium", "pharmacist", "academy")
    offer(s, "scientists_guild")
    set_coins(s, 0, 40)
    play(s, Construct("scientists_guild"))
    assert s.outcome is None  # still 5 different symbols
    assert s.coins[0] == 40 - sum(card_cost(fresh(), 0, "scientists_guild")[:2]) + 5


def test_destroyed_card_production_is_lost_but_gains_are_kept() -> None:
    s = turn_state()
    give(s, 0, "glassworks")
    assert card_cost(s, 1, "apothecary") == (0, 3, False)
    set_turn(s, 1)
    build(s, "circus_maximus")
    play(s, DestroyCard("glassworks"))
    assert card_cost(s, 1, "apothecary") == (0, 2, False)  # the price falls back
    assert card_cost(s, 0, "apothecary") == (0, 2, False)  # and the production is gone
    assert s.military.position == -1  # Circus Maximus' shield stays
