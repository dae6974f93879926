"""Rules audit: scenarios for rules that were wrong or right but not stated by a test."""

from __future__ import annotations

from games.cities_of_splendor.helpers import (
    end_turn_quietly,
    fresh,
    give,
    legal_of,
    refused,
    reserve_for,
    set_tokens,
    show,
    with_bonuses,
)
from tabletop.games.cities_of_splendor import (
    BuyCard,
    ChooseNoble,
    PlaceStronghold,
    ReserveDeck,
    ReserveNoble,
    ReturnToken,
    TakeGems,
    TakeTradingToken,
)

# ---------------------------------------------------------------------- hidden information


def test_determinize_offers_the_purchases_of_the_resampled_blind_reservation() -> None:
    """A determinized state's legal actions are those of its own (resampled) cards."""
    state = fresh(None, 2, seed=3)
    state.apply(ReserveDeck(1))  # seat 0 reserves the top level-1 card unseen
    state.apply(TakeGems(("white", "blue", "green")))
    set_tokens(state, 0, white=2, blue=2, green=2, red=2, black=2)
    state.legal_actions()  # computed and cached for the real reserved card
    checked = 0
    for seed in range(20):
        guess = state.determinize(1, seed)  # seat 1 does not know seat 0's card
        card = guess.players[0].reserved[0]
        recomputed = guess.clone()
        recomputed.forget_legal_actions()
        assert guess.legal_actions() == recomputed.legal_actions()
        checked += BuyCard(card) in recomputed.legal_actions()
    assert checked  # some resampled cards are affordable where the real one is not


# ---------------------------------------------------------------------- the Trading Posts


def test_power_one_token_is_a_gem_token_never_gold() -> None:
    state = fresh("trading_posts", 2)
    state.players[0].posts = [1]
    show(state, "L1-02", 1)  # 3 blue
    set_tokens(state, 0, blue=3)
    for colour in ("white", "blue", "green", "red", "black"):
        state.bank.counts[colour] = 0
    state.bank.counts["red"] = 1
    state.apply(BuyCard("L1-02"))  # the 3 blue go back: red and blue are possible, not gold
    assert {a.colour for a in legal_of(state, TakeTradingToken)} == {"red", "blue"}
    refused(state, TakeTradingToken("gold"), "'gold' is not a gem colour")


def test_power_three_gold_still_counts_as_one_token_for_the_limit() -> None:
    state = fresh("trading_posts", 2)
    state.players[0].posts = [3]
    set_tokens(state, 0, gold=5, white=2, black=1)
    state.apply(TakeGems(("blue", "green", "red")))  # 11 tokens, 5 of them gold
    assert state.decision == "return_tokens"
    state.apply(ReturnToken("gold"))
    assert state.players[0].tokens.total() == 10 and state.current_player == 1


# ---------------------------------------------------------------------- the Orient


def test_reserved_nobles_have_no_limit_and_a_public_one_can_still_visit() -> None:
    state = fresh("orient", 2)
    state.nobles = ["N01", "N03", "N05"]  # N01: 4 green 4 red
    for card in ("O2-03", "O2-04"):  # two reserve-noble cards in one tableau
        show(state, card, 0)
        set_tokens(state, 0, **{c: 2 for c in ("white", "blue", "green", "red", "black")})
        state.apply(BuyCard(card))
        assert state.decision == "reserve_noble"
        state.apply(ReserveNoble(state.nobles[0]))
        end_turn_quietly(state)
    player = state.players[0]
    assert player.reserved_nobles == ["N01", "N03"] and state.nobles == ["N05"]
    assert player.tokens["gold"] == 0  # no gold token with a reserved noble
    # a reserved noble and a public one qualify: the player chooses one, one per turn
    state.nobles = ["N05", "N02"]
    player.nobles.clear()
    need = {c: 4 for c in ("white", "green", "red", "black")}
    have = dict(player.bonuses)
    with_bonuses(state, 0, **{c: max(0, n - have[c]) for c, n in need.items()})
    set_tokens(state, 0)
    state.apply(TakeGems(("white", "blue", "green")))
    choices = {a.noble for a in state.legal_actions() if isinstance(a, ChooseNoble)}
    assert "N01" in choices and len(choices) >= 2
    state.apply(ChooseNoble("N01"))
    assert state.players[0].nobles == ["N01"] and state.current_player == 1


