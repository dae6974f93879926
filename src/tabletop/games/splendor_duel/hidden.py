"""Hidden information: what each seat may see, and the redeal of what it cannot for determinize.

Hidden from a seat: the order of the three decks and the identity of the opponent's blind
reservations (cards reserved unseen from the top of a deck; their level shows). Everything
else is public, the bag included (it holds exactly the tokens neither on the board nor held).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .components import CARDS, GEMS, LEVELS, SEATS
from .holdings import bonuses, crowns, prestige, privilege_supply

if TYPE_CHECKING:
    from .state import SplendorDuelState


def observation(state: SplendorDuelState, seat: int) -> dict[str, Any]:
    """What ``seat`` knows: everything but deck order, the rng and the opponent's blind
    reservations (of those, only their level shows)."""
    players = []
    for other in range(SEATS):
        reserved = []
        blind_cards = state.blind[other]
        for card in state.reserved[other]:
            blind = card in blind_cards
            shown = card if other == seat or not blind else None
            reserved.append({"card": shown, "level": CARDS[card].level, "blind": blind})
        players.append(
            {
                "tokens": state.tokens[other].as_dict(),
                "privileges": state.privileges[other],
                "cards": list(state.cards[other]),
                "royals": list(state.royals[other]),
                "reserved": reserved,
                "prestige": prestige(state, other),
                "crowns": crowns(state, other),
                "bonuses": dict(zip(GEMS, bonuses(state, other))),
            }
        )
    turns = state.turns
    return {
        "seat": seat,
        "options": dict(state.options),
        "to_play": state.current_player,
        "decision": state.decision,
        "pending": list(state.pending),
        "ability_card": state.ability_card,
        "replenished": state.replenished,
        "turn_order": list(turns.order),
        "round": turns.round,
        "extra_turns": turns.extra_turns,
        "board": list(state.board),
        "bag": state.bag.as_dict(),
        "privilege_supply": privilege_supply(state),
        "pyramid": {str(level): list(m.slots) for level, m in zip(LEVELS, state.pyramid)},
        "deck_sizes": {str(level): len(m.deck) for level, m in zip(LEVELS, state.pyramid)},
        "royal_supply": list(state.royal_supply),
        "wild_colours": dict(state.wild_colours),
        "players": players,
        "outcome": None
        if state.outcome is None
        else {
            "winners": list(state.outcome.winners),
            "reason": state.outcome.reason,
        },
    }


def resample(state: SplendorDuelState, seat: int) -> None:
    """Redeal, with ``state.rng``, the cards ``seat`` has not seen: per level, the deck and the
    opponent's blind reservations of that level.

    The unseen cards of a level are shuffled from sorted order, so the result depends only on
    what ``seat`` sees (which cards are unseen, and where the blind reservations sit in the
    opponent's hand) and on the rng: neither the true deck order nor which blind card is which
    leaks into it.
    """
    rng = state.rng
    opponent = 1 - seat
    hand = state.reserved[opponent]
    hidden = set(state.blind[opponent])
    hidden_slots = [i for i, card in enumerate(hand) if card in hidden]
    for level, market in zip(LEVELS, state.pyramid):
        slots = [i for i in hidden_slots if CARDS[hand[i]].level == level]
        unseen = sorted(market.deck.cards + [hand[i] for i in slots])
        rng.shuffle(unseen)
        for i in slots:
            hand[i] = unseen.pop()
        market.deck.cards = unseen
    # The blind lists follow the hands' order, which the observation shows.
    for other in range(SEATS):
        blind = set(state.blind[other]) if other == seat else {hand[i] for i in hidden_slots}
        state.blind[other] = [card for card in state.reserved[other] if card in blind]
