"""Scenario tests: every card family, trading, chains, the coin rule, military, science, guilds,
tie-breaks, the Free City, wonder powers and refusals."""

from __future__ import annotations

import pytest

import tabletop
from games.seven_wonders.seven_wonders_helpers import copy_of, deal, discard_all, give, play_turn, table, tuck
from tabletop.games.seven_wonders import (
    BOARDS,
    CARDS,
    Build,
    BuildFree,
    BuildFromDiscard,
    BuildStage,
    Discard,
    SevenWondersState,
)
from tabletop.games.seven_wonders.components import RESOURCES
from tabletop.games.seven_wonders.scoring import city_sheet, outcome, science_points

# table(3): city 0 Gizah (stone), city 1 Rhodos (ore), city 2 Ephesos (papyrus), side A.
# City c's left neighbour is c + 1, its right neighbour c - 1 (round the table).


def builds_of(s: SevenWondersState, kind: str) -> list[tuple[int, int]]:
    """The payment splits offered for building ``kind`` now."""
    return [(a.left, a.right) for a in s.legal_actions() if isinstance(a, Build) and a.card == kind]


def finish_age(s: SevenWondersState) -> None:
    """Discard a card in every city until the Age is over."""
    age = s.age
    while s.age == age and not s.is_terminal:
        if s.decision in ("turn", "free_city"):
            play_turn(s, discard_all(s))
        else:
            s.apply(s.legal_actions()[0])


# ---------------------------------------------------------------------- brown, grey, trading


def test_brown_production_builds_and_nobody_sells_what_nobody_has() -> None:
    s = table()
    deal(s, 0, copy_of("I-stockade"), copy_of("I-altar"))
    assert builds_of(s, "I-stockade") == []  # 1 wood: no city makes wood
    give(s, 0, copy_of("I-lumber_yard"))
    assert builds_of(s, "I-stockade") == [(0, 0)]


def test_buying_from_either_neighbour_is_a_separate_action() -> None:
    s = table()
    deal(s, 0, copy_of("I-stockade"))
    give(s, 1, copy_of("I-lumber_yard", 0))
    give(s, 2, copy_of("I-lumber_yard", 1))
    assert sorted(builds_of(s, "I-stockade")) == [(0, 2), (2, 0)]
    # West Trading Post: raw materials from the left neighbour at 1 coin.
    give(s, 0, copy_of("I-west_trading_post"))
    assert sorted(builds_of(s, "I-stockade")) == [(0, 2), (1, 0)]


def _senate_for_ephesos(s: SevenWondersState) -> None:
    """Ephesos (city 2) with Lumber Yard, Timber Yard and Caravansery is offered the Senate
    (2 wood, stone, ore): its choice cards leave one of stone or ore to buy (set on the same
    resource they would leave both, one of them a resource it makes). Gizah (its left) sells
    stone and ore, Rhodos (its right) ore."""
    s.coins[2] = 10
    give(s, 2, copy_of("I-lumber_yard"), copy_of("I-timber_yard"), copy_of("II-caravansery"))
    give(s, 0, copy_of("I-ore_vein"))
    seat = 2 if s.num_players > 2 else s.holder  # the seat choosing for Ephesos
    deal(s, seat, copy_of("III-senate"), copy_of("I-altar"))


def test_a_dominated_split_is_pruned() -> None:
    s = table()
    _senate_for_ephesos(s)
    for city in (0, 1):
        s.apply(Discard(CARDS[s.hands.cards[city][0]].kind))
    assert s.deciding_city == 2
    # Buying stone and ore (4, 0) or (2, 2) costs more than buying one of them: pruned.
    assert sorted(builds_of(s, "III-senate")) == [(0, 2), (2, 0)]


