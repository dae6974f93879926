"""Building 7 Wonders scenario states by hand, and playing whole turns."""

from __future__ import annotations

from collections.abc import Mapping

from tabletop.core import Action
from tabletop.games.seven_wonders import CARDS, GAME, KINDS, Discard, SevenWondersState

#: Boards whose starting resources are all different and easy to reason about.
DEFAULT_BOARDS = ("Gizah", "Rhodos", "Ephesos", "Alexandria", "Babylon", "Olympia", "Halikarnassos")


def table(
    players: int = 3, boards: tuple[str, ...] | None = None, side: str = "A", seed: int = 0
) -> SevenWondersState:
    """A new game with fixed boards (Gizah, Rhodos, Ephesos, ... by default) on one side."""
    cities = 3 if players == 2 else players
    chosen = list(boards if boards is not None else DEFAULT_BOARDS[:cities])
    return GAME.new_game(players=players, seed=seed, side=side, boards=chosen)


def copy_of(kind: str, index: int = 0) -> str:
    """The id of a copy of ``kind`` (the first by default)."""
    return KINDS[kind][index]


def _take(s: SevenWondersState, card: str) -> None:
    """Take ``card`` out of wherever it is."""
    for deck in s.decks:
        if card in deck:  # swapped with a card of the same Age from the box: decks keep their size
            spare = next(
                (c for c in s.box if CARDS[c].age == CARDS[card].age and not CARDS[c].is_guild), None
            )
            if spare is None:
                deck.remove(card)
            else:
                s.box.remove(spare)
                deck[deck.index(card)] = spare
            return
    for pile in (s.box, s.pile):
        if card in pile:
            pile.remove(card)
            return
    if card in s.discard:
        index = s.discard.index(card)
        del s.discard[index]
        del s.discard_known[index]
        return
    for seat, hand in enumerate(s.hands.cards):
        if card in hand:  # swapped with a card from the box, so the hand keeps its size
            spare = next(c for c in s.box if not CARDS[c].is_guild and c not in hand)
            s.box.remove(spare)
            s.hands.cards[seat] = tuple(sorted(spare if c == card else c for c in hand))
            s.hands.seen[seat][seat] = s.hands.cards[seat]
            return
    for city, built in enumerate(s.built):
        if card in built:
            s.built[city] = tuple(c for c in built if c != card)
            return
    raise AssertionError(f"{card} is nowhere")


def give(s: SevenWondersState, city: int, *cards: str) -> None:
    """Put structures (card ids) in a city, taken from wherever they are."""
    for card in cards:
        _take(s, card)
        s.built[city] = (*s.built[city], card)
    done(s)


def tuck(s: SevenWondersState, city: int, *cards: str) -> None:
    """Build the city's next wonder stages with these cards (no effect is applied)."""
    for card in cards:
        _take(s, card)
        s.tucked[city] = (*s.tucked[city], card)
        s.tucked_known[city] = (*s.tucked_known[city], 1 << city if city < s.num_players else 0)
    done(s)


def deal(s: SevenWondersState, seat: int, *cards: str, fill: bool = False) -> None:
    """Replace ``seat``'s hand by these cards; its old cards go back to their Age's deck (with
    ``fill``, enough of them stay to keep the hand's size)."""
    old = [c for c in s.hands.cards[seat] if c not in cards]
    kept = old[: max(0, s.hands.count(seat) - len(cards))] if fill else []
    for card in old:
        if card not in kept:
            s.decks[CARDS[card].age - 1].append(card)
    s.hands.cards[seat] = tuple(c for c in s.hands.cards[seat] if c in cards)
    for card in cards:
        if card not in s.hands.cards[seat]:
            _take(s, card)
    s.hands.cards[seat] = tuple(sorted((*cards, *kept)))
    s.hands.seen[seat][seat] = s.hands.cards[seat]
    done(s)


def done(s: SevenWondersState) -> None:
    """Rebuild the derived views and forget the cached legal actions after editing by hand."""
    s.refresh()
    s.forget_legal_actions()


def play_turn(s: SevenWondersState, picks: Mapping[int, Action]) -> None:
    """Every city's pick of this turn (keyed by city), asked in the state's order."""
    turn, age = s.turn, s.age
    while s.decision in ("turn", "free_city") and (s.turn, s.age) == (turn, age):
        city = s.deciding_city
        assert city is not None
        pick = picks[city]
        if s.decision == "free_city" and pick not in s.legal_actions():
            pick = s.legal_actions()[0]  # the Free City must build when it can
        s.apply(pick)


def discard_all(s: SevenWondersState) -> dict[int, Action]:
    """Picks that discard the first card of every city's hand (the second for the Free City)."""
    picks: dict[int, Action] = {}
    for city in range(s.num_cities):
        seat = s.controller(city)
        hand = list(s.hands.cards[seat])
        if city != seat:
            hand = hand[1:]
        picks[city] = Discard(CARDS[hand[0]].kind)
    return picks
