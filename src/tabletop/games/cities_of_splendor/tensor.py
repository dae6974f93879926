"""The observation as a fixed-length vector: ``observation(seat)`` encoded as floats, one
length per player count (the module changes only which slices are zero): 987 + 867 per seat
(a block of 863, and one entry in each of the four per-seat one-hots).

Seat-relative: per-seat slices come the observing seat first, then the others in turn order.
Counts are raw integers (not scaled); everything else is 0/1. The slices, in order (sizes in
brackets; ``n`` is the player count; 120 cards: 90 base and 30 Orient, data order):

* ``seat`` one-hot [n]; ``module`` one-hot over (cities, trading_posts, orient, strongholds,
  none) [5]; ``to_play`` one-hot over the seats then nobody [n+1]; ``decision`` one-hot over
  :data:`DECISIONS` [13]; ``round`` and ``turn_position`` [2]; ``first_player`` one-hot [n].
* ``bank`` per token kind (white, blue, green, red, black, gold) [6]; ``markets``: per level,
  4 slots one-hot over that level's base cards (40, 30, 20; empty 0) [360]; ``deck_sizes``
  [3]; ``orient_markets``: in play [1], then per level 2 slots one-hot over that level's 10
  Orient cards [60]; ``orient_deck_sizes``: in play [1], counts [3]; ``nobles`` multi-hot over
  the 10 nobles [10]; ``cities`` multi-hot over the 14 city faces [14].
* ``players``, one block of 863 per seat: ``tokens`` [6]; ``bonuses`` per colour [5];
  ``prestige`` [1]; ``cards`` multi-hot [120]; ``reserved``: 3 slots in hand order, each:
  held, hidden, then for a hidden card its level one-hot [3] and Orient flag [1], for a shown
  one the card one-hot [120] (126 each, 378); ``blind``: multi-hot over the 3 hand places
  [3]; ``nobles`` and ``reserved_nobles`` multi-hot [20]; ``gold_cards`` multi-hot over the 5
  double-gold cards [5]; ``pairs``: per pairing Orient card (7) the colour it joined, one-hot
  [35]; ``posts`` multi-hot over the 5 Trading Posts [5]; ``strongholds``: in play [1], then
  each of the 3 one-hot over the 90 base cards it stands on (in supply 0) [270]; ``city``
  one-hot over the city faces [14].
* ``pending``: 10 slots, the queued tasks in order, each one-hot over the 26 :data:`TASKS` [260];
  ``purchase`` one-hot over the cards [120]; ``sacrifice_left`` [1]; ``end_triggered`` [1];
  ``passes`` [1]; ``box`` multi-hot over the cards [120].
* ``outcome``: over [1]; winners multi-hot over the seats [n]; reason one-hot over
  (prestige, city, no_action_possible, cards_exhausted) [4].

The order of lists the rules do not read (cards, nobles, cities, posts, the box) is not
encoded; the hand order of reservations, the strongholds and the task queue are.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from tabletop.core.tensors import Vocabulary, counts, flag, one_hot, outcome, relative_seat, seat_order, slots

from .components import (
    BASE_CARDS,
    CARDS,
    CITY_FACES,
    COLOURS,
    KIND,
    MODULES,
    NOBLES,
    ORIENT_CARDS,
    PAIR_KINDS,
    SETUP,
    TOKEN_KINDS,
    TRADING_POSTS,
)
from .decisions import DECISIONS as TASK_DECISIONS
from .decisions import DESCRIBE, SILENT_TASKS

#: Every decision name, in the order of the ``decision`` one-hot.
DECISIONS: Final = Vocabulary((*DESCRIBE, "over"))
_PAIR_CARDS: Final = tuple(card for card, kind in KIND.items() if kind in PAIR_KINDS)
#: Every task ``pending`` may hold; the tasks with an argument once per argument.
TASKS: Final = Vocabulary(
    (
        *(
            task
            for task in (*TASK_DECISIONS, *sorted(SILENT_TASKS))
            if task not in ("free", "sacrifice", "pair")
        ),
        "free:1",
        "free:2",
        *(f"sacrifice:{colour}" for colour in COLOURS),
        *(f"pair:{card}" for card in _PAIR_CARDS),
    )
)
PENDING_SLOTS: Final = 10
_REASONS: Final = Vocabulary(("prestige", "city", "no_action_possible", "cards_exhausted"))
_MODULES: Final = tuple(MODULES)
_CARDS: Final = Vocabulary(CARDS)
_BASE: Final = Vocabulary(card for level in sorted(BASE_CARDS) for card in BASE_CARDS[level])
_BASE_LEVELS: Final = tuple(Vocabulary(BASE_CARDS[level]) for level in sorted(BASE_CARDS))
_ORIENT_LEVELS: Final = tuple(Vocabulary(ORIENT_CARDS[level]) for level in sorted(ORIENT_CARDS))
_NOBLES: Final = Vocabulary(NOBLES)
_CITIES: Final = Vocabulary(CITY_FACES)
_GOLD_CARDS: Final = Vocabulary(card for card, kind in KIND.items() if kind == "double_gold")
_COLOURS: Final = Vocabulary(COLOURS)
_POSTS: Final = tuple(TRADING_POSTS)
_STRONGHOLDS: Final = SETUP.strongholds_per_player
_RESERVED: Final = SETUP.max_reserved
_LEVELS: Final = len(BASE_CARDS)
_RESERVED_SLOT: Final = 2 + _LEVELS + 1 + len(CARDS)


def _player_size() -> int:
    """The floats of one seat's block."""
    size = len(TOKEN_KINDS) + len(COLOURS) + 1 + len(_CARDS) + _RESERVED * _RESERVED_SLOT + _RESERVED
    size += 2 * len(_NOBLES) + len(_GOLD_CARDS) + len(_PAIR_CARDS) * len(COLOURS) + len(_POSTS)
    return size + 1 + _STRONGHOLDS * len(_BASE) + len(_CITIES)


