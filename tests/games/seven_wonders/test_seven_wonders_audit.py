"""The rules audit of issue 10: each case below is a rule of the official first edition (or a
ruling of the package docstring) that the other test files did not pin down yet."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import tabletop
from games.seven_wonders.seven_wonders_helpers import copy_of, deal, discard_all, give, play_turn, table, tuck
from tabletop.core import Action
from tabletop.games.seven_wonders import (
    BOARDS,
    CARDS,
    GAME,
    Build,
    BuildFree,
    BuildFromDiscard,
    BuildStage,
    Discard,
    SevenWondersState,
)
from tabletop.games.seven_wonders.components import CountRule, Effect
from tabletop.games.seven_wonders.scoring import city_sheet

REFERENCE = Path("/work/shared/reference/seven_wonders")

# table(3): city 0 Gizah (stone), city 1 Rhodos (ore), city 2 Ephesos (papyrus), side A.
# City c's left neighbour is c + 1, its right neighbour c - 1 (round the table).


def builds_of(s: SevenWondersState, kind: str) -> list[tuple[int, int]]:
    """The payment splits offered for building ``kind`` now."""
    return sorted((a.left, a.right) for a in s.legal_actions() if isinstance(a, Build) and a.card == kind)


def others_discard(s: SevenWondersState, city: int = 0) -> dict[int, Any]:
    """Picks discarding the first card of every city but ``city``."""
    return {c: a for c, a in discard_all(s).items() if c != city}


def to_sixth_turn(s: SevenWondersState) -> None:
    """Play five turns in which every city discards."""
    for _ in range(5):
        play_turn(s, discard_all(s))
    assert s.turn == 6


# ---------------------------------------------------------------------- data, card by card


def _count_rule(rule: CountRule | None) -> dict[str, Any] | None:
    if rule is None:
        return None
    return {
        "amount": rule.amount,
        "per": rule.per,
        "cities": sorted(rule.cities),
        "colors": sorted(rule.colors),
    }


def _ours(effect: Effect) -> dict[str, Any]:
    """Every field of an effect, in the reference's terms (empty fields left out)."""
    discount = effect.trade_discount
    found: dict[str, Any] = {
        "produces": dict(effect.produces),
        "produces_choice": sorted(effect.produces_choice),
        "tradable": effect.tradable,
        "victory_points": effect.victory_points,
        "shields": effect.shields,
        "science": effect.science,
        "science_choice": sorted(effect.science_choice),
        "coins": effect.coins,
        "trade_discount": None
        if discount is None
        else {
            "resources": sorted(discount.resources),
            "neighbors": sorted(discount.neighbors),
            "price": discount.price,
        },
        "coins_per": _count_rule(effect.coins_per),
        "victory_points_per": _count_rule(effect.victory_points_per),
        "special": effect.special,
    }
    return {k: v for k, v in found.items() if v not in (None, 0, False, [], {})}


def _theirs(effect: dict[str, Any]) -> dict[str, Any]:
    found = dict(effect)
    if "produces_choice" in found:
        found["produces_choice"] = sorted(found["produces_choice"])
    if "science_choice" in found:
        found["science_choice"] = sorted(found["science_choice"])
    if "trade_discount" in found:
        d = found["trade_discount"]
        found["trade_discount"] = {
            "resources": sorted(d["resources"]),
            "neighbors": sorted(d["neighbors"]),
            "price": d["price"],
        }
    for key in ("coins_per", "victory_points_per"):
        if key in found:
            r = found[key]
            found[key] = {
                "amount": r["amount"],
                "per": r["per"],
                "cities": sorted(r["cities"]),
                "colors": sorted(r.get("colors", [])),
            }
    return {k: v for k, v in found.items() if v not in (None, 0, False, [], {})}


def test_every_card_matches_the_reference_field_by_field() -> None:
    reference = json.loads((REFERENCE / "cards.json").read_text())["cards"]
    assert len(reference) == len(CARDS) == 148
    chains_to: dict[str, set[str]] = {}
    for data in reference:
        card = CARDS[data["id"]]
        assert (card.name, card.age, card.color, card.min_players) == (
            data["name"],
            data["age"],
            data["color"],
            data["min_players"],
        ), data["id"]
        assert card.cost.coins == data["cost"]["coins"], data["id"]
        assert card.cost.resources == {k: v for k, v in data["cost"]["resources"].items() if v}, data["id"]
        assert sorted(card.free_if_built) == sorted(data["free_if_built"]), data["id"]
        assert _ours(card.effect) == _theirs(data["effect"]), data["id"]
        for source in data["free_if_built"]:
            chains_to.setdefault(source, set()).add(data["name"])
    # The reference's chains_to is the reverse of free_if_built: nothing chains that we miss.
    for data in reference:
        assert set(data["chains_to"]) == chains_to.get(data["name"], set()), data["id"]


