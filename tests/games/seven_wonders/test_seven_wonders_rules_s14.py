"""Rules audit, second pass (session 14): the first-edition rule subtleties that the rules, audit
and cross-check files do not pin down yet, each with exact numbers. The sources are the official
first-edition rulebook (English, Repos Production 2010; its 2-player "expert" variant on page 7
and the Wonder side B notes on page 9) as transcribed in /work/shared/reference/seven_wonders,
whose "Rules subtleties" items are cited by number."""

from __future__ import annotations

from games.seven_wonders.seven_wonders_helpers import copy_of, deal, discard_all, give, play_turn, table, tuck
from games.seven_wonders.test_seven_wonders_audit import builds_of, others_discard
from games.seven_wonders.test_seven_wonders_rules import finish_age
from tabletop.games.seven_wonders import Build, BuildFree, BuildStage, Discard
from tabletop.games.seven_wonders.scoring import city_sheet, outcome

# table(3): city 0 Gizah (stone), city 1 Rhodos (ore), city 2 Ephesos (papyrus), side A.
# City c's left neighbour is c + 1, its right neighbour c - 1 (round the table).


# ---------------------------------------------------------------------- production (rulebook page 4)


def test_the_rulebooks_production_example_gizah() -> None:
    # Rulebook page 4: Gizah making 2 stone, 1 clay, 1 ore, 1 papyrus and 1 loom builds the
    # Barracks (ore) or the Scriptorium (papyrus), not the Aqueduct (3 stone); here neither
    # neighbour (Rhodos: ore, Ephesos: papyrus) sells stone. Resources are never spent: the
    # next turn the city makes all of them again.
    s = table()
    s.coins[0] = 10
    give(s, 0, copy_of("I-stone_pit"), copy_of("I-clay_pool"), copy_of("I-ore_vein"))
    give(s, 0, copy_of("I-press"), copy_of("I-loom"))
    deal(s, 0, copy_of("I-barracks"), copy_of("I-scriptorium"), copy_of("II-aqueduct"), fill=True)
    assert builds_of(s, "I-barracks") == [(0, 0)] and builds_of(s, "I-scriptorium") == [(0, 0)]
    assert builds_of(s, "II-aqueduct") == []
    play_turn(s, {0: Build("I-barracks"), **others_discard(s)})
    deal(s, 0, copy_of("I-scriptorium"), copy_of("II-walls"), fill=True)  # Walls: 3 stone
    assert builds_of(s, "I-scriptorium") == [(0, 0)] and builds_of(s, "II-walls") == []
    assert s.coins[0] == 10


# ---------------------------------------------------------------------- trading (items 2, 4, 5)


def test_a_trading_post_discounts_a_neighbours_choice_card_too() -> None:
    # Item 4: the East Trading Post lowers the price of raw materials bought from the right
    # neighbour, whatever card of that neighbour makes them (here a Timber Yard, wood or stone).
    s = table()
    s.coins[0] = 10
    give(s, 0, copy_of("I-east_trading_post"))
    give(s, 2, copy_of("I-timber_yard"))  # the right neighbour
    deal(s, 0, copy_of("I-stockade"), fill=True)  # 1 wood
    assert builds_of(s, "I-stockade") == [(0, 1)]
    play_turn(s, {0: Build("I-stockade", 0, 1), **others_discard(s)})
    assert s.coins == [10 - 1, 3 + 3, 3 + 3 + 1]


def test_both_trading_posts_discount_raw_materials_from_both_sides() -> None:
    # Item 4: East = right, West = left; with both, 1 coin a raw material on either side.
    s = table()
    s.coins[0] = 10
    give(s, 0, copy_of("I-west_trading_post"), copy_of("I-east_trading_post"))
    give(s, 1, copy_of("I-lumber_yard"))
    give(s, 2, copy_of("I-lumber_yard", 1))
    deal(s, 0, copy_of("II-caravansery"), fill=True)  # 2 wood: one from each side
    assert builds_of(s, "II-caravansery") == [(1, 1)]


def test_discounts_never_lower_a_price_below_one_coin() -> None:
    # Item 4: Olympia B's first stage and the two trading posts name the same purchases; the
    # price is 1 coin however many of them apply (no rule stacks them).
    s = table(boards=("Olympia", "Gizah", "Babylon"), side="B")
    s.coins[0] = 10
    tuck(s, 0, copy_of("I-altar"))
    give(s, 0, copy_of("I-west_trading_post"), copy_of("I-east_trading_post"))
    deal(s, 0, copy_of("I-baths"), copy_of("I-guard_tower"), fill=True)
    assert builds_of(s, "I-baths") == [(1, 0)]  # Gizah's stone, from the left
    assert builds_of(s, "I-guard_tower") == [(0, 1)]  # Babylon's clay, from the right


