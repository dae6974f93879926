"""Building 7 Wonders Duel scenario states by hand, and counting what must be conserved."""

from __future__ import annotations

from typing import Any

from contract import refused_naming
from tabletop.core import Action, Layout, Rng
from tabletop.games.wonders_duel import CARDS, GAME, WondersDuelState
from tabletop.games.wonders_duel.city import derive_city


def fresh(seed: int = 0, **options: Any) -> WondersDuelState:
    """A new game in Age I with the beginner Wonders (unless ``wonders="draft"``)."""
    options.setdefault("wonders", "beginner")
    return GAME.new_game(seed=seed, **options)


def _remove_everywhere(s: WondersDuelState, card: str) -> None:
    for deck in s.decks:
        if card in deck:
            deck.remove(card)
    for pile in (s.box, s.discard, s.cards[0], s.cards[1]):
        if card in pile:
            pile.remove(card)


def _out_of_structure(s: WondersDuelState, card: str, keep: tuple[str, ...]) -> None:
    """If ``card`` is in the structure, swap it with a card from the box or a later deck."""
    if s.structure is None or card not in s.structure.cards:
        return
    for pile in (s.box, *s.decks):
        for index, other in enumerate(pile):
            if not CARDS[other].is_guild and other not in keep:
                s.structure.cards[s.structure.cards.index(card)] = other
                pile[index] = card
                return
    raise AssertionError(f"cannot take {card} out of the structure")


def layout(s: WondersDuelState) -> Layout:
    """The current Age structure (the state must be past the Wonder draft)."""
    assert s.structure is not None, "no structure during the Wonder draft"
    return s.structure


def open_card(s: WondersDuelState) -> str:
    """The card of the first accessible slot of the structure."""
    card = layout(s).cards[s.open_slots[0]]
    assert card is not None
    return card


def legal_field(s: WondersDuelState, name: str) -> list[Any]:
    """The field ``name`` of every legal action, in order (they are all of one type)."""
    return [getattr(action, name) for action in s.legal_actions()]


def give(s: WondersDuelState, seat: int, *cards: str) -> None:
    """Put buildings in a city (taken from wherever they are)."""
    for card in cards:
        _out_of_structure(s, card, cards)
        _remove_everywhere(s, card)
        s.cards[seat].append(card)
    derive_city(s, seat)
    s.forget_legal_actions()


def to_discard(s: WondersDuelState, card: str) -> None:
    """Put a card (from outside the structure) on the discard pile."""
    _out_of_structure(s, card, ())
    _remove_everywhere(s, card)
    s.discard.append(card)
    s.forget_legal_actions()


def offer(s: WondersDuelState, card: str) -> None:
    """Make ``card`` accessible and face up: it replaces the card of the first open slot."""
    structure = s.structure
    assert structure is not None
    if card in structure.cards and structure.cards.index(card) in s.open_slots:
        return
    slot = s.open_slots[0]
    displaced = structure.cards[slot]
    assert displaced is not None
    if card in structure.cards:  # swap two slots
        other = structure.cards.index(card)
        structure.cards[other] = displaced
    else:
        for pile in [*s.decks, s.box, s.discard]:
            if card in pile:
                pile[pile.index(card)] = displaced
                break
        else:
            raise AssertionError(f"{card} is not available to offer")
    structure.cards[slot] = card
    structure.revealed[slot] = True
    s.forget_legal_actions()


def only_cards(s: WondersDuelState, *cards: str) -> None:
    """Leave exactly ``cards`` in the structure, all accessible (the Age's last cards)."""
    structure = s.structure
    assert structure is not None
    for card in cards:
        offer(s, card)
    for slot, left in enumerate(structure.cards):
        if left is not None and left not in cards:
            s.box.append(left)
            structure.cards[slot] = None
    for slot, left in enumerate(structure.cards):
        if left is not None:
            structure.revealed[slot] = True
    structure.refresh()
    s.forget_legal_actions()


def refused(s: WondersDuelState, action: Action, *words: str) -> str:
    """``apply`` refuses ``action`` with a message containing ``words`` and changes nothing;
    the message."""
    return refused_naming(s, action, *words)


def play(s: WondersDuelState, action: Action) -> None:
    """Apply an action (the state refuses it if it is illegal)."""
    s.apply(action)


def set_turn(s: WondersDuelState, seat: int) -> None:
    """Make it ``seat``'s turn (the kernel turn order starts with it)."""
    s.turns.start_with(seat)
    s.forget_legal_actions()


def set_coins(s: WondersDuelState, seat: int, coins: int) -> None:
    """Give a seat exactly ``coins``, moving the difference to or from the bank."""
    if coins > s.coins[seat]:
        s.bank_paid += coins - s.coins[seat]
    else:
        s.bank_received += s.coins[seat] - coins
    s.coins[seat] = coins
    s.forget_legal_actions()


def card_count(s: WondersDuelState) -> int:
    """Every Age and Guild card wherever it is: it must always be 73.

    For hand-made scenario states; a state reached by play is checked whole by ``_validate``
    (invariants.py), which the property tests call after every step."""
    places = [
        [c for c in s.structure.cards if c is not None] if s.structure else [],
        *s.decks,
        s.box,
        s.discard,
        s.cards[0],
        s.cards[1],
        list(s.tucked.values()),
    ]
    everything = [card for place in places for card in place]
    assert len(set(everything)) == len(everything), "a card is in two places"
    assert set(everything) <= set(CARDS)
    return len(everything)


def coin_balance(s: WondersDuelState) -> int:
    """Coins the players hold minus what the bank paid out net: always 0."""
    return s.coins[0] + s.coins[1] - (s.bank_paid - s.bank_received)


def random_game(seed: int, **options: Any) -> list[WondersDuelState]:
    """A random game from ``seed``: every state along the way (clones)."""
    rng = Rng.from_seed(seed)
    s = GAME.new_game(seed=seed, **options)
    trail = [s.clone()]
    while not s.is_terminal:
        s.apply(rng.choice(s.legal_actions()))
        trail.append(s.clone())
    return trail


__all__ = [
    "card_count",
    "coin_balance",
    "fresh",
    "give",
    "layout",
    "legal_field",
    "offer",
    "only_cards",
    "open_card",
    "play",
    "random_game",
    "refused",
    "set_coins",
    "set_turn",
    "to_discard",
]
