"""What each seat holds and what it is worth: bonuses, prestige, crowns, tokens, privileges.

These derived counts are read by the legal actions, the effects, the victory check, the views
and the load checks; they are computed from the state's fields on demand, never stored.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .components import BOX, CARDS, GEMS, ROYALS, WILD

if TYPE_CHECKING:
    from .state import SplendorDuelState

_GEM_INDEX = {gem: i for i, gem in enumerate(GEMS)}
_WILD_INDEX = -1
_NO_BONUS = -2
#: Per card: the index of its bonus colour in GEMS (-1 for a wild card, -2 for no bonus),
#: and how many bonuses it gives.
_BONUS = {
    card.id: (
        _GEM_INDEX.get(card.colour, _WILD_INDEX if card.colour == WILD else _NO_BONUS),
        card.bonus,
    )
    for card in CARDS.values()
}
#: Per card: its prestige points, and its crowns.
_POINTS = {card.id: card.points for card in CARDS.values()}
_CROWNS = {card.id: card.crowns for card in CARDS.values()}
#: Per card: its bonus colour's index (as in _BONUS), its prestige points and its crowns.
_TALLY = {card.id: (_BONUS[card.id][0], card.points, card.crowns) for card in CARDS.values()}


def privilege_supply(state: SplendorDuelState) -> int:
    """Privilege scrolls left on the table."""
    privileges = state.privileges
    return BOX.privileges - privileges[0] - privileges[1]


def token_count(state: SplendorDuelState, seat: int) -> int:
    """Tokens held by ``seat`` (gems, pearls and gold)."""
    return sum(state.tokens[seat].counts.values())


def colour_of(state: SplendorDuelState, card: str) -> str:
    """The colour a purchased card counts as: its own, or the one a wild card joined."""
    colour = CARDS[card].colour
    if colour == WILD:
        return state.wild_colours.get(card, WILD)
    return colour


#: The bonuses last counted for each seat, with what they were counted from (the cards, and
#: the placed wild colours if any): a seat's cards change only when it buys, so most asks are
#: answered again. One immutable tuple, replaced whole, so threads never see half an update.
_LAST_BONUSES: tuple[tuple[object, tuple[int, ...]], ...] = ((None, ()), (None, ()))


def bonuses(state: SplendorDuelState, seat: int) -> list[int]:
    """Bonuses per gem colour (in ``GEMS`` order); a wild card counts once placed."""
    global _LAST_BONUSES
    wild = state.wild_colours
    key: object = (tuple(state.cards[seat]), tuple(wild.items())) if wild else tuple(state.cards[seat])
    last = _LAST_BONUSES
    known, counted = last[seat & 1]
    if known == key:
        return list(counted)
    counts = _count_bonuses(state, seat)
    entry = (key, tuple(counts))
    _LAST_BONUSES = (last[0], entry) if seat & 1 else (entry, last[1])
    return counts


def _count_bonuses(state: SplendorDuelState, seat: int) -> list[int]:
    counts = [0, 0, 0, 0, 0]
    for card in state.cards[seat]:
        index, bonus = _BONUS[card]
        if index >= 0:
            counts[index] += bonus
        elif index == _WILD_INDEX:
            colour = state.wild_colours.get(card)
            if colour is not None:
                counts[_GEM_INDEX[colour]] += bonus
    return counts


def tallies(state: SplendorDuelState, seat: int) -> tuple[int, int, list[int]]:
    """Prestige (cards and royals), crowns, and prestige per gem colour, in one pass."""
    prestige = crowns = 0
    by_colour = [0, 0, 0, 0, 0]
    for card in state.cards[seat]:
        index, points, card_crowns = _TALLY[card]
        prestige += points
        crowns += card_crowns
        if index == _WILD_INDEX:
            colour = state.wild_colours.get(card)
            index = _NO_BONUS if colour is None else _GEM_INDEX[colour]
        if index >= 0:
            by_colour[index] += points
    for royal in state.royals[seat]:
        prestige += ROYALS[royal].points
    return prestige, crowns, by_colour


def colour_prestige(state: SplendorDuelState, seat: int) -> dict[str, int]:
    """Prestige on the cards of each gem colour (wild cards in the colour they joined)."""
    return dict(zip(GEMS, tallies(state, seat)[2]))


def card_prestige(state: SplendorDuelState, seat: int) -> int:
    """Prestige points on the seat's purchased jewel cards."""
    return sum(map(_POINTS.__getitem__, state.cards[seat]))


def royal_prestige(state: SplendorDuelState, seat: int) -> int:
    """Prestige points on the seat's royal cards."""
    return sum(ROYALS[royal].points for royal in state.royals[seat])


def prestige(state: SplendorDuelState, seat: int) -> int:
    """Prestige points: jewel cards plus royal cards."""
    return card_prestige(state, seat) + royal_prestige(state, seat)


def crowns(state: SplendorDuelState, seat: int) -> int:
    """Crowns on the seat's purchased jewel cards."""
    return sum(map(_CROWNS.__getitem__, state.cards[seat]))