def test_marketplace_and_east_trading_post_discount_their_side() -> None:
    s = table()
    s.coins[0] = 10
    deal(s, 0, copy_of("II-temple"))  # wood, clay, glass
    give(s, 0, copy_of("I-clay_pool"))
    give(s, 2, copy_of("I-lumber_yard"))  # right neighbour
    give(s, 1, copy_of("I-glassworks"))  # left neighbour
    assert builds_of(s, "II-temple") == [(2, 2)]
    give(s, 0, copy_of("I-east_trading_post"), copy_of("I-marketplace"))
    assert builds_of(s, "II-temple") == [(1, 1)]


def test_a_choice_card_sells_either_resource() -> None:
    s = table()
    s.coins[0] = 10
    deal(s, 0, copy_of("II-walls"))  # 3 stone: Gizah makes 1
    give(s, 1, copy_of("I-timber_yard"))  # wood or stone, to the left
    give(s, 2, copy_of("I-stone_pit"))
    assert sorted(builds_of(s, "II-walls")) == [(2, 2)]


def test_yellow_and_wonder_production_is_not_for_sale() -> None:
    s = table(boards=("Gizah", "Alexandria", "Ephesos"))
    deal(s, 0, copy_of("I-workshop"))  # 1 glass
    give(s, 1, copy_of("II-forum"))  # Alexandria makes glass itself and Forum goods
    assert builds_of(s, "I-workshop") == [(2, 0)]  # only Alexandria's printed glass
    s = table(boards=("Gizah", "Babylon", "Ephesos"))
    deal(s, 0, copy_of("I-workshop"))
    give(s, 1, copy_of("II-forum"))
    assert builds_of(s, "I-workshop") == []
    deal(s, 1, copy_of("I-workshop", 1))
    picks = discard_all(s)
    picks[1] = Build("I-workshop")
    play_turn(s, picks)
    assert copy_of("I-workshop", 1) in s.built[1]  # the owner uses its Forum


def test_coins_received_this_turn_count_only_from_the_next() -> None:
    s = table()
    for city in range(3):
        s.coins[city] = 3
    s.coins[2] = 0
    deal(s, 1, copy_of("I-scriptorium"))  # papyrus: Ephesos (city 2, Rhodos' left) sells it
    deal(s, 2, copy_of("I-stockade", 0), copy_of("I-altar"))
    give(s, 0, copy_of("I-lumber_yard"))  # wood for Ephesos, from its left
    s.apply(s.legal_actions()[-1])  # city 0 discards
    s.apply(Build("I-scriptorium", 2, 0))  # Rhodos pays Ephesos 2
    assert s.current_player == 2
    assert builds_of(s, "I-stockade") == []  # Ephesos has 0 coins until the turn is over
    s.apply(Discard("I-altar"))
    assert s.coins == [3 + 3, 3 - 2, 0 + 2 + 3]


def test_payments_use_the_coins_held_when_the_turn_began() -> None:
    s = table()
    s.coins[:] = [2, 2, 2]
    deal(s, 0, copy_of("I-stockade"))
    deal(s, 1, copy_of("I-barracks"))  # ore: Rhodos makes it
    deal(s, 2, copy_of("I-guard_tower"))  # clay: nobody
    give(s, 1, copy_of("I-lumber_yard"))
    give(s, 2, copy_of("I-clay_pool"))
    deal(s, 2, copy_of("I-stockade", 1))
    play_turn(s, {0: Build("I-stockade", 2, 0), 1: Build("I-barracks"), 2: Build("I-stockade", 0, 2)})
    # Rhodos receives 2 from each neighbour; each paid 2 of its starting 2.
    assert s.coins == [0, 6, 0]


# ---------------------------------------------------------------------- chains, duplicates, discard


def test_a_chain_builds_free_and_a_name_is_built_once() -> None:
    s = table()
    s.coins[0] = 0
    deal(s, 0, copy_of("II-temple"), copy_of("I-altar", 1))
    give(s, 0, copy_of("I-altar", 0))
    assert builds_of(s, "II-temple") == [(0, 0)]
    assert builds_of(s, "I-altar") == []  # a second Altar may not be built...
    legal = s.legal_actions()
    assert Discard("I-altar") in legal  # ...but it may be discarded
    play_turn(s, {0: Build("II-temple"), **{c: a for c, a in discard_all(s).items() if c}})
    assert s.coins[0] == 0 and copy_of("II-temple") in s.built[0]


