"""Carrying out actions: hidden commits, the turn's simultaneous resolution, the decisions owed
after it (Babylon B's 7th card, Halikarnassos), passing hands, the end of an Age and of the game.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tabletop.core import Action, TurnOrder

from . import scoring
from .actions import Build, BuildFree, BuildFromDiscard, BuildStage, Discard, build
from .city import build_card, extend
from .components import (
    BOARDS,
    CARDS,
    DEFEAT_TOKEN,
    DISCARD_COINS,
    HAND_SIZE,
    KINDS,
    TURNS_PER_AGE,
    VICTORY_TOKENS,
)
from .legal import seventh_hand

if TYPE_CHECKING:
    from .state import SevenWondersState

#: The Free City's index when 2 play.
FREE_CITY = 2


def apply_action(s: SevenWondersState, action: Action) -> None:
    """Carry out a legal ``action`` of the pending decision and everything it triggers."""
    if s.queue:
        kind, city = s.queue.pop(0)
        if kind == "seventh_card":
            card = _take(s, city, action, seventh=True)
            gain = [0] * s.num_cities
            _place(s, city, card, action, gain)
            _update(s, city, card, action)
            _after_placing(s, city, card, action, gain)
            _collect(s, gain)
        else:
            assert isinstance(action, BuildFromDiscard)
            index = _find(s.discard, action.card)
            card = s.discard.pop(index)
            del s.discard_known[index]
            s.built[city] = (*s.built[city], card)
            # Built for free, it is a structure like any other: the same effects follow.
            as_built = build(action.card, 0, 0)
            _update(s, city, card, as_built)
            gain = [0] * s.num_cities
            _after_placing(s, city, card, as_built, gain)
            _collect(s, gain)
        advance(s)
        return
    s.choices.commit(s.choices.waiting[0] if s.num_players > 2 else s.turn_city(), action)
    if not s.choices.waiting:
        resolve_turn(s)
        advance(s)


def _find(cards: list[str] | tuple[str, ...], kind: str) -> int:
    """Where the first copy (lowest id) of ``kind`` lies in ``cards``."""
    for card in _COPIES.get(kind, ()):  # lowest id first
        if card in cards:
            return cards.index(card)
    raise ValueError(f"no card of kind {kind!r} among {list(cards)}")


#: The copies of each kind, sorted (a plain dict: every card played is looked up here).
_COPIES = dict(KINDS)


def _take(s: SevenWondersState, city: int, action: Action, *, seventh: bool = False) -> str:
    """Take the action's card out of the hand (or the Free City's pile) it is played from."""
    kind: str = action.card  # type: ignore[attr-defined]
    if seventh and city >= s.num_players:
        return s.pile.pop(_find(s.pile, kind))
    seat = city if city < s.num_players else s.holder
    hand = s.hands.cards[seat]
    for card in _COPIES[kind]:  # _find, inline: the first copy (lowest id) in the hand
        if card in hand:
            break
    else:
        raise ValueError(f"no card of kind {kind!r} among {list(hand)}")
    s.hands.remove(seat, card, public=type(action) in _STRUCTURES)
    return card


#: The actions that put a card down face up as a structure (types: only the game's own action
#: objects are carried out).
_STRUCTURES = frozenset({Build, BuildFree})
#: Per card id, its coin cost and its effect; per board and side, its wonder stages (plain
#: dicts: read for every card played).
_COIN_COST = {card.id: card.cost.coins for card in CARDS.values()}
_EFFECT = {card.id: card.effect for card in CARDS.values()}
#: Per card id, its effect if it pays coins once, when built (else None: most cards).
_ONCE = {
    card: effect if effect.coins or effect.coins_per is not None else None for card, effect in _EFFECT.items()
}
_STAGES = {(board.name, side): stages for board in BOARDS.values() for side, stages in board.sides.items()}


def _place(s: SevenWondersState, city: int, card: str, action: Action, gain: list[int]) -> None:
    """Pay for and put down one city's card (neighbours' income goes to ``gain``, usable only
    once the turn is over)."""
    kind = type(action)
    if kind is Build:
        left, right = action.left, action.right  # type: ignore[attr-defined]
        s.coins[city] -= _COIN_COST[card] + left + right
        cities = len(gain)
        gain[(city + 1) % cities] += left
        gain[(city - 1) % cities] += right
        s.built[city] = (*s.built[city], card)
    elif kind is Discard:
        s.discard.append(card)
        s.discard_known.append(1 << (city if city < s.num_players else s.holder))
        gain[city] += DISCARD_COINS
    elif kind is BuildStage:
        left, right = action.left, action.right  # type: ignore[attr-defined]
        stage = _STAGES[s.boards[city], s.sides[city]][len(s.tucked[city])]
        s.coins[city] -= stage.cost.coins + left + right
        cities = len(gain)
        gain[(city + 1) % cities] += left
        gain[(city - 1) % cities] += right
        s.tucked[city] = (*s.tucked[city], card)
        s.tucked_known[city] = (*s.tucked_known[city], 1 << (city if city < s.num_players else s.holder))
    elif kind is BuildFree:
        s.olympia_used[city] = s.age
        s.built[city] = (*s.built[city], card)
    else:  # pragma: no cover - legal actions are only the cases above
        raise AssertionError(f"unexpected action {action!r}")


def _after_placing(s: SevenWondersState, city: int, card: str, action: Action, gain: list[int]) -> None:
    """The once-only effects of what a city just built, counted on the cities as they now stand
    (so a Lighthouse counts itself and Vineyard counts the neighbours' cards of this turn)."""
    kind = type(action)
    if kind is Build or kind is BuildFree:
        effect = _ONCE[card]
        if effect is None:
            return
    elif kind is BuildStage:
        effect = _STAGES[s.boards[city], s.sides[city]][len(s.tucked[city]) - 1].effect
        if effect.special == "build_from_discard":
            s.queue.append(("build_from_discard", city))
    else:
        return
    if effect.coins:
        gain[city] += effect.coins
    if effect.coins_per is not None:
        gain[city] += scoring.count_rule(s, city, effect.coins_per)


def _collect(s: SevenWondersState, gain: list[int]) -> None:
    s.coins[:] = [held + amount for held, amount in zip(s.coins, gain)]


def _update(s: SevenWondersState, city: int, card: str, action: Action) -> None:
    """Bring the city's derived view up to date with the card it just placed."""
    kind = type(action)
    if kind is Discard:
        return
    views = s.views
    old = views[city]
    if kind is BuildStage:
        stage = _STAGES[s.boards[city], s.sides[city]][len(s.tucked[city]) - 1]
        new = views[city] = extend(old, stage.effect, None)
    else:
        new = views[city] = build_card(old, card)
    made, was = new.production, old.production
    if made is not was:  # markets depend on nothing else
        markets = s.markets
        markets[city] = None
        # A neighbour's market reads only what the city sells (named by its trade code): a new
        # discount or a production kept for itself leaves the neighbours' markets as they are.
        if made.trade_code != was.trade_code:
            cities = len(markets)
            markets[(city + 1) % cities] = markets[(city - 1) % cities] = None


def resolve_turn(s: SevenWondersState) -> None:
    """Reveal every city's choice and resolve them together: payments from the coins held at
    the start of the turn, then the cards, then the once-only coins of what was built."""
    revealed = s.choices.reveal()
    gain = [0] * s.num_cities
    placed = []
    # The Free City's card comes from the holder's hand after the holder's own (the order the
    # choices were made in), so lower city indexes take their card first. A city's view is
    # updated as soon as its card is down (placing reads no view); the once-only coins wait
    # until every card is.
    for city, action in revealed.items():
        card = _take(s, city, action)
        _place(s, city, card, action, gain)
        kind = type(action)
        if kind is not Discard:  # a discard changes no view and pays no once-only coins
            _update(s, city, card, action)
            if kind is BuildStage or _ONCE[card] is not None:
                placed.append((city, card, action))
    for city, card, action in placed:
        _after_placing(s, city, card, action, gain)
    _collect(s, gain)
    if s.turn == TURNS_PER_AGE:
        halikarnassos = s.queue
        s.queue = [
            ("seventh_card", city)
            for city in range(s.num_cities)
            if "play_seventh_card" in s.views[city].powers
        ]
        s.queue.append(("discard_sevenths", -1))
        s.queue.extend(halikarnassos)


def advance(s: SevenWondersState) -> None:
    """Run what needs no decision until one is pending: skip owed decisions that cannot be
    taken, discard the 7th cards, pass the hands, end the Age or the game."""
    while True:
        while s.queue:
            kind, city = s.queue[0]
            if kind == "discard_sevenths":
                s.queue.pop(0)
                _discard_sevenths(s)
                continue
            if kind == "seventh_card" and not seventh_hand(s, city):
                s.queue.pop(0)
                continue
            if kind == "build_from_discard":
                # Its controller looks through the whole pile ("can look at all of the cards
                # discarded"), even when none of them can be built.
                bit = 1 << s.controller(city)
                s.discard_known = [known | bit for known in s.discard_known]
                names = s.views[city].names
                if not any(CARDS[card].name not in names for card in s.discard):
                    s.queue.pop(0)  # nothing to build: the power is lost
                    continue
            return
        if s.choices.is_open:
            return
        if s.turn < TURNS_PER_AGE:
            _next_turn(s)
            return
        _end_age(s)
        if s.outcome is not None:
            return


def _discard_sevenths(s: SevenWondersState) -> None:
    """The cards left after the 6th turn go face down to the discard pile, without coins."""
    for seat, hand in enumerate(s.hands.take_all()):
        for card in hand:
            s.discard.append(card)
            s.discard_known.append(1 << seat)
    for card in s.pile:  # nobody has seen the Free City's last pile card
        s.discard.append(card)
        s.discard_known.append(0)
    s.pile = []


def _next_turn(s: SevenWondersState) -> None:
    s.turn += 1
    n = s.num_players
    if n == 2:
        s.hands.pass_hands(_SWAP)
        s.holder = 1 - s.holder  # the Free City card travels with the hand
        s.hands.add(s.holder, s.pile.pop())
    else:
        s.hands.pass_hands(_TO_RIGHT[n] if s.age == 2 else _TO_LEFT[n])
    s.choices.begin(range(s.num_cities))


#: Per player count (3-7: with 2 the hands swap), the seat each seat's hand goes to in Ages I
#: and III (its left neighbour) and in Age II (its right), the seats sitting clockwise.
_SEATINGS = {n: TurnOrder(list(range(n))) for n in range(3, 8)}
_TO_LEFT = {n: [turns.left_of(seat) for seat in range(n)] for n, turns in _SEATINGS.items()}
_TO_RIGHT = {n: [turns.right_of(seat) for seat in range(n)] for n, turns in _SEATINGS.items()}
_SWAP = [1, 0]


def start_age(s: SevenWondersState) -> None:
    """Deal the Age's deck: 7 cards a seat (and the Free City's pile), and open the first turn."""
    deck = s.decks[s.age - 1]
    n = s.num_players
    # Each seat's 7 cards off the top (the end of the list), sliced rather than popped one by
    # one: a dealt hand is sorted, so the order they came in is lost anyway.
    top = len(deck)
    hands = [deck[top - HAND_SIZE * (seat + 1) : top - HAND_SIZE * seat] for seat in range(n)]
    del deck[top - HAND_SIZE * n :]
    s.hands.deal(hands)
    if n == 2:
        s.pile = deck[:]
        deck.clear()
        # The Free City card starts left of the Free City in Ages I and III, right in Age II.
        s.holder = s.left_of(FREE_CITY) if s.age != 2 else s.right_of(FREE_CITY)
        s.hands.add(s.holder, s.pile.pop())
    s.turn = 1
    s.choices.begin(range(s.num_cities))


def _end_age(s: SevenWondersState) -> None:
    """Military conflicts against both neighbours, then the next Age or the end of the game."""
    shields = [view.shields for view in s.views]
    win = VICTORY_TOKENS[s.age]
    for city in range(s.num_cities):
        tokens = list(s.tokens[city])
        for other in (s.left_of(city), s.right_of(city)):
            if shields[city] > shields[other]:
                tokens.append(win)
            elif shields[city] < shields[other]:
                tokens.append(DEFEAT_TOKEN)
        s.tokens[city] = tuple(tokens)
    if s.age == 3:
        s.outcome = scoring.outcome(s)
        return
    s.age += 1
    start_age(s)
