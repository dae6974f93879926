"""Legal actions: what the pending decision offers, built from the shared action instances."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tabletop.core import Action

from .actions import DESTROY, FROM_DISCARD, PICK, STARTER, TAKE_TOKEN, TURN_ACTIONS
from .city import cost_book
from .components import CARDS, MAX_WONDERS_BUILT
from .decisions import CHOOSE_STARTER, GREAT_LIBRARY, MAUSOLEUM, PROGRESS_TOKEN

if TYPE_CHECKING:
    from .state import WondersDuelState


def legal_actions(s: WondersDuelState) -> list[Action]:
    """The legal actions of the pending decision."""
    if s.age == 0:
        return [PICK[w] for w in s.wonder_offer]
    turns = s.turns
    seat = turns.order[turns.position]  # turns.current, without a property call on this hot path
    if s.pending:
        kind, _, color = s.pending[-1].partition(":")
        if kind == CHOOSE_STARTER:
            return list(STARTER)
        if kind == PROGRESS_TOKEN:
            return [TAKE_TOKEN[t] for t in s.board_tokens]
        if kind == GREAT_LIBRARY:
            return [TAKE_TOKEN[t] for t in s.library_offer]
        if kind == MAUSOLEUM:
            return [FROM_DISCARD[c] for c in dict.fromkeys(s.discard)]
        # destroy
        return [DESTROY[c] for c in s.cards[1 - seat] if CARDS[c].color == color]
    # A turn: per accessible card, construct it (if affordable), discard it, or build an
    # affordable Wonder with it.
    structure = s.structure
    assert structure is not None
    coins = s.coins[seat]
    book = s.costs[seat] or cost_book(s, seat)
    totals = book.totals
    affordable = []
    built = s.built
    if len(built[0]) + len(built[1]) < MAX_WONDERS_BUILT:  # wonders_built(s), inline
        for wonder_id in s.wonders[seat]:
            total = totals.get(wonder_id)
            if total is None:
                total = book.wonder(wonder_id)
            if total <= coins:
                affordable.append(wonder_id)
    out: list[Action] = []
    append = out.append
    cards = structure.cards
    chains = s.chains[seat]
    for slot in structure.open:
        card_id, construct_it, discard_it, build_with, chain = TURN_ACTIONS[cards[slot]]
        if chain is not None and chain in chains:
            append(construct_it)
        else:
            total = totals.get(card_id)
            if total is None:
                total = sum(book.card(card_id))
            if total <= coins:
                append(construct_it)
        append(discard_it)
        for wonder_id in affordable:
            append(build_with[wonder_id])
    return out
