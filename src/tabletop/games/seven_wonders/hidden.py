"""What each seat may know (``observation``) and the redeal behind ``determinize``.

Public: boards, coins, structures, military tokens, how many stages each city built (and the
Age on the back of each tucked card), hand sizes, who has chosen this turn, the decisions
owed. Hidden: the hands of others (a seat sees the cards it saw in a hand it passed, less those
since built in public), everyone's unrevealed choice, tucked cards (their owner knows them),
the face-down discard pile (a seat knows the cards it discarded; Halikarnassos' owner sees
all of it when building from it), the undealt decks, the Free City's pile and the guilds left
in the box.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any

from .components import CARDS
from .legal import card_actions, turn_hand

if TYPE_CHECKING:
    from .state import SevenWondersState


def _sees_pile(s: SevenWondersState, seat: int) -> bool:
    """Whether ``seat`` is playing the Free City's last pile card as its 7th card now."""
    return bool(s.queue) and s.queue[0] == ("seventh_card", 2) and s.num_players == 2 and s.holder == seat


def observation(s: SevenWondersState, seat: int) -> dict[str, Any]:
    """What ``seat`` may know, JSON-ready (see the module doc)."""
    bit = 1 << seat
    game = s.game
    mine = [
        [city, game.action_to_dict(action)]
        for city, action in sorted(s.choices.choices.items())
        if s.controller(city) == seat
    ]
    outcome = s.outcome
    return {
        "seat": seat,
        "age": s.age,
        "turn": s.turn,
        "decision": s.decision,
        "current_player": s.current_player,
        "acting_seats": list(s.acting_seats()),
        "holder": s.holder,
        "boards": list(s.boards),
        "sides": list(s.sides),
        "coins": list(s.coins),
        "built": [list(b) for b in s.built],
        "tucked": [
            [card if known & bit else f"back:{CARDS[card].age}" for card, known in zip(cards, knowns)]
            for cards, knowns in zip(s.tucked, s.tucked_known)
        ],
        "tokens": [list(t) for t in s.tokens],
        "olympia_used": list(s.olympia_used),
        "queue": [list(entry) for entry in s.queue],
        "hands": [s.hands.view(seat, other) for other in range(s.num_players)],
        "choices": {**s.choices.public_view(), "mine": mine},
        "discard": {
            "count": len(s.discard),
            "known": sorted(card for card, known in zip(s.discard, s.discard_known) if known & bit),
            "backs": sorted(CARDS[card].age for card in s.discard),
        },
        "pile": list(s.pile) if _sees_pile(s, seat) else len(s.pile),
        "decks": [len(deck) for deck in s.decks],
        "box": sorted(card for card in s.box if not CARDS[card].is_guild),
        "box_guilds": sum(1 for card in s.box if CARDS[card].is_guild),
        "outcome": None
        if outcome is None
        else {"winners": list(outcome.winners), "scores": list(outcome.scores), "reason": outcome.reason},
    }


def _back(card: str) -> int:
    return CARDS[card].age


