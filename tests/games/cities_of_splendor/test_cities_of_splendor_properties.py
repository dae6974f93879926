"""Invariants over random play, in every module and player count."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from contract import check_contract
from games.cities_of_splendor.helpers import TOTAL_CARDS, card_total, token_totals
from tabletop.core import Rng
from tabletop.games.cities_of_splendor import GAME, MODULES, CitiesOfSplendorState
from tabletop.games.cities_of_splendor.components import COLOURS, NOBLE
from tabletop.games.cities_of_splendor.legal import colour_of
from tabletop.games.cities_of_splendor.tables import BONUS_COUNT, POINTS


def check_invariants(state: CitiesOfSplendorState, tokens: dict[str, int]) -> None:
    assert token_totals(state) == tokens
    assert card_total(state) == TOTAL_CARDS
    assert all(n >= 0 for n in state.bank.counts.values())
    seen: list[str] = []
    for player in state.players:
        assert all(n >= 0 for n in player.tokens.counts.values())
        assert len(player.reserved) <= 3
        assert set(player.blind) <= set(player.reserved)
        bonuses = dict.fromkeys(COLOURS, 0)
        for card in player.cards:
            colour = colour_of(player, card)
            if colour is not None:
                bonuses[colour] += BONUS_COUNT[card]
        assert bonuses == player.bonuses
        assert player.points == sum(POINTS[c] for c in player.cards) + sum(NOBLE[n].points for n in player.nobles)
        seen += player.cards + player.reserved + player.gold_cards
        if state.module == "strongholds":
            on_table = {c for m in state.markets for c in m.slots if c}
            assert all(c is None or c in on_table for c in player.strongholds)
    assert len(seen) == len(set(seen))
    nobles = state.nobles + [n for p in state.players for n in p.nobles + p.reserved_nobles]
    assert len(nobles) == len(set(nobles)) == (0 if state.module == "cities" else state.num_players + 1)
    claimed = [p.city for p in state.players if p.city]
    assert len(claimed) == len(set(claimed)) and set(claimed) <= set(state.cities)
    if state.decision == "turn" and state.history:
        # the token limit was enforced at the end of the previous turn
        assert all(p.tokens.total() <= 10 for p in state.players)


@pytest.mark.parametrize("module", MODULES)
@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 2**32), players=st.integers(2, 4))
def test_random_play_conserves_tokens_and_cards_and_ends(module: str | None, seed: int, players: int) -> None:
    state = GAME.new_game(players=players, seed=seed, module=module)
    tokens = token_totals(state)
    assert tokens == {**dict.fromkeys(COLOURS, {2: 4, 3: 5, 4: 7}[players]), "gold": 5}
    rng = Rng.from_seed(seed)
    steps = 0
    while not state.is_terminal:
        assert steps < 5_000, "the game did not end"
        check_invariants(state, tokens)
        state.apply(rng.choice(state.legal_actions()))
        steps += 1
    check_invariants(state, tokens)
    assert state.outcome is not None and state.outcome.winners
    final = state.to_dict()
    assert GAME.replay(json.loads(json.dumps(state.record()))).to_dict() == final
    assert GAME.state_from_dict(json.loads(json.dumps(final))).to_dict() == final


@pytest.mark.parametrize("module", MODULES)
def test_contract_in_every_module(module: str | None) -> None:
    for players in (2, 3, 4):
        check_contract(GAME, players, seed=players, heavy_every=11, module=module)


@pytest.mark.parametrize("module", MODULES)
@settings(max_examples=5, deadline=None)
@given(seed=st.integers(0, 2**32), cut=st.integers(0, 150))
def test_clone_and_save_midgame_are_exact(module: str | None, seed: int, cut: int) -> None:
    state = GAME.new_game(players=3, seed=seed, module=module)
    rng = Rng.from_seed(seed + 1)
    for _ in range(cut):
        if state.is_terminal:
            break
        state.apply(rng.choice(state.legal_actions()))
    copy = state.clone()
    restored = GAME.state_from_dict(json.loads(json.dumps(state.to_dict())))
    for _ in range(40):
        if state.is_terminal:
            break
        action = rng.choice(state.legal_actions())
        assert restored.legal_actions() == state.legal_actions()
        state.apply(action)
        restored.apply(action)
        copy.apply(action)
    assert copy.to_dict() == state.to_dict() == restored.to_dict()


def test_states_differing_only_in_hidden_cards_look_the_same() -> None:
    state = GAME.new_game(players=3, seed=11, module="orient")
    state.apply(state.legal_actions()[0])
    state.apply(next(a for a in state.legal_actions() if type(a).__name__ == "ReserveDeck"))
    seat = 1
    hidden = state.players[seat].blind[0]
    twin = state.clone()
    market = next(m for m in twin.markets + twin.orient if m.deck.cards and
                  (hidden[0] == m.deck.cards[0][0] and hidden[1] == m.deck.cards[0][1]))
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
