"""Hidden information: what a seat may know (``observation``), and redealing what it cannot
see (the resampling behind ``determinize``)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .components import CARDS

if TYPE_CHECKING:
    from .state import WondersDuelState


def observation(s: WondersDuelState, seat: int) -> dict[str, Any]:
    """What ``seat`` may know, JSON-ready. Face-down structure cards appear as their back
    (``"back:age1"``.. ``"back:age3"``, ``"back:guild"``); the undealt decks, the box, the
    unrevealed Wonders and the set-aside Progress tokens only as counts; The Great Library's
    draw and the two tokens it returned only to its owner."""
    structure: list[str | None] = []
    if s.structure is not None:
        for card, revealed in zip(s.structure.cards, s.structure.revealed):
            if card is None:
                structure.append(None)
            elif revealed:
                structure.append(card)
            else:
                structure.append("back:guild" if CARDS[card].is_guild else f"back:age{s.age}")
    sees_library = s.library_seat == seat or (s.library_offer and s.current_player == seat)
    return {
        "seat": seat,
        "decision": s.decision,
        "current_player": s.current_player,
        "age": s.age,
        "pending": list(s.pending),
        "play_again": s.play_again,
        "draft_pick": s.draft_pick,
        "wonder_offer": list(s.wonder_offer),
        "unrevealed_wonders": len(s.wonder_deck),
        "structure": structure,
        "deck_sizes": [len(d) for d in s.decks],
        "box_size": len(s.box),
        "discard": list(s.discard),
        "coins": list(s.coins),
        "cards": [list(c) for c in s.cards],
        "wonders": [list(w) for w in s.wonders],
        "built_wonders": [list(b) for b in s.built],
        "tucked": dict(s.tucked),
        "returned_wonders": list(s.returned_wonders),
        "tokens": [list(t) for t in s.tokens],
        "board_tokens": list(s.board_tokens),
        "set_aside_count": len(s.set_aside),
        "library_offer": list(s.library_offer) if sees_library else len(s.library_offer),
        "library_known": list(s.library_known) if s.library_seat == seat else [],
        "military": s.military.position,
        "loot": list(s.loot),
        "outcome": None
        if s.outcome is None
        else {
            "winners": list(s.outcome.winners),
            "reason": s.outcome.reason,
        },
    }


def resample_hidden(s: WondersDuelState, seat: int) -> None:
    """Redeal what ``seat`` cannot see, consistently with what it saw, using ``s.rng``.

    Hidden cards (face-down structure slots, undealt decks, the box) are pooled by back —
    Age I, II, III or Guild — and redealt to the same places; undealt decks are reshuffled.
    Unrevealed Wonders and the set-aside Progress tokens are reshuffled likewise.
    """
    rng = s.rng
    pools: dict[object, list[str]] = {}
    places: list[tuple[list[str | None] | list[str], int, object]] = []

    def hide(container: list[str | None] | list[str], index: int, card_id: str) -> None:
        card = CARDS[card_id]
        back: object = "guild" if card.is_guild else card.age
        pools.setdefault(back, []).append(card_id)
        places.append((container, index, back))

    if s.structure is not None:
        cards, revealed = s.structure.cards, s.structure.revealed
        for slot, card_id in enumerate(cards):
            if card_id is not None and not revealed[slot]:
                hide(cards, slot, card_id)
    for deck in s.decks:
        for index, card_id in enumerate(deck):
            hide(deck, index, card_id)
    for index, card_id in enumerate(s.box):
        hide(s.box, index, card_id)
    for pool in pools.values():
        rng.shuffle(pool)
    for container, index, back in places:
        container[index] = pools[back].pop()
    for deck in s.decks:
        rng.shuffle(deck)
    rng.shuffle(s.wonder_deck)
    # Progress tokens: the set-aside ones, and the Great Library's draw unless seat sees it.
    sees_offer = s.current_player == seat
    known = set(s.library_known) if s.library_seat == seat else set()
    slots: list[tuple[list[str], int]] = [
        (s.set_aside, i) for i, t in enumerate(s.set_aside) if t not in known
    ]
    if not sees_offer:
        slots += [(s.library_offer, i) for i in range(len(s.library_offer))]
    known_places = [i for i, t in enumerate(s.set_aside) if t in s.library_known]
    tokens = [container[i] for container, i in slots]
    rng.shuffle(tokens)
    for (container, i), token_id in zip(slots, tokens):
        container[i] = token_id
    if s.library_seat is not None and s.library_seat != seat:
        s.library_known = [s.set_aside[i] for i in known_places]
