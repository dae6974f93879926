"""The observation as a fixed-length vector: ``observation(seat)`` encoded as 2,870 floats.

Seat-relative: "me" is the observing seat, "opp" the other; per-seat lists come me first.
Counts are raw integers (not scaled); everything else is 0/1. The slices, in order (sizes in
brackets; 73 cards, 12 Wonders, 10 Progress tokens, all in data order):

* ``seat`` one-hot [2]; ``options.wonders`` one-hot over (draft, beginner) [2]; ``decision``
  one-hot over :data:`DECISIONS` [8]; ``current_player`` one-hot over (me, opp, nobody) [3];
  ``age`` [1]; ``pending``: 4 slots in list order, each one-hot over :data:`PENDING` [24];
  ``turns``: each place of ``order`` one-hot over (me, opp) [4], then ``position``,
  ``extra_turns`` and ``round`` [3]; ``draft_pick`` [1]; ``wonder_offer``: 4 slots one-hot
  over the Wonders [48]; ``unrevealed_wonders`` [1].
* ``structure``: dealt (none during the draft) [1], then 20 slots, each one-hot over the 73 cards then the 4 backs (Age I, II, III,
  Guild); a taken slot 0 [1540]; ``deck_sizes`` [3]; ``box_size`` [1]; ``discard`` multi-hot
  over the cards [73].
* ``coins`` me, opp [2]; ``bank_paid``, ``bank_received`` [2]; ``cards`` me, opp, multi-hot
  [146]; ``wonders`` (still to build) me, opp, multi-hot [24]; ``built_wonders`` me, opp,
  multi-hot [24]; ``tucked``: per Wonder one-hot over the cards tucked under it [876];
  ``returned_wonders`` multi-hot [12]; ``tokens`` me, opp, multi-hot [20]; ``board_tokens``
  multi-hot [10]; ``set_aside_count`` [1].
* ``library_offer``: shown [1], its size [1], multi-hot over the tokens when shown [10];
  ``library_seat`` one-hot over (me, opp, nobody) [3]; ``reds_before_strategy``: set [1] and
  its value [1]; ``library_known`` multi-hot [10].
* ``military``: the pawn's position counted towards the opponent's capital (positive: on the
  opponent's half) [1]; ``loot``: multi-hot over the 4 military tokens, the two on my half
  first, nearer the centre first [4].
* ``outcome``: over [1]; winners multi-hot over (me, opp) [2]; reason one-hot over
  (military, science, civilian) [3].

The order of lists the rules do not read (cards built, Wonders, tokens, the discard pile) is
not encoded; the order of the offer, the pending decisions and the turn order is.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from tabletop.core.tensors import Vocabulary, counts, filled, flag, one_hot, outcome, relative_seat, slots

from .components import BOARD, CARDS, MILITARY_TOKENS, PROGRESS_TOKENS, WONDERS
from .decisions import (
    CHOOSE_STARTER,
    DESTROY,
    DRAFT_WONDER,
    GREAT_LIBRARY,
    MAUSOLEUM,
    OVER,
    PROGRESS_TOKEN,
    TURN,
    destroy_entry,
)
from .scoring import REASONS

SEATS: Final = 2
#: Every decision name, in the order of the ``decision`` one-hot.
DECISIONS: Final = Vocabulary(
    (DRAFT_WONDER, TURN, PROGRESS_TOKEN, GREAT_LIBRARY, DESTROY, MAUSOLEUM, CHOOSE_STARTER, OVER)
)
#: Every entry ``pending`` may hold: the sub-decisions, a destruction per colour a Wonder destroys.
PENDING: Final = Vocabulary(
    (
        PROGRESS_TOKEN,
        GREAT_LIBRARY,
        MAUSOLEUM,
        CHOOSE_STARTER,
        *sorted(destroy_entry(w.destroys) for w in WONDERS.values() if w.destroys is not None),
    )
)
PENDING_SLOTS: Final = 4
OFFER_SLOTS: Final = 4
#: The structure slots hold a card face up or its back.
_FACES: Final = Vocabulary((*CARDS, "back:age1", "back:age2", "back:age3", "back:guild"))
_CARDS: Final = Vocabulary(CARDS)
_WONDERS: Final = Vocabulary(WONDERS)
_TOKENS: Final = Vocabulary(PROGRESS_TOKENS)
_OPTIONS: Final = Vocabulary(("draft", "beginner"))
_REASONS: Final = Vocabulary(REASONS)
_STRUCTURE_SLOTS: Final = max(len(structure) for structure in BOARD.structures)
#: The military tokens per observing seat: those on its own half first, nearer the centre first.
_LOOT_ORDER: Final = tuple(
    Vocabulary(
        token.id
        for token in sorted(MILITARY_TOKENS.values(), key=lambda t: (t.victim != seat, t.first, t.id))
    )
    for seat in range(SEATS)
)


def observation_shape(num_players: int, options: Mapping[str, Any]) -> tuple[int, ...]:
    """``(2870,)``: two seats, and the Wonder option changes only how the Wonders are dealt."""
    head = 2 + len(_OPTIONS) + len(DECISIONS) + 3 + 1 + PENDING_SLOTS * len(PENDING) + 4 + 3 + 1
    head += OFFER_SLOTS * len(_WONDERS) + 1
    table = 1 + _STRUCTURE_SLOTS * len(_FACES) + 3 + 1 + len(_CARDS)
    held = 2 + 2 + 2 * len(_CARDS) + 4 * len(_WONDERS) + len(_WONDERS) * len(_CARDS) + len(_WONDERS)
    held += 2 * len(_TOKENS) + len(_TOKENS) + 1
    library = 2 + 2 * len(_TOKENS) + 3 + 2
    end = 1 + len(MILITARY_TOKENS) + 1 + SEATS + len(_REASONS)
    return (head + table + held + library + end,)


#: The length of every tensor.
SIZE: Final = observation_shape(SEATS, {})[0]


def encode_observation(view: dict[str, Any], seat: int) -> list[float]:
    """``view``, the observation of ``seat``, as the floats laid out in the module docstring."""
    out = [0.0] * SIZE
    order = (seat, 1 - seat)
    at = one_hot(out, 0, view["seat"], SEATS)
    at = _OPTIONS.one_hot(out, at, view["options"]["wonders"])
    at = DECISIONS.one_hot(out, at, view["decision"])
    at = _seat_or_nobody(out, at, view["current_player"], seat)
    at = counts(out, at, (view["age"],))
    at = slots(out, at, PENDING, view["pending"], PENDING_SLOTS)
    turns = view["turns"]
    for other in turns["order"]:
        at = one_hot(out, at, relative_seat(other, seat, SEATS), SEATS)
    at = counts(out, at, (turns["position"], turns["extra_turns"], turns["round"], view["draft_pick"]))
    at = slots(out, at, _WONDERS, view["wonder_offer"], OFFER_SLOTS)
    at = counts(out, at, (view["unrevealed_wonders"],))
    at = flag(out, at, bool(view["structure"]))  # no structure (the draft) is not one all taken
    at = slots(out, at, _FACES, view["structure"], _STRUCTURE_SLOTS)
    at = counts(out, at, view["deck_sizes"])
    at = counts(out, at, (view["box_size"],))
    at = _CARDS.multi_hot(out, at, view["discard"])
    coins = view["coins"]
    at = counts(out, at, (coins[seat], coins[1 - seat], view["bank_paid"], view["bank_received"]))
    for key, vocabulary in (("cards", _CARDS), ("wonders", _WONDERS), ("built_wonders", _WONDERS)):
        for other in order:
            at = vocabulary.multi_hot(out, at, view[key][other])
    tucked = view["tucked"]
    at = slots(out, at, _CARDS, [tucked.get(wonder) for wonder in _WONDERS.names], len(_WONDERS))
    at = _WONDERS.multi_hot(out, at, view["returned_wonders"])
    for other in order:
        at = _TOKENS.multi_hot(out, at, view["tokens"][other])
    at = _TOKENS.multi_hot(out, at, view["board_tokens"])
    at = counts(out, at, (view["set_aside_count"],))
    offer = view["library_offer"]
    shown = isinstance(offer, list)
    at = flag(out, at, shown)
    at = counts(out, at, (len(offer) if shown else offer,))
    at = _TOKENS.multi_hot(out, at, offer if shown else ())
    at = _seat_or_nobody(out, at, view["library_seat"], seat)
    reds = view["reds_before_strategy"]
    at = flag(out, at, reds is not None)
    at = counts(out, at, (0 if reds is None else reds,))
    at = _TOKENS.multi_hot(out, at, view["library_known"])
    at = counts(out, at, (view["military"] if seat == 0 else -view["military"],))
    at = _LOOT_ORDER[seat].multi_hot(out, at, view["loot"])
    return filled(out, outcome(out, at, view["outcome"], order, _REASONS))


def _seat_or_nobody(out: list[float], at: int, other: int | None, seat: int) -> int:
    """Write ``other`` one-hot over (me, opp, nobody)."""
    return one_hot(out, at, SEATS if other is None else relative_seat(other, seat, SEATS), SEATS + 1)