def test_an_empty_orient_deck_cannot_be_reserved_from_and_the_refusal_names_it() -> None:
    state = fresh("orient", 2)
    state.orient[1].deck.cards.clear()
    state.forget_legal_actions()
    assert ReserveDeck(2, orient=True) not in state.legal_actions()
    assert ReserveDeck(2) in state.legal_actions()
    refused(state, ReserveDeck(2, orient=True), "the level-2 Orient deck is empty")


def test_a_gold_card_has_no_gem_bonus_to_pair_with() -> None:
    state = fresh("orient", 2)
    give(state, 0, "O1-01")  # an Orient gold card: no bonus
    show(state, "O1-06", 0)  # pair card: 3 white 2 red
    set_tokens(state, 0, white=3, red=2)
    assert BuyCard("O1-06") not in state.legal_actions()
    refused(state, BuyCard("O1-06"), "cannot be bought without a card with a gem bonus")


# ---------------------------------------------------------------------- the Strongholds


def test_the_owner_buying_an_occupied_card_takes_the_strongholds_back() -> None:
    state = fresh("strongholds", 2)
    show(state, "L1-02", 0)  # 3 blue
    state.players[0].strongholds = ["L1-02", "L1-02", None]
    set_tokens(state, 0, blue=3)
    state.apply(BuyCard("L1-02"))
    assert state.decision == "stronghold"
    assert state.players[0].strongholds == [None, None, None]
    assert all(isinstance(a, PlaceStronghold) and a.origin is None for a in state.legal_actions())


def test_a_purchase_from_the_hand_also_asks_the_stronghold_choice() -> None:
    state = fresh("strongholds", 2)
    reserve_for(state, 0, "L1-02")
    set_tokens(state, 0, blue=3)
    state.apply(BuyCard("L1-02"))
    assert state.decision == "stronghold" and state.current_player == 0
    face_up = {c for m in state.markets for c in m.slots if c}
    assert {a.card for a in legal_of(state, PlaceStronghold)} == face_up


# ---------------------------------------------------------------------- text for a person


def test_actions_describe_the_components_they_name() -> None:
    from tabletop.games.cities_of_splendor import (
        ClaimCity,
        PairCard,
        RemoveStronghold,
        ReserveCard,
        SacrificeCard,
        TakeFreeCard,
    )

    assert str(ReserveCard("O2-06")) == "reserve O2-06 (2 white bonuses, 0 points; costs 4 blue + 3 green)"
    assert str(BuyCard("O3-06")) == "buy O3-06 (white bonus, 3 points; costs 2 black bonuses discarded)"
    assert str(BuyCard("O1-01")).startswith("buy O1-01 (Orient gold card worth 2 gold")
    assert str(TakeFreeCard("O2-03")) == "take for free O2-03 (white bonus, reserve a noble, 1 point)"
    assert str(PairCard("L1-04")) == "pair with L1-04 (white bonus, 0 points)"
    assert str(SacrificeCard("L1-04")) == "discard L1-04 (white bonus, 0 points)"
    assert str(ChooseNoble("N01")) == "receive the visit of noble N01 (3 points; 4 green + 4 red bonuses)"
    assert str(ReserveNoble("N01")) == "reserve noble N01 (3 points; 4 green + 4 red bonuses)"
    assert (
        str(ClaimCity("C6a"))
        == "claim city C6a (14 prestige, 4 green bonuses, 4 bonuses of one other colour)"
    )
    assert str(PlaceStronghold("L1-02")) == "place a stronghold from your supply on L1-02"
    assert str(PlaceStronghold("L1-02", "L2-01")) == "move a stronghold from L2-01 to L1-02"
    assert str(RemoveStronghold("L1-02")) == "remove another player's stronghold from L1-02"
    assert str(BuyCard("L9-99")) == "buy L9-99"  # unknown ids are shown as given (then refused)


def test_render_explains_its_notation() -> None:
    key = fresh("orient", 2).render().splitlines()[1]
    assert "w white, u blue, g green, r red, k black, * gold" in key and "= a pair card" in key
    assert "+4=: 4 bonuses of one colour" in fresh("cities", 2).render().splitlines()[1]
    posts = fresh("trading_posts", 2).render()
    assert "2(2w: +1 gem of another colour with 2 of one colour)" in posts
    assert "4(5g+noble: 5 prestige)" in posts
