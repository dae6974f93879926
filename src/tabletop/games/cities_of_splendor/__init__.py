"""Splendor (Space Cowboys, 2014) with the four modules of Cities of Splendor (2017).

``tabletop.load("cities_of_splendor").new_game(players=2..4, seed=..., module=...)``

Option ``module``: ``"cities"`` (default), ``"trading_posts"``, ``"orient"``, ``"strongholds"``
or ``None`` for base Splendor. The publisher's box says the modules "should be played
separately", so exactly one module (or none) is played; a list of modules is refused.

Sources: the seed (a Vietnamese summary of the four modules) and the verified reference data
and official English wording in ``shared/reference/splendor`` (base.json,
cities_of_splendor.json, README.md); the card data in ``data/`` is transcribed from it.

Rules choices (where the rulebooks are silent, or the seed and official text differ):

* Seat 0 plays first (the rulebook: the youngest player); rounds end with the last seat.
* Take 3 different colours: when fewer than 3 colours are left in the supply, the player takes
  one of each remaining colour (2 or 1); taking fewer than possible is not allowed.
* Paying: bonuses reduce the cost; the player chooses how many units of each colour gold covers
  (a :class:`Pay` decision, asked only when there is more than one way to pay).
* The token limit is checked at the end of the turn: :class:`ReturnToken` one token at a time,
  any kind, including tokens just taken. Then at most one noble visits (the player chooses
  among several; a single qualifying noble visits automatically, as the rules say it cannot be
  refused).
* Base end: a player at 15 prestige or more at the end of a turn triggers the end; the round
  is completed. Most prestige wins, then fewest development cards (unspent Orient gold cards
  count as cards, and so do cards taken free by an Orient card: they sit in the tableau like
  bought ones; spent gold cards and sacrificed cards do not); a remaining tie is a shared
  victory.
* Two endings the rulebooks do not cover, so that every game ends: if every player in turn had
  no possible action (``Pass``), the game ends at once (reason ``"no_action_possible"``); if no
  development card is left in any market, deck or reserve at the end of a round, the game ends
  (``"cards_exhausted"``). Both rank as above (with The Cities: claimants first, if any).
* The Cities: 3 random tiles on random sides, no nobles. At the end of a turn the player claims
  one city whose prestige and bonuses they meet ("N of one colour" = one colour of their choice,
  not a colour the face already names, so not green on the 4-green face); with several they
  choose. A claim triggers the end of the round; reaching 15 does not. Several claimants: most
  prestige, then fewest cards (the base tie-break, a project decision), then shared.
* The Trading Posts: after the noble visit every power whose requirement is met gets a coat of
  arms (not exclusive). Power 1's token is a gem (not gold), taken before the refill, never on
  the turn its coat of arms is placed. Power 2's extra token is mandatory when another colour is
  available. Power 3: each gold token covers up to 2 units of one colour when buying.
* The Orient: 2 Orient cards per level beside the base cards, refilled from their own decks;
  blind reservation is allowed from the Orient decks too (they are decks of that level). A free
  card taken by a level-2/level-3 Orient card resolves its own ability (e.g. a pair card is
  paired). A pair card may pair with any card already in the tableau, another paired card
  included (it then takes that card's colour: "a card you previously acquired"). Sacrifice: only cards in the tableau are discarded (never reserved ones), paired
  Orient cards of the colour first, and no needless over-discarding: where some card lets the
  rest be paid exactly, only such cards are offered (with one bonus owed, a single-bonus card;
  with two, a double rather than a single that would leave only doubles). Reserved
  nobles are public (others saw which tile left the row) and can visit only their owner.
* The Strongholds: after every purchase (from the table or from the hand), before the refill,
  place/move one of your strongholds onto a face-up card without another colour, or remove
  another player's; if neither is possible nothing happens. A card leaving the table (bought or
  reserved) returns the strongholds on it to their owners. The conquest purchase is optional,
  comes after the main action and before the token limit and noble visit; it is open as soon
  as the third stronghold stands, even one placed by this turn's own purchase ("while your 3
  strongholds are on the same card").
* Hidden information: only the order of the decks and the identity of a card another player
  reserved unseen from a deck. Which of a player's reservations were taken unseen, and from
  which deck, is public (the table saw it). ``determinize`` redeals exactly those unseen cards.
* Illegal input: an action whose fields are not of their declared types (a float or a bool
  for an int, a list for a tuple, an unknown id) is refused naming the field, never carried
  out; a save that no play of the rules can reach is refused naming what is impossible
  (see :mod:`.invariants`).

Where the seed (a Vietnamese summary) and the official English rulebook differ, the official
wording is played:

* Orient reserve-noble card: the seed says "from now on only this noble can visit you"; the
  rulebook says "only you can be visited by this noble", and "there is no limit to the number
  of noble tiles you can reserve" only makes sense that way. Public nobles still visit the
  reserving player.
* First Trading Post power: the seed's "one of the tokens you have just bought" is the
  rulebook's "one of the tokens you have just spent".
* Orient double-bonus card: the seed's garbled "count for buying, for noble visits, then
  discard it" is the rulebook's "count toward purchasing, noble visits and discarding
  (sacrifice cards)"; the seed's "cards bearing the J" is the rulebook's bag symbol (the
  paired Orient cards).

The package follows the house plan (docs/DESIGN.md): ``setup``, ``legal``, ``effects``,
``refusals``, ``hidden``, ``scoring``, ``text``, ``svg``, ``tensor``, ``invariants``, a thin ``state``, and
``decisions`` (the tasks a turn queues and the decision each asks), and ``saves`` (quicker structure
hooks for the players and markets of a save, giving what the converter's own give).

Decisions (``state.decision``): ``turn``, ``pay``, ``return_tokens``, ``noble``, ``city``,
``trading_post_token``, ``pair``, ``free_card``, ``reserve_noble``, ``sacrifice``,
``stronghold``, ``conquest``. Outcome reasons: ``prestige``, ``city``, ``no_action_possible``,
``cards_exhausted``.
"""

