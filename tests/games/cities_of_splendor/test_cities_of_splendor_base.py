"""Base Splendor: data, setup, the four actions, the end of turn and the end of the game."""

from __future__ import annotations

import json

import pytest

import tabletop
from games.cities_of_splendor.helpers import (
    fresh,
    give,
    refused,
    reserve_for,
    set_tokens,
    show,
    token_totals,
)
from tabletop.games.cities_of_splendor import (
    CARDS,
    CITY_FACES,
    CITY_TILES,
    GAME,
    NOBLES,
    TRADING_POSTS,
    BuyCard,
    ChooseNoble,
    Pass,
    Pay,
    ReserveCard,
    ReserveDeck,
    ReturnToken,
    TakeGems,
)

REFERENCE = "/work/shared/reference/splendor/"


# ---------------------------------------------------------------------- data


def test_card_counts_match_the_reference() -> None:
    base = [c for c in CARDS.values() if c.module == "base"]
    assert [sum(1 for c in base if c.level == level) for level in (1, 2, 3)] == [40, 30, 20]
    assert sum(c.points for c in base) == 140
    for level, per_colour in ((1, 8), (2, 6), (3, 4)):
        for colour in ("white", "blue", "green", "red", "black"):
            assert sum(1 for c in base if c.level == level and c.bonus == colour) == per_colour
    assert len(NOBLES) == 10 and all(n.points == 3 for n in NOBLES.values())
    orient = [c for c in CARDS.values() if c.module == "orient"]
    assert [sum(1 for c in orient if c.level == level) for level in (1, 2, 3)] == [10, 10, 10]
    assert len(CITY_TILES) == 7 and len(CITY_FACES) == 14
    assert [p.position for p in TRADING_POSTS.values()] == [1, 2, 3, 4, 5]


def test_every_card_and_noble_equals_the_reference() -> None:
    with open(REFERENCE + "base.json", encoding="utf-8") as f:
        base = json.load(f)
    for ref in base["development_cards"]:
        card = CARDS[ref["id"]]
        assert (card.level, card.bonus, card.points) == (ref["level"], ref["bonus"], ref["points"])
        assert {k: v for k, v in ref["cost"].items() if v} == card.cost
    for ref in base["nobles"]:
        assert NOBLES[ref["id"]].requirement == {k: v for k, v in ref["requirement"].items() if v}


def test_spot_checks() -> None:
    assert CARDS["L1-01"].cost == {"white": 3, "blue": 1, "black": 1} and CARDS["L1-01"].bonus == "white"
    assert NOBLES["N01"].requirement == {"green": 4, "red": 4}
    # Orient examples printed on the official p7 page
    assert CARDS["O2-03"].kind == "reserve_noble" and CARDS["O2-03"].points == 1
    assert CARDS["O2-03"].cost == {"blue": 2, "green": 2, "red": 2, "black": 2}
    assert CARDS["O3-07"].sacrifice is not None and CARDS["O3-07"].sacrifice.colour == "white"
    assert CARDS["O3-07"].points == 3 and CARDS["O3-07"].bonus == "blue"
    free2 = [c for c in CARDS.values() if c.kind == "free_level2" and c.bonus == "red"]
    assert free2[0].cost == {"white": 3, "red": 1, "black": 6}
    # City examples from the rulebook: 13 + 4 red + 3 black; 15 + 5 of one colour; 14 + 4 green + 4 =
    assert CITY_FACES["C1a"].prestige == 13 and CITY_FACES["C1a"].bonuses == {"red": 4, "black": 3}
    assert CITY_FACES["C5a"].prestige == 15 and CITY_FACES["C5a"].same_colour == 5
    assert CITY_FACES["C6a"].bonuses == {"green": 4} and CITY_FACES["C6a"].same_colour_excludes == ("green",)


# ---------------------------------------------------------------------- setup