def resample(s: SevenWondersState, seat: int) -> None:
    """Redeal, with ``s.rng``, every card ``seat`` cannot place, from a canonical order (sorted
    ids), so that the result depends only on ``observation(seat)`` and the seed.

    Cards ``seat`` saw in a hand it passed stay in that hand as far as its size allows; those
    that must have left it in secret go to the face-down places of their Age (tucked cards,
    discard pile). Other seats' unrevealed choices are redrawn among their legal actions.
    Other seats' knowledge is simplified: each knows its own hand and tucked cards, nothing of
    other hands or of the discard pile.
    """
    rng = s.rng
    n = s.num_players
    bit = 1 << seat
    hands = s.hands
    known: set[str] = set(hands.cards[seat])
    for cards in s.built:
        known.update(cards)
    for cards, knowns in zip(s.tucked, s.tucked_known):
        known.update(card for card, k in zip(cards, knowns) if k & bit)
    known_discard = sorted(card for card, k in zip(s.discard, s.discard_known) if k & bit)
    known.update(known_discard)
    public_box = sorted(card for card in s.box if not CARDS[card].is_guild)
    known.update(public_box)
    sees_pile = _sees_pile(s, seat)
    if sees_pile:
        known.update(s.pile)
    unknown = sorted(set(CARDS) - known)
    unknown_set = set(unknown)

    # The face-down places ``seat`` does not know, by the Age on their backs, in a canonical order.
    priority: dict[int, list[tuple[str, int, int]]] = {1: [], 2: [], 3: []}
    for city, (cards, knowns) in enumerate(zip(s.tucked, s.tucked_known)):
        for i, (card, k) in enumerate(zip(cards, knowns)):
            if not k & bit:
                priority[_back(card)].append(("tucked", city, i))
    unknown_discard_backs = sorted(_back(card) for card, k in zip(s.discard, s.discard_known) if not k & bit)
    for i, back in enumerate(unknown_discard_backs):
        priority[back].append(("discard", 0, i))

    # Other hands: first the remembered cards, as many as can still be there.
    kept: dict[int, list[str]] = {}
    general: dict[int, int] = {}
    left_secretly: list[str] = []
    remembered: set[str] = set()
    gone: list[tuple[int, str]] = []
    for other in range(n):
        if other == seat:
            continue
        memory = sorted(card for card in hands.seen[seat][other] if card in unknown_set)
        remembered.update(memory)
        size = hands.count(other)
        take = max(0, min(size - hands.unseen[seat][other], len(memory)))
        chosen = rng.sample(memory, take)
        kept[other] = chosen
        general[other] = size - take
        chosen_set = set(chosen)
        gone.extend((other, card) for card in memory if card not in chosen_set)
    # A remembered card can have left its hand only face down, to a place of its Age ``seat``
    # does not know: those beyond the places there are are still in their hands. (The unseen
    # count is an upper bound: with 2 players the holder's drawn pile card can leave its hand
    # unseen, and its opponent cannot tell whether a remembered card went with it.)
    room = {back: len(slots) for back, slots in priority.items()}
    if any(count > room[back] for back, count in Counter(_back(card) for _, card in gone).items()):
        rng.shuffle(gone)
        for other, card in gone:
            if room[_back(card)] > 0 or general[other] == 0:
                room[_back(card)] -= 1
                left_secretly.append(card)
            else:
                kept[other].append(card)
                general[other] -= 1
    else:
        left_secretly.extend(card for _, card in gone)

    # The guilds left in the box: any unknown guild nobody is known to hold.
    box_guilds = sum(1 for card in s.box if CARDS[card].is_guild)
    candidates = sorted(c for c in unknown if CARDS[c].is_guild and c not in remembered)
    boxed = sorted(rng.sample(candidates, box_guilds))
    taken = set(boxed)
    for chosen_cards in kept.values():
        taken.update(chosen_cards)

    # The other places, by the Age on their backs, in a canonical order.
    plain: dict[int, list[tuple[str, int, int]]] = {1: [], 2: [], 3: []}
    for other in sorted(general):
        for i in range(general[other]):
            plain[s.age].append(("hand", other, i))
    if not sees_pile:
        for i in range(len(s.pile)):
            plain[s.age].append(("pile", 0, i))
    for age, deck in enumerate(s.decks, start=1):
        for i in range(len(deck)):
            plain[age].append(("deck", age - 1, i))

    placed: dict[tuple[str, int, int], str] = {}
    for back in (1, 2, 3):
        secret = sorted(card for card in left_secretly if _back(card) == back)
        rest = [card for card in unknown if _back(card) == back and card not in taken and card not in secret]
        slots = priority[back]
        order = list(range(len(slots)))
        rng.shuffle(order)
        rng.shuffle(secret)
        overflow = secret[len(order) :]
        for position, card in zip(order, secret):
            placed[slots[position]] = card
        rest = overflow + rest
        rng.shuffle(rest)
        free = [slots[position] for position in order[len(secret) :]] + plain[back]
        if len(free) != len(rest):  # pragma: no cover - conservation makes them equal
            raise AssertionError(f"Age {back}: {len(rest)} hidden cards for {len(free)} places")
        for slot, card in zip(free, rest):
            placed[slot] = card

    # Write the redeal back.
    new_hands = list(hands.cards)
    for other in kept:
        extra = [placed["hand", other, i] for i in range(general[other])]
        new_hands[other] = tuple(sorted([*kept[other], *extra]))
    hands.cards = new_hands
    hands.seen = [
        row.copy() if viewer == seat else [new_hands[viewer] if o == viewer else () for o in range(n)]
        for viewer, row in enumerate(hands.seen)
    ]
    hands.unseen = [row.copy() if viewer == seat else [0] * n for viewer, row in enumerate(hands.unseen)]
    tucked = []
    tucked_known = []
    for city, (cards, knowns) in enumerate(zip(s.tucked, s.tucked_known)):
        owner = (1 << city) if city < n else 0
        tucked.append(
            tuple(
                card if k & bit else placed["tucked", city, i]
                for i, (card, k) in enumerate(zip(cards, knowns))
            )
        )
        tucked_known.append(tuple(owner | (k & bit) for k in knowns))
    s.tucked = tucked
    s.tucked_known = tucked_known
    hidden_discard = [placed["discard", 0, i] for i in range(len(unknown_discard_backs))]
    s.discard = known_discard + hidden_discard
    s.discard_known = [bit] * len(known_discard) + [0] * len(hidden_discard)
    if not sees_pile:
        s.pile = [placed["pile", 0, i] for i in range(len(s.pile))]
    s.decks = [[placed["deck", a, i] for i in range(len(deck))] for a, deck in enumerate(s.decks)]
    s.box = public_box + boxed

    # Other seats' unrevealed choices, redrawn among what they may now do.
    choices = s.choices.choices
    redraw = sorted(city for city in choices if s.controller(city) != seat)
    for city in redraw:
        del choices[city]
    for city in redraw:
        choices[city] = rng.choice(card_actions(s, city, turn_hand(s, city)))
    s.choices.choices = dict(sorted(choices.items()))
