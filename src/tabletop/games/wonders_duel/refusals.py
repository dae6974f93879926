"""Why an action is illegal now: the rule it breaks, or the field whose value is impossible, named.

:func:`why_illegal` never raises, whatever the action's field values are (``None``, a list, a
float, an unknown id): the kernel may refuse a wrong type or value first, but a caller that
builds actions by hand always reads which field of which action is wrong.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from tabletop.core import Action

from .actions import (
    BuildFromDiscard,
    BuildWonder,
    ChooseStarter,
    Construct,
    DestroyCard,
    Discard,
    PickWonder,
    TakeProgressToken,
)
from .city import card_cost, wonder_cost, wonders_built
from .components import CARDS, MAX_WONDERS_BUILT, PROGRESS_TOKENS, WONDERS
from .decisions import (
    CHOOSE_STARTER,
    DESTROY,
    DRAFT_WONDER,
    GREAT_LIBRARY,
    MAUSOLEUM,
    OVER,
    PROGRESS_TOKEN,
    TURN,
)

if TYPE_CHECKING:
    from .state import WondersDuelState

_SEATS = (0, 1)
#: The action types that answer each decision.
_ANSWERS: dict[str, tuple[type[Action], ...]] = {
    DRAFT_WONDER: (PickWonder,),
    CHOOSE_STARTER: (ChooseStarter,),
    TURN: (Construct, Discard, BuildWonder),
    PROGRESS_TOKEN: (TakeProgressToken,),
    GREAT_LIBRARY: (TakeProgressToken,),
    MAUSOLEUM: (BuildFromDiscard,),
    DESTROY: (DestroyCard,),
    OVER: (),
}


def _unknown(action: Action, field: str, catalog: Mapping[str, object], what: str) -> str | None:
    """Why ``action.<field>`` is not the id of one of ``catalog`` (a ``what``), if it is not."""
    value = getattr(action, field, None)
    if isinstance(value, str) and value in catalog:
        return None
    return f"{type(action).__name__}.{field}={value!r} is not {what} of 7 Wonders Duel"


def _bad_field(action: Action) -> str | None:
    """The first field of ``action`` whose value cannot name what it should, described."""
    match action:
        case PickWonder():
            return _unknown(action, "wonder", WONDERS, "a Wonder")
        case BuildWonder():
            return _unknown(action, "wonder", WONDERS, "a Wonder") or _unknown(
                action, "card", CARDS, "a card"
            )
        case Construct() | Discard() | DestroyCard() | BuildFromDiscard():
            return _unknown(action, "card", CARDS, "a card")
        case TakeProgressToken():
            return _unknown(action, "token", PROGRESS_TOKENS, "a Progress token")
        case ChooseStarter(seat=seat):
            if type(seat) is int and seat in _SEATS:  # not a bool, not a float equal to a seat
                return None
            return f"ChooseStarter.seat={seat!r} is not a seat: the next Age begins with player 0 or player 1"
    return None


def why_illegal(s: WondersDuelState, action: Action) -> str:
    """The rule that forbids ``action`` now (or its field that names nothing of the game)."""
    decision = s.decision
    if not isinstance(action, _ANSWERS.get(decision, ())):
        return (
            f"{action} is not an answer to the pending decision: player {s.current_player} must "
            f"decide {decision!r}"
        )
    bad = _bad_field(action)
    if bad is not None:
        return bad
    match action:
        case PickWonder():
            return f"{action} is not possible: only the revealed Wonders of the draft can be picked"
        case ChooseStarter():  # a valid seat is always legal here
            return f"{action} is not possible now"
        case TakeProgressToken():
            if decision == GREAT_LIBRARY:
                return f"{action} is not possible: The Great Library offers only the 3 tokens drawn"
            return f"{action} is not possible: a science pair takes one of the Progress tokens on the board"
        case BuildFromDiscard():
            return f"{action} is not possible: The Mausoleum builds a card of the discard pile only"
        case DestroyCard():
            color = s.pending[-1].partition(":")[2]
            return f"{action} is not possible: the Wonder destroys one of the opponent's {color} cards"
        case Construct(card=card) | Discard(card=card):
            return _why_not_taken(s, action, card)
        case BuildWonder(card=card):
            return _why_not_taken(s, action, card)
    return f"{action} is not legal now"


def _why_not_taken(s: WondersDuelState, action: Construct | Discard | BuildWonder, card_id: str) -> str:
    """A turn's action with a known card and (for a Wonder) a known Wonder."""
    structure = s.structure
    seat = s.turns.current
    name = CARDS[card_id].name
    if structure is None or card_id not in structure.cards:
        return _not_in_sight(s, card_id)
    slot = structure.cards.index(card_id)
    if not structure.revealed[slot]:
        # Face down: where it lies is hidden, so it is refused in the words of a card in the
        # box or an undealt deck (a face-down card is always covered).
        return _not_in_sight(s, card_id)
    covering = [o for o in structure.shape.covered_by[slot] if structure.cards[o] is not None]
    if covering:
        by = " and ".join(
            CARDS[card].name if structure.revealed[o] else "a face-down card"
            for o in covering
            if (card := structure.cards[o]) is not None
        )
        return f"{name} is covered by {by}: only cards that no other card covers may be taken"
    coins = s.coins[seat]
    if isinstance(action, Construct):
        printed, trade, _ = card_cost(s, seat, card_id)
        return (
            f"cannot afford {name}: it costs {printed + trade} coins ({printed} printed + {trade} "
            f"for resources bought) and player {seat} has {coins}"
        )
    if isinstance(action, BuildWonder):
        wonder = WONDERS[action.wonder].name
        if action.wonder in s.returned_wonders:
            return f"{wonder} went back to the box: only {MAX_WONDERS_BUILT} Wonders are built in a game"
        if action.wonder in s.built[seat]:
            return f"{wonder} is already built: a Wonder is built only once"
        if action.wonder not in s.wonders[seat]:
            return f"{wonder} is not one of player {seat}'s Wonders"
        if wonders_built(s) >= MAX_WONDERS_BUILT:
            return f"{MAX_WONDERS_BUILT} Wonders are already built: no more Wonders can be built"
        cost = wonder_cost(s, seat, action.wonder)
        return f"cannot afford {wonder}: its resources cost {cost} coins and player {seat} has {coins}"
    return f"{action} is not legal now"


def _not_in_sight(s: WondersDuelState, card_id: str) -> str:
    """Why a card that is not face up in the structure cannot be taken.

    Where a public card lies is told (a city, the discard pile, under a Wonder); every other
    card (face down in the structure, in an undealt deck, in the box) gets the same words,
    whatever its true place: the seat cannot see which, so the refusal must not tell it.
    """
    name = CARDS[card_id].name
    rule = "a turn takes a face-up card of the structure that no other card covers"
    for seat, city in enumerate(s.cards):
        if card_id in city:
            return f"{name} is in player {seat}'s city: {rule}"
    if card_id in s.discard:
        return f"{name} is in the discard pile: {rule}"
    for wonder, tucked in s.tucked.items():
        if tucked == card_id:
            return f"{name} is tucked under {WONDERS[wonder].name}: {rule}"
    return f"{name} is not a face-up card of the Age {s.age} structure: {rule}"
