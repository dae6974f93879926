"""Small helpers (named uniquely so that pytest never confuses them with another game's) to build Splendor Duel scenario states from a fresh game.

Every helper keeps the components conserved: tokens come from and go to the bag, cards are
taken out of the deck or pyramid slot where they were.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

import tabletop
from tabletop.core import Action
from tabletop.games.splendor_duel import GAME, SplendorDuelState
from tabletop.games.splendor_duel.components import BOX, CARDS, GRID, TOKEN_KINDS

#: A purchase paid without gold (gold per cost kind).
NO_GOLD = (0, 0, 0, 0, 0, 0)


def refuse(state: SplendorDuelState, action: Action, match: str) -> None:
    """``action`` is refused with a message matching ``match`` and the state is unchanged."""
    before = state.to_dict()
    with pytest.raises(tabletop.IllegalAction, match=match):
        state.apply(action)
    assert state.to_dict() == before


def new(seed: int = 1, first_player: int = 0) -> SplendorDuelState:
    """A fresh game where ``first_player`` (default seat 0) starts."""
    return GAME.new_game(seed=seed, first_player=first_player)


def cell(row: int, col: int) -> int:
    """The cell index of a 1-based (row, col), as the rulebook's board would be read."""
    return GRID.cell(row - 1, col - 1)


def fix_bag(state: SplendorDuelState) -> None:
    """Make the bag hold exactly the tokens that are neither on the board nor held."""
    counts = Counter(kind for kind in state.board if kind is not None)
    for pool in state.tokens:
        counts.update(pool.as_dict())
    bag = {}
    for kind in TOKEN_KINDS:
        left = BOX.tokens[kind] - counts[kind]
        assert left >= 0, f"more {kind} tokens than the box holds"
        bag[kind] = left
    state.bag.counts = bag


def set_board(state: SplendorDuelState, cells: dict[int, str]) -> None:
    """Empty the board except for ``cells`` ({cell: kind}); the rest goes to the bag."""
    state.board = [cells.get(c) for c in range(GRID.size)]
    fix_bag(state)
    state.forget_legal_actions()


def set_tokens(state: SplendorDuelState, seat: int, **counts: int) -> None:
    """Give ``seat`` exactly these tokens (others zero), taken off the board where needed."""
    state.tokens[seat].counts = {kind: counts.get(kind, 0) for kind in TOKEN_KINDS}
    held: Counter[str] = Counter()
    for pool in state.tokens:
        held.update(pool.as_dict())
    on_board = Counter(kind for kind in state.board if kind is not None)
    for kind in TOKEN_KINDS:
        excess = held[kind] + on_board[kind] - BOX.tokens[kind]
        for c in range(GRID.size - 1, -1, -1):
            if excess <= 0:
                break
            if state.board[c] == kind:
                state.board[c] = None
                excess -= 1
        assert excess <= 0, f"more {kind} tokens than the box holds"
    fix_bag(state)
    state.forget_legal_actions()


def _pull(state: SplendorDuelState, card: str) -> None:
    """Take ``card`` out of its deck or pyramid slot (the slot is refilled from the deck)."""
    market = state.pyramid[CARDS[card].level - 1]
    if card in market.slots:
        market.take_and_refill(card)
    else:
        market.deck.remove(card)


def give_cards(state: SplendorDuelState, seat: int, *cards: str, wild: str | None = None) -> None:
    """Put purchased ``cards`` in front of ``seat``; wild cards join colour ``wild``."""
    for card in cards:
        _pull(state, card)
        state.cards[seat].append(card)
        if CARDS[card].colour == "wild":
            assert wild is not None, f"{card} is wild: say which colour it joins"
            state.wild_colours[card] = wild
    state.forget_legal_actions()


def face_up(state: SplendorDuelState, card: str) -> None:
    """Make ``card`` face up in the pyramid (swapped with a face-up card of its level)."""
    market = state.pyramid[CARDS[card].level - 1]
    if card in market.slots:
        return
    deck = market.deck.cards
    i = deck.index(card)
    deck[i], market.slots[0] = market.slots[0], card  # type: ignore[assignment]
    state.forget_legal_actions()


def reserve(state: SplendorDuelState, seat: int, card: str, blind: bool = False) -> None:
    """Put ``card`` among ``seat``'s reserved cards (unseen by the opponent when ``blind``)."""
    _pull(state, card)
    state.reserved[seat].append(card)
    if blind:
        state.blind[seat].append(card)
    state.forget_legal_actions()


def fresh(state: SplendorDuelState) -> SplendorDuelState:
    """The state after direct edits: the legal-action cache dropped."""
    state.forget_legal_actions()
    return state


def tokens_of(state: SplendorDuelState, seat: int) -> dict[str, int]:
    """The non-zero tokens held by ``seat``."""
    return state.tokens[seat].as_dict()


def total_tokens(state: SplendorDuelState) -> Counter[str]:
    """Every token in the game, wherever it is."""
    counts: Counter[str] = Counter(kind for kind in state.board if kind is not None)
    counts.update(state.bag.as_dict())
    for pool in state.tokens:
        counts.update(pool.as_dict())
    return counts


def all_cards(state: SplendorDuelState) -> list[str]:
    """Every jewel card in the game, wherever it is."""
    found: list[str] = []
    for market in state.pyramid:
        found += market.deck.cards + [c for c in market.slots if c is not None]
    for seat in range(2):
        found += state.reserved[seat] + state.cards[seat]
    return found


def snapshot(state: SplendorDuelState) -> dict[str, Any]:
    """The whole state as data, to check that a refusal changed nothing."""
    return state.to_dict()