@pytest.mark.parametrize("players, gems", [(2, 4), (3, 5), (4, 7)])
def test_setup_by_player_count(players: int, gems: int) -> None:
    state = fresh(None, players)
    assert all(state.bank[c] == gems for c in ("white", "blue", "green", "red", "black"))
    assert state.bank["gold"] == 5
    assert len(state.nobles) == players + 1
    assert [len(m.face_up()) for m in state.markets] == [4, 4, 4]
    assert [len(m.deck) for m in state.markets] == [36, 26, 16]
    assert state.orient == [] and state.cities == []
    assert state.current_player == 0 and state.decision == "turn"


def test_module_option_refuses_a_list_and_unknown_names() -> None:
    with pytest.raises(ValueError, match="played one at a time"):
        GAME.new_game(players=2, module=["cities", "orient"])
    with pytest.raises(ValueError, match="played one at a time"):
        GAME.new_game(players=2, module=("orient",))
    with pytest.raises(ValueError, match="option module='nobles' is not valid"):
        GAME.new_game(players=2, module="nobles")
    assert GAME.new_game(players=2, seed=1).module == "cities"


# ---------------------------------------------------------------------- taking gems


def test_take_three_different_and_two_of_one_colour() -> None:
    state = fresh(None, 2)
    state.apply(TakeGems(("white", "blue", "green")))
    assert state.players[0].tokens.as_dict() == {"white": 1, "blue": 1, "green": 1}
    assert state.bank["white"] == 3 and state.current_player == 1
    state.apply(TakeGems(("red", "red")))  # 4 red in the supply before taking
    assert state.players[1].tokens["red"] == 2 and state.bank["red"] == 2


def test_take_two_needs_four_in_the_supply() -> None:
    state = fresh(None, 2)
    state.apply(TakeGems(("white", "blue", "green")))
    assert TakeGems(("white", "white")) not in state.legal_actions()
    refused(state, TakeGems(("white", "white")), "at least 4 white in the supply before taking")


def test_take_three_must_be_three_when_three_colours_remain() -> None:
    state = fresh(None, 2)
    refused(state, TakeGems(("white", "blue")), "take 3 gems of different colours")


def test_fewer_colours_left_take_one_of_each_remaining() -> None:
    state = fresh(None, 2)
    for colour in ("white", "blue", "green"):
        state.bank.counts[colour] = 0
    takes = [a for a in state.legal_actions() if isinstance(a, TakeGems)]
    assert TakeGems(("red", "black")) in takes
    assert TakeGems(("red",)) not in takes
    assert {a.colours for a in takes} == {("red", "black"), ("red", "red"), ("black", "black")}
    state.bank.counts["black"] = 0
    state.bank.counts["red"] = 3
    state.forget_legal_actions()
    assert [a for a in state.legal_actions() if isinstance(a, TakeGems)] == [TakeGems(("red",))]


# ---------------------------------------------------------------------- reserving


def test_reserve_face_up_takes_gold_and_refills() -> None:
    state = fresh(None, 2)
    card = state.markets[1].slots[2]
    assert card is not None
    top = state.markets[1].deck.peek()[0]
    state.apply(ReserveCard(card))
    assert state.players[0].reserved == [card]
    assert state.players[0].tokens["gold"] == 1 and state.bank["gold"] == 4
    assert state.markets[1].slots[2] == top


def test_reserve_without_gold_left_and_at_most_three() -> None:
    state = fresh(None, 2)
    state.bank.counts["gold"] = 0
    reserve_for(state, 0, "L1-01")
    reserve_for(state, 0, "L2-01")
    state.apply(ReserveDeck(3))
    assert len(state.players[0].reserved) == 3 and state.players[0].tokens["gold"] == 0
    state.apply(TakeGems(("white", "blue", "green")))
    assert state.current_player == 0
    assert not any(isinstance(a, (ReserveCard, ReserveDeck)) for a in state.legal_actions())
    refused(state, ReserveDeck(1), "at most 3 reserved cards")
    refused(state, ReserveCard(state.markets[0].slots[0] or ""), "at most 3 reserved cards")