from __future__ import annotations

from typing import Any

import attrs

from tabletop.core import Game, Market, Option
from tabletop.core.describe import shown

from .actions import (
    ACTION_SPACE,
    ACTION_TYPES,
    BuyCard,
    ChooseNoble,
    ClaimCity,
    PairCard,
    Pass,
    Pay,
    PlaceStronghold,
    RemoveStronghold,
    ReserveCard,
    ReserveDeck,
    ReserveNoble,
    ReturnToken,
    SacrificeCard,
    TakeFreeCard,
    TakeGems,
    TakeTradingToken,
)
from .components import (
    CARDS,
    CITY_FACES,
    CITY_TILES,
    COLOURS,
    MODULES,
    NOBLES,
    SETUP,
    TRADING_POSTS,
    Card,
    CityFace,
    CityTile,
    Noble,
    TradingPost,
)
from .saves import market_structure_hook, player_structure_hook, state_structure_hook
from .setup import setup
from .state import CitiesOfSplendorState, Player


@attrs.frozen
class ModuleOption(Option):
    """The ``module`` option: one module or ``None``; a collection of modules is explained."""

    def validate(self, value: Any) -> Any:
        """``value`` if it names one module (or ``None``); a list gets its own message."""
        if isinstance(value, (list, tuple, set, frozenset)):
            raise ValueError(
                f"option module={shown(value)}: the Cities of Splendor modules are played one at a "
                "time (the publisher: 'they should be played separately'); choose one of "
                "'cities', 'trading_posts', 'orient', 'strongholds', or None for base Splendor"
            )
        return super().validate(value)


GAME: Game[CitiesOfSplendorState] = Game(
    name="cities_of_splendor",
    title="Splendor + Cities of Splendor",
    min_players=2,
    max_players=4,
    state_type=CitiesOfSplendorState,
    setup=setup,
    action_space=ACTION_SPACE,
    action_types=ACTION_TYPES,
    options=[
        ModuleOption(
            "module",
            "cities",
            "the Cities of Splendor module played: 'cities', 'trading_posts', 'orient', "
            "'strongholds', or None for base Splendor (one module at a time)",
            choices=MODULES,
        ),
    ],
)
# Quicker structuring of a save, its players and its markets, same results (see .saves); installed
# before anything is loaded, so the hooks cattrs builds for the state's lists use them.
GAME.converter.register_structure_hook(
    Player, player_structure_hook(Player, GAME.converter.get_structure_hook(Player))
)
GAME.converter.register_structure_hook(
    Market, market_structure_hook(GAME.converter.get_structure_hook(Market))
)
GAME.converter.register_structure_hook(
    CitiesOfSplendorState,
    state_structure_hook(
        CitiesOfSplendorState, GAME.converter.get_structure_hook(CitiesOfSplendorState), GAME.converter
    ),
)

__all__ = [
    "CARDS",
    "CITY_FACES",
    "CITY_TILES",
    "COLOURS",
    "GAME",
    "MODULES",
    "NOBLES",
    "SETUP",
    "TRADING_POSTS",
    "BuyCard",
    "Card",
    "ChooseNoble",
    "CitiesOfSplendorState",
    "CityFace",
    "CityTile",
    "ClaimCity",
    "Noble",
    "PairCard",
    "Pass",
    "Pay",
    "PlaceStronghold",
    "Player",
    "RemoveStronghold",
    "ReserveCard",
    "ReserveDeck",
    "ReserveNoble",
    "ReturnToken",
    "SacrificeCard",
    "TakeFreeCard",
    "TakeGems",
    "TakeTradingToken",
    "TradingPost",
]