def test_discarding_earns_three_coins_and_brown_coin_costs_go_to_the_bank() -> None:
    s = table()
    deal(s, 0, copy_of("I-timber_yard"))
    deal(s, 1, copy_of("I-altar"))
    deal(s, 2, copy_of("I-theater"))
    play_turn(s, {0: Build("I-timber_yard"), 1: Discard("I-altar"), 2: Build("I-theater")})
    assert s.coins == [2, 6, 3] and len(s.discard) == 1


# ---------------------------------------------------------------------- blue, yellow, red, green


def test_blue_cards_score_civilian_points() -> None:
    s = table()
    give(s, 0, copy_of("I-altar"), copy_of("II-aqueduct"), copy_of("III-palace"))
    assert city_sheet(s, 0)["civilian"] == 2 + 5 + 8


def test_yellow_coins_count_after_the_turn_is_placed() -> None:
    s = table(players=4)
    give(s, 1, copy_of("I-lumber_yard"))
    give(s, 3, copy_of("I-ore_vein"), copy_of("I-glassworks"))
    give(s, 0, copy_of("I-stone_pit"))
    deal(s, 0, copy_of("II-vineyard"))
    deal(s, 1, copy_of("I-tavern"))
    deal(s, 2, copy_of("I-clay_pool"))
    deal(s, 3, copy_of("II-bazar"))
    play_turn(
        s, {0: Build("II-vineyard"), 1: Build("I-tavern"), 2: Build("I-clay_pool"), 3: Build("II-bazar")}
    )
    # Vineyard: brown in city 0 (1), left city 1 (1) and right city 3 (1) = 3.
    # Bazar (city 3): grey in city 3 (1), its left city 0 (0) and its right city 2 (0): 2 x 1.
    assert s.coins == [3 + 3, 3 + 5, 3, 3 + 2]


def test_lighthouse_counts_itself_and_end_of_game_yellow_points() -> None:
    s = table()
    give(s, 0, copy_of("I-marketplace"), copy_of("II-forum"))
    give(s, 0, copy_of("I-lumber_yard"), copy_of("I-glassworks"))
    deal(s, 0, copy_of("III-lighthouse"))  # stone + glass: Gizah and the Glassworks
    play_turn(s, {0: Build("III-lighthouse"), **{c: a for c, a in discard_all(s).items() if c}})
    assert s.coins[0] == 3 + 3  # three yellow cards, itself included
    give(s, 0, copy_of("III-haven"), copy_of("III-arena"))
    tuck(s, 0, copy_of("I-altar"))
    sheet = city_sheet(s, 0)
    # Lighthouse: 1 per yellow (5: Marketplace, Forum, Lighthouse, Haven, Arena); Haven: 1 per
    # brown (1); Arena: 1 per stage (1).
    assert sheet["commercial"] == 5 + 1 + 1


def test_chamber_of_commerce_and_arena_coins() -> None:
    s = table(players=4)
    give(s, 0, copy_of("I-glassworks"), copy_of("I-press"), copy_of("I-clay_pool"), copy_of("II-brickyard"))
    tuck(s, 0, copy_of("I-altar"), copy_of("I-baths"))
    deal(s, 0, copy_of("III-chamber_of_commerce"))
    play_turn(s, {0: Build("III-chamber_of_commerce"), **{c: a for c, a in discard_all(s).items() if c}})
    assert s.coins[0] == 3 + 2 * 2
    assert city_sheet(s, 0)["commercial"] == 2 * 2


