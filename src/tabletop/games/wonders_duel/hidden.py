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
        "options": dict(s.options),
        "decision": s.decision,
        "current_player": s.current_player,
        "age": s.age,
        "pending": list(s.pending),
        "turns": {
            "order": list(s.turns.order),
            "position": s.turns.position,
            "extra_turns": s.turns.extra_turns,
            "round": s.turns.round,
        },
        "draft_pick": s.draft_pick,
        "wonder_offer": list(s.wonder_offer),
        "unrevealed_wonders": len(s.wonder_deck),
        "structure": structure,
        "deck_sizes": [len(d) for d in s.decks],
        "box_size": len(s.box),
        "discard": list(s.discard),
        "coins": list(s.coins),
        "bank_paid": s.bank_paid,
        "bank_received": s.bank_received,
        "cards": [list(c) for c in s.cards],
        "wonders": [list(w) for w in s.wonders],
        "built_wonders": [list(b) for b in s.built],
        "tucked": dict(s.tucked),
        "returned_wonders": list(s.returned_wonders),
        "tokens": [list(t) for t in s.tokens],
        "board_tokens": list(s.board_tokens),
        "set_aside_count": len(s.set_aside),
        "library_offer": list(s.library_offer) if sees_library else len(s.library_offer),
        "library_seat": s.library_seat,
        "reds_before_strategy": s.reds_before_strategy,
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


#: The card backs, in the order their pools are shuffled.
_BACKS: tuple[int | str, ...] = (1, 2, 3, "guild")


def back(card_id: str) -> int | str:
    """What the back of a card shows: its Age (1-3), or ``"guild"``."""
    card = CARDS[card_id]
    return "guild" if card.is_guild else card.age


def resample_hidden(s: WondersDuelState, seat: int) -> None:
    """Redeal what ``seat`` cannot see with ``s.rng``, from what it sees only.

    Every hidden card (face-down structure slots, undealt decks, the box) is pooled by back —
    Age I, II, III or Guild — and the pools are shuffled from sorted order, then dealt to the
    face-down slots (by the back they show), to the decks (as many of each back as a deck holds
    by the rules) and the rest to the box, kept sorted. The unrevealed Wonders and the
    Progress tokens the seat has not seen are reshuffled from sorted order likewise. So
    nothing of the true order or of which hidden card is where survives: two states that look
    the same to ``seat`` give the same result for the same rng.
    """
    rng = s.rng
    structure = s.structure
    hidden_slots: list[int] = []
    pools: dict[int | str, list[str]] = {b: [] for b in _BACKS}
    if structure is not None:
        cards, revealed = structure.cards, structure.revealed
        for slot, card_id in enumerate(cards):
            if card_id is not None and not revealed[slot]:
                hidden_slots.append(slot)
                pools[back(card_id)].append(card_id)
    deck_backs: list[list[tuple[int | str, int]]] = []
    for deck in s.decks:
        counts = {b: 0 for b in _BACKS}
        for card_id in deck:
            counts[back(card_id)] += 1
            pools[back(card_id)].append(card_id)
        deck_backs.append([(b, n) for b, n in counts.items() if n])
    for card_id in s.box:
        pools[back(card_id)].append(card_id)
    for b in _BACKS:
        pool = pools[b]
        pool.sort()
        rng.shuffle(pool)
    if structure is not None:
        cards = structure.cards
        for slot in hidden_slots:
            card_id = cards[slot]
            assert card_id is not None
            cards[slot] = pools[back(card_id)].pop()
    for index, counts_by_back in enumerate(deck_backs):
        deck = [pools[b].pop() for b, n in counts_by_back for _ in range(n)]
        rng.shuffle(deck)
        s.decks[index] = deck
    s.box = sorted(card_id for b in _BACKS for card_id in pools[b])
    s.wonder_deck.sort()
    rng.shuffle(s.wonder_deck)
    _resample_tokens(s, seat)


def _resample_tokens(s: WondersDuelState, seat: int) -> None:
    """The set-aside Progress tokens and The Great Library's draw, as far as ``seat`` has not
    seen them. Its owner saw the draw, and the two tokens it returned (kept last in the
    set-aside tokens, where they were put back)."""
    rng = s.rng
    owner = s.library_seat
    known = s.library_known if owner == seat else []
    sees_offer = bool(s.library_offer) and s.current_player == seat
    pool = sorted(t for t in s.set_aside if t not in known)
    if not sees_offer:
        pool += s.library_offer
        pool.sort()
    rng.shuffle(pool)
    if s.library_offer and not sees_offer:
        drawn = len(s.library_offer)
        s.library_offer = pool[-drawn:]
        del pool[-drawn:]
    if owner is None:
        s.set_aside = pool
    elif owner == seat:
        s.set_aside = pool + list(known)
    else:
        s.set_aside = pool
        returned = len(s.library_known)
        s.library_known = pool[len(pool) - returned :]
