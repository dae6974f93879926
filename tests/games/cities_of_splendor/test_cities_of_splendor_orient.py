"""The Orient: its markets and every Orient card type, chains included."""

from __future__ import annotations

import json

from games.cities_of_splendor.helpers import (
    fresh,
    give,
    legal_of,
    refused,
    reserve_for,
    set_tokens,
    show,
    token_totals,
    with_bonuses,
)
from tabletop.games.cities_of_splendor import (
    CARDS,
    BuyCard,
    ChooseNoble,
    PairCard,
    Pay,
    ReserveDeck,
    ReserveNoble,
    ReturnToken,
    SacrificeCard,
    TakeFreeCard,
    TakeGems,
)


def test_two_orient_cards_per_level_beside_the_base_cards() -> None:
    state = fresh("orient", 3)
    assert [len(m.face_up()) for m in state.orient] == [2, 2, 2]
    assert [len(m.deck) for m in state.orient] == [8, 8, 8]
    assert [len(m.face_up()) for m in state.markets] == [4, 4, 4]
    assert all(CARDS[c].module == "orient" for m in state.orient for c in m.face_up())
    card = state.orient[1].slots[0]
    top = state.orient[1].deck.peek()[0]
    state.apply(
        next(
            a
            for a in state.legal_actions()
            if getattr(a, "card", None) == card and type(a).__name__ == "ReserveCard"
        )
    )
    assert state.orient[1].slots[0] == top  # refilled from its own Orient deck


def test_blind_reservation_from_an_orient_deck() -> None:
    state = fresh("orient", 2)
    top = state.orient[0].deck.peek()[0]
    state.apply(ReserveDeck(1, orient=True))
    assert state.players[0].reserved == [top]
    assert state.observation(1)["players"][0]["reserved"] == [{"level": 1, "orient": True}]


def test_gold_card_is_worth_two_gold_for_one_purchase_outside_the_token_limit() -> None:
    state = fresh("orient", 2)
    show(state, "O1-01", 0)  # 3 white
    set_tokens(state, 0, white=3)
    state.apply(BuyCard("O1-01"))
    player = state.players[0]
    assert player.gold_cards == ["O1-01"] and player.cards == []
    assert player.bonuses == dict.fromkeys(player.bonuses, 0)
    # 10 tokens plus the gold card: nothing to return
    state.apply(TakeGems(("white", "blue", "green")))
    set_tokens(state, 0, white=2, blue=2, green=2, red=2, black=2)
    state.apply(TakeGems(("white", "blue", "green")))
    assert state.decision == "return_tokens"
    for kind in ("white", "blue", "green"):
        state.apply(next(a for a in legal_of(state, ReturnToken) if a.token == kind))
    assert state.players[0].gold_cards == ["O1-01"]
    # now spend it: 3 blue with 1 blue token and the card (2 gold)
    state.apply(TakeGems(("white", "red", "black")))
    show(state, "L1-02", 0)
    set_tokens(state, 0, blue=1)
    totals = token_totals(state)
    state.apply(BuyCard("L1-02"))
    assert state.players[0].gold_cards == [] and state.box == ["O1-01"]
    assert state.players[0].tokens.total() == 0 and token_totals(state) == totals


def test_gold_card_half_may_be_wasted() -> None:
    state = fresh("orient", 2)
    give(state, 0, "O1-02")
    show(state, "L1-02", 0)  # 3 blue
    set_tokens(state, 0, blue=2)
    state.apply(BuyCard("L1-02"))
    assert state.decision == "pay"
    assert set(state.legal_actions()) == {Pay((0, 1, 0, 0, 0), 1), Pay((0, 2, 0, 0, 0), 1)}
    refused(state, Pay((0, 1, 0, 0, 0), 0), "not a possible payment")
    state.apply(Pay((0, 1, 0, 0, 0), 1))  # 2 blue gems and 1 of the 2 gold: the other is wasted
    assert state.players[0].tokens.total() == 0
    assert state.box == ["O1-02"] and state.players[0].gold_cards == []