def test_every_wonder_stage_matches_the_reference() -> None:
    wonders = json.loads((REFERENCE / "wonders.json").read_text())
    assert {w["name"] for w in wonders["wonders"]} == set(BOARDS)
    for board in wonders["wonders"]:
        ours = BOARDS[board["name"]]
        assert (ours.wonder, ours.starting_resource) == (board["wonder"], board["starting_resource"])
        for side in "AB":
            stages = board["sides"][side]
            assert len(ours.sides[side]) == len(stages)
            for stage, data in zip(ours.sides[side], stages):
                where = (board["name"], side, data["stage"])
                assert stage.cost.coins == data["cost"].get("coins", 0), where
                assert stage.cost.resources == {k: v for k, v in data["cost"]["resources"].items() if v}, (
                    where
                )
                assert _ours(stage.effect) == _theirs(data["effect"]), where


def test_the_two_player_game_uses_the_three_player_deck_and_five_guilds() -> None:
    s = GAME.new_game(players=2, seed=11)
    dealt = [c for hand in s.hands.cards for c in hand] + s.pile + [c for deck in s.decks for c in deck]
    assert len(dealt) == 3 * 21
    assert all(CARDS[c].is_guild or (CARDS[c].min_players or 0) <= 3 for c in dealt)
    assert sum(1 for c in dealt if CARDS[c].is_guild) == 5
    assert s.coins == [3, 3, 3]


# ---------------------------------------------------------------------- building


def test_a_choice_card_gives_one_resource_a_turn() -> None:
    s = table(boards=("Rhodos", "Gizah", "Ephesos"))  # no wood anywhere
    s.coins[0] = 10
    give(s, 0, copy_of("I-timber_yard"))  # wood or stone, not both
    deal(s, 0, copy_of("II-caravansery"), copy_of("I-stockade"))  # 2 wood / 1 wood
    assert builds_of(s, "I-stockade") == [(0, 0)]
    assert builds_of(s, "II-caravansery") == []
    give(s, 0, copy_of("II-caravansery", 1))  # Caravansery: one raw material of choice
    deal(s, 0, copy_of("II-archery_range"))  # 2 wood + ore: Timber Yard, Caravansery, Rhodos
    assert builds_of(s, "II-archery_range") == [(0, 0)]
    deal(s, 0, copy_of("III-senate"))  # 2 wood, stone, ore: one more choice is missing
    assert builds_of(s, "III-senate") == [(2, 0)]  # Gizah's stone, bought


def test_alexandria_b_and_forum_goods_of_choice() -> None:
    s = table(boards=("Alexandria", "Gizah", "Rhodos"), side="B")
    give(s, 0, copy_of("II-forum"))
    deal(s, 0, copy_of("III-traders_guild"))  # glass, loom, papyrus
    assert builds_of(s, "III-traders_guild") == []  # Alexandria's glass and one Forum good
    tuck(s, 0, copy_of("I-altar"), copy_of("I-baths"))  # stage 2: one good of choice
    assert builds_of(s, "III-traders_guild") == [(0, 0)]


def test_marketplace_discounts_goods_from_both_sides_and_trading_posts_only_their_own() -> None:
    s = table()
    s.coins[0] = 10
    give(s, 0, copy_of("I-marketplace"), copy_of("I-east_trading_post"))
    give(s, 2, copy_of("I-glassworks"), copy_of("I-lumber_yard"))  # right neighbour
    give(s, 1, copy_of("I-press"), copy_of("I-lumber_yard", 1))  # left neighbour
    give(s, 1, copy_of("I-loom"))
    deal(s, 0, copy_of("I-workshop"), copy_of("I-apothecary"), copy_of("I-stockade"))
    assert builds_of(s, "I-workshop") == [(0, 1)]  # glass from the right at 1
    assert builds_of(s, "I-apothecary") == [(1, 0)]  # loom from the left at 1
    # East Trading Post: raw from the right at 1; from the left still 2.
    assert builds_of(s, "I-stockade") == [(0, 1), (2, 0)]
    s = table()
    give(s, 0, copy_of("I-west_trading_post"))
    give(s, 1, copy_of("I-glassworks"))
    give(s, 2, copy_of("I-lumber_yard"))
    deal(s, 0, copy_of("I-workshop"), copy_of("I-stockade"))
    assert builds_of(s, "I-workshop") == [(2, 0)]  # a trading post discounts no goods
    assert builds_of(s, "I-stockade") == [(0, 2)]  # West is the left neighbour only


