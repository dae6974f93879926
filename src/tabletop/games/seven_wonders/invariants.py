"""The checks a loaded save must pass: every card in one place, coherent cities, hands, turn and
pending decisions. Each raises ``ValueError`` naming what is wrong."""

from __future__ import annotations

from itertools import chain
from typing import TYPE_CHECKING

from tabletop.core.invariants import each_in_one_place

from .actions import Discard
from .components import BOARDS, CARDS, HAND_SIZE, KINDS, TURNS_PER_AGE
from .legal import card_actions, turn_hand
from .refusals import why_not_playable
from .tensor import REASONS, TOKEN_VALUES

if TYPE_CHECKING:
    from .state import SevenWondersState

_ALL_CARDS = frozenset(CARDS)
_NAME_OF = {card.id: card.name for card in CARDS.values()}.get
#: The cards of each Age, and of each Age and the ones before it.
_OF_AGE = {age: frozenset(card for card in CARDS if CARDS[card].age == age) for age in (1, 2, 3)}
_UP_TO_AGE = {age: frozenset(card for card in CARDS if CARDS[card].age <= age) for age in (1, 2, 3)}
_DECK_AGES = (_OF_AGE[1], _OF_AGE[2], _OF_AGE[3])
#: The order the cities commit their turn's choices in (see ``SevenWondersState.turn_city``):
#: by index with 3 or more players; with 2, per holder of the Free City card, the holder's own
#: city right before the Free City.
_COMMIT_ORDER = {0: (0, 2, 1), 1: (0, 1, 2)}
#: Per player count, every bit mask of seats (who knows a discarded or tucked card).
_SEAT_MASKS = {n: frozenset(range(1 << n)) for n in range(2, 8)}


