"""7 Wonders Duel (Antoine Bauza & Bruno Cathala, Repos Production 2015), the base game.

Two players draft Wonders, then over three Ages take cards from overlapping structures to
construct buildings, build Wonders or earn coins. The game ends at once on military supremacy
(the conflict pawn reaches a capital) or scientific supremacy (6 different science symbols),
otherwise after Age III by victory points (ties: most blue-card points, then shared victory).

Seats: player 0 (the rulebook's first player) drafts first and begins Age I; then player 1.
Text for people (actions, refusals, ``render()``) names seats as "player 0" and "player 1",
as every tabletop game does. Whose turn it is is the kernel's ``TurnOrder`` (``state.turns``):
play passes on (``advance``) after each turn and whenever the draft order says so, Play Again
is an extra turn, and each Age and the starter's choice start the order with their seat. The conflict pawn is read from player 0's side:
positive positions stand on player 1's half of the track.

Decisions (``state.decision``) and their actions:

* ``draft_wonder`` — :class:`PickWonder`: 4 Wonders revealed, player 0 takes 1, player 1 takes 2,
  player 0 gets the last; then 4 more with the roles reversed. A forced last pick is automatic.
* ``turn`` — :class:`Construct`, :class:`Discard` or :class:`BuildWonder` with an accessible card.
  Payment is automatic and the cheapest possible (see :mod:`.economy`).
* ``progress_token`` — :class:`TakeProgressToken` from the board, after a pair of science symbols.
* ``great_library`` — :class:`TakeProgressToken` among the 3 drawn from the set-aside tokens.
* ``destroy`` — :class:`DestroyCard`: Statue of Zeus (brown) / Circus Maximus (grey).
* ``mausoleum`` — :class:`BuildFromDiscard`: any card of the discard pile, free.
* ``choose_starter`` — :class:`ChooseStarter`: the weaker military player (the pawn on their
  side) names who begins Ages II and III. The new structure is dealt first, so the chooser
  sees its face-up cards; the choice is the chooser's pending decision. With the pawn on the
  middle space there is no choice: the player who took the last card begins.

The modules follow the house plan (docs/DESIGN.md): :mod:`.legal`, :mod:`.effects`,
:mod:`.refusals`, :mod:`.hidden`, :mod:`.scoring`, :mod:`.tensor`, :mod:`.svg`, :mod:`.invariants`, with what a city
produces and pays in :mod:`.city` and :mod:`.economy`, and decision names in :mod:`.decisions`.

``outcome.reason`` is ``"military"``, ``"science"`` or ``"civilian"``. ``scores()`` gives the
score pad's rows: civilian (blue), science (green), commercial (yellow), guilds, wonders,
progress, treasury (1 per 3 coins) and military, as if the game ended now.

Hidden information: face-down structure cards, the undealt Age decks, the cards returned to
the box, the unused Guilds and Wonders, the set-aside Progress tokens (and the Great Library's
draw, seen by its owner only). ``determinize`` redeals them by card back: Age I, II, III or
Guild — a face-down Guild slot stays a Guild — from sorted pools with the determinize seed,
so it depends on the seat's observation only; the box is kept sorted (its order means
nothing), and the two tokens the Great Library returned stay last among the set-aside ones.
Everything else (coins, the bank's totals, the turn order, the options) is public and shown
in every observation.

Rules choices (the official rules win over the Vietnamese seed where they differ):

* Horse Breeders costs 1 wood + 1 clay (official card); the seed's text says clay + stone.
* Pawn on 0 at the end of Age I/II: the player who took the last card begins the next Age,
  with no choice. The rulebook's End of an Age: "In a situation where the pawn is in the middle
  of the board, the player who begins the next Age is the last active player (meaning whoever
  played the last card of the previous Age)", and the seed says the same. (The BGA, 7wd.io and
  fromi implementations let that player choose instead; until this was checked against the
  rulebook's wording, so did this package.)
* A pair of science symbols always takes a Progress token when one is on the board: the
  rulebook's "you may immediately choose" is not offered as a decline, since no token is ever
  worth less than none.
* A push that crosses both military zones of a side loots both tokens (2 + 5 coins).
* Strategy adds a shield to red cards only, not to Wonders, and only to those built after it
  was taken. Play Again (and Theology's) is lost when the card taken was the last of the Age;
  Theology on a Wonder that already plays again still gives one extra turn, not two.
  Destroyed cards go to the discard pile.
* Economy receives every coin the opponent pays for resources, 1-coin purchases included.
* Guild cards have their own back: a face-down Age III guild slot is known to be a guild.
* The bank is unlimited (random play can hold more than the box's 86 coins): the state counts
  what it paid out (``bank_paid``, the starting coins included) and took in (``bank_received``).

What a save must satisfy to load (:mod:`.invariants`), besides each card, Wonder and token being
in exactly one place and the coins adding up: the pawn stands exactly where the shields built
put it — player 0's red cards and built Wonders push toward +, player 1's toward -, and the
owner of Strategy adds one per red card built after taking it (the state records how many red
cards it had then, ``reds_before_strategy``); once the game ended on military supremacy the
pawn is on the capital and the last push may have overshot it. A looted
military token was reached (its pusher built that many shields). Each Progress token from the
board answers a science pair of its owner (one owed is pending), and while the board has any,
every pair has had its token. An extra turn is one at most, owed to a seat with a built Wonder
that plays again (or Theology); ``turns.round`` is at most 1 + half the draft picks and cards
taken (play passes on once per pick or card at most, and a round takes two passes).

Option ``wonders``: ``"draft"`` (default) or ``"beginner"`` — the rulebook's fixed sets for a
first game (player 0: Pyramids, Great Lighthouse, Temple of Artemis, Statue of Zeus; player 1:
Circus Maximus, Piraeus, Appian Way, Colossus), no draft.
"""

from __future__ import annotations

from tabletop.core import Game, Option

from .actions import (
    ACTION_SPACE,
    ACTION_TYPES,
    BuildFromDiscard,
    BuildWonder,
    ChooseStarter,
    Construct,
    DestroyCard,
    Discard,
    PickWonder,
    TakeProgressToken,
)
from .components import (
    BOARD,
    CARDS,
    PROGRESS_TOKENS,
    SCIENCE_SYMBOLS,
    WONDERS,
    Board,
    Card,
    ProgressToken,
    Wonder,
)
from .setup import setup
from .state import WondersDuelState

#: The 7 Wonders Duel rules object.
GAME: Game[WondersDuelState] = Game(
    name="wonders_duel",
    title="7 Wonders Duel",
    min_players=2,
    max_players=2,
    state_type=WondersDuelState,
    setup=setup,
    action_space=ACTION_SPACE,
    action_types=ACTION_TYPES,
    options=[
        Option(
            "wonders",
            "draft",
            "how the players get their Wonders: 'draft' (the 1-2-1 draft, twice) or 'beginner' "
            "(the rulebook's fixed sets for a first game)",
            choices=("draft", "beginner"),
        ),
    ],
)

__all__ = [
    "BOARD",
    "CARDS",
    "GAME",
    "PROGRESS_TOKENS",
    "SCIENCE_SYMBOLS",
    "WONDERS",
    "Board",
    "BuildFromDiscard",
    "BuildWonder",
    "Card",
    "ChooseStarter",
    "Construct",
    "DestroyCard",
    "Discard",
    "PickWonder",
    "ProgressToken",
    "TakeProgressToken",
    "Wonder",
    "WondersDuelState",
]
