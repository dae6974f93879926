"""Rules cross-check (brief H6): cases stated by the first-edition rulebook, its FAQ and other
engines that the rules and audit files do not pin down yet. Each test names its source: the
reference's "Rules subtleties" item (/work/shared/reference/seven_wonders/README.md) or the
rulebook page."""

from __future__ import annotations

import pytest

import tabletop
from games.seven_wonders.seven_wonders_helpers import copy_of, deal, discard_all, give, play_turn, table, tuck
from games.seven_wonders.test_seven_wonders_audit import builds_of, others_discard
from tabletop.games.seven_wonders import (
    CARDS,
    Build,
    BuildFree,
    BuildFromDiscard,
    BuildStage,
    Discard,
)
from tabletop.games.seven_wonders.scoring import city_sheet

# table(3): city 0 Gizah (stone), city 1 Rhodos (ore), city 2 Ephesos (papyrus), side A.
# City c's left neighbour is c + 1, its right neighbour c - 1 (round the table).


def test_two_units_of_one_resource_are_bought_one_from_each_neighbour() -> None:
    # Item 2: only the two adjacent cities sell, each what it makes; a cost may mix both.
    s = table()
    s.coins[0] = 10
    give(s, 1, copy_of("I-lumber_yard"))
    give(s, 2, copy_of("I-lumber_yard", 1))
    deal(s, 0, copy_of("II-caravansery"), fill=True)  # 2 wood
    assert builds_of(s, "II-caravansery") == [(2, 2)]
    s.coins[0] = 3  # 4 coins are needed: not affordable
    s.forget_legal_actions()
    assert builds_of(s, "II-caravansery") == []
    s.coins[0] = 10
    s.forget_legal_actions()
    play_turn(s, {0: Build("II-caravansery", 2, 2), **others_discard(s)})
    assert s.coins == [10 - 4, 3 + 2 + 3, 3 + 2 + 3]


def test_a_trading_post_discounts_from_the_turn_after_it_is_built() -> None:
    # Item 4 (rulebook symbol sheet): a discount applies from the turn after the card is built.
    s = table()
    s.coins[0] = 10
    give(s, 2, copy_of("I-lumber_yard"))  # right neighbour sells wood
    deal(s, 0, copy_of("I-east_trading_post"), copy_of("I-stockade"), fill=True)
    assert builds_of(s, "I-stockade") == [(0, 2)]
    play_turn(s, {0: Build("I-east_trading_post"), **others_discard(s)})
    deal(s, 0, copy_of("I-stockade"), fill=True)
    assert builds_of(s, "I-stockade") == [(0, 1)]
    play_turn(s, {0: Build("I-stockade", 0, 1), **others_discard(s)})
    assert s.coins[0] == 10 - 1 and s.coins[2] == 3 + 3 + 3 + 1


def test_the_seller_still_uses_a_resource_it_sells_the_same_turn() -> None:
    # Item 2: the seller cannot refuse and keeps using its own resource.
    s = table()
    give(s, 1, copy_of("I-lumber_yard"))
    deal(s, 0, copy_of("I-stockade"), fill=True)
    deal(s, 1, copy_of("I-stockade", 1), fill=True)
    play_turn(s, {0: Build("I-stockade", 2, 0), 1: Build("I-stockade"), 2: discard_all(s)[2]})
    assert copy_of("I-stockade") in s.built[0] and copy_of("I-stockade", 1) in s.built[1]
    assert s.coins == [1, 5, 6]


def test_only_neighbours_trade_and_fight_with_five_players() -> None:
    # Items 2 and 18: city 0's neighbours are 1 (left) and 4 (right); 2 and 3 are too far.
    s = table(players=5)
    s.coins[0] = 10
    give(s, 2, copy_of("I-lumber_yard"))
    give(s, 3, copy_of("I-lumber_yard", 1))
    deal(s, 0, copy_of("I-stockade"), fill=True)
    assert builds_of(s, "I-stockade") == []
    give(s, 2, copy_of("II-walls"))  # city 2: 2 shields, far from city 0
    give(s, 1, copy_of("I-barracks"))  # city 1: 1 shield
    while s.age == 1:
        play_turn(s, discard_all(s))
    # City 0 (0 shields) loses to its left (1), ties its right (4), never meets city 2.
    assert s.tokens[0] == (-1,)
    assert sorted(s.tokens[2]) == [1, 1]  # city 2 beats its neighbours 1 and 3
    assert sorted(s.tokens[1]) == [-1, 1]  # city 1 beats 0, loses to 2


