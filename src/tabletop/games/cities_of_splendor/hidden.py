"""Hidden information: what one seat may know (:func:`observation`) and the redeal behind
``determinize`` (:func:`resample`).

The only hidden things in Splendor are the order of every deck and the identity of the cards
another player reserved unseen from the top of a deck (their level and deck are public: the
table saw where they came from). Everything else is on the table.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .components import IS_ORIENT, LEVEL, TOKEN_KINDS

if TYPE_CHECKING:
    from .state import CitiesOfSplendorState as St


def observation(state: St, seat: int) -> dict[str, Any]:
    """What ``seat`` may know, as JSON-ready data: others' blind reservations by deck only."""
    players = []
    for other, player in enumerate(state.players):
        blind = player.blind
        reserved: list[Any] = []
        for card in player.reserved:
            if other != seat and card in blind:
                reserved.append({"level": LEVEL[card], "orient": IS_ORIENT[card]})
            else:
                reserved.append(card)
        players.append(
            {
                "tokens": {kind: player.tokens[kind] for kind in TOKEN_KINDS},
                "bonuses": dict(player.bonuses),
                "prestige": player.prestige,
                "cards": list(player.cards),
                "reserved": reserved,
                # which reservations came unseen from a deck: public, everyone saw it happen
                "blind": [i for i, card in enumerate(player.reserved) if card in blind],
                "nobles": list(player.nobles),
                "reserved_nobles": list(player.reserved_nobles),
                "gold_cards": list(player.gold_cards),
                "pairs": dict(player.pairs),
                "posts": list(player.posts),
                "strongholds": list(player.strongholds),
                "city": player.city,
            }
        )
    turns = state.turns
    return {
        "seat": seat,
        "module": state.module,
        "to_play": state.current_player,
        "decision": state.decision,
        "round": turns.round,
        "first_player": turns.first,
        "turn_position": turns.position,
        "bank": {kind: state.bank[kind] for kind in TOKEN_KINDS},
        "markets": [list(m.slots) for m in state.markets],
        "deck_sizes": [len(m.deck) for m in state.markets],
        "orient_markets": [list(m.slots) for m in state.orient],
        "orient_deck_sizes": [len(m.deck) for m in state.orient],
        "nobles": list(state.nobles),
        "cities": list(state.cities),
        "players": players,
        "pending": list(state.tasks),
        "purchase": state.purchase,
        "sacrifice_left": state.sacrifice_left,
        "end_triggered": state.end_triggered,
        "passes": state.passes,
        "box": list(state.box),
        "outcome": None
        if state.outcome is None
        else {"winners": list(state.outcome.winners), "reason": state.outcome.reason},
    }


def resample(state: St, seat: int) -> None:
    """Redeal what ``seat`` cannot see: each deck's cards and the other players' blind
    reservations from it, drawn with ``state.rng`` from the unseen cards in sorted order.

    Starting from a sorted order (not the true one) makes the result a function of what
    ``seat`` sees and the rng alone: neither the true deck order nor which unseen card a
    player holds leaks into the determinized state.
    """
    rng = state.rng
    players = state.players
    # positions of the blind reservations, kept: ``blind`` lists them in reserve order
    blind_at = [[i for i, card in enumerate(p.reserved) if card in p.blind] for p in players]
    for orient, markets in ((False, state.markets), (True, state.orient)):
        for level, market in enumerate(markets, start=1):
            holders: list[tuple[list[str], int]] = []
            unseen = list(market.deck.cards)
            for other, player in enumerate(players):
                if other == seat:
                    continue
                reserved = player.reserved
                for i in blind_at[other]:
                    card = reserved[i]
                    if LEVEL[card] == level and IS_ORIENT[card] == orient:
                        holders.append((reserved, i))
                        unseen.append(card)
            unseen.sort()
            rng.shuffle(unseen)
            for reserved, i in holders:
                reserved[i] = unseen.pop()
            market.deck.cards[:] = unseen
    for other, player in enumerate(players):
        if other != seat and blind_at[other]:
            player.blind = [player.reserved[i] for i in blind_at[other]]