def test_blind_reservation_is_hidden_from_the_others() -> None:
    state = fresh(None, 2)
    top = state.markets[2].deck.peek()[0]
    state.apply(ReserveDeck(3))
    assert state.players[0].reserved == [top] and state.players[0].blind == [top]
    assert state.observation(0)["players"][0]["reserved"] == [top]
    assert state.observation(1)["players"][0]["reserved"] == [{"level": 3, "orient": False}]
    assert top not in json.dumps(state.observation(1))
    other = state.determinize(1, seed=5)
    assert other.observation(1) == state.observation(1)
    assert "L3-??" in state.render() and top not in state.render()  # seat 1 is to move
    assert state.determinize(0, seed=5).players[0].reserved == [top]


# ---------------------------------------------------------------------- buying


def test_buy_with_bonuses_and_tokens_spent_tokens_go_back() -> None:
    state = fresh(None, 2)
    show(state, "L1-01", 0)  # 3 white 1 blue 1 black, white bonus
    give(state, 0, "L1-02")  # a white bonus
    set_tokens(state, 0, white=2, blue=1, black=1, red=2)
    totals = token_totals(state)
    state.apply(BuyCard("L1-01"))
    player = state.players[0]
    assert "L1-01" in player.cards and player.bonuses["white"] == 2
    assert player.tokens.as_dict() == {"red": 2}
    assert token_totals(state) == totals
    assert state.markets[0].slots[0] is not None and state.markets[0].slots[0] != "L1-01"


def test_gold_is_wild_and_paying_with_gold_while_holding_the_gem_is_a_choice() -> None:
    state = fresh(None, 2)
    show(state, "L1-01", 0)  # 3 white 1 blue 1 black
    set_tokens(state, 0, white=3, blue=1, black=1, gold=1)
    state.apply(BuyCard("L1-01"))
    assert state.decision == "pay"
    options = state.legal_actions()
    assert Pay((0, 0, 0, 0, 0)) in options and Pay((1, 0, 0, 0, 0)) in options
    assert Pay((0, 0, 0, 0, 1)) in options and len(options) == 4
    refused(state, Pay((2, 0, 0, 0, 0)), "not a possible payment")
    state.apply(Pay((0, 0, 0, 0, 1)))
    assert state.players[0].tokens.as_dict() == {"black": 1}
    assert state.bank["gold"] == 5 and state.current_player == 1


def test_gold_alone_pays_automatically_when_there_is_no_choice() -> None:
    state = fresh(None, 2)
    show(state, "L1-02", 0)  # 3 blue
    set_tokens(state, 0, blue=1, gold=2)
    state.apply(BuyCard("L1-02"))
    assert state.decision == "turn" and state.current_player == 1
    assert state.players[0].tokens.total() == 0 and state.bank["gold"] == 5


def test_buy_a_reserved_card_and_refusal_when_unaffordable() -> None:
    state = fresh(None, 4)
    reserve_for(state, 0, "L3-01")
    refused(state, BuyCard("L3-01"), "cannot afford L3-01")
    cost = CARDS["L3-01"].cost
    set_tokens(state, 0, **cost)
    state.apply(BuyCard("L3-01"))
    assert state.players[0].reserved == [] and "L3-01" in state.players[0].cards
    refused(state, BuyCard("L3-02"), "neither face up on the table nor reserved by you")


# ---------------------------------------------------------------------- end of turn


def test_return_tokens_down_to_ten_may_include_tokens_just_taken() -> None:
    state = fresh(None, 2)
    set_tokens(state, 0, white=3, blue=3, gold=3)
    state.apply(TakeGems(("white", "green", "red")))
    assert state.decision == "return_tokens" and state.current_player == 0
    kinds = {a.token for a in state.legal_actions() if isinstance(a, ReturnToken)}
    assert kinds == {"white", "blue", "green", "red", "gold"}
    refused(state, ReturnToken("black"), "no black token")
    state.apply(ReturnToken("green"))  # the token just taken
    assert state.decision == "return_tokens"
    state.apply(ReturnToken("gold"))
    assert state.decision == "turn" and state.current_player == 1
    assert state.players[0].tokens.total() == 10