def test_military_conflicts_at_the_end_of_each_age() -> None:
    s = table(players=4)
    give(s, 0, copy_of("I-stockade"), copy_of("I-barracks"))  # 2 shields
    give(s, 1, copy_of("I-guard_tower"))  # 1 shield
    finish_age(s)
    # City 0 beats both neighbours (1 and 3); city 1 loses to 0, beats 2; 2 loses to 1, ties 3.
    assert s.tokens == [(1, 1), (1, -1), (-1,), (-1,)]  # per city: against its left, then its right
    give(s, 2, copy_of("II-walls"))  # 2 shields
    finish_age(s)
    assert s.tokens[2] == (-1, 3, 3) and s.tokens[0] == (1, 1, 3, 3)
    assert city_sheet(s, 2)["military"] == 5


def test_science_sets_and_wild_symbols_placed_best() -> None:
    assert science_points((3, 2, 1), 0) == 9 + 4 + 1 + 7
    assert science_points((1, 1, 0), 1) == 1 + 1 + 1 + 7
    assert science_points((2, 0, 0), 2) == 16  # both on compass beats a set (4 + 1 + 1 + 7)
    assert science_points((0, 0, 0), 3) == 10  # one of each: 3 + 7 beats 9
    s = table(boards=("Babylon", "Rhodos", "Ephesos"))
    give(s, 0, copy_of("I-apothecary"), copy_of("I-workshop"), copy_of("II-library"))
    assert city_sheet(s, 0)["science"] == 3 + 7
    give(s, 0, copy_of("III-scientists_guild"))
    assert city_sheet(s, 0)["science"] == 4 + 1 + 1 + 7
    tuck(s, 0, copy_of("I-altar"), copy_of("I-baths"))  # Babylon A stage 2: one more symbol
    assert city_sheet(s, 0)["science"] == 9 + 1 + 1 + 7  # both wild on compass beats (2, 2, 1)
    assert city_sheet(s, 0)["guilds"] == 0


# ---------------------------------------------------------------------- guilds


@pytest.mark.parametrize(
    ("guild", "points"),
    [
        ("III-workers_guild", 2),  # brown in both neighbours: 1 + 1
        ("III-craftsmens_guild", 4),  # grey: 2 VP each, the left neighbour has 1... x2, right 1
        ("III-traders_guild", 1),
        ("III-philosophers_guild", 1),
        ("III-spies_guild", 2),
        ("III-strategists_guild", 2),
        ("III-magistrates_guild", 1),
        ("III-shipowners_guild", 3),  # own brown, grey and purple: itself included
        ("III-builders_guild", 3),  # own and neighbours' stages
    ],
)
def test_guild_scoring(guild: str, points: int) -> None:
    s = table()
    give(s, 0, copy_of(guild), copy_of("I-ore_vein"), copy_of("I-press"))
    give(s, 1, copy_of("I-lumber_yard"), copy_of("I-loom"), copy_of("I-marketplace"), copy_of("I-stockade"))
    give(
        s, 2, copy_of("I-clay_pool"), copy_of("I-glassworks"), copy_of("I-apothecary"), copy_of("I-barracks")
    )
    give(s, 2, copy_of("I-altar"))
    s.tokens[1] = (-1,)
    s.tokens[2] = (1, -1)
    tuck(s, 0, copy_of("I-baths"))
    tuck(s, 1, copy_of("I-theater"))
    tuck(s, 2, copy_of("I-scriptorium"))
    expected = {"III-craftsmens_guild": 2 * 2}.get(guild, points)
    assert city_sheet(s, 0)["guilds"] == expected


def test_olympia_b_copies_the_neighbour_guild_that_scores_most() -> None:
    s = table(boards=("Olympia", "Rhodos", "Ephesos"), side="B")
    give(s, 1, copy_of("III-spies_guild"), copy_of("I-lumber_yard"))
    give(s, 2, copy_of("III-workers_guild"), copy_of("I-stockade"), copy_of("I-barracks"))
    give(s, 0, copy_of("I-guard_tower"))
    before = city_sheet(s, 0)["guilds"]
    tuck(s, 0, copy_of("I-altar"), copy_of("I-baths"), copy_of("I-theater"))
    # Spies (red in neighbours: 2) beats Workers (brown in neighbours: 1).
    assert before == 0 and city_sheet(s, 0)["guilds"] == 2


