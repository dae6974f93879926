"""The observation as a fixed-length vector: ``encode(observation(seat), seat)``, a flat list of
floats of length ``shape(players, options)[0]``, read from the observation dict alone (and the
static card and board data), so nothing hidden reaches it.

Conventions: seat-relative order round the table. Seats are listed ``seat, seat+1, ...``
(self, then its left neighbour, then on round to its right neighbour last), cities likewise
(``C`` cities: the ``n`` seats' and, with 2 players, the Free City, index 2, so seat 0 sees
``self, other player, Free City`` and seat 1 ``self, Free City, other player``: position 1 is
always the left neighbour and the last the right one). One-hots and multi-hots are 0/1; every
count (cards, coins, shields, tokens of a value) is divided by ``SCALE`` = 10 and not clipped.
Cards are multi-hot over the 148 physical cards in catalog order (``CARD_INDEX``); actions name
card kinds, one-hot over the 78 kinds in the action space's order (``KIND_INDEX``).

Layout, in order (``n`` players, ``C`` cities):

* header — Age one-hot (3), turn one-hot (6), decision one-hot (``DECISIONS``, 5),
  ``current_player`` one-hot by relative seat (n; all 0 once over), ``acting_seats`` multi-hot
  by relative seat (n).
* piles — the undealt decks' sizes (3), the discard pile: size, its cards' backs per Age (3),
  the cards this seat knows in it (148); the box: its non-guild cards (148), the guilds left in
  it (1).
* 2 players only — the Free City's pile: size (1), whether this seat sees its cards (1), the
  cards seen (148); the holder of the Free City card by relative seat (n). With 3 or more
  players the observation's ``pile`` is always 0 and ``holder`` -1: not encoded.
* outcome — over (1), winners by relative seat (n), reason one-hot (``REASONS``, 3), as
  :func:`tabletop.core.tensors.outcome` writes it for every game; final points by relative
  seat (n).
* own pending picks — the simultaneous step's choices this seat made and no one else sees,
  one slot for its own city and, with 2 players, one for the Free City: chosen (1), action
  type one-hot (5), card kind one-hot (78), coins to the left and to the right (2).
* per city, relative order (C blocks of ``CITY``) — Free City (1), run by this seat (1), board
  one-hot (7), side one-hot (2), coins (1), structures built (148), wonder stages built (1),
  per stage slot (4): built, card known, Age of the card (3); the tucked cards this seat
  knows (148); military tokens: how many of +1, +3, +5, -1 (4); shields (1, from the built
  cards and stages); the Age Olympia's free build was last used, one-hot 0-3 (4); the pending
  simultaneous step: has chosen (1), waits (1); decisions it owes after the turn: 7th card (1),
  build from the discard pile (1), owes the current one (1).
* per seat, relative order (n blocks of ``HAND``) — hand size (1), cards added unseen (1), the
  cards known in it (148): all of its own hand, the cards this seat saw in another's.

Rulings: the order of a city's built structures and of the known tucked cards is not encoded
(it carries no rule); the queue of owed decisions is encoded per city with the head marked,
exact for the at most two entries the rules can queue (Babylon B's 7th card, Halikarnassos).
The absolute seat is not encoded (one network for every seat).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tabletop.core.tensors import Vocabulary, outcome, seat_order

from .components import BOARDS, CARDS, KINDS

SCALE = 10.0
CARD_INDEX: Mapping[str, int] = {card: i for i, card in enumerate(CARDS)}
KIND_INDEX: Mapping[str, int] = {kind: i for i, kind in enumerate(KINDS)}
BOARD_INDEX: Mapping[str, int] = {board: i for i, board in enumerate(BOARDS)}
SIDE_INDEX: Mapping[str, int] = {"A": 0, "B": 1}
DECISIONS: tuple[str, ...] = ("turn", "free_city", "seventh_card", "build_from_discard", "over")
REASONS: tuple[str, ...] = ("points", "coins", "shared")
ACTION_KINDS: tuple[str, ...] = ("build", "build_free", "build_stage", "discard", "build_from_discard")
TOKEN_VALUES: tuple[int, ...] = (1, 3, 5, -1)
MAX_STAGES = max(len(stages) for board in BOARDS.values() for stages in board.sides.values())

_NC = len(CARD_INDEX)
_NK = len(KIND_INDEX)
_DECISION = {name: i for i, name in enumerate(DECISIONS)}
_REASONS = Vocabulary(REASONS)
_ACTION = {name: i for i, name in enumerate(ACTION_KINDS)}
_TOKEN = {value: i for i, value in enumerate(TOKEN_VALUES)}
_CARD_SHIELDS: Mapping[str, int] = {card: c.effect.shields for card, c in CARDS.items()}
_STAGE_SHIELDS: Mapping[tuple[str, str], tuple[int, ...]] = {
    (name, side): tuple(stage.effect.shields for stage in stages)
    for name, board in BOARDS.items()
    for side, stages in board.sides.items()
}

#: One pending pick: chosen, action type, card kind, coins left and right.
CHOICE = 1 + len(ACTION_KINDS) + _NK + 2
#: One city's block (see the module doc).
CITY = 2 + len(BOARDS) + 2 + 1 + _NC + 1 + MAX_STAGES * 5 + _NC + len(TOKEN_VALUES) + 1 + 4 + 2 + 3
#: One seat's hand block.
HAND = 2 + _NC


def _cities(players: int) -> int:
    return 3 if players == 2 else players


def _sizes(players: int) -> tuple[int, int, int, int, int, int, int]:
    """The sizes of the header, piles, Free City, outcome, picks, cities and hands sections."""
    n = players
    header = 3 + 6 + len(DECISIONS) + 2 * n
    piles = 3 + 1 + 3 + _NC + _NC + 1
    free_city = 2 + _NC + n if n == 2 else 0
    result = 1 + 2 * n + len(REASONS)
    picks = CHOICE * (2 if n == 2 else 1)
    return header, piles, free_city, result, picks, CITY * _cities(n), HAND * n


def shape(num_players: int, options: Mapping[str, Any]) -> tuple[int, ...]:
    """The shape ``(size,)`` of every seat's tensor with ``num_players`` players (the options
    change nothing)."""
    return (sum(_sizes(num_players)),)


def _one_hot_index(value: int, low: int, count: int, what: str) -> int:
    if not low <= value < low + count:
        raise ValueError(f"{what}={value} is outside {low}..{low + count - 1}")
    return value - low


def encode(view: dict[str, Any], seat: int) -> list[float]:
    """``view`` (``observation(seat)``) as the flat vector the module doc lays out."""
    boards: list[str] = view["boards"]
    n = len(view["hands"])
    num_cities = len(boards)
    header, piles, free_city, _, picks, _, _ = _sizes(n)
    out = [0.0] * sum(_sizes(n))
    rel_seat = [(s - seat) % n for s in range(n)]
    rel_city = [(c - seat) % num_cities for c in range(num_cities)]

    # header
    out[_one_hot_index(view["age"], 1, 3, "age")] = 1.0
    out[3 + _one_hot_index(view["turn"], 1, 6, "turn")] = 1.0
    out[9 + _DECISION[view["decision"]]] = 1.0
    at = 9 + len(DECISIONS)
    current = view["current_player"]
    if current is not None:
        out[at + rel_seat[current]] = 1.0
    for s in view["acting_seats"]:
        out[at + n + rel_seat[s]] = 1.0
    at = header

    # piles
    for i, size in enumerate(view["decks"]):
        out[at + i] = size / SCALE
    discard = view["discard"]
    out[at + 3] = discard["count"] / SCALE
    for back in discard["backs"]:
        out[at + 3 + back] += 1.0 / SCALE
    base = at + 7
    for card in discard["known"]:
        out[base + CARD_INDEX[card]] = 1.0
    base += _NC
    for card in view["box"]:
        out[base + CARD_INDEX[card]] = 1.0
    out[base + _NC] = view["box_guilds"] / SCALE
    at += piles

    # the Free City's pile and holder (2 players)
    if free_city:
        pile = view["pile"]
        if isinstance(pile, list):
            out[at] = len(pile) / SCALE
            out[at + 1] = 1.0
            for card in pile:
                out[at + 2 + CARD_INDEX[card]] = 1.0
        else:
            out[at] = pile / SCALE
        holder = view["holder"]
        if 0 <= holder < n:
            out[at + 2 + _NC + rel_seat[holder]] = 1.0
        at += free_city

    # outcome
    result = view["outcome"]
    at = outcome(out, at, result, seat_order(seat, n), _REASONS)
    if result is not None:
        for s, points in enumerate(result["scores"][:n]):
            out[at + rel_seat[s]] = points / SCALE
    at += n

    # this seat's own hidden picks: its city's slot, then the Free City's
    for city, action in view["choices"]["mine"]:
        slot = at + (0 if city < n else CHOICE)
        out[slot] = 1.0
        out[slot + 1 + _ACTION[action["type"]]] = 1.0
        out[slot + 1 + len(ACTION_KINDS) + KIND_INDEX[action["card"]]] = 1.0
        out[slot + CHOICE - 2] = action.get("left", 0) / SCALE
        out[slot + CHOICE - 1] = action.get("right", 0) / SCALE
    at += picks

    # cities
    holder = view["holder"]
    chosen = set(view["choices"]["chosen"])
    waiting = set(view["choices"]["waiting"])
    queue = view["queue"]
    for city in range(num_cities):
        b = at + CITY * rel_city[city]
        out[b] = 1.0 if city >= n else 0.0
        out[b + 1] = 1.0 if city == seat or (city >= n and holder == seat) else 0.0
        out[b + 2 + BOARD_INDEX[boards[city]]] = 1.0
        side = view["sides"][city]
        out[b + 9 + SIDE_INDEX[side]] = 1.0
        out[b + 11] = view["coins"][city] / SCALE
        b += 12
        built = view["built"][city]
        shields = 0
        for card in built:
            out[b + CARD_INDEX[card]] = 1.0
            shields += _CARD_SHIELDS[card]
        b += _NC
        tucked = view["tucked"][city]
        out[b] = len(tucked) / SCALE
        stage_shields = _STAGE_SHIELDS[boards[city], side]
        for i, card in enumerate(tucked):
            shields += stage_shields[i]
            slot = b + 1 + 5 * i
            out[slot] = 1.0
            if card.startswith("back:"):
                out[slot + 1 + int(card[5:])] = 1.0
            else:
                out[slot + 1] = 1.0
                out[slot + 1 + CARDS[card].age] = 1.0
                out[b + 1 + 5 * MAX_STAGES + CARD_INDEX[card]] = 1.0
        b += 1 + 5 * MAX_STAGES + _NC
        for token in view["tokens"][city]:
            out[b + _TOKEN[token]] += 1.0 / SCALE
        b += len(TOKEN_VALUES)
        out[b] = shields / SCALE
        out[b + 1 + _one_hot_index(view["olympia_used"][city], 0, 4, "olympia_used")] = 1.0
        b += 5
        out[b] = 1.0 if city in chosen else 0.0
        out[b + 1] = 1.0 if city in waiting else 0.0
        for i, (owed, owing) in enumerate(queue):
            if owing == city:
                out[b + (2 if owed == "seventh_card" else 3)] += 1.0
                if i == 0:
                    out[b + 4] = 1.0
    at += CITY * num_cities

    # hands
    for s, hand in enumerate(view["hands"]):
        b = at + HAND * rel_seat[s]
        if "cards" in hand:
            cards = hand["cards"]
            out[b] = len(cards) / SCALE
        else:
            cards = hand["seen"]
            out[b] = hand["count"] / SCALE
            out[b + 1] = hand["unseen"] / SCALE
        for card in cards:
            out[b + 2 + CARD_INDEX[card]] = 1.0
    return out


__all__ = ["CARD_INDEX", "CITY", "DECISIONS", "HAND", "KIND_INDEX", "REASONS", "SCALE", "encode", "shape"]
