"""The Trading Posts: placing coats of arms and each of the five powers as the rulebook words them."""

from __future__ import annotations

from games.cities_of_splendor.helpers import (
    end_turn_quietly,
    fresh,
    legal_of,
    refused,
    set_tokens,
    show,
    token_totals,
    with_bonuses,
)
from tabletop.games.cities_of_splendor import (
    TRADING_POSTS,
    BuyCard,
    Pay,
    TakeGems,
    TakeTradingToken,
)


def test_the_board_has_five_powers_with_their_requirements() -> None:
    requirements = [(p.bonuses, p.nobles) for p in TRADING_POSTS.values()]
    assert requirements == [
        ({"white": 1, "red": 3}, 0),
        ({"white": 2}, 0),
        ({"blue": 3, "black": 1}, 0),
        ({"green": 5}, 1),
        ({"black": 3}, 0),
    ]
    state = fresh("trading_posts", 4)
    assert len(state.nobles) == 5 and state.cities == [] and state.orient == []


def test_coats_of_arms_are_placed_at_the_end_of_the_turn_and_powers_are_not_exclusive() -> None:
    state = fresh("trading_posts", 2)
    with_bonuses(state, 0, red=3, white=2)
    with_bonuses(state, 1, red=3, white=1)
    end_turn_quietly(state)
    assert state.players[0].posts == [1, 2]
    end_turn_quietly(state)
    assert state.players[1].posts == [1]


def test_power_four_is_placed_after_the_noble_visit_and_counts_once() -> None:
    state = fresh("trading_posts", 2)
    state.nobles = ["N01", "N03", "N04"]  # N01: 4 green 4 red
    with_bonuses(state, 0, green=5, red=4)
    state.players[0].points = 0
    end_turn_quietly(state)
    player = state.players[0]
    assert player.nobles == ["N01"] and player.posts == [4]
    assert player.prestige == 3 + 5
    player.nobles.append("N05")  # a second noble does not give the power again
    player.points += 3
    assert player.prestige == 6 + 5
    assert state.scores()[0] == {"cards": 0, "nobles": 6, "trading_posts": 5, "total": 11}


def test_power_five_counts_every_own_coat_of_arms_itself_included() -> None:
    state = fresh("trading_posts", 2)
    with_bonuses(state, 0, black=3)
    state.players[0].points = 0
    end_turn_quietly(state)
    assert state.players[0].posts == [5] and state.players[0].prestige == 1
    state.players[0].posts = [1, 2, 5]
    assert state.players[0].prestige == 3


def test_points_from_powers_trigger_the_end() -> None:
    state = fresh("trading_posts", 2)
    state.nobles = ["N01", "N03", "N04"]
    with_bonuses(state, 0, green=5, red=4)
    state.players[0].points = 7  # + noble 3 + power 5 = 15
    end_turn_quietly(state)
    assert state.players[0].prestige == 15 and state.end_triggered
    end_turn_quietly(state)
    assert state.outcome is not None and state.outcome.winners == (0,)


def test_power_one_token_after_a_purchase_before_the_refill_may_be_one_just_spent() -> None:
    state = fresh("trading_posts", 2)
    state.players[0].posts = [1]
    show(state, "L1-02", 1)  # 3 blue
    set_tokens(state, 0, blue=3)
    for colour in ("white", "green", "red", "black"):
        state.bank.counts[colour] = 0
    totals = {**token_totals(state)}
    state.bank.counts["white"] = 1
    state.apply(BuyCard("L1-02"))
    assert state.decision == "trading_post_token"
    assert state.markets[0].slots[1] is None  # the card is not replaced yet
    assert {a.colour for a in legal_of(state, TakeTradingToken)} == {"white", "blue"}  # blue was just spent
    refused(state, TakeTradingToken("red"), "not one of the choices")
    state.apply(TakeTradingToken("blue"))
    assert state.players[0].tokens["blue"] == 1 and state.markets[0].slots[1] is not None
    state.bank.counts["white"] = 0
    assert token_totals(state) == totals