# ---------------------------------------------------------------------- ends and tie-breaks


def test_most_points_then_most_coins_then_shared() -> None:
    s = table()
    assert outcome(s).winners == (0, 1, 2) and outcome(s).reason == "shared"
    s.coins[:] = [5, 3, 3]  # all still score 1 point for coins
    assert outcome(s).winners == (0,) and outcome(s).reason == "coins"
    s.coins[:] = [5, 6, 3]
    assert outcome(s).winners == (1,) and outcome(s).reason == "points"


def test_a_whole_game_ends_after_age_three_with_scores() -> None:
    s = table(players=3, seed=4)
    for _ in range(3):
        finish_age(s)
    assert s.is_terminal and s.outcome is not None
    assert s.outcome.scores == tuple(sheet["total"] for sheet in s.scores())
    assert list(s.scores()[0]) == [
        "military",
        "treasury",
        "wonder",
        "civilian",
        "commercial",
        "guilds",
        "science",
        "total",
    ]
    assert len(s.discard) == 3 * (3 * 6 + 3)


# ---------------------------------------------------------------------- wonders


def _richest_neighbours(s: SevenWondersState, city: int) -> None:
    """Give both neighbours of ``city`` plenty of every resource and ``city`` plenty of coins."""
    left, right = s.left_of(city), s.right_of(city)
    for target, index in ((left, 0), (right, 1)):
        kinds = [
            "II-sawmill",
            "II-quarry",
            "II-brickyard",
            "II-foundry",
            "II-glassworks",
            "II-loom",
            "II-press",
        ]
        kinds += ["I-glassworks", "I-loom", "I-press"]
        give(s, target, *(copy_of(kind, index) for kind in kinds))
    s.coins[city] = 60


@pytest.mark.parametrize("side", ["A", "B"])
@pytest.mark.parametrize("board", sorted(BOARDS))
def test_every_wonder_stage_of_both_sides(board: str, side: str) -> None:
    others = [b for b in ("Gizah", "Rhodos", "Ephesos", "Alexandria") if b != board][:2]
    s = table(boards=(board, *others), side=side)
    _richest_neighbours(s, 0)
    for number, stage in enumerate(BOARDS[board].sides[side], start=1):
        coins = s.coins[0]
        wonder = city_sheet(s, 0)["wonder"]
        shields = s.views[0].shields
        hand = s.hands.cards[0]
        stage_actions = [a for a in s.legal_actions() if isinstance(a, BuildStage)]
        assert stage_actions, f"stage {number} cannot be built"
        choice = stage_actions[0]
        picks = discard_all(s)
        picks[0] = choice
        play_turn(s, picks)
        assert len(s.tucked[0]) == number and s.tucked[0][-1] in hand
        effect = stage.effect
        # The others discarded: city 0 paid its neighbours and took the stage's coins only.
        assert s.coins[0] == coins - choice.left - choice.right - stage.cost.coins + effect.coins
        assert city_sheet(s, 0)["wonder"] == wonder + effect.victory_points
        assert s.views[0].shields == shields + effect.shields
        if effect.special == "build_from_discard":
            assert s.decision == "build_from_discard" and s.current_player == 0
            built = len(s.built[0])
            s.apply(s.legal_actions()[0])
            assert len(s.built[0]) == built + 1
        if effect.produces_choice:  # Alexandria: for the city's own use only
            mask = sum(1 << RESOURCES.index(r) for r in effect.produces_choice)
            assert mask in s.views[0].choices and mask not in s.views[0].trade_choices
        if effect.science_choice:  # Babylon: a wild symbol for the science score
            assert city_sheet(s, 0)["science"] == 1
        if effect.special in ("play_seventh_card", "build_free_once_per_age", "copy_neighbor_guild"):
            assert effect.special in s.views[0].powers
    assert s.deciding_city == 0
    assert not any(isinstance(a, BuildStage) for a in s.legal_actions())  # every stage is built


