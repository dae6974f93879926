"""The observation as a fixed-length vector: ``observation(seat)`` encoded as 1,235 floats.

Seat-relative: "me" is the observing seat, "opp" the other. Counts are raw small integers
(not scaled); everything else is 0/1. The slices, in order (sizes in brackets):

* ``seat`` one-hot [2]; ``options.first_player`` one-hot over (drawn, me, opp) [3];
  ``to_play`` one-hot over (me, opp, nobody) [3]; ``decision`` one-hot over
  :data:`DECISIONS` [7]; ``pending`` 4 slots, each one-hot over the follow-ups (place_wild,
  take_token, steal_token, choose_royal), in queue order, empty slots 0 [16];
  ``ability_card`` one-hot over the 67 jewel cards [67]; ``replenished`` [1]; ``turn_order``: each of its
  two places one-hot over (me, opp) [4]; ``round`` and ``extra_turns`` counts [2].
* ``board``: per cell (row by row) one-hot over the 7 token kinds (white, blue, green, red,
  black, pearl, gold), an empty cell 0 [175]; ``bag`` counts per token kind [7];
  ``privilege_supply`` count [1].
* ``pyramid``: per level, per slot, one-hot over that level's cards (30, 24 and 13; an empty
  slot 0) [5*30 + 4*24 + 3*13 = 285]; ``deck_sizes`` per level [3]; ``royal_supply``
  multi-hot over the 4 royal cards [4]; ``wild_colours``: per wild card (9, catalog order)
  one-hot over the 5 gem colours it joined [45].
* ``players``, me then opp, each [302]: ``tokens`` counts per token kind [7]; ``privileges``
  [1]; ``cards`` multi-hot over the 67 jewel cards [67]; ``royals`` multi-hot [4];
  ``reserved``: 3 slots in hand order, each: held, blind, level one-hot [3], card one-hot over
  the 67 (0 when the card is hidden) [72 each, 216]; ``prestige`` and ``crowns`` [2];
  ``bonuses`` per gem colour [5].
* ``outcome``: over [1]; winners multi-hot over (me, opp) [2]; reason multi-hot over
  (prestige, crowns, colour_prestige) [3].

The order in which a seat bought its cards or took its royal cards is not encoded (the
observation lists them in that order, but no rule reads it); hand order of the reserved cards
is, since the blind ones are told apart by their place.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from tabletop.core.tensors import Vocabulary, counts, filled, flag, one_hot, outcome, relative_seat, slots

from .components import BOX, CARDS, GEMS, LEVELS, ROYALS, SEATS, TOKEN_KINDS, WILD
from .decisions import DECISION_ACTIONS, FOLLOW_UPS, OVER

#: Every decision name, in the order of the ``decision`` one-hot.
DECISIONS: Final = Vocabulary((*DECISION_ACTIONS, OVER))
_FOLLOW_UPS: Final = Vocabulary(FOLLOW_UPS)
#: Slots for the queued follow-ups: a purchase queues at most one per kind.
PENDING_SLOTS: Final = len(FOLLOW_UPS)
_CARDS: Final = Vocabulary(CARDS)
_ROYALS: Final = Vocabulary(ROYALS)
_TOKENS: Final = Vocabulary(TOKEN_KINDS)
_GEMS: Final = Vocabulary(GEMS)
_LEVEL_CARDS: Final = {
    level: Vocabulary(card.id for card in CARDS.values() if card.level == level) for level in LEVELS
}
_WILD_CARDS: Final = tuple(card.id for card in CARDS.values() if card.colour == WILD)
_REASONS: Final = Vocabulary(("prestige", "crowns", "colour_prestige"))


def observation_shape(num_players: int, options: Mapping[str, Any]) -> tuple[int, ...]:
    """``(1235,)``: Splendor Duel has two seats and no option that changes what is seen."""
    head = 2 + 3 + 3 + len(DECISIONS) + PENDING_SLOTS * len(_FOLLOW_UPS) + len(_CARDS) + 1 + 4 + 2
    table = BOX.board_size**2 * len(_TOKENS) + len(_TOKENS) + 1
    table += sum(BOX.pyramid[level] * len(_LEVEL_CARDS[level]) for level in LEVELS) + len(LEVELS)
    table += len(_ROYALS) + len(_WILD_CARDS) * len(_GEMS)
    reserved = BOX.max_reserved * (2 + len(LEVELS) + len(_CARDS))
    player = len(_TOKENS) + 1 + len(_CARDS) + len(_ROYALS) + reserved + 2 + len(_GEMS)
    return (head + table + SEATS * player + 1 + SEATS + len(_REASONS),)


#: The length of every tensor.
SIZE: Final = observation_shape(SEATS, {})[0]


def encode_observation(view: dict[str, Any], seat: int) -> list[float]:
    """``view``, the observation of ``seat``, as the floats laid out in the module docstring."""
    out = [0.0] * SIZE
    at = one_hot(out, 0, view["seat"], SEATS)
    first = relative_seat(view["options"]["first_player"], seat, SEATS)
    at = one_hot(out, at, 0 if first is None else 1 + first, 1 + SEATS)
    to_play = view["to_play"]
    at = one_hot(out, at, SEATS if to_play is None else relative_seat(to_play, seat, SEATS), SEATS + 1)
    at = DECISIONS.one_hot(out, at, view["decision"])
    at = slots(out, at, _FOLLOW_UPS, view["pending"], PENDING_SLOTS)
    at = _CARDS.one_hot(out, at, view["ability_card"])
    at = flag(out, at, view["replenished"])
    for other in view["turn_order"]:
        at = one_hot(out, at, relative_seat(other, seat, SEATS), SEATS)
    at = counts(out, at, (view["round"], view["extra_turns"]))
    at = slots(out, at, _TOKENS, view["board"], BOX.board_size**2)
    at = _token_counts(out, at, view["bag"])
    at = counts(out, at, (view["privilege_supply"],))
    pyramid = view["pyramid"]
    for level in LEVELS:
        at = slots(out, at, _LEVEL_CARDS[level], pyramid[str(level)], BOX.pyramid[level])
    deck_sizes = view["deck_sizes"]
    at = counts(out, at, [deck_sizes[str(level)] for level in LEVELS])
    at = _ROYALS.multi_hot(out, at, view["royal_supply"])
    at = slots(out, at, _GEMS, [view["wild_colours"].get(card) for card in _WILD_CARDS], len(_WILD_CARDS))
    players = view["players"]
    for other in (seat, 1 - seat):
        at = _encode_player(out, at, players[other])
    return filled(out, outcome(out, at, view["outcome"], (seat, 1 - seat), _REASONS))


def _token_counts(out: list[float], at: int, pool: Mapping[str, int]) -> int:
    """Write the count of each token kind in ``pool`` (absent kinds count 0)."""
    return counts(out, at, [pool.get(kind, 0) for kind in TOKEN_KINDS])


_RESERVED_SLOT: Final = 2 + len(LEVELS) + len(_CARDS)


def _encode_player(out: list[float], at: int, player: dict[str, Any]) -> int:
    """Write one seat's holdings (the ``players`` slice of the module docstring)."""
    at = _token_counts(out, at, player["tokens"])
    at = counts(out, at, (player["privileges"],))
    at = _CARDS.multi_hot(out, at, player["cards"])
    at = _ROYALS.multi_hot(out, at, player["royals"])
    reserved = player["reserved"]
    if len(reserved) > BOX.max_reserved:
        raise ValueError(f"{len(reserved)} reserved cards do not fit the tensor's {BOX.max_reserved}")
    for entry in reserved:
        out[at] = 1.0
        flag(out, at + 1, entry["blind"])
        one_hot(out, at + 2, LEVELS.index(entry["level"]), len(LEVELS))
        _CARDS.one_hot(out, at + 2 + len(LEVELS), entry["card"])
        at += _RESERVED_SLOT
    at += _RESERVED_SLOT * (BOX.max_reserved - len(reserved))
    at = counts(out, at, (player["prestige"], player["crowns"]))
    bonuses = player["bonuses"]
    return counts(out, at, [bonuses[gem] for gem in GEMS])
