"""The checks a loaded save must pass: every card in one place, coherent cities, hands, turn and
pending decisions. Each raises ``ValueError`` naming what is wrong."""

from __future__ import annotations

from itertools import chain
from operator import getitem
from typing import TYPE_CHECKING, NoReturn

from tabletop.core.invariants import each_in_one_place

from .actions import Discard
from .components import (
    BOARDS,
    CARDS,
    DISCARD_COINS,
    HAND_SIZE,
    KINDS,
    STARTING_COINS,
    TURNS_PER_AGE,
    CountRule,
)
from .legal import card_actions, turn_hand
from .refusals import why_not_playable
from .scoring import outcome
from .tensor import REASONS, TOKEN_VALUES

if TYPE_CHECKING:
    from .state import SevenWondersState

_ALL_CARDS = frozenset(CARDS)
_NAME_OF = {card.id: card.name for card in CARDS.values()}.get
#: The cards of each Age, and of each Age and the ones before it.
_OF_AGE = {age: frozenset(card for card in CARDS if CARDS[card].age == age) for age in (1, 2, 3)}
_UP_TO_AGE = {age: frozenset(card for card in CARDS if CARDS[card].age <= age) for age in (1, 2, 3)}
_DECK_AGES = (_OF_AGE[1], _OF_AGE[2], _OF_AGE[3])


def _most_payout(rule: CountRule | None) -> int:
    """The most coins ``rule`` can pay at once: every card of its colours in the box, every stage
    of the longest wonder side, or every defeat token a city can take (two a conflict)."""
    if rule is None:
        return 0
    most = {
        "card": sum(card.color in rule.colors for card in CARDS.values()),
        "wonder_stage": max(len(stages) for board in BOARDS.values() for stages in board.sides.values()),
        "defeat_token": 2 * 3,
    }[rule.per]
    return rule.amount * most


#: The most coins one card can take from the bank: 3 for a discard, or what a card or a wonder
#: stage pays when built, each count at its largest.
_MOST_PER_CARD = max(
    DISCARD_COINS,
    *(
        effect.coins + _most_payout(effect.coins_per)
        for effect in chain(
            (card.effect for card in CARDS.values()),
            (
                stage.effect
                for board in BOARDS.values()
                for stages in board.sides.values()
                for stage in stages
            ),
        )
    ),
)
#: The cards a city can play in a game: each Age's six turns and a seventh card (Babylon B), and
#: a build from the discard pile for each stage of a wonder side (Halikarnassos).
_MOST_CARDS_A_CITY = 3 * (TURNS_PER_AGE + 1) + max(
    len(stages) for board in BOARDS.values() for stages in board.sides.values()
)
#: The order the cities commit their turn's choices in (see ``SevenWondersState.turn_city``):
#: by index with 3 or more players; with 2, per holder of the Free City card, the holder's own
#: city right before the Free City.
_COMMIT_ORDER = {0: (0, 2, 1), 1: (0, 1, 2)}
#: Per player count, every bit mask of seats (who knows a discarded or tucked card).
_SEAT_MASKS = {n: frozenset(range(1 << n)) for n in range(2, 8)}
#: 2 players: the seat holding the Free City card on the first turn of each Age (left of the
#: Free City in Ages I and III, right of it in Age II); it changes hands with every turn.
_FIRST_HOLDER = {1: 0, 2: 1, 3: 0}
#: Per board and side, the indexes of the wonder stages whose power is Halikarnassos' build
#: from the discard pile; the boards with one (Halikarnassos alone); and per board and side how
#: many stages a city has built once it has one (more than it can: never).
_FROM_DISCARD = {
    (board.name, side): frozenset(
        i for i, stage in enumerate(stages) if stage.effect.special == "build_from_discard"
    )
    for board in BOARDS.values()
    for side, stages in board.sides.items()
}
_FROM_DISCARD_BOARDS = tuple(sorted({board for (board, _), stages in _FROM_DISCARD.items() if stages}))
_FROM_DISCARD_AFTER = {
    (board.name, side): min(_FROM_DISCARD[board.name, side], default=len(stages)) + 1
    for board in BOARDS.values()
    for side, stages in board.sides.items()
}


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
    # The bank has no limit, but coins only come from it a card at a time (trades pass them
    # between cities): a total no game can pay out is a tampered save.
    most = cities * (STARTING_COINS + _MOST_CARDS_A_CITY * _MOST_PER_CARD)
    if sum(s.coins) > most:
        raise ValueError(
            f"the cities hold {sum(s.coins)} coins together: a game pays out at most {most} "
            f"({STARTING_COINS} a city to start and {_MOST_PER_CARD} for each of the "
            f"{_MOST_CARDS_A_CITY} cards a city can play)"
        )
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
    # Without the Free City (3 players or more) there is no pile; with it, ``_check_hands``
    # counts it against the turn.
    if n != 2 and s.pile:
        raise ValueError(f"the Free City's pile holds {len(s.pile)} cards at turn {s.turn} with {n} players")
    if not all(0 <= used <= s.age for used in s.olympia_used):  # the Age of the free build, or 0
        raise ValueError(f"olympia_used {s.olympia_used} must be 0 or an Age up to {s.age}")
    for city, used in enumerate(s.olympia_used):
        if used and "build_free_once_per_age" not in s.views[city].powers:
            raise ValueError(
                f"city {city}'s olympia_used is {used}, but it has built no stage giving a free build "
                "once an Age (Olympia's power)"
            )
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
    if s.queue:
        _check_queue(s)
    _check_hands(s, n)
    _check_memories(s, n)
    if s.choices.waiting or s.choices.choices:
        _check_turn(s, cities)
    if s.outcome is not None:
        _check_outcome(s)