def check(s: SevenWondersState) -> None:
    """Refuse a state the rules cannot reach."""
    n = s.num_players
    cities = 3 if n == 2 else n
    for name in ("boards", "sides", "coins", "built", "tucked", "tucked_known", "tokens", "olympia_used"):
        if len(getattr(s, name)) != cities:
            raise ValueError(f"{name} must have one entry per city ({cities}), got {len(getattr(s, name))}")
    if len(s.hands.cards) != n:
        raise ValueError(f"hands must hold one hand per seat ({n}), got {len(s.hands.cards)}")
    for city, board in enumerate(s.boards):
        if board not in BOARDS:
            raise ValueError(f"city {city}'s board {board!r} is not a board; known: {sorted(BOARDS)}")
        if s.sides[city] not in ("A", "B"):
            raise ValueError(f"city {city}'s side must be 'A' or 'B', got {s.sides[city]!r}")
        if len(s.tucked[city]) > len(BOARDS[board].sides[s.sides[city]]):
            raise ValueError(f"city {city} has more tucked cards than its wonder has stages")
        if len(s.tucked_known[city]) != len(s.tucked[city]):
            raise ValueError(f"city {city}: tucked_known must give one entry per tucked card")
        if s.coins[city] < 0:
            raise ValueError(f"city {city} holds {s.coins[city]} coins: coins are never negative")
        names = list(filter(None, map(_NAME_OF, s.built[city])))  # unknown cards: refused below
        if len(set(names)) != len(names):
            raise ValueError(f"city {city} holds two structures of one name: {sorted(names)}")
    if len(set(s.boards)) != cities:
        raise ValueError(f"two cities share a board: {s.boards}")
    if not 1 <= s.age <= 3 or not 1 <= s.turn <= TURNS_PER_AGE:
        raise ValueError(f"age must be 1-3 and turn 1-{TURNS_PER_AGE}, got age {s.age}, turn {s.turn}")
    if len(s.discard_known) != len(s.discard):
        raise ValueError("discard_known must give one entry per discarded card")
    if len(s.decks) != 3:
        raise ValueError(f"decks must hold the three Ages' decks, got {len(s.decks)}")
    # A seat with 2 players, exactly -1 otherwise (a holder of 10**20 with 4 players loaded).
    if (not 0 <= s.holder < n) if n == 2 else s.holder != -1:
        raise ValueError(f"holder must be a seat with 2 players and -1 otherwise, got {s.holder}")
    _check_knowledge(s, n)
    # Every card once, each known, and none missing: one set comparison; only a save that
    # fails it pays for naming the places and the check naming the card.
    try:
        every = [*chain(*s.hands.cards, *s.built, *s.tucked, *s.decks), *s.discard, *s.pile, *s.box]
        exact = len(every) == len(CARDS) and _ALL_CARDS.issuperset(every) and len(set(every)) == len(every)
    except TypeError:  # an unhashable item or a place that is no list, from a tampered save
        exact = False
    if not exact:
        places: list[tuple[str, tuple[str, ...] | list[str]]] = []
        places += [(f"seat {seat}'s hand", hand) for seat, hand in enumerate(s.hands.cards)]
        places += [(f"city {city}'s structures", built) for city, built in enumerate(s.built)]
        places += [(f"city {city}'s wonder", tucked) for city, tucked in enumerate(s.tucked)]
        places += [("the discard pile", s.discard), ("the Free City's pile", s.pile), ("the box", s.box)]
        places += [(f"the Age {age} deck", deck) for age, deck in enumerate(s.decks, start=1)]
        each_in_one_place(places, CARDS)
    # The hands hold the current Age's cards and the decks the Ages to come: a save edited to
    # another age loaded, and determinize then found no place for the hidden cards.
    if any(CARDS[card].age != s.age for hand in s.hands.cards for card in hand) or any(
        bool(deck) != (age > s.age) for age, deck in enumerate(s.decks, start=1)
    ):
        raise ValueError(f"age {s.age}: the hands must hold Age {s.age} cards and the decks only later Ages'")
    # Each deck holds its own Age's cards and nothing of a later Age has left one: a determinized
    # save with a built Age I card swapped for one of the Age II deck loaded, and determinize
    # then found no place for the hidden cards (an AssertionError).
    played = chain(*s.built, *s.tucked, s.discard, s.pile)
    if not all(map(frozenset.issuperset, _DECK_AGES, s.decks)) or not _UP_TO_AGE[s.age].issuperset(played):
        raise ValueError(f"age {s.age}: a deck holds another Age's card, or a later Age's card was played")
    # The Free City's pile (2 players) gives its holder a card each turn: 7 - turn are left (none
    # once the Free City's seventh card is played on the last turn); without it there is none. A
    # trusted save with the pile emptied loaded, and the next turn's draw raised IndexError.
    sizes = {HAND_SIZE - s.turn, 0} if s.turn == TURNS_PER_AGE else {HAND_SIZE - s.turn}
    if len(s.pile) not in (sizes if n == 2 else {0}):
        raise ValueError(f"the Free City's pile holds {len(s.pile)} cards at turn {s.turn} with {n} players")
    if not _ALL_CARDS.issuperset(chain(*chain(*s.hands.seen))):  # an unknown one broke the tensor
        raise ValueError(f"hands.seen names what is no card: {s.hands.seen}")
    # A card is in one hand, so what a seat remembers of the hands never repeats a card, and is of
    # the Age dealt (each deal starts the memories afresh): a save remembering one card in two
    # hands, or an Age III card in an Age II hand, loaded, and determinize dealt a card twice or
    # found no place for one (AssertionError).
    of_age = _OF_AGE[s.age]
    for viewer, memories in enumerate(s.hands.seen):
        remembered = list(chain.from_iterable(memories))
        if len(set(remembered)) != len(remembered) or not of_age.issuperset(remembered):
            raise ValueError(
                f"seat {viewer} remembers a card in two hands, twice in one, or of another Age: {memories}"
            )
    if not all(0 <= used <= s.age for used in s.olympia_used):  # the Age of the free build, or 0
        raise ValueError(f"olympia_used {s.olympia_used} must be 0 or an Age up to {s.age}")
    for city, tokens in enumerate(s.tokens):  # an unknown token loaded and broke the tensor
        if not all(token in TOKEN_VALUES for token in tokens):  # the types are checked on loading
            raise ValueError(f"city {city}'s military tokens {tokens!r} are not all of {TOKEN_VALUES}")
    taken: dict[tuple[int, str], int] = {}
    for choice_city, action in s.choices.choices.items():
        if not 0 <= choice_city < cities:
            raise ValueError(f"a choice is recorded for city {choice_city}, which is not at the table")
        kind: str = getattr(action, "card", "")
        if kind not in KINDS:
            raise ValueError(f"city {choice_city}'s choice {action!r} names no card")
        # The card leaves the hand at the reveal (the Free City's its holder's, after the holder's
        # own): a save with two hands swapped loaded, and the reveal then failed.
        seat = choice_city if choice_city < s.num_players else s.holder
        taken[seat, kind] = taken.get((seat, kind), 0) + 1
        hand = s.hands.cards[seat] if 0 <= seat < len(s.hands.cards) else ()
        if sum(card in KINDS[kind] for card in hand) < taken[seat, kind]:
            raise ValueError(f"city {choice_city}'s choice {action!r} is of a card its hand does not hold")
    for waiting in s.choices.waiting:
        if not 0 <= waiting < cities:
            raise ValueError(f"city {waiting} waits to choose but is not at the table")
    for kind, city in s.queue:
        if kind not in ("seventh_card", "build_from_discard", "discard_sevenths"):
            raise ValueError(f"queue holds an unknown decision {kind!r}")
        if kind != "discard_sevenths" and not 0 <= city < cities:
            raise ValueError(f"queue names city {city}, which is not at the table")
    if s.outcome is not None and not set(s.outcome.reason.split("+")) <= set(REASONS):  # the tensor's one-hot
        raise ValueError(f"outcome reason {s.outcome.reason!r} is not one of {', '.join(REASONS)}")
    if s.outcome is None and not s.queue and not s.choices.waiting:
        raise ValueError("a game in progress must wait for a choice or an owed decision")
    if s.choices.waiting or s.choices.choices:
        _check_turn(s, cities)


