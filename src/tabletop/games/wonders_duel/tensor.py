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

from tabletop.core.tensors import Vocabulary, counts, flag, one_hot, outcome, relative_seat, slots

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


def encode_observation(view: dict[str, Any], seat: int) -> list[float]:
    """``view``, the observation of ``seat``, as the floats laid out in the module docstring."""
    out: list[float] = []
    order = (seat, 1 - seat)
    one_hot(out, view["seat"], SEATS)
    _OPTIONS.one_hot(out, view["options"]["wonders"])
    DECISIONS.one_hot(out, view["decision"])
    _seat_or_nobody(out, view["current_player"], seat)
    out.append(float(view["age"]))
    slots(out, PENDING, view["pending"], PENDING_SLOTS)
    turns = view["turns"]
    for other in turns["order"]:
        one_hot(out, relative_seat(other, seat, SEATS), SEATS)
    counts(out, (turns["position"], turns["extra_turns"], turns["round"]))
    out.append(float(view["draft_pick"]))
    slots(out, _WONDERS, view["wonder_offer"], OFFER_SLOTS)
    out.append(float(view["unrevealed_wonders"]))
    flag(out, bool(view["structure"]))  # no structure (the draft) is not a structure all taken
    slots(out, _FACES, view["structure"], _STRUCTURE_SLOTS)
    counts(out, view["deck_sizes"])
    out.append(float(view["box_size"]))
    _CARDS.multi_hot(out, view["discard"])
    coins = view["coins"]
    counts(out, (coins[seat], coins[1 - seat], view["bank_paid"], view["bank_received"]))
    for key, vocabulary in (("cards", _CARDS), ("wonders", _WONDERS), ("built_wonders", _WONDERS)):
        for other in order:
            vocabulary.multi_hot(out, view[key][other])
    tucked = view["tucked"]
    for wonder in _WONDERS.names:
        _CARDS.one_hot(out, tucked.get(wonder))
    _WONDERS.multi_hot(out, view["returned_wonders"])
    for other in order:
        _TOKENS.multi_hot(out, view["tokens"][other])
    _TOKENS.multi_hot(out, view["board_tokens"])
    out.append(float(view["set_aside_count"]))
    offer = view["library_offer"]
    shown = isinstance(offer, list)
    flag(out, shown)
    out.append(float(len(offer) if shown else offer))
    _TOKENS.multi_hot(out, offer if shown else ())
    _seat_or_nobody(out, view["library_seat"], seat)
    reds = view["reds_before_strategy"]
    flag(out, reds is not None)
    out.append(0.0 if reds is None else float(reds))
    _TOKENS.multi_hot(out, view["library_known"])
    out.append(float(view["military"] if seat == 0 else -view["military"]))
    _LOOT_ORDER[seat].multi_hot(out, view["loot"])
    outcome(out, view["outcome"], order, _REASONS)
    return out


def _seat_or_nobody(out: list[float], other: int | None, seat: int) -> None:
    """Append ``other`` one-hot over (me, opp, nobody)."""
    one_hot(out, SEATS if other is None else relative_seat(other, seat, SEATS), SEATS + 1)
