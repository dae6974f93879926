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

from tabletop.core.tensors import (
    Vocabulary,
    counts,
    filled,
    flag,
    one_hot,
    outcome,
    relative_seat,
    seat_order,
    slots,
)

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


#: The length of every tensor, per player count.
SIZES: Final = {players: observation_shape(players, {})[0] for players in range(2, 5)}


def encode_observation(view: dict[str, Any], seat: int) -> list[float]:
    """``view``, the observation of ``seat``, as the floats laid out in the module docstring."""
    players = view["players"]
    n = len(players)
    out = [0.0] * SIZES[n]
    order = seat_order(seat, n)
    at = one_hot(out, 0, view["seat"], n)
    at = one_hot(out, at, _MODULES.index(view["module"]), len(_MODULES))
    to_play = view["to_play"]
    at = one_hot(out, at, n if to_play is None else relative_seat(to_play, seat, n), n + 1)
    at = DECISIONS.one_hot(out, at, view["decision"])
    at = counts(out, at, (view["round"], view["turn_position"]))
    at = one_hot(out, at, relative_seat(view["first_player"], seat, n), n)
    bank = view["bank"]
    at = counts(out, at, [bank[kind] for kind in TOKEN_KINDS])
    markets = view["markets"]
    if len(markets) != _LEVELS:
        raise ValueError(f"{len(markets)} markets, not {_LEVELS}")
    for vocabulary, market in zip(_BASE_LEVELS, markets):
        at = slots(out, at, vocabulary, market, SETUP.face_up_per_level)
    at = counts(out, at, view["deck_sizes"])
    orient = view["orient_markets"]
    at = flag(out, at, bool(orient))
    for level, vocabulary in enumerate(_ORIENT_LEVELS):
        at = slots(out, at, vocabulary, orient[level] if orient else (), SETUP.orient_face_up_per_level)
    orient_sizes = view["orient_deck_sizes"]
    at = flag(out, at, bool(orient_sizes))
    at = counts(out, at, orient_sizes or [0] * _LEVELS)
    at = _NOBLES.multi_hot(out, at, view["nobles"])
    at = _CITIES.multi_hot(out, at, view["cities"])
    for other in order:
        at = _encode_player(out, at, players[other])
    at = slots(out, at, TASKS, view["pending"], PENDING_SLOTS)
    at = _CARDS.one_hot(out, at, view["purchase"])
    at = counts(out, at, (view["sacrifice_left"], view["end_triggered"], view["passes"]))
    at = _CARDS.multi_hot(out, at, view["box"])
    return filled(out, outcome(out, at, view["outcome"], order, _REASONS))


def _encode_player(out: list[float], at: int, player: dict[str, Any]) -> int:
    """Write one seat's block (the ``players`` slice of the module docstring)."""
    tokens, bonuses = player["tokens"], player["bonuses"]
    at = counts(out, at, [tokens[kind] for kind in TOKEN_KINDS])
    at = counts(out, at, [bonuses.get(colour, 0) for colour in COLOURS])
    at = counts(out, at, (player["prestige"],))
    at = _CARDS.multi_hot(out, at, player["cards"])
    reserved = player["reserved"]
    if len(reserved) > _RESERVED:
        raise ValueError(f"{len(reserved)} reserved cards do not fit the tensor's {_RESERVED}")
    for entry in reserved:
        out[at] = 1.0
        if isinstance(entry, dict):  # hidden: its level and whether it is an Orient card
            out[at + 1] = 1.0
            one_hot(out, at + 2, entry["level"] - 1, _LEVELS)
            flag(out, at + 2 + _LEVELS, entry["orient"])
        else:
            _CARDS.one_hot(out, at + 3 + _LEVELS, entry)
        at += _RESERVED_SLOT
    at += _RESERVED_SLOT * (_RESERVED - len(reserved))
    for index in player["blind"]:
        one_hot(out, at, index, _RESERVED)
    at += _RESERVED
    at = _NOBLES.multi_hot(out, at, player["nobles"])
    at = _NOBLES.multi_hot(out, at, player["reserved_nobles"])
    at = _GOLD_CARDS.multi_hot(out, at, player["gold_cards"])
    pairs = player["pairs"]
    at = slots(out, at, _COLOURS, [pairs.get(card) for card in _PAIR_CARDS], len(_PAIR_CARDS))
    posts = player["posts"]
    at = counts(out, at, [post in posts for post in _POSTS])
    strongholds = player["strongholds"]
    at = flag(out, at, bool(strongholds))
    at = slots(out, at, _BASE, strongholds, _STRONGHOLDS)
    return _CITIES.one_hot(out, at, player["city"])