def test_trade_coins_go_to_the_neighbour_and_the_coin_cost_to_the_bank() -> None:
    s = table()
    s.coins[:] = [5, 3, 3]
    give(s, 2, copy_of("I-lumber_yard"))
    deal(s, 0, copy_of("I-stockade"), fill=True)
    picks = others_discard(s)
    play_turn(s, {0: Build("I-stockade", 0, 2), **picks})
    assert s.coins == [5 - 2, 3 + 3, 3 + 3 + 2]
    # A brown card's coin is paid to the bank, nobody receives it.
    deal(s, 0, copy_of("I-tree_farm"), fill=True)
    play_turn(s, {0: Build("I-tree_farm"), **others_discard(s)})
    assert s.coins == [3 - 1, 6 + 3, 8 + 3]


def test_a_duplicate_may_still_build_a_wonder_stage() -> None:
    s = table()
    give(s, 0, copy_of("I-altar"))
    deal(s, 0, copy_of("I-altar", 1))  # Gizah A stage 1: 2 stone
    give(s, 0, copy_of("I-stone_pit"))
    legal = s.legal_actions()
    assert Build("I-altar") not in legal and BuildStage("I-altar") in legal
    play_turn(s, {0: BuildStage("I-altar"), **others_discard(s)})
    assert s.tucked[0] == (copy_of("I-altar", 1),) and city_sheet(s, 0)["wonder"] == 3


def test_wonder_stages_are_built_in_order_and_a_tucked_card_counts_for_nothing() -> None:
    s = table(boards=("Gizah", "Rhodos", "Ephesos"))
    give(s, 0, copy_of("I-stone_pit"))  # 2 stone: stage 1 but never stage 2 (3 wood)
    deal(s, 0, copy_of("I-stockade"))  # a red card, tucked: no shield
    play_turn(s, {0: BuildStage("I-stockade"), **others_discard(s)})
    assert s.views[0].shields == 0 and s.views[0].colors == (1, 0, 0, 0, 0, 0, 0)
    deal(s, 0, copy_of("I-altar"))
    assert not any(isinstance(a, BuildStage) for a in s.legal_actions())  # stage 2: 3 wood


# ---------------------------------------------------------------------- wonders


def test_olympia_a_builds_any_card_free_even_unaffordable_or_costing_coins() -> None:
    s = table(boards=("Olympia", "Rhodos", "Ephesos"))
    tuck(s, 0, copy_of("I-altar"), copy_of("I-baths"))
    s.coins[0] = 0
    deal(s, 0, copy_of("III-palace"), copy_of("I-tree_farm"), copy_of("III-gardens"))
    legal = s.legal_actions()
    assert builds_of(s, "III-palace") == [] and builds_of(s, "I-tree_farm") == []
    assert {BuildFree("III-palace"), BuildFree("I-tree_farm"), BuildFree("III-gardens")} <= set(legal)
    assert not any(isinstance(a, BuildStage) for a in legal)  # 2 ore, no coins: no stage either
    play_turn(s, {0: BuildFree("I-tree_farm"), **others_discard(s)})
    assert copy_of("I-tree_farm") in s.built[0] and s.coins[0] == 0  # not even its coin


def test_olympia_a_power_starts_in_the_age_its_stage_is_built_and_lasts_to_its_sixth_turn() -> None:
    s = table(boards=("Olympia", "Rhodos", "Ephesos"))
    give(s, 0, copy_of("II-quarry"))
    tuck(s, 0, copy_of("I-altar"))
    assert not any(isinstance(a, BuildFree) for a in s.legal_actions())
    deal(s, 0, copy_of("I-baths"), fill=True)
    play_turn(s, {0: BuildStage("I-baths"), **others_discard(s)})  # stage 2: 2 stone
    for _ in range(4):
        play_turn(s, discard_all(s))
    assert s.turn == 6
    deal(s, 0, copy_of("II-aqueduct"), copy_of("I-press"))
    assert BuildFree("II-aqueduct") in s.legal_actions()  # the 6th turn of the Age it was built


