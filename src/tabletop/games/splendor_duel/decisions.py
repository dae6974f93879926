"""The decisions of a Splendor Duel turn, by name, and the action types each one accepts.

A turn is a chain of decisions by the same seat:

* ``turn``: the optional actions (use privileges, then replenish) and every mandatory action
  are offered together; an optional action leaves the decision open, a mandatory one closes it.
  When no mandatory action is possible, replenishing is the only choice.
* follow-ups of a purchase, in order: ``place_wild``, ``take_token``, ``steal_token`` (the card's
  abilities, in the card's order), then ``choose_royal`` on reaching the 3rd or 6th crown (and
  a ``steal_token`` of that royal card). A follow-up with nothing to choose is skipped.
* ``discard_tokens`` while the seat holds more than 10 tokens, one token per action;
* then the immediate victory check, and the next turn (or an extra one from play again).
"""

from __future__ import annotations

from typing import Final

from tabletop.core import Action

from .actions import (
    Buy,
    ChooseRoyal,
    Discard,
    PlaceWild,
    Replenish,
    ReserveCard,
    ReserveFromDeck,
    Steal,
    TakeToken,
    TakeTokens,
    UsePrivilege,
)

TURN: Final = "turn"
PLACE_WILD: Final = "place_wild"
TAKE_TOKEN: Final = "take_token"
STEAL_TOKEN: Final = "steal_token"
CHOOSE_ROYAL: Final = "choose_royal"
DISCARD_TOKENS: Final = "discard_tokens"
#: The decision name once the game has ended.
OVER: Final = "over"

#: The action types each decision accepts.
DECISION_ACTIONS: Final[dict[str, tuple[type[Action], ...]]] = {
    TURN: (UsePrivilege, Replenish, TakeTokens, ReserveCard, ReserveFromDeck, Buy),
    PLACE_WILD: (PlaceWild,),
    TAKE_TOKEN: (TakeToken,),
    STEAL_TOKEN: (Steal,),
    CHOOSE_ROYAL: (ChooseRoyal,),
    DISCARD_TOKENS: (Discard,),
}

#: The decisions a purchase may queue behind it (``SplendorDuelState.pending`` holds only these).
FOLLOW_UPS: Final = (PLACE_WILD, TAKE_TOKEN, STEAL_TOKEN, CHOOSE_ROYAL)