def _check_outcome(s: SevenWondersState) -> None:
    """A finished game's outcome is what its score sheets give: nothing changes a city after
    the last turn. A trusted save given 30 more coins once kept its old totals and winners."""
    given = outcome(s)
    if s.outcome != given:
        raise ValueError(f"outcome is {s.outcome}, but the cities' score sheets and coins give {given}")


def _check_queue(s: SevenWondersState) -> None:
    """The decisions owed after a turn, as ``effects`` leaves them for a player: during an Age
    only Halikarnassos' build (the turn its stage is built); after the 6th turn Babylon B's 7th
    card, the discard of the 7th cards (city -1), then Halikarnassos' build, the first of them
    one that ``advance`` does not pass over (it discards the 7th cards at once, and drops a 7th
    card with none to play and a build with nothing to build). A save whose queue entry was
    renamed ``discard_sevenths`` loaded with no legal action in a game not over."""
    queue = s.queue
    head, city = queue[0]
    if head == "discard_sevenths":
        raise ValueError(
            f"queue {queue} starts with discard_sevenths: the 7th cards are discarded as soon as "
            "nothing is owed before it, so no player ever waits on it"
        )
    if head == "seventh_card":
        shape = (
            s.turn == TURNS_PER_AGE
            and len(queue) <= 3
            and queue[1:2] == [("discard_sevenths", -1)]
            and all(kind == "build_from_discard" for kind, _ in queue[2:])
        )
    else:
        shape = len(queue) == 1
    if not shape:
        raise ValueError(
            f"queue {queue} at turn {s.turn} is no order of owed decisions: after the "
            f"{TURNS_PER_AGE}th turn seventh_card (one city), discard_sevenths (city -1), "
            "build_from_discard (one city); after any other turn build_from_discard alone"
        )
    if not s.views:  # derived on loading unless a component was unknown (refused above)
        s.refresh()
    for kind, owing in queue:
        if kind == "seventh_card" and "play_seventh_card" not in s.views[owing].powers:
            raise ValueError(
                f"queue: city {owing} ({s.boards[owing]} {s.sides[owing]}) owes a seventh_card "
                "without the wonder stage that plays the 7th card (Babylon B's second)"
            )
        if (
            kind == "build_from_discard"
            and len(s.tucked[owing]) - 1 not in _FROM_DISCARD[s.boards[owing], s.sides[owing]]
        ):
            raise ValueError(
                f"queue: city {owing} ({s.boards[owing]} {s.sides[owing]}) owes a build_from_discard, "
                "owed only the turn a city builds a Halikarnassos stage that gives it, and the last "
                f"of its {len(s.tucked[owing])} stages built gives none"
            )
    if head == "build_from_discard":
        names = s.views[city].names
        if all(_NAME_OF(card) in names for card in s.discard):
            raise ValueError(
                f"queue: city {city} owes a build_from_discard, but the discard pile holds no "
                "structure it does not have (the power is then lost at once)"
            )