def test_rhodos_stage_shields_count_in_the_conflicts() -> None:
    # Item 18 with the Colossus: shields printed on a wonder stage fight like red cards'.
    s = table(boards=("Rhodos", "Gizah", "Ephesos"))
    tuck(s, 0, copy_of("I-altar"), copy_of("I-baths"))  # Rhodos A stage 2: 2 shields
    give(s, 1, copy_of("I-stockade"))  # Gizah: 1
    while s.age == 1:
        play_turn(s, discard_all(s))
    assert s.tokens[0] == (1, 1) and sorted(s.tokens[1]) == [-1, 1]


def test_the_seventh_cards_are_discarded_for_no_coins() -> None:
    # Item 10: the card left after the 6th pick goes to the discard pile without coins.
    s = table()
    for _ in range(5):
        play_turn(s, discard_all(s))
    coins = list(s.coins)
    sevenths = [hand[1] for hand in s.hands.cards]
    play_turn(s, discard_all(s))
    assert s.age == 2 and s.coins == [c + 3 for c in coins]
    assert all(card in s.discard for card in sevenths)


def test_halikarnassos_built_on_the_sixth_turn_may_take_a_seventh_card() -> None:
    # Item 13: the pile includes the end-of-Age discards, even those of that same turn.
    s = table(boards=("Halikarnassos", "Rhodos", "Ephesos"))
    for _ in range(5):
        play_turn(s, discard_all(s))
    give(s, 0, copy_of("I-ore_vein"), copy_of("II-foundry"))  # stage 2: 3 ore
    tuck(s, 0, copy_of("I-altar"))
    deal(s, 0, copy_of("I-stockade"), copy_of("III-palace"))
    play_turn(s, {0: BuildStage("I-stockade"), **others_discard(s)})
    assert s.decision == "build_from_discard" and BuildFromDiscard("III-palace") in s.legal_actions()
    s.apply(BuildFromDiscard("III-palace"))
    assert copy_of("III-palace") in s.built[0] and s.coins[0] == 3 + 15 and s.age == 2


def test_olympia_a_cannot_build_a_duplicate_for_free_nor_a_stage() -> None:
    # Items 7 and 12: the free build is for structures only, and never a second of one name.
    s = table(boards=("Olympia", "Rhodos", "Ephesos"))
    tuck(s, 0, copy_of("I-altar"), copy_of("I-baths"))
    give(s, 0, copy_of("I-theater"))
    deal(s, 0, copy_of("I-theater", 1), copy_of("II-statue"), fill=True)
    legal = s.legal_actions()
    assert BuildFree("I-theater") not in legal and Build("I-theater") not in legal
    assert Discard("I-theater") in legal
    before = s.to_dict()
    with pytest.raises(tabletop.IllegalAction, match="already built"):
        s.apply(BuildFree("I-theater"))
    with pytest.raises(tabletop.IllegalAction, match="not in your hand"):
        s.apply(BuildFree("III-palace"))
    assert s.to_dict() == before


def test_olympia_b_copying_the_scientists_guild_gives_a_wild_symbol() -> None:
    # Items 15 and 16: the copied guild scores for Olympia; a wild symbol placed at the end.
    s = table(boards=("Olympia", "Rhodos", "Ephesos"), side="B")
    give(s, 0, copy_of("I-apothecary"), copy_of("I-workshop"))  # compass, gear
    give(s, 1, copy_of("III-scientists_guild"))
    assert city_sheet(s, 0)["science"] == 1 + 1
    tuck(s, 0, copy_of("I-altar"), copy_of("I-baths"), copy_of("I-theater"))
    assert city_sheet(s, 0)["science"] == 3 + 7  # the copied symbol completes a set


def test_vineyard_counts_a_neighbours_brown_card_built_the_same_turn() -> None:
    # Item 21 and the reference's open doubt: effects resolve once every card of the turn is
    # placed (the recommended reading, also the Lighthouse counting itself).
    s = table()
    give(s, 0, copy_of("I-stone_pit"))
    deal(s, 0, copy_of("II-vineyard"), fill=True)
    deal(s, 1, copy_of("I-lumber_yard"), fill=True)
    play_turn(s, {0: Build("II-vineyard"), 1: Build("I-lumber_yard"), 2: discard_all(s)[2]})
    assert s.coins[0] == 3 + 2


def test_guilds_ignore_the_owners_own_cards_and_wonder_resources() -> None:
    # Items 21 and 22: a printed board resource is no card; "neighbours" excludes the owner.
    s = table()
    give(s, 0, copy_of("III-workers_guild"), copy_of("I-lumber_yard"), copy_of("I-ore_vein"))
    give(s, 0, copy_of("III-craftsmens_guild"), copy_of("I-glassworks"))
    assert city_sheet(s, 0)["guilds"] == 0
    give(s, 2, copy_of("I-press"))
    assert city_sheet(s, 0)["guilds"] == 2