def _check_knowledge(s: SevenWondersState, n: int) -> None:
    """Who knows which card: the seat bit masks of the discard pile and the tucked cards, and
    the cards each seat has not seen added to another's hand. A save with a mask of -1 or
    2**40, or an unseen count of 10**20 (which reached the observation tensor), loaded."""
    masks = _SEAT_MASKS[n]  # a set lookup per mask costs a third of min() and max()
    if not masks.issuperset(s.discard_known):
        raise ValueError(
            f"discard_known holds a bit per seat (0 to {len(masks) - 1} with {n} players), got {s.discard_known}"
        )
    if not masks.issuperset(chain.from_iterable(s.tucked_known)):
        raise ValueError(
            f"tucked_known holds a bit per seat (0 to {len(masks) - 1} with {n} players), got {s.tucked_known}"
        )
    unseen = s.hands.unseen
    if n != 2:
        # Cards join a hand only at the deal (which forgets every memory).
        if any(map(any, unseen)):
            raise ValueError(
                f"hands.unseen must be all 0 with {n} players: no card joins a hand after the deal, got {unseen}"
            )
        return
    # 2 players: the only card added to a hand is the Free City's pile card its holder draws,
    # one a turn, and the hands swap every turn: only the holder's hand can hold one card its
    # opponent has not seen.
    holder = s.holder
    if unseen[holder][1 - holder] or unseen[0][0] or unseen[1][1] or unseen[1 - holder][holder] > 1:
        raise ValueError(
            "hands.unseen: with 2 players only the Free City card's holder's hand holds a card its "
            f"opponent has not seen (the pile card it drew), at most one; got {unseen} (holder {holder})"
        )


def _check_turn(s: SevenWondersState, cities: int) -> None:
    """A turn under way: every city waits or has chosen, the cities that have chosen are the
    first in the order they choose in, and each committed choice is one of the legal actions the
    city had when it committed. Nothing a city's legal actions are computed from (coins,
    structures, wonder stages, hands, Olympia's use, the Free City's holder and the holder's own
    pick) changes before the reveal, and no decision is owed during a turn (Babylon B's 7th card
    and Halikarnassos' build come after it), so those are the actions the state offers now. A
    save whose committed trade paid a neighbour -5 coins, or 99 the city did not have, loaded and
    the coins flowed backwards or went negative at the reveal."""
    choices = s.choices.choices
    waiting = s.choices.waiting
    if s.queue or s.outcome is not None:
        raise ValueError(
            f"choices: a turn is under way (waiting {waiting}, chosen {sorted(choices)}) while "
            + ("the game is over" if s.outcome is not None else f"a decision is owed: {s.queue}")
        )
    # Both are within the table and share no city (checked above and by Simultaneous).
    if len(waiting) + len(choices) != cities:
        raise ValueError(
            f"choices: every city chooses each turn, but waiting {waiting} and chosen {sorted(choices)} "
            f"are not the {cities} cities"
        )
    n = s.num_players
    first = _COMMIT_ORDER[s.holder] if n == 2 else range(n)
    if choices.keys() != set(first[: len(choices)]):
        raise ValueError(
            f"choices: the cities commit in turn order {list(first)}, so chosen {sorted(choices)} "
            f"cannot be while {waiting} wait"
        )
    if not s.views:  # derived on loading unless a component was unknown (refused above)
        s.refresh()
    for city, action in choices.items():
        if city < n:
            if type(action) is Discard:  # a city may discard any card of its hand (checked above)
                continue
            # Without the Free City's duty to build, the actions with one card depend on no other
            # card of the hand: those of the chosen card alone are enough (and cheaper).
            hand: tuple[str, ...] = KINDS[action.card][:1]  # type: ignore[attr-defined]
        else:
            hand = turn_hand(s, city)
        if action not in card_actions(s, city, hand):
            decision = "free_city" if city >= n else "turn"
            hand = turn_hand(s, city)
            raise ValueError(
                f"choices: city {city}'s committed choice ({action}) is not one of its legal actions: "
                f"{why_not_playable(s, decision, city, hand, action)}"
            )