def test_a_single_noble_visits_automatically_bonuses_only() -> None:
    state = fresh(None, 2)
    state.nobles = ["N01", "N03", "N05"]
    give(
        state,
        0,
        *[c.id for c in CARDS.values() if c.module == "base" and c.level == 1 and c.bonus == "green"][:4],
    )
    give(
        state,
        0,
        *[c.id for c in CARDS.values() if c.module == "base" and c.level == 1 and c.bonus == "red"][:3],
    )
    set_tokens(state, 0, red=3)  # tokens do not count for nobles
    state.apply(TakeGems(("white", "blue", "black")))
    assert state.players[0].nobles == []
    give(
        state,
        0,
        next(c.id for c in CARDS.values() if c.module == "base" and c.level == 2 and c.bonus == "red"),
    )
    state.apply(TakeGems(("white", "blue", "black")))
    state.apply(TakeGems(("white", "blue", "green")))
    assert state.players[0].nobles == ["N01"] and "N01" not in state.nobles
    assert state.players[0].prestige == state.players[0].points


def test_noble_choice_when_several_qualify_one_per_turn() -> None:
    state = fresh(None, 2)
    state.nobles = ["N01", "N03", "N05"]
    req = {c: n for noble in ("N01", "N03", "N05") for c, n in NOBLES[noble].requirement.items()}
    wanted = {c: max(NOBLES[n].requirement.get(c, 0) for n in state.nobles) for c in req}
    for colour, count in wanted.items():
        give(state, 0, *[c.id for c in CARDS.values() if c.module == "base" and c.bonus == colour][:count])
    met = [n for n in state.nobles]
    state.apply(TakeGems(("white", "blue", "black")))
    assert state.decision == "noble"
    assert sorted(a.noble for a in state.legal_actions() if isinstance(a, ChooseNoble)) == sorted(met)
    refused(state, ChooseNoble("N02"), "not available")
    state.apply(ChooseNoble("N03"))
    assert state.players[0].nobles == ["N03"] and state.current_player == 1
    assert len(state.nobles) == 2


def test_reaching_fifteen_finishes_the_round() -> None:
    state = fresh(None, 3)
    state.players[0].points = 15
    state.apply(TakeGems(("white", "blue", "green")))
    assert state.end_triggered and not state.is_terminal and state.current_player == 1
    state.players[1].points = 16
    state.apply(TakeGems(("white", "blue", "green")))
    assert not state.is_terminal
    state.apply(TakeGems(("white", "blue", "red")))
    assert state.is_terminal and state.outcome is not None
    assert state.outcome.winners == (1,) and state.outcome.reason == "prestige"
    refused(state, TakeGems(("white",)), "the game is over")


def test_tie_break_fewest_cards_then_shared_victory() -> None:
    state = fresh(None, 2)
    give(state, 0, "L1-01", "L1-02")
    give(state, 1, "L1-03")
    state.players[0].points = state.players[1].points = 15
    state.apply(TakeGems(("white", "blue", "green")))
    state.apply(TakeGems(("white", "blue", "green")))
    assert state.outcome is not None and state.outcome.winners == (1,)
    state = fresh(None, 2)
    give(state, 0, "L1-01")
    give(state, 1, "L1-03")
    state.players[0].points = state.players[1].points = 15
    state.apply(TakeGems(("white", "blue", "green")))
    state.apply(TakeGems(("white", "blue", "green")))
    assert state.outcome is not None and state.outcome.winners == (0, 1)
    assert state.returns() == (0.0, 0.0)


def test_empty_deck_leaves_a_hole() -> None:
    state = fresh(None, 2)
    market = state.markets[2]
    market.deck.cards.clear()
    card = market.slots[1]
    assert card is not None
    state.apply(ReserveCard(card))
    assert market.slots[1] is None and len(market.face_up()) == 3
    assert ReserveDeck(3) not in state.legal_actions()


def test_a_player_with_no_possible_action_passes_and_all_passing_ends_the_game() -> None:
    state = fresh(None, 2)
    for colour in ("white", "blue", "green", "red", "black", "gold"):
        state.bank.counts[colour] = 0
    for player in state.players:
        player.reserved = ["L1-01", "L1-02", "L1-03"]
    state.forget_legal_actions()
    assert state.legal_actions() == [Pass()]
    refused(state, TakeGems(("white",)), "the supply has only 0 white")
    state.apply(Pass())
    assert not state.is_terminal
    state.apply(Pass())
    assert state.outcome is not None and state.outcome.reason == "no_action_possible"