def test_a_choice_card_is_set_where_buying_the_rest_is_cheapest() -> None:
    # joffrey-bion's BestPriceCalculatorTest "chooseCheapest" (item 5): the Clay Pit makes ore,
    # the clay is bought from the right at the East Trading Post's price.
    s = table(boards=("Olympia", "Gizah", "Ephesos"))  # wood, stone, papyrus
    s.coins[0] = 10
    give(s, 0, copy_of("I-clay_pit"), copy_of("I-east_trading_post"))  # ore or clay
    give(s, 2, copy_of("I-ore_vein"), copy_of("I-clay_pool"))  # the right neighbour
    deal(s, 0, copy_of("II-stables"), fill=True)  # wood, clay, ore
    assert builds_of(s, "II-stables") == [(0, 1)]
    play_turn(s, {0: Build("II-stables", 0, 1), **others_discard(s)})
    assert s.coins[0] == 9 and copy_of("II-stables") in s.built[0]


def test_two_choice_cards_and_the_caravansery_are_matched_to_the_cost() -> None:
    # 7-Wonders-Leaders' ResourceUnitTest "WOO" case (item 5): wood + 2 ore from Forest Cave
    # (wood/ore), Timber Yard (stone/wood) and Caravansery: the Forest Cave must make ore.
    s = table(players=5, boards=("Gizah", "Ephesos", "Alexandria", "Babylon", "Halikarnassos"))
    s.coins[0] = 0
    give(s, 0, copy_of("I-forest_cave"), copy_of("I-timber_yard"), copy_of("II-caravansery"))
    deal(s, 0, copy_of("II-statue"), copy_of("III-senate"), copy_of("III-fortifications"), fill=True)
    assert builds_of(s, "II-statue") == [(0, 0)]  # wood + 2 ore
    assert builds_of(s, "III-senate") == [(0, 0)]  # 2 wood, stone (Gizah), ore (Caravansery)
    assert builds_of(s, "III-fortifications") == []  # 3 ore: only two cards can make ore


def test_a_free_city_halikarnassos_builds_from_the_pile_for_the_seat_that_ran_it() -> None:
    # Open doubt 4 of the reference (natural reading): the controller decides the Free City's
    # powers; Halikarnassos builds at the end of the turn, from a pile including that turn's.
    s = table(players=2, boards=("Gizah", "Rhodos", "Halikarnassos"))
    tuck(s, 2, copy_of("I-clay_pool"))
    give(s, 2, copy_of("I-ore_vein"), copy_of("II-foundry"))  # stage 2: 3 ore
    assert s.holder == 0
    deal(s, 0, copy_of("III-palace"), copy_of("I-stockade"), fill=True)
    seat_one = CARDS[s.hands.cards[1][0]].kind
    play_turn(s, {0: Discard("III-palace"), 2: BuildStage("I-stockade"), 1: Discard(seat_one)})
    assert len(s.tucked[2]) == 2
    assert s.decision == "build_from_discard" and s.current_player == 0
    assert {BuildFromDiscard("III-palace"), BuildFromDiscard(seat_one)} <= set(s.legal_actions())
    s.apply(BuildFromDiscard("III-palace"))
    assert copy_of("III-palace") in s.built[2] and s.turn == 2 and s.holder == 1


def test_a_free_city_babylon_b_plays_its_piles_last_card_as_the_seventh() -> None:
    # Item 14 with item 23: the Free City's 7th card is its pile's last card.
    s = table(players=2, boards=("Gizah", "Rhodos", "Babylon"), side="B")
    tuck(s, 2, copy_of("III-palace"), copy_of("III-senate"))  # Age III cards: the pile stays whole
    while s.turn < 6:
        play_turn(s, discard_all(s))
    assert len(s.pile) == 1
    pawnshop = copy_of("I-pawnshop")  # a 4+ card, in the box with 2 players: swapped in
    s.box[s.box.index(pawnshop)] = s.pile[0]
    s.pile[0] = pawnshop
    play_turn(s, discard_all(s))
    assert s.decision == "seventh_card" and s.deciding_city == 2 and s.current_player == s.holder
    # The Free City must build what it can build, its 7th card too (2-player rules).
    assert s.legal_actions() == [Build("I-pawnshop")]
    with pytest.raises(tabletop.IllegalAction, match="Free City may discard only when it cannot build"):
        s.apply(Discard("I-pawnshop"))
    s.apply(Build("I-pawnshop"))
    assert pawnshop in s.built[2] and s.age == 2 and len(s.pile) == 6  # Age II's pile