PLAYER_SIZE: Final = _player_size()


def observation_shape(num_players: int, options: Mapping[str, Any]) -> tuple[int, ...]:
    """``(987 + 867 * num_players,)`` for every module."""
    n = num_players
    head = n + len(_MODULES) + n + 1 + len(DECISIONS) + 2 + n
    table = len(TOKEN_KINDS) + SETUP.face_up_per_level * len(_BASE) + _LEVELS
    table += 1 + SETUP.orient_face_up_per_level * sum(map(len, _ORIENT_LEVELS)) + 1 + _LEVELS
    table += len(_NOBLES) + len(_CITIES)
    tail = PENDING_SLOTS * len(TASKS) + len(_CARDS) + 3 + len(_CARDS) + 1 + n + len(_REASONS)
    return (head + table + n * PLAYER_SIZE + tail,)


def encode_observation(view: dict[str, Any], seat: int) -> list[float]:
    """``view``, the observation of ``seat``, as the floats laid out in the module docstring."""
    out: list[float] = []
    players = view["players"]
    n = len(players)
    order = seat_order(seat, n)
    one_hot(out, view["seat"], n)
    one_hot(out, _MODULES.index(view["module"]), len(_MODULES))
    to_play = view["to_play"]
    one_hot(out, n if to_play is None else relative_seat(to_play, seat, n), n + 1)
    DECISIONS.one_hot(out, view["decision"])
    counts(out, (view["round"], view["turn_position"]))
    one_hot(out, relative_seat(view["first_player"], seat, n), n)
    bank = view["bank"]
    counts(out, (bank[kind] for kind in TOKEN_KINDS))
    for vocabulary, market in zip(_BASE_LEVELS, view["markets"]):
        slots(out, vocabulary, market, SETUP.face_up_per_level)
    counts(out, view["deck_sizes"])
    orient = view["orient_markets"]
    flag(out, bool(orient))
    for level, vocabulary in enumerate(_ORIENT_LEVELS):
        slots(out, vocabulary, orient[level] if orient else (), SETUP.orient_face_up_per_level)
    orient_sizes = view["orient_deck_sizes"]
    flag(out, bool(orient_sizes))
    counts(out, orient_sizes or [0] * _LEVELS)
    _NOBLES.multi_hot(out, view["nobles"])
    _CITIES.multi_hot(out, view["cities"])
    for other in order:
        _encode_player(out, players[other])
    slots(out, TASKS, view["pending"], PENDING_SLOTS)
    _CARDS.one_hot(out, view["purchase"])
    counts(out, (view["sacrifice_left"], view["end_triggered"], view["passes"]))
    _CARDS.multi_hot(out, view["box"])
    outcome(out, view["outcome"], order, _REASONS)
    return out


def _encode_player(out: list[float], player: dict[str, Any]) -> None:
    """Append one seat's block (the ``players`` slice of the module docstring)."""
    tokens, bonuses = player["tokens"], player["bonuses"]
    counts(out, (tokens[kind] for kind in TOKEN_KINDS))
    counts(out, (bonuses.get(colour, 0) for colour in COLOURS))
    out.append(float(player["prestige"]))
    _CARDS.multi_hot(out, player["cards"])
    reserved = player["reserved"]
    if len(reserved) > _RESERVED:
        raise ValueError(f"{len(reserved)} reserved cards do not fit the tensor's {_RESERVED}")
    for entry in reserved:
        out.append(1.0)
        hidden = isinstance(entry, dict)
        flag(out, hidden)
        one_hot(out, entry["level"] - 1 if hidden else None, _LEVELS)
        flag(out, hidden and entry["orient"])
        _CARDS.one_hot(out, None if hidden else entry)
    out.extend([0.0] * (_RESERVED_SLOT * (_RESERVED - len(reserved))))
    places = [0.0] * _RESERVED
    for index in player["blind"]:
        places[index] = 1.0
    out.extend(places)
    _NOBLES.multi_hot(out, player["nobles"])
    _NOBLES.multi_hot(out, player["reserved_nobles"])
    _GOLD_CARDS.multi_hot(out, player["gold_cards"])
    pairs = player["pairs"]
    for card in _PAIR_CARDS:
        _COLOURS.one_hot(out, pairs.get(card))
    posts = player["posts"]
    out.extend(1.0 if post in posts else 0.0 for post in _POSTS)
    strongholds = player["strongholds"]
    flag(out, bool(strongholds))
    slots(out, _BASE, strongholds, _STRONGHOLDS)
    _CITIES.one_hot(out, player["city"])