def test_babylon_b_builds_the_seventh_card_paying_its_cost() -> None:
    s = table(boards=("Babylon", "Rhodos", "Ephesos"), side="B")
    tuck(s, 0, copy_of("I-altar"), copy_of("I-baths"))
    give(s, 2, copy_of("I-lumber_yard"))
    to_sixth_turn(s)
    deal(s, 0, copy_of("I-theater"), copy_of("I-stockade"))
    play_turn(s, {0: Build("I-theater"), **others_discard(s)})
    assert s.decision == "seventh_card" and s.current_player == 0
    assert Build("I-stockade", 0, 2) in s.legal_actions()
    before = list(s.coins)
    s.apply(Build("I-stockade", 0, 2))
    assert copy_of("I-stockade") in s.built[0] and copy_of("I-theater") in s.built[0]
    assert s.coins[0] == before[0] - 2 and s.coins[2] == before[2] + 2
    assert s.age == 2  # the Age is over
    assert s.tokens[0] == (1, 1)  # the Stockade counts in Age I's conflicts


def test_babylon_b_built_on_the_sixth_turn_plays_that_ages_seventh_card_on_a_stage() -> None:
    s = table(boards=("Babylon", "Rhodos", "Ephesos"), side="B")
    give(s, 0, copy_of("I-lumber_yard"), copy_of("I-glassworks"), copy_of("I-press"))
    tuck(s, 0, copy_of("I-altar"))
    to_sixth_turn(s)
    s.coins[0] = 10
    deal(s, 0, copy_of("I-baths"), copy_of("I-theater"))
    # Stage 2 (2 wood + glass): the Lumber Yard, the Glassworks and a wood bought from Ephesos.
    give(s, 2, copy_of("I-lumber_yard", 1))
    assert BuildStage("I-baths", 0, 2) in s.legal_actions()
    play_turn(s, {0: BuildStage("I-baths", 0, 2), **others_discard(s)})
    assert len(s.tucked[0]) == 2 and s.decision == "seventh_card"
    # Stage 3 (3 clay + papyrus) is out of reach (Babylon makes 1 clay): build or discard.
    assert set(s.legal_actions()) == {Discard("I-theater"), Build("I-theater")}
    s.apply(Build("I-theater"))
    assert copy_of("I-theater") in s.built[0] and s.age == 2


def test_babylon_b_uses_the_seventh_card_for_a_wonder_stage() -> None:
    s = table(boards=("Babylon", "Rhodos", "Ephesos"), side="B")
    give(s, 0, copy_of("II-brickyard"), copy_of("I-press"))  # 3 clay with Babylon's, papyrus
    tuck(s, 0, copy_of("I-altar"), copy_of("I-baths"))
    to_sixth_turn(s)
    deal(s, 0, copy_of("I-theater"), copy_of("I-stockade"))
    play_turn(s, {0: Discard("I-theater"), **others_discard(s)})
    assert BuildStage("I-stockade") in s.legal_actions()
    s.apply(BuildStage("I-stockade"))
    assert len(s.tucked[0]) == 3 and s.tucked[0][-1] == copy_of("I-stockade")
    assert city_sheet(s, 0)["science"] == 1  # the wild symbol


def test_only_babylon_b_keeps_its_seventh_card() -> None:
    s = table(boards=("Babylon", "Rhodos", "Ephesos"), side="A")
    tuck(s, 0, copy_of("I-altar"), copy_of("I-baths"))
    to_sixth_turn(s)
    play_turn(s, discard_all(s))
    assert s.age == 2 and s.decision == "turn"  # Babylon A: no 7th card