def _check_hands(s: SevenWondersState, n: int) -> None:
    """Turn, hands, the Free City's pile and its card's holder fit one moment of the Age. A hand
    of 7 is dealt to every seat and the cities play a card each turn, so while they choose every
    hand holds 8 - turn cards (with 2 players the holder one more: the pile card it drew, the
    Free City playing from its hand); after the reveal, while a decision is owed, 7 - turn;
    once the 7th cards are discarded (Halikarnassos building after the 6th turn, or the game
    over) none. The Free City card starts each Age with seat 0 (seat 1 in Age II) and changes
    hands every turn. A save with turn 6 edited to 4 loaded, and two turns later the hands ran
    out in a game with no legal action."""
    turn = s.turn
    if n == 2:
        holder = _FIRST_HOLDER[s.age] ^ ((turn - 1) & 1)
        if s.holder != holder:
            raise ValueError(
                f"holder: the Free City card starts Age {s.age} with seat {_FIRST_HOLDER[s.age]} and "
                f"changes hands every turn, so seat {holder} holds it at turn {turn}, not {s.holder}"
            )
    queue = s.queue
    discarded = False
    if s.outcome is not None:
        if s.age != 3 or turn != TURNS_PER_AGE or queue:
            raise ValueError(
                f"outcome: a game ends after the {TURNS_PER_AGE}th turn of Age III with nothing owed, "
                f"not at age {s.age}, turn {turn} with queue {queue}"
            )
        discarded, size, when = True, 0, "once the game is over,"
    elif queue and turn == TURNS_PER_AGE and queue[0][0] == "build_from_discard":
        discarded, size, when = True, 0, "once the 7th cards are discarded,"
    elif queue:
        size, when = HAND_SIZE - turn, f"after the reveal, {HAND_SIZE} - turn ="
    else:
        size, when = HAND_SIZE + 1 - turn, f"while the cities choose, {HAND_SIZE + 1} - turn ="
    sizes = list(map(len, s.hands.cards))
    expected = [size] * n
    drawn = n == 2 and not queue and not discarded  # the holder's pile card, while the cities choose
    if drawn:
        expected[s.holder] += 1
    if sizes != expected:
        extra = " (the Free City card's holder one more: its pile card)" if drawn else ""
        raise ValueError(
            f"turn {turn} does not fit the hands: {when} {size} cards a hand{extra}, got hand sizes {sizes}"
        )
    # The Free City's pile gives its holder a card each turn: a trusted save with the pile
    # emptied loaded, and the next turn's draw raised IndexError.
    if n == 2 and len(s.pile) != (0 if discarded else HAND_SIZE - turn):
        raise ValueError(
            f"the Free City's pile holds {len(s.pile)} cards at turn {turn}: "
            + ("none once the 7th cards are discarded" if discarded else f"{HAND_SIZE} - turn until they are")
        )


