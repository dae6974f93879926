"""Why an action is illegal now: the rule it breaks, named."""

from __future__ import annotations

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
from .city import card_cost, wonder_cost
from .components import BOARD, CARDS, WONDERS

if TYPE_CHECKING:
    from .state import WondersDuelState

_MAX_WONDERS = BOARD.max_wonders_built


def why_illegal(s: WondersDuelState, action: Action) -> str:
    """The rule that forbids ``action`` now."""
    decision = s.decision
    who = f"player {s.current_player}"
    expected = {
        "draft_wonder": PickWonder,
        "choose_starter": ChooseStarter,
        "turn": (Construct, Discard, BuildWonder),
        "progress_token": TakeProgressToken,
        "great_library": TakeProgressToken,
        "mausoleum": BuildFromDiscard,
        "destroy": DestroyCard,
    }[decision]
    if not isinstance(action, expected):  # type: ignore[arg-type]
        return f"{action} is not an answer to the pending decision: {who} must decide {decision!r}"
    seat = s.turns.current
    if isinstance(action, PickWonder):
        return f"{action} is not possible: only the revealed Wonders of the draft can be picked"
    if isinstance(action, ChooseStarter):
        return f"seat {action.seat} does not exist: the next Age begins with player 0 or player 1"
    if isinstance(action, TakeProgressToken):
        if decision == "great_library":
            return f"{action} is not possible: The Great Library offers only the 3 tokens drawn"
        return f"{action} is not possible: a science pair takes one of the Progress tokens on the board"
    if isinstance(action, BuildFromDiscard):
        return f"{action} is not possible: The Mausoleum builds a card of the discard pile only"
    if isinstance(action, DestroyCard):
        color = s.pending[-1].partition(":")[2]
        return f"{action} is not possible: the Wonder destroys one of the opponent's {color} cards"
    assert isinstance(action, (Construct, Discard, BuildWonder))
    structure = s.structure
    assert structure is not None
    name = CARDS[action.card].name if action.card in CARDS else action.card
    if action.card not in structure.cards:
        return f"{name} is not in the Age {s.age} structure: a turn takes a card of the structure"
    slot = structure.cards.index(action.card)
    covering = [
        structure.cards[o] for o in structure.shape.covered_by[slot] if structure.cards[o] is not None
    ]
    if covering:
        by = " and ".join(
            CARDS[c].name if structure.revealed[structure.cards.index(c)] else "a face-down card"
            for c in covering
            if c is not None
        )
        return f"{name} is covered by {by}: only cards that no other card covers may be taken"
    coins = s.coins[seat]
    if isinstance(action, Construct):
        printed, trade, _ = card_cost(s, seat, action.card)
        return (
            f"cannot afford {name}: it costs {printed + trade} coins ({printed} printed + {trade} "
            f"for resources bought) and player {seat} has {coins}"
        )
    if isinstance(action, BuildWonder):
        wonder = WONDERS[action.wonder].name
        if action.wonder in s.returned_wonders:
            return f"{wonder} went back to the box: only {_MAX_WONDERS} Wonders are built in a game"
        if action.wonder in s.built[seat]:
            return f"{wonder} is already built: a Wonder is built only once"
        if action.wonder not in s.wonders[seat]:
            return f"{wonder} is not one of player {seat}'s Wonders"
        if len(s.built[0]) + len(s.built[1]) >= _MAX_WONDERS:
            return f"{_MAX_WONDERS} Wonders are already built: no more Wonders can be built"
        cost = wonder_cost(s, seat, action.wonder)
        return f"cannot afford {wonder}: its resources cost {cost} coins and player {seat} has {coins}"
    return f"{action} is not legal now"