def test_halikarnassos_builds_a_discarded_card_with_its_once_only_coins() -> None:
    s = table(boards=("Halikarnassos", "Rhodos", "Ephesos"), players=3)
    give(s, 0, copy_of("I-ore_vein"), copy_of("II-foundry"))
    tuck(s, 0, copy_of("I-altar"))
    deal(s, 0, copy_of("I-stockade"))
    deal(s, 1, copy_of("I-marketplace"))
    deal(s, 2, copy_of("II-vineyard"))
    play_turn(s, {0: BuildStage("I-stockade"), 1: Discard("I-marketplace"), 2: Discard("II-vineyard")})
    assert s.decision == "build_from_discard"
    coins = s.coins[0]
    s.apply(BuildFromDiscard("II-vineyard"))
    # Vineyard: 1 coin per brown card in the city (2) and its neighbours (0): paid for nothing.
    assert s.coins[0] == coins + 2 and copy_of("II-vineyard") in s.built[0]


def test_halikarnassos_loses_its_power_when_the_pile_holds_only_names_it_has() -> None:
    s = table(boards=("Halikarnassos", "Rhodos", "Ephesos"))
    give(s, 0, copy_of("I-ore_vein"), copy_of("II-foundry"), copy_of("I-altar"))
    tuck(s, 0, copy_of("I-baths"))
    deal(s, 0, copy_of("I-stockade"))
    deal(s, 1, copy_of("I-altar", 1))
    deal(s, 2, copy_of("II-foundry", 1))
    play_turn(s, {0: BuildStage("I-stockade"), 1: Discard("I-altar"), 2: Discard("II-foundry")})
    assert s.decision == "turn" and s.turn == 2 and len(s.tucked[0]) == 2
    # Halikarnassos still looked through the pile: it knows both cards, Rhodos only its own.
    pile = sorted(s.discard)
    assert sorted(s.observation(0)["discard"]["known"]) == pile
    assert s.observation(1)["discard"]["known"] == [copy_of("I-altar", 1)]


def test_rhodos_b_and_ephesos_b_give_coins_once() -> None:
    s = table(boards=("Ephesos", "Rhodos", "Gizah"), side="B")
    give(s, 0, copy_of("II-quarry"))
    deal(s, 0, copy_of("I-altar"), fill=True)
    play_turn(s, {0: BuildStage("I-altar"), **others_discard(s)})
    assert s.coins[0] == 3 + 4
    play_turn(s, discard_all(s))
    assert s.coins[0] == 3 + 4 + 3  # the stage pays once; the discard pays 3


# ---------------------------------------------------------------------- yellow cards


def test_haven_and_arena_pay_coins_when_built_and_points_at_the_end() -> None:
    s = table(players=3)
    give(s, 0, copy_of("I-lumber_yard"), copy_of("I-ore_vein"), copy_of("I-loom"), copy_of("II-forum"))
    give(s, 1, copy_of("I-clay_pool"))  # a neighbour's brown card: not counted
    deal(s, 0, copy_of("III-haven"), fill=True)
    play_turn(s, {0: Build("III-haven"), **others_discard(s)})  # chain from the Forum
    assert s.coins[0] == 3 + 2
    assert city_sheet(s, 0)["commercial"] == 2
    tuck(s, 0, copy_of("I-altar"), copy_of("I-baths"))
    give(s, 0, copy_of("II-quarry"))
    deal(s, 0, copy_of("III-arena"), fill=True)  # 2 stone + ore
    play_turn(s, {0: Build("III-arena"), **others_discard(s)})
    assert s.coins[0] == 5 + 3 * 2
    # Haven: 1 per own brown (3 now); Arena: 1 per own stage (2).
    assert city_sheet(s, 0)["commercial"] == 3 + 2


def test_vineyard_counts_once_when_built_not_later() -> None:
    s = table()
    give(s, 1, copy_of("I-lumber_yard"))
    give(s, 2, copy_of("I-ore_vein"), copy_of("I-clay_pool"))
    deal(s, 0, copy_of("II-vineyard"), fill=True)
    play_turn(s, {0: Build("II-vineyard"), **others_discard(s)})
    assert s.coins[0] == 3 + 3
    give(s, 1, copy_of("I-stone_pit"))
    play_turn(s, discard_all(s))
    assert s.coins[0] == 6 + 3  # only the discard: the Vineyard paid once
    assert city_sheet(s, 0)["commercial"] == 0  # and scores no points


# ---------------------------------------------------------------------- military, end