def _check_memories(s: SevenWondersState, n: int) -> None:
    """What each seat remembers of the hands is where play can have left it. Its own hand is the
    hand it holds. A card seen in another's hand is of the Age dealt (each deal starts the
    memories afresh) and remembered once (a card is in one hand); it is still in that hand, or
    went face down (the discard pile, a wonder stage), perhaps on from the discard pile to
    Halikarnassos' structures; a card built in public is forgotten by all. Once the 7th cards
    are discarded nothing is remembered. Saves remembering a card in two hands, an Age III card
    in an Age II hand, a guild of the box, or with two hands swapped loaded, and ``determinize``
    then dealt a card twice or found no place for one (AssertionError, or ValueError from a
    sample).

    One pass over the memories that are not the hand as it is (most are: a hand is seen as it is
    passed) tells a save that passes; only one that fails pays for the checks naming why."""
    cards = s.hands.cards
    seen = s.hands.seen
    if list(map(getitem, seen, range(n))) != cards:
        _name_memory_fault(s, n)
    of_age = _OF_AGE[s.age]
    elsewhere: frozenset[str] | None = None
    for row in seen:
        # The cards of a hand are of the Age, distinct, and in no memory of another hand (they
        # are not elsewhere): so a memory equal to its hand is right, and a card remembered
        # twice is one gone from the hand of a memory that is not.
        remembered: set[str] = set()
        for memory, hand in zip(row, cards):
            if memory == hand or not memory:
                continue
            if elsewhere is None:
                elsewhere = _left_in_secret(s, n)
            for card in memory:  # a few cards: cheaper than making sets of them
                if card in remembered or (card not in hand and (card not in elsewhere or card not in of_age)):
                    _name_memory_fault(s, n)
                remembered.add(card)


def _name_memory_fault(s: SevenWondersState, n: int) -> NoReturn:
    """Raise the error naming what is wrong with the memories of the hands (see
    :func:`_check_memories`)."""
    cards = s.hands.cards
    seen = s.hands.seen
    if not _ALL_CARDS.issuperset(chain(*chain(*seen))):  # an unknown one broke the tensor
        raise ValueError(f"hands.seen names what is no card: {seen}")
    of_age = _OF_AGE[s.age]
    for viewer, memories in enumerate(seen):
        remembered = list(chain.from_iterable(memories))
        if len(set(remembered)) != len(remembered) or not of_age.issuperset(remembered):
            raise ValueError(
                f"seat {viewer} remembers a card in two hands, twice in one, or of another Age: {memories}"
            )
    for viewer, row in enumerate(seen):
        if row[viewer] != cards[viewer]:
            raise ValueError(
                f"hands.seen[{viewer}][{viewer}] must be the hand seat {viewer} holds, "
                f"{list(cards[viewer])}, got {list(row[viewer])}"
            )
    elsewhere = _left_in_secret(s, n)
    for viewer, row in enumerate(seen):
        for other, (memory, hand) in enumerate(zip(row, cards)):
            lost = sorted(set(memory).difference(hand, elsewhere))
            if lost:
                raise ValueError(
                    f"hands.seen[{viewer}][{other}]: seat {viewer} remembers {lost} in seat {other}'s "
                    "hand, which can have left it only face down (discard pile, wonder stage, then "
                    "Halikarnassos' structures)"
                    + ("" if any(cards) else ", and every memory goes with the discarded 7th cards")
                )
    raise AssertionError(f"no fault found in the memories {seen}")  # pragma: no cover


def _left_in_secret(s: SevenWondersState, n: int) -> frozenset[str]:
    """The cards a card seen in a hand may have gone to unseen: none once the hands are empty
    (the 7th cards discarded, every memory with them); else the discard pile, the wonders and
    the structures of a city with Halikarnassos' build from the pile."""
    if not any(s.hands.cards):
        return frozenset()
    places = [s.discard, *s.tucked]
    for board in _FROM_DISCARD_BOARDS:  # (the boards are distinct: checked above)
        if board in s.boards:
            city = s.boards.index(board)
            if len(s.tucked[city]) >= _FROM_DISCARD_AFTER[board, s.sides[city]]:
                places.append(s.built[city])
    return frozenset(chain.from_iterable(places))


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