def test_wrong_decision_is_refused_naming_it() -> None:
    state = fresh(None, 2)
    refused(state, ReturnToken("white"), "'turn' is pending")
    refused(state, Pass(), "pass only when no action is possible")
    assert isinstance(tabletop.load("cities_of_splendor").decode(0), TakeGems)


def test_render_and_action_text_for_a_person() -> None:
    state = fresh("orient", 3)
    text = state.render()
    assert "round 1" in text and "L3 [" in text and "nobles:" in text and ">P0" in text
    assert str(TakeGems(("white", "blue", "green"))) == "take white, blue, green"
    assert (
        str(Pay((0, 0, 2, 0, 0), 1)) == "pay: gold covers 2 green, gems the rest (using 1 Orient gold card)"
    )
    assert str(BuyCard("L1-04")) == "buy L1-04 (white bonus, 0 points; costs 2 blue + 2 black)"
    assert str(ReserveDeck(2, True)) == "reserve the top card of the level-2 Orient deck"
    cities = fresh("cities", 2)
    assert "cities:" in cities.render()


def test_unknown_components_are_refused_by_name() -> None:
    from tabletop.games.cities_of_splendor import PairCard, TakeTradingToken

    state = fresh(None, 2)
    refused(state, BuyCard("L9-99"), "there is no card 'L9-99'")
    refused(state, ReserveCard("nope"), "there is no card 'nope'")
    refused(state, TakeGems(("purple", "white", "blue")), "'purple' is not a gem colour")
    refused(state, TakeGems(("white", "white", "white")), "3 gems of different colours, or 2 of one")
    refused(state, TakeGems(("white", "blue", "white")), "3 gems of different colours, or 2 of one")
    refused(state, ReserveDeck(5), r"ReserveDeck.level=5: the level is an int, 1, 2 or 3")
    refused(state, ChooseNoble("N99"), "there is no noble 'N99' in the game")
    refused(state, ChooseNoble("N01"), "is not possible now: 'turn' is pending")
    refused(state, PairCard("L1-01"), "'turn' is pending")
    refused(state, TakeTradingToken("gold"), "'gold' is not a gem colour")
    refused(state, TakeTradingToken("red"), "'turn' is pending")


def test_module_data_equals_the_reference() -> None:
    with open(REFERENCE + "cities_of_splendor.json", encoding="utf-8") as f:
        modules = json.load(f)["modules"]
    for ref in modules["the_orient"]["cards"]:
        card = CARDS[ref["id"]]
        assert (card.level, card.kind, card.bonus, card.bonus_count, card.points) == (
            ref["level"],
            ref["kind"],
            ref["bonus"],
            ref["bonus_count"],
            ref["points"],
        )
        assert card.cost == {k: v for k, v in (ref["cost"] or {}).items() if v}
        if ref.get("sacrifice"):
            assert card.sacrifice is not None
            assert (card.sacrifice.colour, card.sacrifice.bonuses) == (
                ref["sacrifice"]["colour"],
                ref["sacrifice"]["bonuses"],
            )
    tiles = dict(CITY_TILES)
    for ref in modules["the_cities"]["tiles"]:
        for face, ref_face in zip(tiles[ref["tile"]].faces, ref["faces"]):
            assert face.id == ref_face["id"] and face.prestige == ref_face["prestige_required"]
            assert face.bonuses == {k: v for k, v in ref_face["bonuses_required"].items() if v}
            same = ref_face["same_colour_bonuses_required"]
            assert face.same_colour == (same["count"] if same else 0)
    for post, ref in zip(TRADING_POSTS.values(), modules["the_trading_posts"]["powers_in_board_order"]):
        assert post.bonuses == {k: v for k, v in ref["requirement"]["bonuses"].items() if v}
        assert post.nobles == ref["requirement"]["nobles"] and post.text == ref["official_text"]
