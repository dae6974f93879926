"""Splendor Duel (Marc André and Bruno Cathala, Space Cowboys 2022), for two players.

>>> from tabletop.games import splendor_duel
>>> state = splendor_duel.GAME.new_game(seed=7)
>>> state.decision
'turn'

Components are data (``data/*.json``, transcribed from the verified reference): 67 jewel
cards, 4 royal cards, 25 tokens, 3 privileges, the 5x5 board and its fill spiral. The catalog
is ``CARDS`` (jewel cards by id, ``D1-01`` ... ``D3-13``) and ``ROYALS`` (``R1`` ... ``R4``).

Decisions (``state.decision``) and their actions:

* ``turn``: ``UsePrivilege`` and ``Replenish`` (optional, in that order) and the mandatory
  ``TakeTokens`` / ``ReserveCard`` / ``ReserveFromDeck`` / ``Buy``. When no mandatory action is
  possible, ``Replenish`` is the only legal action (forced replenish).
* ``place_wild`` (``PlaceWild``), ``take_token`` (``TakeToken``), ``steal_token`` (``Steal``),
  ``choose_royal`` (``ChooseRoyal``): the follow-ups of a purchase, asked only when there is
  something to choose (an ability with no target is ignored, as the rules say).
* ``discard_tokens`` (``Discard``): one token at a time until the player holds 10.

A ``Buy`` names how many of the units still owed after bonuses are paid with gold, per cost
kind; paying gold for a gem you hold is allowed (you keep the gem).

Rules choices (the official English rulebook wins over the Vietnamese seed summary):

* Taking 1 or 2 tokens is always allowed (official: "up to 3"); the seed reads as if fewer
  than 3 were only for when there is no choice.
* Victory is checked at the end of the turn after discarding, only for the player whose turn
  it was, and before an extra turn; ``outcome.reason`` is ``prestige``, ``crowns`` or
  ``colour_prestige``, joined with ``+`` when several are met at once. ``outcome.scores`` are
  prestige points. Only the player whose turn ends can win, so there is never a tie.
* Play again is an extra turn after this one (``TurnOrder.grant_extra_turn``). A card and
  royal card R2 can never both grant one in the same turn: no play-again card has a crown.
* A card's abilities resolve in the order printed in the data (the one card with two,
  D3-11, places its wild bonus, then grants the extra turn), then the royal card is chosen,
  then its ability (R1's steal is asked before any remaining follow-up).
* The rulebook does not cover a privilege that takes the last gem or pearl off the board when
  afterwards no mandatory action is possible (bag empty, nothing to reserve or buy): that
  privilege is not offered, since every turn must end with a mandatory action. (Random play
  reaches this position; without the restriction the game would have no legal move.)
* A wild card joins a colour, not a particular card: only the colour matters for bonuses and
  for the 10-prestige-in-one-colour condition.
* ``observation(seat)`` shows the opponent's blind reservations by level only (and where they
  sit in the hand), and the deck sizes but not their order; everything else is public: the
  options, the turn order, the round, an extra turn owed. ``determinize`` redeals exactly the
  hidden cards, level by level, shuffled from sorted order, so the result depends only on what
  the seat sees and the seed. ``render()`` is the table as the player to move sees it (the
  other's blind reservations show their level only; everything shows once the game is over).
* The bag's contents are public (they are exactly the tokens that are neither on the board
  nor held); deck order and blind reservations are hidden.
* Replenishing empties the bag: its tokens and the held ones are exactly those off the board,
  so there is always room for all of them.
* At most one extra turn is ever owed, and only until the turn that earned it ends (a save
  saying otherwise is refused, as is any other position the rules cannot reach: see
  ``invariants.py``).
* An action whose field has the wrong type or names nothing in the game (a cell off the board,
  an unknown card, a level with no deck) is refused by name, like any other illegal action.

Where things are (the house plan of every game): ``components.py`` (the catalog),
``actions.py`` (the actions and ``ACTION_SPACE``), ``setup.py``, ``decisions.py`` (decision
names), ``legal.py``, ``effects.py``, ``refusals.py``, ``hidden.py``, ``scoring.py`` (scores,
victory, the Outcome), ``text.py``, ``svg.py`` (the table as a picture), ``tensor.py`` (the observation as a vector), ``invariants.py``, ``holdings.py`` (bonuses, prestige,
crowns and the other counts derived from what a seat holds), ``state.py``.

Options: ``first_player`` (``None``: drawn from the seed; ``0`` or ``1``: that seat starts; the
other seat receives the starting privilege).
"""

from __future__ import annotations

from tabletop.core import Game, Option

from .actions import (
    ACTION_SPACE,
    ACTION_TYPES,
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
from .components import BOX, CARDS, ROYALS, JewelCard, RoyalCard
from .setup import setup
from .state import SplendorDuelState

GAME: Game[SplendorDuelState] = Game(
    name="splendor_duel",
    title="Splendor Duel",
    min_players=2,
    max_players=2,
    state_type=SplendorDuelState,
    setup=setup,
    action_space=ACTION_SPACE,
    action_types=ACTION_TYPES,
    options=[
        Option(
            "first_player",
            None,
            "the seat that plays first (None: drawn from the seed); the other seat starts with 1 privilege",
            choices=(None, 0, 1),
        ),
    ],
)

__all__ = [
    "ACTION_SPACE",
    "BOX",
    "CARDS",
    "GAME",
    "ROYALS",
    "Buy",
    "ChooseRoyal",
    "Discard",
    "JewelCard",
    "PlaceWild",
    "Replenish",
    "ReserveCard",
    "ReserveFromDeck",
    "RoyalCard",
    "SplendorDuelState",
    "Steal",
    "TakeToken",
    "TakeTokens",
    "UsePrivilege",
]