def test_a_coin_cost_is_paid_from_the_coins_held() -> None:
    # Item 6: a brown card's coin cost needs the coins; a card used for a wonder stage pays the
    # stage's cost, never the card's (rulebook page 5: "the price shown on the Wonder board").
    s = table()
    s.coins[0] = 0
    give(s, 0, copy_of("I-stone_pit"))  # Gizah A stage 1: 2 stone
    deal(s, 0, copy_of("I-tree_farm"), copy_of("I-lumber_yard"), fill=True)  # 1 coin / free
    legal = s.legal_actions()
    assert builds_of(s, "I-tree_farm") == [] and builds_of(s, "I-lumber_yard") == [(0, 0)]
    assert BuildStage("I-tree_farm") in legal
    play_turn(s, {0: BuildStage("I-tree_farm"), **others_discard(s)})
    assert s.coins[0] == 0 and len(s.tucked[0]) == 1 and city_sheet(s, 0)["wonder"] == 3


def test_a_wonder_stage_ignores_the_cost_printed_on_its_card() -> None:
    # Rulebook page 5: the Palace (7 resources) builds Gizah's first stage for 2 stone.
    s = table()
    give(s, 0, copy_of("I-stone_pit"))
    deal(s, 0, copy_of("III-palace"), fill=True)
    assert builds_of(s, "III-palace") == []
    play_turn(s, {0: BuildStage("III-palace"), **others_discard(s)})
    assert s.tucked[0] == (copy_of("III-palace"),) and s.coins[0] == 3


# ---------------------------------------------------------------------- chains, stages (items 8, 13)


def test_a_card_tucked_under_a_wonder_stage_does_not_chain() -> None:
    # Item 8: a card used for a stage is not a structure: an Altar under Gizah does not make
    # the Temple free (wood, clay, glass: nobody makes them).
    s = table()
    s.coins[0] = 0
    tuck(s, 0, copy_of("I-altar"))
    deal(s, 0, copy_of("II-temple"), fill=True)
    assert builds_of(s, "II-temple") == []
    give(s, 0, copy_of("I-altar", 1))
    assert builds_of(s, "II-temple") == [(0, 0)]  # built, the Altar chains


def test_halikarnassos_with_an_empty_discard_pile_loses_its_power() -> None:
    # Item 13: nothing happens if the pile is empty (first turn, nobody discards).
    s = table(boards=("Halikarnassos", "Rhodos", "Ephesos"))
    give(s, 0, copy_of("I-ore_vein"), copy_of("II-foundry"))  # stage 2: 3 ore
    tuck(s, 0, copy_of("I-clay_pool"))
    deal(s, 0, copy_of("I-stockade"), fill=True)
    deal(s, 1, copy_of("I-altar"), fill=True)
    deal(s, 2, copy_of("I-theater"), fill=True)
    play_turn(s, {0: BuildStage("I-stockade"), 1: Build("I-altar"), 2: Build("I-theater")})
    assert s.discard == [] and len(s.tucked[0]) == 2
    assert (s.decision, s.turn, s.queue) == ("turn", 2, [])
    # The power acted once, when its stage was built: a later discard gives nothing.
    play_turn(s, discard_all(s))
    assert (s.decision, s.turn, len(s.discard)) == ("turn", 3, 3)


def test_babylon_b_plays_its_seventh_card_after_the_sixth_turn_with_that_turns_coins() -> None:
    # Item 14 and the package docstring's ruling: the 7th card is played once the 6th turn is
    # resolved (as joffrey-bion's engine plays it), so the 3 coins of the 6th card's discard
    # already pay for a purchase (the rulebook, page 9, says only that both cards are played
    # "during the sixth turn").
    s = table(boards=("Babylon", "Rhodos", "Ephesos"), side="B")
    tuck(s, 0, copy_of("I-altar"), copy_of("I-baths"))
    give(s, 2, copy_of("I-lumber_yard"))  # wood from the right
    for _ in range(5):
        play_turn(s, discard_all(s))
    s.coins[0] = 0
    deal(s, 0, copy_of("I-theater"), copy_of("I-stockade"))
    play_turn(s, {0: Discard("I-theater"), **others_discard(s)})
    assert s.decision == "seventh_card" and s.coins[0] == 3
    assert Build("I-stockade", 0, 2) in s.legal_actions()
    ephesos = s.coins[2]
    s.apply(Build("I-stockade", 0, 2))
    assert s.coins[0] == 1 and s.coins[2] == ephesos + 2 and s.age == 2