def test_pair_card_needs_a_bonus_card_and_is_paired_before_the_refill() -> None:
    state = fresh("orient", 2)
    show(state, "O1-06", 1)  # 3 white 2 red
    set_tokens(state, 0, white=3, red=2)
    assert BuyCard("O1-06") not in state.legal_actions()
    refused(state, BuyCard("O1-06"), "cannot be bought without a card with a gem bonus")
    with_bonuses(state, 0, blue=1, black=1)
    state.apply(BuyCard("O1-06"))
    assert state.decision == "pair" and state.orient[0].slots[1] is None
    black = next(c for c in state.players[0].cards if CARDS[c].bonus == "black")
    refused(state, PairCard("O1-06"), "paired with a card you own that has a gem bonus")
    state.apply(PairCard(black))
    player = state.players[0]
    assert player.pairs == {"O1-06": "black"} and player.bonuses["black"] == 2
    assert state.orient[0].slots[1] is not None and state.current_player == 1


def test_pair_card_with_a_double_bonus_card_gives_one_bonus() -> None:
    state = fresh("orient", 2)
    give(state, 0, "O2-06")  # 2 white
    show(state, "O1-07", 0)  # 2 blue 3 red
    set_tokens(state, 0, blue=2, red=3)
    state.apply(BuyCard("O1-07"))  # a single card to pair with: automatic
    assert state.players[0].bonuses["white"] == 3


def test_pair_then_free_level_one_card_chain_with_a_pair_card() -> None:
    state = fresh("orient", 4)
    with_bonuses(state, 0, red=1)
    show(state, "O2-01", 0)  # 4 white 3 blue 1 black
    show(state, "O1-08", 1)  # a pair card among the face-up level-1 cards
    set_tokens(state, 0, white=4, blue=3, black=1)
    state.apply(BuyCard("O2-01"))  # paired with the only bonus card, then the free card
    assert state.players[0].pairs == {"O2-01": "red"}
    assert state.decision == "free_card"
    level_one = {c for c in state.markets[0].slots + state.orient[0].slots if c}
    assert {a.card for a in legal_of(state, TakeFreeCard)} == level_one
    refused(state, TakeFreeCard("L2-01"), "take a face-up level-1 card")
    state.apply(TakeFreeCard("O1-08"))
    assert state.decision == "pair"  # the free pair card is paired too
    state.apply(PairCard("O2-01"))
    player = state.players[0]
    assert player.pairs == {"O2-01": "red", "O1-08": "red"} and player.bonuses["red"] == 3
    assert state.orient[1].slots[0] is not None and state.orient[0].slots[1] is not None
    assert state.current_player == 1


def test_reserve_noble_only_its_owner_can_receive_it() -> None:
    state = fresh("orient", 2)
    state.nobles = ["N01", "N03", "N05"]
    show(state, "O2-03", 0)  # 2 blue 2 green 2 red 2 black, 1 point, white bonus
    set_tokens(state, 0, blue=2, green=2, red=2, black=2)
    state.apply(BuyCard("O2-03"))
    assert state.decision == "reserve_noble"
    assert {a.noble for a in legal_of(state, ReserveNoble)} == {"N01", "N03", "N05"}
    state.apply(ReserveNoble("N01"))  # 4 green 4 red
    assert state.nobles == ["N03", "N05"] and state.players[0].reserved_nobles == ["N01"]
    assert state.players[0].tokens["gold"] == 0 and state.players[0].points == 1
    with_bonuses(state, 1, green=4, red=4)
    state.apply(TakeGems(("white", "blue", "black")))
    assert state.players[1].nobles == []  # the reserved noble cannot visit another player
    with_bonuses(state, 0, green=4, red=4)
    points = state.players[0].points
    state.apply(TakeGems(("white", "blue", "black")))
    assert state.players[0].nobles == ["N01"] and state.players[0].reserved_nobles == []
    assert state.players[0].points == points + 3
    assert ChooseNoble("N01") not in state.legal_actions()


def test_double_bonus_counts_for_purchases_and_nobles() -> None:
    state = fresh("orient", 2)
    state.nobles = ["N02", "N03", "N05"]  # N02: 3 white 3 red 3 black
    give(state, 0, "O2-06")  # 2 white
    with_bonuses(state, 0, white=1, red=3, black=3)
    assert state.players[0].bonuses["white"] == 3
    show(state, "L1-25", 0)  # 3 white: free with 3 white bonuses
    state.apply(BuyCard("L1-25"))
    assert state.players[0].nobles == ["N02"]


