"""Hidden information: observations hide exactly the unseen cards, and determinize depends
only on what the seat sees (the information-set property, issue 8)."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tabletop.core import Rng
from tabletop.games.cities_of_splendor import GAME, MODULES, CitiesOfSplendorState, ReserveDeck


def played(module: str | None, players: int, seed: int, steps: int) -> CitiesOfSplendorState:
    """A seeded random game after ``steps`` decisions (or at its end)."""
    state = GAME.new_game(players=players, seed=seed, module=module)
    rng = Rng.from_seed(seed + 7)
    for _ in range(steps):
        if state.is_terminal:
            break
        state.apply(rng.choice(state.legal_actions()))
    return state


def blind_heavy(module: str | None, players: int, seed: int, steps: int) -> CitiesOfSplendorState:
    """A random game in which every player reserves blind whenever that is legal, so hidden
    reservations are common."""
    state = GAME.new_game(players=players, seed=seed, module=module)
    rng = Rng.from_seed(seed + 3)
    for _ in range(steps):
        if state.is_terminal:
            break
        legal = state.legal_actions()
        blind = [a for a in legal if isinstance(a, ReserveDeck)]
        state.apply(rng.choice(blind) if blind and rng.randbelow(3) else rng.choice(legal))
    return state


@pytest.mark.parametrize("module", MODULES)
@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 2**32), players=st.integers(2, 4), steps=st.integers(0, 160), heavy=st.booleans())
def test_determinize_depends_only_on_the_observation_and_the_seed(
    module: str | None, seed: int, players: int, steps: int, heavy: bool
) -> None:
    state = (blind_heavy if heavy else played)(module, players, seed, steps)
    for seat in range(players):
        sample = state.determinize(seat, 99)
        assert sample.observation(seat) == state.observation(seat)
        assert state.determinize(seat, 5).to_dict() == sample.determinize(seat, 5).to_dict()
        sample._validate()  # a determinized state is a possible state


def swap_hidden(state: CitiesOfSplendorState, owner: int) -> CitiesOfSplendorState:
    """A twin of ``state`` that differs only in what seats other than ``owner`` cannot see:
    ``owner``'s first blind reservation swapped with a card of its deck, every deck reversed."""
    twin = state.clone()
    player = twin.players[owner]
    hidden = player.blind[0]
    level = int(hidden[1])
    market = (twin.orient if hidden.startswith("O") else twin.markets)[level - 1]
    swap = market.deck.cards[0]
    market.deck.cards[0] = hidden
    player.reserved[player.reserved.index(hidden)] = swap
    player.blind[player.blind.index(hidden)] = swap
    for other in twin.markets + twin.orient:
        other.deck.cards.reverse()
    twin.forget_legal_actions()
    return twin


@pytest.mark.parametrize("module", ["orient", None])
def test_twins_that_differ_in_hidden_cards_determinize_alike(module: str | None) -> None:
    state = GAME.new_game(players=3, seed=11, module=module)
    state.apply(state.legal_actions()[0])
    state.apply(ReserveDeck(2))  # seat 1 reserves unseen
    state.apply(ReserveDeck(1))  # seat 2 too
    twin = swap_hidden(state, 1)
    assert twin.to_dict() != state.to_dict()
    for seat in (0, 2):
        assert twin.observation(seat) == state.observation(seat)
        mine: dict[str, Any] = state.determinize(seat, 3).to_dict()
        assert twin.determinize(seat, 3).to_dict() == mine
    assert twin.observation(1) != state.observation(1)
    assert state.determinize(1, 3).players[1].reserved == state.players[1].reserved


def test_own_blind_reservations_are_seen_as_such() -> None:
    """Which of one's reservations were blind is public (the table saw the deck), so it is in
    every observation, and determinize keeps it."""
    state = GAME.new_game(players=2, seed=4, module=None)
    state.apply(ReserveDeck(3))
    for seat in (0, 1):
        assert state.observation(seat)["players"][0]["blind"] == [0]
    assert state.determinize(1, 8).players[0].blind == state.determinize(1, 8).players[0].reserved


def test_states_differing_only_in_hidden_cards_look_the_same() -> None:
    state = GAME.new_game(players=3, seed=11, module="orient")
    state.apply(state.legal_actions()[0])
    state.apply(next(a for a in state.legal_actions() if type(a).__name__ == "ReserveDeck"))
    seat = 1
    hidden = state.players[seat].blind[0]
    twin = state.clone()
    market = next(
        m
        for m in twin.markets + twin.orient
        if m.deck.cards and (hidden[0] == m.deck.cards[0][0] and hidden[1] == m.deck.cards[0][1])
    )
    swap = market.deck.cards[0]
    market.deck.cards[0] = hidden
    player = twin.players[seat]
    player.reserved[player.reserved.index(hidden)] = swap
    player.blind[player.blind.index(hidden)] = swap
    twin.rng = Rng.from_seed(99)
    market.deck.cards.reverse()
    for other in (0, 2):
        assert twin.observation(other) == state.observation(other)
    assert twin.observation(seat) != state.observation(seat)
    sample = state.determinize(0, seed=3)
    assert sample.observation(0) == state.observation(0)
    mine = state.determinize(seat, seed=3)
    assert mine.players[seat].reserved == state.players[seat].reserved