def test_power_one_does_not_fire_on_the_turn_the_coat_of_arms_is_placed() -> None:
    state = fresh("trading_posts", 2)
    with_bonuses(state, 0, red=3)
    show(state, "L1-01", 0)  # white bonus: completes 3 red + 1 white
    set_tokens(state, 0, white=3, blue=1, black=1)
    state.apply(BuyCard("L1-01"))
    assert state.players[0].posts == [1] and state.current_player == 1
    assert state.players[0].tokens.total() == 0
    end_turn_quietly(state)
    show(state, "L1-02", 0)
    set_tokens(state, 0, blue=3)
    state.apply(BuyCard("L1-02"))
    assert state.decision == "trading_post_token"


def test_power_two_takes_one_gem_of_another_colour_with_two_of_one_colour() -> None:
    state = fresh("trading_posts", 2)
    refused(state, TakeGems(("red", "red", "blue")), "needs the second Trading Post power")
    state.players[0].posts = [2]
    legal = state.legal_actions()
    assert TakeGems(("red", "red", "blue")) in legal and TakeGems(("red", "red")) not in legal
    refused(state, TakeGems(("red", "red")), "take 1 gem of another colour")
    state.apply(TakeGems(("red", "red", "blue")))
    assert state.players[0].tokens.as_dict() == {"red": 2, "blue": 1}
    # as usual, 2 of a colour only when 4 are in the supply
    state.players[1].posts = [2]
    assert not any(a.colours[:2] == ("red", "red") for a in state.legal_actions() if isinstance(a, TakeGems))
    # no other colour left: just the 2
    state.bank.counts.update(white=0, blue=0, green=0, red=0)
    state.forget_legal_actions()
    assert TakeGems(("black", "black")) in state.legal_actions()


def test_power_three_each_gold_is_worth_two_of_one_colour_when_buying() -> None:
    state = fresh("trading_posts", 2)
    show(state, "L1-32", 0)  # 4 white, 1 point, red bonus
    set_tokens(state, 0, gold=2)
    assert BuyCard("L1-32") not in state.legal_actions()
    state.players[0].posts = [3]
    state.forget_legal_actions()
    state.apply(BuyCard("L1-32"))
    assert "L1-32" in state.players[0].cards and state.players[0].tokens.total() == 0
    assert state.bank["gold"] == 5


def test_power_three_payment_choices() -> None:
    state = fresh("trading_posts", 2)
    show(state, "L1-32", 0)
    set_tokens(state, 0, white=2, gold=2)
    state.players[0].posts = [3]
    state.apply(BuyCard("L1-32"))
    assert state.decision == "pay"
    assert sorted(a.gold for a in state.legal_actions() if isinstance(a, Pay)) == [
        (2, 0, 0, 0, 0),
        (3, 0, 0, 0, 0),
        (4, 0, 0, 0, 0),
    ]
    state.apply(Pay((2, 0, 0, 0, 0)))  # 1 gold token covers 2 white
    assert state.players[0].tokens.as_dict() == {"gold": 1}


def test_rulebook_example_two_coats_on_the_last_two_spaces_score_two_for_the_last_power() -> None:
    state = fresh("trading_posts", 3)
    state.nobles = ["N01", "N03", "N04", "N05"]  # N01: 4 green 4 red
    for seat in (0, 1, 2):  # the same power for three players: not exclusive
        with_bonuses(state, seat, black=3)
    with_bonuses(state, 0, green=5, red=4)
    state.players[0].points = 0
    end_turn_quietly(state)
    player = state.players[0]
    assert sorted(player.posts) == [4, 5] and player.nobles == ["N01"]
    assert state.scores()[0]["trading_posts"] == 5 + 2
    end_turn_quietly(state)
    end_turn_quietly(state)
    assert [p.posts for p in state.players[1:]] == [[5], [5]]
