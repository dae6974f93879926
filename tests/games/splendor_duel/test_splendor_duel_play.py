"""Hidden information, and properties over random play (hypothesis)."""

from __future__ import annotations

import json

from hypothesis import given, settings
from hypothesis import strategies as st

from contract import check_contract
from games.splendor_duel.splendor_duel_helpers import all_cards, new, reserve
from tabletop.core import Rng
from tabletop.games.splendor_duel import GAME, ReserveCard, ReserveFromDeck
from tabletop.games.splendor_duel.components import CARDS

# ---------------------------------------------------------------------- hidden information


def test_blind_reservations_are_hidden_from_the_opponent_only() -> None:
    state = new()
    gold = state.board.index("gold")
    top = state.pyramid[1].deck.cards[-1]
    state.apply(ReserveFromDeck(gold, 2))
    mine = state.observation(0)["players"][0]["reserved"]
    theirs = state.observation(1)["players"][0]["reserved"]
    assert mine == [{"card": top, "level": 2, "blind": True}]
    assert theirs == [{"card": None, "level": 2, "blind": True}]
    assert top not in json.dumps(state.observation(1))


def test_pyramid_reservations_are_seen_by_both() -> None:
    state = new()
    gold = state.board.index("gold")
    card = state.pyramid[0].slots[1]
    assert card is not None
    state.apply(ReserveCard(gold, card))
    assert state.observation(1)["players"][0]["reserved"] == [{"card": card, "level": 1, "blind": False}]


def test_states_differing_only_in_hidden_cards_look_the_same() -> None:
    state = new()
    reserve(state, 0, state.pyramid[2].deck.cards[0], blind=True)
    other = state.clone()
    # Swap seat 0's blind card with a level-3 deck card, and shuffle the decks.
    deck = other.pyramid[2].deck.cards
    deck[0], other.reserved[0][0] = other.reserved[0][0], deck[0]
    other.blind[0][0] = other.reserved[0][0]
    for market in other.pyramid:
        market.deck.cards.reverse()
    assert other.observation(1) == state.observation(1)
    assert other.observation(0) != state.observation(0)


def test_determinize_resamples_only_what_the_seat_has_not_seen() -> None:
    state = new()
    reserve(state, 0, "D2-05", blind=True)
    reserve(state, 1, "D3-04", blind=True)
    reserve(state, 1, "D1-10")
    seen = set()
    for seed in range(20):
        sample = state.determinize(0, seed)
        assert sample.observation(0) == state.observation(0)
        assert sample.reserved[0] == ["D2-05"]  # one's own blind card is known
        assert sample.reserved[1][1] == "D1-10"  # a pyramid reservation is known
        assert CARDS[sample.reserved[1][0]].level == 3
        assert sample.blind[1] == [sample.reserved[1][0]]
        seen.add(sample.reserved[1][0])
        assert sorted(all_cards(sample)) == sorted(all_cards(state))
    assert len(seen) > 1  # the opponent's blind card is resampled


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 2**32), steps=st.integers(0, 150), seat=st.sampled_from([0, 1]))
def test_determinize_depends_only_on_the_observation_and_the_seed(seed: int, steps: int, seat: int) -> None:
    rng = Rng.from_seed(seed)
    state = GAME.new_game(seed=seed, first_player=None if seed % 3 == 2 else seed % 3)
    for _ in range(steps):
        if state.is_terminal:
            break
        state.apply(rng.choice(state.legal_actions()))
    # ``other`` looks the same to ``seat``: same observation, other deck orders and blind cards.
    other = state.determinize(seat, 99)
    assert other.observation(seat) == state.observation(seat)
    mine, theirs = state.determinize(seat, 5), other.determinize(seat, 5)
    assert mine.to_dict() == theirs.to_dict()
    assert mine.observation(seat) == state.observation(seat)
    assert mine.legal_actions() == theirs.legal_actions()


def test_determinize_leaks_neither_the_deck_order_nor_the_blind_cards() -> None:
    state = new()
    reserve(state, 1, state.pyramid[2].deck.cards[0], blind=True)
    twin = state.clone()
    # The same observation for seat 0: the blind card swapped with a deck card, decks reordered.
    deck = twin.pyramid[2].deck.cards
    deck[3], twin.reserved[1][0] = twin.reserved[1][0], deck[3]
    twin.blind[1] = [twin.reserved[1][0]]
    for market in twin.pyramid:
        market.deck.cards.reverse()
    assert twin.observation(0) == state.observation(0) and twin.to_dict() != state.to_dict()
    for seed in range(5):
        assert twin.determinize(0, seed).to_dict() == state.determinize(0, seed).to_dict()


# ---------------------------------------------------------------------- properties
# The invariants (tokens and cards conserved, no negative counts, privileges and royal cards
# adding up, a coherent pending decision) are stated once, in invariants.py, which loading
# also runs; these tests check them after every step of random play.


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**32), first=st.sampled_from([None, 0, 1]))
def test_random_play_conserves_everything_and_ends(seed: int, first: int | None) -> None:
    rng = Rng.from_seed(seed)
    state = GAME.new_game(seed=seed, first_player=first)
    decisions = 0
    while not state.is_terminal:
        state._validate()
        state.apply(rng.choice(state.legal_actions()))
        decisions += 1
        assert decisions < 5000
    state._validate()
    assert state.outcome is not None and state.outcome.reason
    assert set(state.outcome.reason.split("+")) <= {"prestige", "crowns", "colour_prestige"}
    final = state.to_dict()
    assert GAME.state_from_dict(json.loads(json.dumps(final))).to_dict() == final
    assert GAME.replay(json.loads(json.dumps(state.record()))).to_dict() == final


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 2**32))
def test_clones_and_determinized_states_play_on_independently(seed: int) -> None:
    rng = Rng.from_seed(seed)
    state = GAME.new_game(seed=seed)
    for _ in range(60):
        if state.is_terminal:
            break
        state.apply(rng.choice(state.legal_actions()))
    if state.is_terminal:
        return
    before = state.to_dict()
    seat = state.current_player
    assert seat is not None
    for sample in (state.clone(), state.determinize(seat, seed), state.determinize(1 - seat, seed)):
        play = Rng.from_seed(seed + 1)
        while not sample.is_terminal:
            sample.apply(play.choice(sample.legal_actions()))
            sample._validate()
    assert state.to_dict() == before


def test_contract_with_each_first_player_option() -> None:
    for first in (0, 1):
        check_contract(GAME, 2, seed=11 + first, first_player=first)


def test_render_shows_what_a_player_needs_at_the_table() -> None:
    state = new()
    text = state.render()
    assert "Player 0 to play: turn" in text
    assert "r3" in text and "c5" in text  # the cell names actions use
    card = state.pyramid[0].slots[0]
    assert card is not None and f"{card} " in text and "cost" in text
    assert "R4 (3 pt)" in text