# ---------------------------------------------------------------------- yellow cards (item 21)


def test_bazar_pays_two_coins_per_grey_card_in_both_neighbours() -> None:
    s = table()
    give(s, 1, copy_of("I-loom"))
    give(s, 2, copy_of("I-glassworks"), copy_of("I-press"))
    deal(s, 0, copy_of("II-bazar"), fill=True)
    play_turn(s, {0: Build("II-bazar"), **others_discard(s)})
    assert s.coins == [3 + 2 * 3, 3 + 3, 3 + 3]
    assert city_sheet(s, 0)["commercial"] == 0  # coins only, no points


def test_chamber_of_commerce_counts_only_its_owners_grey_cards() -> None:
    s = table()
    give(s, 0, copy_of("I-loom"))
    give(s, 1, copy_of("I-glassworks"), copy_of("II-loom"))
    give(s, 2, copy_of("I-press"))
    give(s, 0, copy_of("II-brickyard"))  # 2 clay
    deal(s, 0, copy_of("III-chamber_of_commerce"), fill=True)  # 2 clay + papyrus
    assert builds_of(s, "III-chamber_of_commerce") == [(0, 2)]  # Ephesos' papyrus
    play_turn(s, {0: Build("III-chamber_of_commerce", 0, 2), **others_discard(s)})
    assert s.coins[0] == 3 - 2 + 2 * 1
    assert city_sheet(s, 0)["commercial"] == 2 * 1


# ---------------------------------------------------------------------- guilds, scoring (items 16, 20, 22)


def test_olympia_b_copies_only_a_guild_of_its_two_neighbours() -> None:
    # Item 16 with 4 players: city 0's neighbours are 1 and 3; city 2's guild is out of reach.
    s = table(players=4, boards=("Olympia", "Rhodos", "Ephesos", "Alexandria"), side="B")
    tuck(s, 0, copy_of("I-altar"), copy_of("I-baths"), copy_of("I-theater"))
    give(s, 1, copy_of("I-stockade"))
    give(s, 3, copy_of("I-barracks"))
    give(s, 2, copy_of("III-spies_guild"))
    assert city_sheet(s, 0)["guilds"] == 0
    give(s, 3, copy_of("III-spies_guild"))  # moved next door
    assert city_sheet(s, 0)["guilds"] == 2  # the red cards of cities 1 and 3


def test_strategists_guild_counts_the_neighbours_defeats_of_all_three_ages() -> None:
    # Item 22: the defeat tokens of the Age III conflicts are handed out before scoring.
    s = table()
    give(s, 0, copy_of("III-strategists_guild"), copy_of("III-fortifications"))  # 3 shields
    for _ in range(3):
        finish_age(s)
    assert s.is_terminal
    assert s.tokens[1] == s.tokens[2] == (-1, -1, -1)  # lost to Gizah, tied with each other
    assert s.tokens[0] == (1, 1, 3, 3, 5, 5)
    sheet = city_sheet(s, 0)
    assert (sheet["military"], sheet["guilds"]) == (18, 6)


def test_a_points_tie_is_broken_by_coins_among_the_tied_only() -> None:
    # Item 20: the richest city does not win from behind on points.
    s = table()
    give(s, 0, copy_of("I-altar"))  # 2 points
    give(s, 1, copy_of("I-altar", 1))
    s.coins[:] = [5, 3, 8]  # 1, 1 and 2 points
    assert [city_sheet(s, c)["total"] for c in range(3)] == [3, 3, 2]
    result = outcome(s)
    assert (result.winners, result.scores, result.reason) == ((0,), (3, 3, 2), "coins")
    s.coins[1] = 5
    assert (outcome(s).winners, outcome(s).reason) == ((0, 1), "shared")


# ---------------------------------------------------------------------- the 2-player variant (item 23)


def test_the_free_city_never_wins_even_with_the_most_points() -> None:
    # Rulebook page 7: the player (not the Free City) with the most points wins.
    s = table(players=2)
    give(s, 2, copy_of("III-palace"), copy_of("III-pantheon"))  # 8 + 7
    give(s, 1, copy_of("I-altar"))
    s.coins[2] = 30
    assert [city_sheet(s, c)["total"] for c in range(3)] == [1, 3, 25]
    result = outcome(s)
    assert (result.winners, result.scores, result.reason) == ((1,), (1, 3), "points")
    assert len(s.scores()) == 2


