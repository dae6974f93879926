"""Small builders of scenario states for the Cities of Splendor tests."""

from __future__ import annotations

import re
from typing import Any, TypeVar

import pytest

import tabletop
from tabletop.core import Action, Rng
from tabletop.games.cities_of_splendor import GAME, CitiesOfSplendorState, refusals
from tabletop.games.cities_of_splendor.components import CARDS, COLOURS, TOKEN_KINDS


def fresh(module: str | None = None, players: int = 2, seed: int = 0) -> CitiesOfSplendorState:
    """A new game of ``module`` (base Splendor by default)."""
    return GAME.new_game(players=players, seed=seed, module=module)


def set_tokens(state: CitiesOfSplendorState, seat: int, **counts: int) -> None:
    """Give ``seat`` exactly these tokens, moving them from/to the supply (totals conserved)."""
    state.forget_legal_actions()
    player = state.players[seat]
    for kind in TOKEN_KINDS:
        want = counts.get(kind, 0)
        have = player.tokens[kind]
        if want > have:
            state.bank.move_to(player.tokens, kind, want - have)
        elif have > want:
            player.tokens.move_to(state.bank, kind, have - want)


def detach(state: CitiesOfSplendorState, card: str) -> None:
    """Take ``card`` out of wherever it is (deck, market slot left empty, a reserve)."""
    state.forget_legal_actions()
    for market in state.markets + state.orient:
        if card in market.deck.cards:
            market.deck.cards.remove(card)
        if card in market.slots:
            market.slots[market.slots.index(card)] = None
    for player in state.players:
        if card in player.reserved:
            player.reserved.remove(card)
        if card in player.blind:
            player.blind.remove(card)


def give(state: CitiesOfSplendorState, seat: int, *cards: str) -> None:
    """Put development cards into ``seat``'s tableau (bonuses and points counted)."""
    state.forget_legal_actions()
    player = state.players[seat]
    for card in cards:
        detach(state, card)
        info = CARDS[card]
        if info.kind == "double_gold":
            player.gold_cards.append(card)
            continue
        player.cards.append(card)
        player.points += info.points
        if info.bonus:
            player.bonuses[info.bonus] += info.bonus_count


def show(state: CitiesOfSplendorState, card: str, slot: int = 0) -> None:
    """Lay ``card`` face up in ``slot`` of its level's market; the card there goes under its deck."""
    state.forget_legal_actions()
    detach(state, card)
    info = CARDS[card]
    market = (state.orient if info.module == "orient" else state.markets)[info.level - 1]
    old = market.slots[slot]
    if old is not None:
        market.deck.put_bottom(old)
    market.slots[slot] = card


def reserve_for(state: CitiesOfSplendorState, seat: int, card: str, blind: bool = False) -> None:
    """Put ``card`` into ``seat``'s reserve."""
    state.forget_legal_actions()
    detach(state, card)
    state.players[seat].reserved.append(card)
    if blind:
        state.players[seat].blind.append(card)


def refused(state: CitiesOfSplendorState, action: Action, match: str) -> None:
    """``action`` is refused and the state is unchanged, and the game's own explanation of the
    refusal (:func:`refusals.why_illegal`) matches ``match``.

    The explanation is read directly because the kernel refuses a value outside the action
    space (an unknown card, a colour that is not a gem) with its own message before asking
    the game; the game must still name the rule if asked.
    """
    before = state.to_dict()
    with pytest.raises(tabletop.IllegalAction):
        state.apply(action)
    assert state.to_dict() == before
    state.forget_legal_actions()  # the test may now edit the state directly
    assert re.search(match, refusals.why_illegal(state, action)), refusals.why_illegal(state, action)


def token_totals(state: CitiesOfSplendorState) -> dict[str, int]:
    """Tokens of each kind in the supply and in every hand."""
    return {kind: state.bank[kind] + sum(p.tokens[kind] for p in state.players) for kind in TOKEN_KINDS}


A = TypeVar("A", bound=Action)


def legal_of(state: CitiesOfSplendorState, kind: type[A]) -> list[A]:
    """The legal actions, every one of which must be a ``kind`` (one decision's answers)."""
    actions = state.legal_actions()
    assert all(isinstance(a, kind) for a in actions), actions
    return [a for a in actions if isinstance(a, kind)]


def play_random(state: CitiesOfSplendorState, seed: int, limit: int = 20_000) -> list[Any]:
    """Play ``state`` to the end with random legal actions; return the decisions' names."""
    rng = Rng.from_seed(seed)
    decisions: list[str] = []
    while not state.is_terminal:
        assert len(decisions) < limit
        decisions.append(state.decision)
        state.apply(rng.choice(state.legal_actions()))
    return decisions


__all__ = ["COLOURS", "fresh", "give", "refused", "reserve_for", "set_tokens", "show"]


def with_bonuses(state: CitiesOfSplendorState, seat: int, **counts: int) -> None:
    """Give ``seat`` more base cards with these bonus colours (lowest prestige first).

    Tests that care about prestige set ``points`` afterwards.
    """
    owned = {c for p in state.players for c in p.cards + p.reserved}
    for colour, n in counts.items():
        cards = sorted(
            (c for c in CARDS.values() if c.module == "base" and c.bonus == colour and c.id not in owned),
            key=lambda c: (c.points, c.id),
        )
        give(state, seat, *[c.id for c in cards[:n]])


def end_turn_quietly(state: CitiesOfSplendorState) -> None:
    """Play a main action that changes nothing relevant: take gems (or pass)."""
    for action in state.legal_actions():
        if type(action).__name__ in ("TakeGems", "Pass"):
            state.apply(action)
            return
    raise AssertionError("no quiet action")
