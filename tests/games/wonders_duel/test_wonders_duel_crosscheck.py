"""Rules cross-check (brief H6): cases of the 7 Wonders Duel rulebook and other engines that the
rules and audit files do not pin down yet. Each test names its item of the reference's "Rules
subtleties" list (/work/shared/reference/wonders_duel/README.md)."""

from __future__ import annotations

from games.wonders_duel.test_wonders_duel_rules import build, turn_state
from games.wonders_duel.wonders_duel_helpers import give, offer, only_cards, play, set_coins, set_turn
from tabletop.games.wonders_duel import CARDS, BuildFromDiscard, Construct, DestroyCard, TakeProgressToken
from tabletop.games.wonders_duel.city import card_cost, wonder_cost


def test_only_the_players_own_chain_symbol_makes_a_card_free() -> None:
    # Item 4: chains count the builder's own city only.
    s = turn_state()
    give(s, 1, "baths")  # the drop symbol, in the opponent's city
    assert card_cost(s, 0, "aqueduct") == (0, 3 * 2, False)
    assert card_cost(s, 1, "aqueduct") == (0, 0, True)


def test_masonry_never_takes_a_cost_below_zero_nor_touches_coin_costs() -> None:
    # Item 6: 2 fewer resource units, no refund, printed coins unaffected.
    s = turn_state()
    s.tokens[0] = ["masonry"]
    give(s, 0)  # forget the cost book
    assert card_cost(s, 0, "baths") == (0, 0, False)  # 1 stone: nothing to pay, nothing back
    assert card_cost(s, 0, "statue") == (0, 0, False)  # 2 clay waived
    assert card_cost(s, 0, "courthouse") == (0, 2, False)  # 2 wood + glass: the dearest 2 waived


def test_wonder_choice_production_never_raises_the_opponents_prices() -> None:
    # Items 1 and 3: only brown and grey cards raise the opponent's trade price.
    s = turn_state()
    build(s, "the_great_lighthouse")  # wood, clay or stone for its owner
    give(s, 0, "caravansery")
    assert card_cost(s, 1, "baths") == (0, 2, False)
    assert card_cost(s, 1, "statue") == (0, 4, False)


def test_a_card_destroyed_by_the_statue_of_zeus_can_be_rebuilt_by_the_mausoleum() -> None:
    # Item 17: the destroyed card goes to the discard pile, its production is lost.
    s = turn_state()
    give(s, 1, "quarry")
    build(s, "the_statue_of_zeus")
    play(s, DestroyCard("quarry"))
    assert s.discard == ["quarry"] and card_cost(s, 0, "baths") == (0, 2, False)
    set_turn(s, 0)
    build(s, "the_mausoleum", coins=wonder_cost(s, 0, "the_mausoleum"))
    assert s.legal_actions() == [BuildFromDiscard("quarry")]
    play(s, BuildFromDiscard("quarry"))
    assert "quarry" in s.cards[0] and s.discard == [] and s.coins[0] == 0


def test_a_red_card_reaching_the_capital_wins_at_once() -> None:
    # Item 13: reaching the capital ends the game immediately, Strategy's shield included.
    s = turn_state()
    s.tokens[0] = ["strategy"]
    s.military.position = 7
    set_coins(s, 0, 20)
    offer(s, "stable")
    play(s, Construct("stable"))  # 1 shield + Strategy's 1: 7 -> 9
    assert s.outcome is not None and s.outcome.reason == "military" and s.outcome.winners == (0,)
    assert s.legal_actions() == []


def test_a_science_pair_on_the_last_card_of_an_age_takes_its_token_before_the_next_age() -> None:
    # fromi's ScienceAndProgressTest "get a science symbol at the end of an age" (item 11).
    s = turn_state()
    deck = s.decks[1]
    if "dispensary" in deck:  # keep Age II's deck whole: a boxed Age II card takes its place
        spare = next(c for c in s.box if CARDS[c].age == 2)
        s.box.remove(spare)
        deck[deck.index("dispensary")] = spare
        s.box.append("dispensary")
    give(s, 0, "dispensary")  # mortar
    only_cards(s, "pharmacist")  # mortar: the Age's last card
    set_coins(s, 0, 20)
    play(s, Construct("pharmacist"))
    assert s.age == 1 and s.decision == "progress_token" and s.current_player == 0
    token = s.board_tokens[0]
    play(s, TakeProgressToken(token))
    assert token in s.tokens[0]
    assert s.age == 2 and s.decision == "turn" and s.current_player == 0  # pawn on 0: 0 begins


def test_the_appian_way_takes_only_the_coins_the_opponent_has() -> None:
    # fromi's WondersTest: an opponent with 2 coins is left with 0.
    s = turn_state()
    set_coins(s, 0, 2)
    set_turn(s, 1)
    build(s, "the_appian_way", coins=wonder_cost(s, 1, "the_appian_way"))
    assert s.coins == [0, 3]


def test_piraeus_and_the_great_lighthouse_cover_one_unit_of_the_owners_costs() -> None:
    # fromi's WondersTest: Forum (3 coins + clay) and Chamber of Commerce (2 papyrus).
    s = turn_state()
    assert card_cost(s, 0, "forum") == (3, 2, False)
    assert card_cost(s, 0, "chamber_of_commerce") == (0, 4, False)
    build(s, "the_great_lighthouse")
    assert card_cost(s, 0, "forum") == (3, 0, False)
    set_turn(s, 0)
    s.wonders[0].append("piraeus")
    build(s, "piraeus")
    assert card_cost(s, 0, "chamber_of_commerce") == (0, 2, False)
    assert card_cost(s, 1, "forum") == (3, 2, False) and card_cost(s, 1, "chamber_of_commerce") == (
        0,
        4,
        False,
    )


def test_fromis_progress_token_cases_architecture_masonry_economy() -> None:
    # fromi's ProgressTokensTest, position for position (items 2, 6 and 7).
    s = turn_state()
    give(s, 0, "press", "stone_reserve")
    give(s, 1, "sawmill")  # wood costs player 0 2 + 2
    s.tokens[0] = ["architecture"]
    give(s, 0)  # forget the cost book
    # The Temple of Artemis: wood 4, stone 1 (Reserve), glass 2, papyrus made: 4 and 2 waived.
    assert wonder_cost(s, 0, "the_temple_of_artemis") == 1
    s = turn_state()
    give(s, 0, "customs_house", "clay_pool")
    give(s, 1, "sawmill", "glassblower")
    s.tokens[0] = ["masonry"]
    give(s, 0)
    # Palace: clay made, wood 4, stone 2, glass 1 + 1 (Customs House): wood and stone waived.
    assert card_cost(s, 0, "palace") == (0, 2, False)
    assert card_cost(s, 0, "academy") == (0, 4 + 2 + 2, False)  # green: no waiver
    s = turn_state()
    give(s, 0, "press", "stone_reserve")
    s.tokens[1] = ["economy"]
    set_coins(s, 0, 20)
    set_coins(s, 1, 0)
    offer(s, "town_hall")  # 2 wood at 2, 3 stone at 1 (Stone Reserve)
    play(s, Construct("town_hall"))
    assert s.coins == [20 - 7, 7]
    set_turn(s, 0)
    offer(s, "pretorium")  # 8 printed coins go to the bank, not to Economy
    play(s, Construct("pretorium"))
    # 3 shields push the pawn to 3: player 1 loses the 2-coin token's coins, gains nothing.
    assert s.military.position == 3 and s.coins == [13 - 8, 7 - 2]