def test_the_free_city_fights_both_players() -> None:
    s = table(players=2)
    give(s, 2, copy_of("I-stockade"), copy_of("I-barracks"))  # the Free City: 2 shields
    give(s, 0, copy_of("I-guard_tower"))  # seat 0: 1 shield, seat 1: none
    while s.age == 1:
        if s.decision in ("turn", "free_city"):
            play_turn(s, discard_all(s))
        else:
            s.apply(s.legal_actions()[0])
    shields = [v.shields for v in s.views]
    for city in range(3):
        wins = sum(1 for other in range(3) if other != city and shields[city] > shields[other])
        losses = sum(1 for other in range(3) if other != city and shields[city] < shields[other])
        assert sorted(s.tokens[city]) == sorted([1] * wins + [-1] * losses)
    assert s.tokens[2] == (1, 1)


def test_treasury_scores_one_point_per_three_coins() -> None:
    s = table()
    for coins, points in ((0, 0), (2, 0), (3, 1), (8, 2), (9, 3)):
        s.coins[0] = coins
        assert city_sheet(s, 0)["treasury"] == points


def test_the_score_is_the_sum_of_the_seven_rows() -> None:
    s = table(boards=("Babylon", "Rhodos", "Ephesos"))
    give(s, 0, copy_of("I-altar"), copy_of("I-workshop"), copy_of("III-arena"), copy_of("III-spies_guild"))
    give(s, 1, copy_of("I-stockade"))
    tuck(s, 0, copy_of("I-baths"))
    s.tokens[0] = (1, -1, 3)
    s.coins[0] = 7
    sheet = city_sheet(s, 0)
    assert sheet == {
        "military": 3,
        "treasury": 2,
        "wonder": 3,
        "civilian": 2,
        "commercial": 1,
        "guilds": 1,
        "science": 1,
        "total": 13,
    }


# ---------------------------------------------------------------------- refusals


def refused(s: SevenWondersState, *cases: tuple[Action, str]) -> None:
    """Each action is refused with a message matching its words, and the state is unchanged."""
    before = s.to_dict()
    for action, words in cases:
        with pytest.raises(tabletop.IllegalAction, match=words):
            s.apply(action)
        assert s.to_dict() == before


def test_seventh_card_and_discard_pile_refusals_change_nothing() -> None:
    s = table(boards=("Babylon", "Rhodos", "Ephesos"), side="B")
    tuck(s, 0, copy_of("I-altar"), copy_of("I-baths"))
    to_sixth_turn(s)
    deal(s, 0, copy_of("I-theater"), copy_of("I-stockade"))
    play_turn(s, {0: Discard("I-theater"), **others_discard(s)})
    assert s.decision == "seventh_card"
    refused(
        s,
        (Build("I-theater"), "not in your hand"),
        (Build("I-stockade"), "cannot be paid"),
        (BuildFromDiscard("I-theater"), "only after Halikarnassos"),
    )
    s = table(boards=("Halikarnassos", "Rhodos", "Ephesos"))
    give(s, 0, copy_of("I-ore_vein"), copy_of("II-foundry"), copy_of("I-altar"))
    tuck(s, 0, copy_of("I-baths"))
    deal(s, 0, copy_of("I-stockade"))
    deal(s, 1, copy_of("I-altar", 1))
    deal(s, 2, copy_of("I-theater"))
    play_turn(s, {0: BuildStage("I-stockade"), 1: Discard("I-altar"), 2: Discard("I-theater")})
    assert s.decision == "build_from_discard"
    refused(
        s,
        (BuildFromDiscard("I-altar"), "already built"),
        (BuildFromDiscard("III-palace"), "not in the discard pile"),
        (Discard("I-theater"), "must be build_from_discard"),
    )


def test_olympia_a_may_spend_its_power_on_a_card_free_anyway() -> None:
    s = table(boards=("Olympia", "Rhodos", "Ephesos"))
    tuck(s, 0, copy_of("I-altar"), copy_of("I-baths"))
    give(s, 0, copy_of("I-theater"))
    deal(s, 0, copy_of("I-stockade"), copy_of("II-statue"), copy_of("I-pawnshop"), fill=True)
    legal = s.legal_actions()
    # Olympia makes wood, the Statue chains from the Theater, the Pawnshop costs nothing: the
    # rulebook's "any structure" still lets the power be spent on them.
    assert {Build("I-stockade"), Build("II-statue"), Build("I-pawnshop")} <= set(legal)
    assert {BuildFree("I-stockade"), BuildFree("II-statue"), BuildFree("I-pawnshop")} <= set(legal)
    play_turn(s, {0: BuildFree("I-pawnshop"), **others_discard(s)})
    assert copy_of("I-pawnshop") in s.built[0] and s.olympia_used[0] == 1
    assert not any(isinstance(a, BuildFree) for a in s.legal_actions())