def test_the_free_city_discards_only_when_it_can_build_nothing() -> None:
    # Rulebook page 7: the Free City discards for 3 coins only if none of the cards left to it
    # can be built, as a structure or a wonder stage. Nobody at this table makes wood, clay,
    # glass or loom, and Ephesos (the Free City) cannot reach its 2-stone first stage.
    s = table(players=2)
    hand = ["I-stockade", "I-guard_tower", "I-workshop", "I-apothecary"]
    hand += ["II-caravansery", "II-statue", "II-temple", "III-senate"]
    deal(s, 0, *(copy_of(kind) for kind in hand))
    s.apply(Discard("I-stockade"))
    assert s.decision == "free_city"
    assert set(s.legal_actions()) == {Discard(kind) for kind in hand[1:]}
    s.apply(Discard("I-workshop"))
    assert s.decision == "turn" and s.current_player == 1


def test_the_free_city_and_its_controller_pay_each_other_for_resources() -> None:
    # Rulebook page 7: the Free City trades with its two neighbours under the normal rules;
    # seat 0 (Gizah, the Free City's left) holds the Free City card in Age I.
    s = table(players=2)
    assert s.holder == 0 and s.left_of(2) == 0 and s.right_of(0) == 2
    deal(s, 0, copy_of("I-scriptorium"), copy_of("I-baths"), fill=True)
    s.apply(Build("I-scriptorium", 0, 2))  # Gizah buys the Free City's papyrus
    assert s.decision == "free_city"
    legal = s.legal_actions()
    assert Build("I-baths", 2, 0) in legal  # the Free City buys Gizah's stone
    s.apply(Build("I-baths", 2, 0))
    s.apply(discard_all(s)[1])
    # Each paid 2 of the 3 coins it held and received 2: usable from the next turn.
    assert s.coins == [3 - 2 + 2, 3 + 3, 3 - 2 + 2]
    assert copy_of("I-scriptorium") in s.built[0] and copy_of("I-baths") in s.built[2]


def test_the_free_city_card_alternates_every_turn_and_the_pile_feeds_its_holder() -> None:
    # Rulebook page 7: the holder draws the pile's top card, plays two cards and passes six;
    # the Free City card travels with the hand. Age I and III start left of the Free City
    # (seat 0), Age II right of it (seat 1).
    s = table(players=2)
    seen = []
    while not s.is_terminal:
        if s.decision in ("turn", "free_city"):
            if s.decision == "turn" and s.current_player == 0 and not s.choices.choices:
                holder = s.holder
                seen.append(
                    (s.age, s.turn, holder, s.hands.count(holder), s.hands.count(1 - holder), len(s.pile))
                )
            play_turn(s, discard_all(s))
        else:
            s.apply(s.legal_actions()[0])
    holders = {age: [h for a, _, h, *_ in seen if a == age] for age in (1, 2, 3)}
    assert holders == {1: [0, 1, 0, 1, 0, 1], 2: [1, 0, 1, 0, 1, 0], 3: [0, 1, 0, 1, 0, 1]}
    # Per turn: the holder's hand (with the drawn card), the other's, the pile left.
    sizes = [(held, other, pile) for age, _, _, held, other, pile in seen if age == 1]
    assert sizes == [(8, 7, 6), (7, 6, 5), (6, 5, 4), (5, 4, 3), (4, 3, 2), (3, 2, 1)]


def test_a_free_city_olympia_frees_one_card_an_age_whoever_controls_it() -> None:
    # Item 12 with item 23: the power belongs to the city, not to the seat running it.
    s = table(players=2, boards=("Gizah", "Rhodos", "Olympia"))
    tuck(s, 2, copy_of("I-altar"), copy_of("I-baths"))  # Olympia A stage 2
    deal(s, 0, copy_of("III-palace"), copy_of("I-theater"), fill=True)
    s.apply(Discard("I-theater"))
    assert s.decision == "free_city" and BuildFree("III-palace") in s.legal_actions()
    s.apply(BuildFree("III-palace"))
    s.apply(discard_all(s)[1])
    assert copy_of("III-palace") in s.built[2] and s.holder == 1 and s.olympia_used[2] == 1
    s.apply(discard_all(s)[0])  # seat 0's own city
    s.apply(discard_all(s)[1])  # seat 1's own city, then the Free City for seat 1
    assert s.decision == "free_city" and s.current_player == 1
    assert not any(isinstance(a, BuildFree) for a in s.legal_actions())