def test_olympia_a_builds_free_once_per_age() -> None:
    s = table(boards=("Olympia", "Rhodos", "Ephesos"))
    tuck(s, 0, copy_of("I-altar"), copy_of("I-baths"))
    deal(s, 0, copy_of("II-aqueduct"), copy_of("II-temple"), copy_of("I-stockade"), fill=True)
    s.coins[0] = 0
    legal = s.legal_actions()
    assert BuildFree("II-aqueduct") in legal and BuildFree("II-temple") in legal
    assert BuildFree("I-stockade") in legal  # free anyway (Olympia makes wood), yet allowed
    play_turn(s, {0: BuildFree("II-aqueduct"), **{c: a for c, a in discard_all(s).items() if c}})
    assert copy_of("II-aqueduct") in s.built[0] and s.olympia_used[0] == 1
    deal(s, 0, copy_of("II-temple"), copy_of("II-statue"), fill=True)
    assert not any(isinstance(a, BuildFree) for a in s.legal_actions())
    finish_age(s)
    assert s.age == 2
    assert any(isinstance(a, BuildFree) for a in s.legal_actions())


def test_halikarnassos_builds_from_the_discard_pile_after_the_turn() -> None:
    s = table(boards=("Halikarnassos", "Rhodos", "Ephesos"))
    give(s, 0, copy_of("I-clay_pool"), copy_of("I-ore_vein"), copy_of("II-foundry"))
    tuck(s, 0, copy_of("I-altar"))
    deal(s, 0, copy_of("I-stockade"))
    deal(s, 1, copy_of("III-palace"))
    deal(s, 2, copy_of("I-clay_pool", 1))
    play_turn(s, {0: BuildStage("I-stockade"), 1: Discard("III-palace"), 2: Discard("I-clay_pool")})
    assert s.decision == "build_from_discard" and s.current_player == 0
    # The pile holds this turn's discards; Clay Pool is already built in Halikarnassos.
    assert s.legal_actions() == [BuildFromDiscard("III-palace")]
    assert s.observation(0)["discard"]["known"] == sorted([copy_of("III-palace"), copy_of("I-clay_pool", 1)])
    s.apply(BuildFromDiscard("III-palace"))
    assert copy_of("III-palace") in s.built[0] and s.coins[0] == 3 and s.decision == "turn"


def test_babylon_b_plays_the_seventh_card() -> None:
    s = table(boards=("Babylon", "Rhodos", "Ephesos"), side="B")
    tuck(s, 0, copy_of("I-altar"), copy_of("I-baths"))
    for _ in range(5):
        play_turn(s, discard_all(s))
    assert s.turn == 6 and s.hands.count(0) == 2
    play_turn(s, discard_all(s))
    assert s.decision == "seventh_card" and s.current_player == 0 and s.hands.count(0) == 1
    seventh = s.hands.cards[0][0]
    coins = s.coins[0]
    s.apply(Discard(CARDS[seventh].kind))
    assert s.coins[0] == coins + 3 and seventh in s.discard
    assert s.age == 2 and s.decision == "turn"


# ---------------------------------------------------------------------- the Free City


def test_the_free_city_turn() -> None:
    s = table(players=2)
    assert s.num_cities == 3 and s.holder == 0 and s.coins == [3, 3, 3]
    assert s.hands.count(0) == 8 and s.hands.count(1) == 7 and len(s.pile) == 6
    assert s.acting_seats() == (0, 1) and s.decision == "turn"
    s.apply(s.legal_actions()[-1])  # seat 0 for its own city
    assert s.decision == "free_city" and s.current_player == 0 and s.acting_seats() == (0, 1)
    legal = s.legal_actions()
    if any(isinstance(a, (Build, BuildStage, BuildFree)) for a in legal):
        assert not any(isinstance(a, Discard) for a in legal)  # the Free City must build
    s.apply(legal[0])
    assert s.decision == "turn" and s.current_player == 1
    s.apply(s.legal_actions()[-1])
    # The hands swap and the Free City card travels with them: seat 1 holds it now.
    assert s.turn == 2 and s.holder == 1
    assert s.hands.count(0) == 6 and s.hands.count(1) == 7 and len(s.pile) == 5


