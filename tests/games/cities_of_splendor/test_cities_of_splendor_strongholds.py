"""The Strongholds: placing, moving and removing after purchases, occupation and conquest."""

from __future__ import annotations

from collections import Counter

from games.cities_of_splendor.helpers import (
    end_turn_quietly,
    fresh,
    legal_of,
    refused,
    reserve_for,
    set_tokens,
    show,
    with_bonuses,
)
from tabletop.games.cities_of_splendor import (
    BuyCard,
    CitiesOfSplendorState,
    Pass,
    PlaceStronghold,
    RemoveStronghold,
    ReserveCard,
    TakeGems,
)


def buy_cheap(state: CitiesOfSplendorState, seat: int, card: str = "L1-02", slot: int = 3) -> None:
    """Seat buys ``card`` (3 blue) from ``slot`` of level 1."""
    show(state, card, slot)
    set_tokens(state, seat, blue=3)
    state.apply(BuyCard(card))


def test_each_player_has_three_strongholds_in_supply() -> None:
    state = fresh("strongholds", 4)
    assert all(p.strongholds == [None, None, None] for p in state.players)
    assert len(state.nobles) == 5


def test_after_a_purchase_place_a_stronghold_before_the_refill() -> None:
    state = fresh("strongholds", 2)
    buy_cheap(state, 0)
    assert state.decision == "stronghold" and state.current_player == 0
    assert state.markets[0].slots[3] is None  # not replaced yet: the new card cannot be targeted
    face_up = [c for m in state.markets for c in m.slots if c]
    assert sorted(a.card for a in legal_of(state, PlaceStronghold)) == sorted(face_up)
    assert all(isinstance(a, PlaceStronghold) and a.origin is None for a in state.legal_actions())
    target = state.markets[2].slots[0]
    assert target is not None
    state.apply(PlaceStronghold(target))
    assert state.players[0].strongholds == [target, None, None]
    assert state.markets[0].slots[3] is not None and state.current_player == 1


def test_occupation_only_the_owner_may_buy_or_reserve_the_card() -> None:
    state = fresh("strongholds", 2)
    card = "L1-02"  # 3 blue
    show(state, card, 0)
    state.players[0].strongholds = [card, None, None]
    end_turn_quietly(state)
    assert ReserveCard(card) not in state.legal_actions()
    set_tokens(state, 1, blue=3)
    assert BuyCard(card) not in state.legal_actions()
    refused(state, ReserveCard(card), "only the stronghold's owner may buy or reserve it")
    refused(state, BuyCard(card), "only the stronghold's owner may buy or reserve it")
    set_tokens(state, 1)
    end_turn_quietly(state)
    state.apply(ReserveCard(card))  # the owner takes the stronghold back
    assert state.players[0].strongholds == [None, None, None]
    assert card in state.players[0].reserved


def test_a_stronghold_goes_only_on_a_card_free_of_other_colours_and_stacks_on_your_own() -> None:
    state = fresh("strongholds", 2)
    mine, theirs = state.markets[2].slots[0], state.markets[2].slots[1]
    assert mine and theirs
    state.players[0].strongholds = [mine, mine, None]
    state.players[1].strongholds = [theirs, None, None]
    buy_cheap(state, 0)
    legal = state.legal_actions()
    assert PlaceStronghold(mine) in legal and PlaceStronghold(theirs) not in legal
    assert RemoveStronghold(theirs) in legal and RemoveStronghold(mine) not in legal
    assert PlaceStronghold(theirs, mine) not in legal
    refused(state, PlaceStronghold(theirs), "a stronghold goes only on a card free of other colours")
    refused(state, RemoveStronghold(mine), "no other player's stronghold on")
    state.apply(PlaceStronghold(mine))
    assert state.players[0].strongholds == [mine, mine, mine]


def test_move_one_of_your_strongholds() -> None:
    state = fresh("strongholds", 2)
    a, b = state.markets[1].slots[0], state.markets[1].slots[1]
    assert a and b
    state.players[0].strongholds = [a, a, a]
    buy_cheap(state, 0)
    legal = state.legal_actions()
    assert PlaceStronghold(b, a) in legal and PlaceStronghold(b) not in legal
    state.apply(PlaceStronghold(b, a))
    assert Counter(state.players[0].strongholds) == Counter([a, a, b])


def test_remove_another_players_stronghold() -> None:
    state = fresh("strongholds", 2)
    theirs = state.markets[2].slots[3]
    assert theirs
    state.players[1].strongholds = [theirs, theirs, None]
    buy_cheap(state, 0)
    state.apply(RemoveStronghold(theirs))
    assert state.players[1].strongholds == [None, theirs, None]
    assert state.current_player == 1


def test_no_possible_stronghold_move_does_nothing() -> None:
    state = fresh("strongholds", 2)
    for market in state.markets:
        market.slots = [None] * 4
        market.deck.cards.clear()
    reserve_for(state, 0, "L1-02")
    set_tokens(state, 0, blue=3)
    state.apply(BuyCard("L1-02"))
    assert state.current_player == 1 and state.players[0].strongholds == [None, None, None]


def test_conquest_purchase_after_the_action_before_tokens_and_nobles() -> None:
    state = fresh("strongholds", 4)
    state.nobles = ["N01", "N03", "N04"]  # N01: 4 green 4 red
    with_bonuses(state, 0, green=4, red=3)
    show(state, "L1-25", 2)  # 3 white -> red bonus
    state.players[0].strongholds = ["L1-25"] * 3
    set_tokens(state, 0, white=3, blue=4, black=3)  # 10 tokens
    state.apply(TakeGems(("blue", "green", "red")))  # 13 tokens
    assert state.decision == "conquest"
    assert set(state.legal_actions()) == {BuyCard("L1-25"), Pass()}
    refused(state, BuyCard(state.markets[0].slots[0] or ""), "only the card carrying your 3 strongholds")
    state.apply(BuyCard("L1-25"))
    # the strongholds came back and one must be placed again, before the refill
    assert state.decision == "stronghold" and state.markets[0].slots[2] is None
    assert state.players[0].strongholds == [None, None, None]
    target = state.markets[0].slots[0]
    assert target
    state.apply(PlaceStronghold(target))
    player = state.players[0]
    assert player.tokens.total() == 10  # paid before the token check: nothing to return
    assert player.nobles == ["N01"]  # the conquered red bonus made the noble visit
    assert state.current_player == 1


def test_conquest_may_be_declined() -> None:
    state = fresh("strongholds", 2)
    show(state, "L1-25", 2)
    state.players[0].strongholds = ["L1-25"] * 3
    set_tokens(state, 0, white=3)
    state.apply(TakeGems(("blue", "green", "red")))
    state.apply(Pass())
    assert state.current_player == 1 and state.players[0].strongholds == ["L1-25"] * 3


def test_conquest_opens_when_this_turns_purchase_placed_the_third_stronghold() -> None:
    # "While your 3 strongholds are on the same card": the third may be the one just placed.
    state = fresh("strongholds", 2)
    show(state, "L1-25", 2)
    show(state, "L1-02", 0)  # 3 blue
    state.players[0].strongholds = ["L1-25", "L1-25", None]
    set_tokens(state, 0, blue=3, white=3)
    state.apply(BuyCard("L1-02"))
    assert state.decision == "stronghold"
    state.apply(PlaceStronghold("L1-25"))
    assert state.decision == "conquest"
    assert set(state.legal_actions()) == {BuyCard("L1-25"), Pass()}
    state.apply(BuyCard("L1-25"))  # 3 white
    assert {"L1-02", "L1-25"} <= set(state.players[0].cards)