def test_refusals_name_the_free_citys_chain() -> None:
    s = table(players=2, boards=("Gizah", "Rhodos", "Olympia"))
    tuck(s, 2, copy_of("I-lumber_yard"), copy_of("I-clay_pool"))  # the Free City: Olympia A
    give(s, 2, copy_of("I-altar"))
    give(s, 0, copy_of("I-stone_pit"))
    deal(s, 0, copy_of("II-temple"), copy_of("I-baths"), copy_of("I-theater"))
    s.apply(Discard("I-baths"))
    assert s.decision == "free_city"
    legal = s.legal_actions()
    assert Build("II-temple") in legal and BuildFree("I-theater") in legal
    refused(
        s,
        (BuildFree("II-temple"), "must build Temple by chain"),
        (BuildStage("II-temple"), "must build Temple by chain"),
    )


def test_olympia_b_copied_shipowners_counts_the_citys_cards_not_itself() -> None:
    s = table(boards=("Olympia", "Rhodos", "Ephesos"), side="B")
    tuck(s, 0, copy_of("I-altar"), copy_of("I-baths"), copy_of("I-theater"))
    give(s, 0, copy_of("I-lumber_yard"), copy_of("I-loom"), copy_of("III-spies_guild"))
    give(s, 1, copy_of("III-shipowners_guild"))
    # Shipowners for Olympia: its brown (1), grey (1) and purple (the Spies Guild, 1) cards; the
    # Spies Guild finds no red card next door.
    assert city_sheet(s, 0)["guilds"] == 3
    assert city_sheet(s, 1)["guilds"] == 1  # the owner's copy counts itself


def test_a_neighbours_choice_card_sells_one_resource_a_turn() -> None:
    s = table(boards=("Rhodos", "Ephesos", "Babylon"))  # ore, papyrus, clay: no wood, no stone
    s.coins[0] = 20
    give(s, 1, copy_of("I-timber_yard"), copy_of("I-lumber_yard"))  # wood, and wood or stone
    deal(s, 0, copy_of("III-senate"), copy_of("I-stockade"))  # Senate: 2 wood, stone, ore
    assert builds_of(s, "III-senate") == []  # the Timber Yard cannot sell both wood and stone
    assert builds_of(s, "I-stockade") == [(2, 0)]
    give(s, 2, copy_of("I-stone_pit"))
    assert builds_of(s, "III-senate") == [(4, 2)]


def test_the_discard_pile_is_face_down() -> None:
    s = table()
    deal(s, 0, copy_of("III-palace"), fill=True)
    play_turn(s, {0: Discard("III-palace"), **others_discard(s)})
    assert copy_of("III-palace") in s.discard
    assert copy_of("III-palace") in s.observation(0)["discard"]["known"]
    for seat in (1, 2):
        assert copy_of("III-palace") not in str(s.observation(seat))  # only its back (Age III)
        assert s.observation(seat)["discard"]["backs"].count(3) == 1


def test_two_players_end_each_age_discarding_both_last_cards_and_the_free_citys() -> None:
    s = table(players=2)
    for _ in range(5):
        play_turn(s, discard_all(s))
    assert s.turn == 6 and len(s.pile) == 1
    assert (s.hands.count(s.holder), s.hands.count(1 - s.holder)) == (3, 2)
    last = s.pile[0]
    discards = len(s.discard)
    placed = sum(map(len, s.built)) + sum(map(len, s.tucked))
    play_turn(s, discard_all(s))  # the Free City builds when it can
    for_coins = 3 - (sum(map(len, s.built)) + sum(map(len, s.tucked)) - placed)
    # The turn's discards for coins, then the two 7th cards and the pile's last card.
    assert len(s.discard) == discards + for_coins + 3 and last in s.discard
    assert s.age == 2 and s.hands.count(s.holder) == 8 and len(s.pile) == 6