def test_the_free_city_must_chain_and_builds_when_it_can() -> None:
    s = table(players=2)
    give(s, 2, copy_of("I-altar"))
    deal(s, 0, copy_of("II-temple"), copy_of("I-baths"), copy_of("I-theater"))
    s.apply(Discard("I-baths"))
    legal = s.legal_actions()
    assert Build("II-temple") in legal and not any(
        isinstance(a, BuildStage) and a.card == "II-temple" for a in legal
    )
    assert Discard("I-theater") not in legal and Build("I-theater") in legal


def test_the_free_city_buys_only_what_it_lacks_from_the_seller_its_controller_picks() -> None:
    # The same purchase as in test_a_dominated_split_is_pruned, by the Free City, run by seat 0
    # (Gizah, its left neighbour): it buys under the normal rules, what it lacks, and its
    # controller picks the seller regardless of price. Its choice cards both set on wood would
    # have it buy stone and ore, (4, 0) or (2, 2): ore it makes, so never offered, though its
    # controller would be paid more.
    s = table(players=2)
    _senate_for_ephesos(s)
    s.apply(Discard("I-altar"))
    assert s.decision == "free_city"
    assert sorted(builds_of(s, "III-senate")) == [(0, 2), (2, 0)]


def test_the_free_city_buys_nothing_its_own_cards_make() -> None:
    # The Free City (Rhodos: ore) with Excavation (stone or clay) and Tree Farm (wood or clay)
    # makes all of the Stables (wood, clay, ore): no purchase from either neighbour is offered,
    # whichever of them sells wood or clay.
    s = table(players=2, boards=("Gizah", "Ephesos", "Rhodos"))
    give(s, 2, copy_of("I-excavation"), copy_of("I-tree_farm"))
    give(s, 0, copy_of("I-lumber_yard"))
    give(s, 1, copy_of("I-clay_pool"))
    deal(s, 0, copy_of("II-stables"), copy_of("I-altar"), fill=True)
    s.apply(Discard("I-altar"))
    assert s.decision == "free_city"
    assert builds_of(s, "II-stables") == [(0, 0)]


def test_two_player_ages_start_with_the_right_holder() -> None:
    s = table(players=2)
    finish_age(s)
    assert s.age == 2 and s.holder == 1 and s.hands.count(1) == 8
    finish_age(s)
    assert s.age == 3 and s.holder == 0
    finish_age(s)
    assert s.outcome is not None and len(s.outcome.scores) == 2


# ---------------------------------------------------------------------- refusals


def test_refusals_name_the_rule_and_change_nothing() -> None:
    s = table()
    deal(s, 0, copy_of("I-stockade"), copy_of("I-altar", 1))
    give(s, 0, copy_of("I-altar", 0))
    give(s, 1, copy_of("I-lumber_yard"))
    before = s.to_dict()
    cases = [
        (Build("III-palace"), "not in your hand"),
        (Build("I-altar"), "two structures of one name"),
        (Build("I-stockade", 1, 0), "undominated payments are 2 left"),
        (Build("I-stockade", "x", 0), "left"),  # type: ignore[arg-type]
        (Build("nope"), "not a card of 7 Wonders"),
        (Build(7), "card"),  # type: ignore[arg-type]
        (BuildFree("I-stockade"), "only Olympia"),
        (BuildFromDiscard("I-altar"), "only after Halikarnassos"),
    ]
    for action, words in cases:
        with pytest.raises(tabletop.IllegalAction, match=words):
            s.apply(action)
        assert s.to_dict() == before
    s.coins[0] = 1
    s.forget_legal_actions()
    with pytest.raises(tabletop.IllegalAction, match=r"cannot be paid.*has 1"):
        s.apply(Build("I-stockade", 2, 0))
    tuck(s, 0, copy_of("I-baths"), copy_of("I-theater"), copy_of("I-clay_pool"))
    with pytest.raises(tabletop.IllegalAction, match="every stage"):
        s.apply(BuildStage("I-stockade"))