def test_free_level_two_card_chain_pair_and_free_level_one() -> None:
    state = fresh("orient", 4)
    show(state, "O3-01", 0)  # 1 white 6 blue 3 green, white bonus
    show(state, "O2-02", 1)
    set_tokens(state, 0, white=1, blue=6, green=3)
    state.apply(BuyCard("O3-01"))
    assert state.decision == "free_card"
    level_two = {c for c in state.markets[1].slots + state.orient[1].slots if c}
    assert {a.card for a in legal_of(state, TakeFreeCard)} == level_two
    state.apply(TakeFreeCard("O2-02"))
    # paired with the only bonus card (the white O3-01), then a free level-1 card
    assert state.players[0].pairs == {"O2-02": "white"}
    assert state.decision == "free_card"
    first = next(c for c in state.markets[0].slots if c)
    state.apply(TakeFreeCard(first))
    assert first in state.players[0].cards and state.current_player == 1
    assert [len(m.face_up()) for m in state.orient] == [2, 2, 2]


def test_sacrifice_discards_paired_cards_first_and_loses_their_points() -> None:
    state = fresh("orient", 2)
    blacks = [c for c in CARDS.values() if c.module == "base" and c.bonus == "black" and c.points]
    give(state, 0, blacks[0].id, blacks[1].id, "O1-06")
    state.players[0].pairs["O1-06"] = "black"
    state.players[0].bonuses["black"] += 1
    reserve_for(state, 0, blacks[2].id)
    show(state, "O3-06", 0)  # discard 2 black: 3 points, white bonus
    points = state.players[0].points
    state.apply(BuyCard("O3-06"))
    # the paired card goes first (forced), then one of the two black cards
    assert state.decision == "sacrifice" and state.box == ["O1-06"]
    assert {a.card for a in legal_of(state, SacrificeCard)} == {blacks[0].id, blacks[1].id}
    refused(state, SacrificeCard(blacks[2].id), "reserved cards cannot be discarded")
    state.apply(SacrificeCard(blacks[1].id))
    player = state.players[0]
    assert player.cards == [blacks[0].id, "O3-06"] and player.bonuses["black"] == 1
    assert player.points == points - blacks[1].points + 3
    assert player.reserved == [blacks[2].id]


def test_sacrifice_needs_the_bonuses_reserved_cards_do_not_count() -> None:
    state = fresh("orient", 2)
    with_bonuses(state, 0, black=1)
    reserve_for(state, 0, "L1-33")
    show(state, "O3-06", 0)
    refused(state, BuyCard("O3-06"), "discarding 2 black bonuses and you have 1")


def test_sacrifice_with_a_double_bonus_card() -> None:
    state = fresh("orient", 2)
    give(state, 0, "O2-10")  # 2 black
    with_bonuses(state, 0, black=2)
    show(state, "O3-06", 0)
    state.apply(BuyCard("O3-06"))
    assert state.decision == "sacrifice" and len(legal_of(state, SacrificeCard)) == 3
    state.apply(SacrificeCard("O2-10"))  # 2 bonuses at once: done
    assert state.players[0].bonuses["black"] == 2 and state.current_player == 1
    assert json.dumps(state.observation(1))


def test_sacrifice_discards_no_more_bonuses_than_asked_when_it_can_be_avoided() -> None:
    # A single then the double would discard 3 black bonuses for the 2 asked (rulebook p7:
    # "discard 2 bonuses"): the double is the one card offered, and with one option the
    # sacrifice needs no decision.
    state = fresh("orient", 2)
    give(state, 0, "O2-10")  # 2 black
    with_bonuses(state, 0, black=1)
    single = state.players[0].cards[-1]
    show(state, "O3-06", 0)
    state.apply(BuyCard("O3-06"))
    assert state.box == ["O2-10"] and state.players[0].cards == [single, "O3-06"]
    assert state.players[0].bonuses["black"] == 1 and state.current_player == 1
    # Where the priority leaves no exact way (the paired card first, then 1 owed and only
    # the double left), the double goes too.
    state = fresh("orient", 2)
    give(state, 0, "O2-10", "O1-06")
    state.players[0].pairs["O1-06"] = "black"
    state.players[0].bonuses["black"] += 1
    show(state, "O3-06", 0)
    state.apply(BuyCard("O3-06"))
    assert state.box == ["O1-06", "O2-10"] and state.players[0].bonuses["black"] == 0