def test_olympia_b_first_stage_discounts_raw_materials_from_both_neighbours() -> None:
    s = table(boards=("Olympia", "Gizah", "Babylon"), side="B")
    s.coins[0] = 10
    give(s, 0, copy_of("I-lumber_yard"))  # stage 1: 2 wood
    give(s, 1, copy_of("I-glassworks"))
    deal(s, 0, copy_of("I-baths"), copy_of("I-guard_tower"), copy_of("I-workshop"), fill=True)
    assert builds_of(s, "I-baths") == [(2, 0)] and builds_of(s, "I-guard_tower") == [(0, 2)]
    play_turn(s, {0: BuildStage("I-baths"), **others_discard(s)})
    deal(s, 0, copy_of("I-guard_tower"), copy_of("I-workshop"), copy_of("I-stone_pit"), fill=True)
    # From the next turn: stone from the left and clay from the right at 1; goods still 2.
    assert builds_of(s, "I-guard_tower") == [(0, 1)] and builds_of(s, "I-workshop") == [(2, 0)]


def test_known_engine_bugs_olympia_b_buys_two_of_a_kind_and_choice_cards_mix() -> None:
    # joffrey-bion/seven-wonders#49: with Olympia B's discount, two clay bought from one side.
    s = table(boards=("Olympia", "Gizah", "Babylon"), side="B")
    s.coins[0] = 20
    tuck(s, 0, copy_of("I-altar"))
    give(s, 0, copy_of("I-clay_pit"), copy_of("I-timber_yard"))
    give(s, 2, copy_of("I-clay_pool"))  # Babylon (right): 2 clay
    deal(s, 0, copy_of("III-siege_workshop"))  # 3 clay + wood
    assert builds_of(s, "III-siege_workshop") == [(0, 2)]
    # willcrichton/sevenwonders#12: a double card, the board and a yellow choice card together.
    s = table(boards=("Rhodos", "Gizah", "Ephesos"))
    give(s, 0, copy_of("II-brickyard"), copy_of("II-caravansery"), copy_of("I-lumber_yard"))
    give(s, 0, copy_of("II-forum"))
    deal(s, 0, copy_of("III-siege_workshop"), copy_of("III-arsenal"))
    assert builds_of(s, "III-siege_workshop") == [(0, 0)]  # 2 clay + Caravansery's + wood
    assert builds_of(s, "III-arsenal") == [(0, 0)]  # 2 wood (card, Caravansery), ore, loom


def test_halikarnassos_on_the_last_turn_of_age_three_builds_before_the_battles_and_the_end() -> None:
    # joffrey-bion/seven-wonders#36: the game ended before the discard pile could be used.
    s = table(boards=("Halikarnassos", "Rhodos", "Ephesos"))
    while (s.age, s.turn) != (3, 6):
        if s.decision in ("turn", "free_city"):
            play_turn(s, discard_all(s))
        else:
            s.apply(s.legal_actions()[0])
    give(s, 0, copy_of("I-ore_vein"), copy_of("II-foundry"))
    tuck(s, 0, copy_of("I-altar"))
    give(s, 1, copy_of("I-stockade"))  # Rhodos: 1 shield
    deal(s, 0, copy_of("III-senate"), copy_of("III-palace"))
    deal(s, 1, copy_of("III-fortifications"), copy_of("III-arena"))
    picks = {**discard_all(s), 0: BuildStage("III-senate"), 1: Discard("III-fortifications")}
    play_turn(s, picks)
    assert s.decision == "build_from_discard" and s.outcome is None
    before = list(s.tokens[0])
    s.apply(BuildFromDiscard("III-fortifications"))  # 3 shields, in time for Age III's battles
    assert s.is_terminal and s.tokens[0][len(before) :] == (5, 5)


def test_olympia_b_copied_guild_counts_once_in_the_guild_row() -> None:
    # joffrey-bion/seven-wonders#170: a copied Builders Guild was counted twice.
    s = table(boards=("Olympia", "Rhodos", "Ephesos"), side="B")
    tuck(s, 0, copy_of("I-altar"), copy_of("I-baths"), copy_of("I-theater"))
    give(s, 1, copy_of("III-builders_guild"))
    tuck(s, 1, copy_of("I-stockade"))
    tuck(s, 2, copy_of("I-barracks"), copy_of("I-lumber_yard"))
    sheet = city_sheet(s, 0)
    assert (sheet["wonder"], sheet["guilds"]) == (5, 3 + 1 + 2)  # stages: own 3, Rhodos 1, Ephesos 2
    assert sheet["total"] == 5 + 6 + 1  # and a coin point
    assert city_sheet(s, 1)["guilds"] == 1 + 2 + 3  # the owner's count, unchanged