def test_free_city_refusals() -> None:
    s = table(players=2)
    deal(s, 0, copy_of("I-altar"), copy_of("I-baths"), copy_of("I-theater"))
    s.apply(Discard("I-altar"))
    before = s.to_dict()
    with pytest.raises(tabletop.IllegalAction, match="Free City may discard only"):
        s.apply(Discard("I-theater"))
    with pytest.raises(tabletop.IllegalAction, match="not in the Free City's hand"):
        s.apply(Build("I-altar"))
    assert s.to_dict() == before


# ---------------------------------------------------------------------- hidden information


def test_a_seat_sees_the_hand_it_passed_and_determinizing_keeps_it() -> None:
    s = table(seed=3)
    play_turn(s, discard_all(s))  # discards are face down: nothing leaves a hand in public
    view = s.observation(0)
    assert view["hands"][1] == {"count": 6, "seen": list(s.hands.cards[1]), "unseen": 0}
    assert view["hands"][2] == {"count": 6, "seen": [], "unseen": 0}
    assert view["discard"]["count"] == 3 and len(view["discard"]["known"]) == 1
    for seed in range(4):
        guess = s.determinize(0, seed)
        assert guess.hands.cards[1] == s.hands.cards[1]  # exactly what seat 0 saw
        assert guess.hands.cards[0] == s.hands.cards[0]
        assert guess.observation(0) == view


def test_an_unrevealed_choice_is_hidden_and_redrawn_when_determinizing() -> None:
    s = table(seed=5)
    s.apply(s.legal_actions()[0])
    assert s.acting_seats() == (1, 2) and s.current_player == 1
    view = s.observation(1)
    assert view["choices"]["chosen"] == [0] and view["choices"]["mine"] == []
    assert s.observation(0)["choices"]["mine"][0][0] == 0
    guess = s.determinize(1, 9)
    assert set(guess.choices.choices) == {0} and guess.observation(1) == view


def test_the_seeds_turn_hands_pass_left_right_left_and_the_sixth_turn_discards() -> None:
    # The seed: each Age, 7 cards a player and six turns; hands go to the left (clockwise) in
    # Ages I and III, to the right in Age II; on the 6th turn the last card is discarded
    # without coins.
    s = table(players=4)
    for age, to in ((1, 1), (2, 3), (3, 1)):
        assert s.age == age and all(s.hands.count(seat) == 7 for seat in range(4))
        hand = s.hands.cards[0]
        play_turn(s, discard_all(s))
        assert s.hands.cards[to] == hand[1:]
        for _ in range(4):
            play_turn(s, discard_all(s))
        coins = list(s.coins)
        discards = len(s.discard)
        play_turn(s, discard_all(s))
        assert len(s.discard) == discards + 8  # 4 discards for coins, 4 last cards without
        assert [c - b for c, b in zip(s.coins, coins)] == [3, 3, 3, 3]


def test_olympia_a_free_build_is_offered_even_when_a_choice_card_makes_it_free() -> None:
    s = table(boards=("Olympia", "Rhodos", "Ephesos"))
    tuck(s, 0, copy_of("I-altar"), copy_of("I-theater"))
    give(s, 0, copy_of("I-timber_yard"))  # wood or stone
    deal(s, 0, copy_of("I-baths"), copy_of("I-guard_tower"))  # 1 stone / 1 clay
    legal = s.legal_actions()
    assert Build("I-baths") in legal and BuildFree("I-baths") in legal  # any structure
    assert BuildFree("I-guard_tower") in legal  # clay: bought or free by the power
